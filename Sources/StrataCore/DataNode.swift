/// A parsed YAML (or similar) document that remembers where each value was written, so a
/// configuration or front-matter problem can point at its line. Mappings keep their order.
package struct DataNode: Hashable, Sendable {
    package enum Value: Hashable, Sendable {
        case null
        case scalar(String)
        case sequence([DataNode])
        case mapping([Pair])
    }

    package struct Pair: Hashable, Sendable {
        package var key: DataNode
        package var value: DataNode

        package init(key: DataNode, value: DataNode) {
            self.key = key
            self.value = value
        }
    }

    package var value: Value
    package var location: SourceLocation
    /// Whether a scalar was written with quotes (a quoted `"true"` is a string, not a bool).
    package var isQuoted: Bool

    package init(_ value: Value, at location: SourceLocation, quoted: Bool = false) {
        self.value = value
        self.location = location
        self.isQuoted = quoted
    }

    package var scalar: String? {
        if case .scalar(let text) = value { return text }
        return nil
    }

    package var pairs: [Pair]? {
        if case .mapping(let pairs) = value { return pairs }
        return nil
    }

    package var items: [DataNode]? {
        if case .sequence(let items) = value { return items }
        return nil
    }

    /// A short name of the node's shape, for "expected a list, found a mapping" messages.
    package var kindName: String {
        switch value {
        case .null: "nothing"
        case .scalar: "a single value"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }

    /// The value as plain text, lists joined with ", " (how metadata is shown and compared).
    package var displayText: String {
        switch value {
        case .null: ""
        case .scalar(let text): text
        case .sequence(let items): items.map(\.displayText).joined(separator: ", ")
        case .mapping(let pairs): pairs.map { "\($0.key.displayText): \($0.value.displayText)" }.joined(separator: ", ")
        }
    }
}
