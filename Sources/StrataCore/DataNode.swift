/// A parsed YAML (or similar) document that remembers where each value was written, so a
/// configuration or front-matter problem can point at its line. Mappings keep their order.
public struct DataNode: Hashable, Sendable {
    public enum Value: Hashable, Sendable {
        case null
        case scalar(String)
        case sequence([DataNode])
        case mapping([Pair])
    }

    public struct Pair: Hashable, Sendable {
        public var key: DataNode
        public var value: DataNode

        public init(key: DataNode, value: DataNode) {
            self.key = key
            self.value = value
        }
    }

    public var value: Value
    public var location: SourceLocation
    /// Whether a scalar was written with quotes (a quoted `"true"` is a string, not a bool).
    public var isQuoted: Bool

    public init(_ value: Value, at location: SourceLocation, quoted: Bool = false) {
        self.value = value
        self.location = location
        self.isQuoted = quoted
    }

    public var scalar: String? {
        if case let .scalar(text) = value { return text }
        return nil
    }

    public var pairs: [Pair]? {
        if case let .mapping(pairs) = value { return pairs }
        return nil
    }

    public var items: [DataNode]? {
        if case let .sequence(items) = value { return items }
        return nil
    }

    /// A short name of the node's shape, for "expected a list, found a mapping" messages.
    public var kindName: String {
        switch value {
        case .null: "nothing"
        case .scalar: "a single value"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }

    /// The value as plain text, lists joined with ", " (how metadata is shown and compared).
    public var displayText: String {
        switch value {
        case .null: ""
        case let .scalar(text): text
        case let .sequence(items): items.map(\.displayText).joined(separator: ", ")
        case let .mapping(pairs): pairs.map { "\($0.key.displayText): \($0.value.displayText)" }.joined(separator: ", ")
        }
    }
}
