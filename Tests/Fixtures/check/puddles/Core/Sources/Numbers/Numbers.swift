import Models

/// Business logic: where facts about numbers come from.
public struct Numbers: Sendable {
    public init() {}

    public func fact(about number: Int) async throws -> NumberFact {
        NumberFact(number: number, content: "\(number) is a number.")
    }
}
