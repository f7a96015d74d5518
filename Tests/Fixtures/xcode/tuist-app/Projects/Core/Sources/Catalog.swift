public struct Item: Hashable {
    public let title: String
}

public struct Catalog {
    public init() {}
    public var items: [Item] { [] }
}
