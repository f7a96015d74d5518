/// A value a theme template sees. Pages hand templates typed values rather than `Any`, so a
/// name is found by comparing strings, never by a dynamic cast: this is what makes
/// rendering a thousand pages cost milliseconds.
package enum TemplateValue: Sendable, Equatable {
    /// Text: escaped by `{{name}}`, written as it is by `{{{name}}}`. A section over text
    /// renders once, even for empty text.
    case text(String)
    /// A switch for sections: `{{#name}}` renders when true, `{{^name}}` when false.
    case bool(Bool)
    case number(Int)
    /// A section renders once per item; an empty list counts as false.
    case list([TemplateValue])
    /// Named values; a section over one makes its names visible inside.
    case object(TemplateObject)

    /// What `{{name}}` writes for the value (before escaping). Lists and objects write
    /// nothing: they are for sections.
    var interpolated: String {
        switch self {
        case .text(let text): text
        case .bool(let value): value ? "true" : "false"
        case .number(let value): String(value)
        case .list, .object: ""
        }
    }
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral {
    @inlinable package init(stringLiteral value: String) { self = .text(value) }
    @inlinable package init(booleanLiteral value: Bool) { self = .bool(value) }
    @inlinable package init(integerLiteral value: Int) { self = .number(value) }
}

/// Named template values in the order they were set. Objects are small (a dozen names at
/// most), so a name is found by a linear scan: short strings compare as two machine words,
/// which beats hashing them. Pages build thousands of them from other modules, so the
/// building is inlinable there.
package struct TemplateObject: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    @usableFromInline var names: [String] = []
    @usableFromInline var values: [TemplateValue] = []

    @inlinable package init() {}

    @inlinable package init(dictionaryLiteral elements: (String, TemplateValue)...) {
        names.reserveCapacity(elements.count)
        values.reserveCapacity(elements.count)
        for (name, value) in elements { self[name] = value }
    }

    /// The value of `name`, or nil; setting replaces an existing value in place.
    @inlinable package subscript(name: String) -> TemplateValue? {
        get {
            for index in names.indices where names[index] == name { return values[index] }
            return nil
        }
        set {
            if let index = names.firstIndex(of: name) {
                if let newValue {
                    values[index] = newValue
                } else {
                    names.remove(at: index)
                    values.remove(at: index)
                }
            } else if let newValue {
                names.append(name)
                values.append(newValue)
            }
        }
    }
}
