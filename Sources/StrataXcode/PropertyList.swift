import StrataCore

/// A value of an old-style (OpenStep) property list, the format of `project.pbxproj`, with
/// the line and column it starts at, so a report can point at the entry that made an edge.
package struct PropertyList: Sendable {
    package enum Value: Sendable {
        case string(String)
        case array([PropertyList])
        case dictionary([String: PropertyList])
    }

    package var value: Value
    package var line: Int
    package var column: Int

    package init(_ value: Value, line: Int, column: Int) {
        self.value = value
        self.line = line
        self.column = column
    }

    package var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    package var array: [PropertyList] {
        if case .array(let items) = value { return items }
        return []
    }

    package var dictionary: [String: PropertyList] {
        if case .dictionary(let entries) = value { return entries }
        return [:]
    }

    package subscript(key: String) -> PropertyList? {
        if case .dictionary(let entries) = value { return entries[key] }
        return nil
    }
}
