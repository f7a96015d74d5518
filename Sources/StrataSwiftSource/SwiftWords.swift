/// Swift's words that highlighting cares about, by what they do, looked up without a
/// `String`: the lexer asks for every name it reads.
enum SwiftWords {
    enum Role: Equatable {
        /// A name: a keyword to no one.
        case none
        /// Reserved everywhere: `if`, `return`, `static`, …
        case keyword
        /// Reserved, and a value: `self`, `true`, `nil`; a `/` after one divides.
        case valueKeyword
        /// Reserved, and the next word is the name it declares: `let`, `func`, `case`, …
        case declarer
        /// A keyword after a `.` too: `.init`, `.self`, `.Type`.
        case member
        /// A keyword before another word: `final class`, `some View`, `nonisolated(unsafe)`.
        case modifier
        /// `async`, `await`: keywords unless used as a name.
        case effect
        /// `get`, `set`, `willSet`, `didSet`: keywords before `{`, `}` or another accessor.
        case accessor
        /// `associativity:`, `higherThan:` in a precedence group.
        case precedence
    }

    private static let words: [(String, Role)] = {
        var words: [(String, Role)] = []
        for word in [
            "Any", "as", "break", "catch", "continue", "default", "defer", "deinit", "do", "else", "fallthrough",
            "fileprivate", "for", "guard", "if", "in", "inout", "internal", "is", "private", "public", "repeat",
            "rethrows", "return", "static", "subscript", "switch", "throw", "throws", "try", "where", "while"
        ] {
            words.append((word, .keyword))
        }
        for word in ["super", "true", "false", "nil", "Self"] { words.append((word, .valueKeyword)) }
        for word in [
            "let", "var", "func", "case", "class", "struct", "enum", "protocol", "typealias", "associatedtype",
            "extension", "import", "operator", "precedencegroup"
        ] {
            words.append((word, .declarer))
        }
        for word in ["self", "init"] { words.append((word, .member)) }
        for word in [
            "mutating", "nonmutating", "override", "convenience", "required", "final", "open", "lazy", "weak",
            "unowned", "optional", "indirect", "dynamic", "nonisolated", "distributed", "package", "consuming",
            "borrowing", "isolated", "sending", "infix", "prefix", "postfix", "actor", "macro", "some", "any",
            "each", "consume", "copy", "discard", "__consuming", "__owned", "__shared"
        ] {
            words.append((word, .modifier))
        }
        for word in ["async", "await", "reasync"] { words.append((word, .effect)) }
        for word in ["get", "set", "willSet", "didSet", "_modify", "_read"] { words.append((word, .accessor)) }
        for word in ["associativity", "higherThan", "lowerThan", "assignment"] { words.append((word, .precedence)) }
        return words
    }()

    /// The words by length, as bytes.
    private static let byLength: [[([UInt8], Role)]] = {
        var table = Array(repeating: [([UInt8], Role)](), count: (words.map(\.0.utf8.count).max() ?? 0) + 1)
        for (word, role) in words { table[word.utf8.count].append((Array(word.utf8), role)) }
        return table
    }()

    /// What a declarer declares, as far as highlighting needs to know: `let` and `var` a
    /// value whose type may follow a `:`, `func` a function whose parameters follow,
    /// `typealias` an alias whose type follows `=`.
    static func declaredName(_ declarer: UnsafeBufferPointer<UInt8>) -> DeclaredName? {
        if declarer.elementsEqual("let".utf8) || declarer.elementsEqual("var".utf8) { return .value }
        if declarer.elementsEqual("func".utf8) { return .function }
        if declarer.elementsEqual("typealias".utf8) { return .alias }
        return nil
    }

    enum DeclaredName { case value, function, alias }

    /// The words of an availability list after its platforms: `@available(*, deprecated, message: "…")`.
    static func isAvailabilityWord(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        ["deprecated", "unavailable", "introduced", "obsoleted", "message", "renamed", "noasync"].contains {
            name.elementsEqual($0.utf8)
        }
    }

    /// `.Type` and `.Protocol` are keywords only after a dot; elsewhere they are names.
    static func isMemberOnly(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        (name.count == 4 && name.elementsEqual("Type".utf8)) || (name.count == 8 && name.elementsEqual("Protocol".utf8))
    }

    static func role(of name: UnsafeBufferPointer<UInt8>) -> Role {
        guard name.count < byLength.count, let first = name.first else { return .none }
        for (word, role) in byLength[name.count] where word[0] == first && word.elementsEqual(name) { return role }
        return .none
    }
}
