/// Something that can be said to someone.
///
/// Conform to it to say more than hello; ``Greeter`` says a ``Salutation``.
///
/// ## Topics
///
/// ### Saying it
///
/// - ``say(to:loudly:)``
/// - ``words``
public protocol Greeting {
    /// The words, without a name.
    var words: String { get }

    /// Says the greeting to someone.
    ///
    /// - Parameters:
    ///   - name: Who is greeted.
    ///   - loudly: Whether to shout it.
    /// - Returns: The greeting, ready to print.
    /// - Throws: ``GreetingError/empty`` when `name` is empty.
    func say(to name: String, loudly: Bool) throws -> String
}

/// The usual ways to greet.
@available(macOS 13, iOS 16, *)
public enum Salutation: String, Greeting {
    case hello, goodMorning

    public var words: String { rawValue }

    public func say(to name: String, loudly: Bool) throws -> String {
        guard !name.isEmpty else { throw GreetingError.empty }
        return loudly ? words.uppercased() + ", " + name : words + ", " + name
    }
}

/// Why a greeting could not be said.
public enum GreetingError: Error {
    /// The name was empty.
    case empty
    /// The name was longer than the limit, in characters.
    case tooLong(limit: Int)
}

extension String {
    /// The string as a shout.
    public var shouted: String { uppercased() + "!" }
}

/// Greets everyone in a list.
///
/// - Parameter names: Who is greeted, in order.
public func greetAll(_ names: [String]) -> [String] { names.map { "Hello, \($0)!" } }
