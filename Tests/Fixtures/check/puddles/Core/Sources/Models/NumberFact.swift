public struct NumberFact: Identifiable, Hashable, Sendable {
    public var id: Int { number }
    public var number: Int
    public var content: String

    public init(number: Int, content: String) {
        self.number = number
        self.content = content
    }
}
