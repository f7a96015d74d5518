/// Says hello.
public struct Greeter {
    public init() {}

    /// A greeting for `name`.
    public func greet(_ name: String) -> String { "Hello, \(name)!" }
}
