import StrataCore

/// A value of an old-style (OpenStep) property list, the format of `project.pbxproj`, with
/// the line and column it starts at, so a report can point at the entry that made an edge.
public struct PropertyList: Sendable {
    public enum Value: Sendable {
        case string(String)
        case array([PropertyList])
        case dictionary([String: PropertyList])
    }

    public var value: Value
    public var line: Int
    public var column: Int

    public init(_ value: Value, line: Int, column: Int) {
        self.value = value
        self.line = line
        self.column = column
    }

    public var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    public var array: [PropertyList] {
        if case .array(let items) = value { return items }
        return []
    }

    public var dictionary: [String: PropertyList] {
        if case .dictionary(let entries) = value { return entries }
        return [:]
    }

    public subscript(key: String) -> PropertyList? {
        if case .dictionary(let entries) = value { return entries[key] }
        return nil
    }
}
