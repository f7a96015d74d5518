import Foundation

/// A JSON value decoded strictly by type, so `true` is never the number 1.
enum JSONValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    static func parse(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }
}

/// Validates JSON against a JSON Schema (draft-07), for the keywords the SARIF schema uses:
/// type, enum, const, required, properties, additionalProperties, items, minItems,
/// uniqueItems, minimum, maximum, pattern, format (uri, uri-reference), $ref into
/// definitions, anyOf, oneOf and allOf. Returns every failure with its JSON path.
struct JSONSchemaValidator {
    let root: JSONValue

    func validate(_ value: JSONValue) -> [String] {
        var errors: [String] = []
        check(value, against: root, path: "$", errors: &errors)
        return errors
    }

    private func resolve(_ schema: JSONValue) -> JSONValue {
        guard case .string(let reference)? = schema["$ref"], reference.hasPrefix("#/") else { return schema }
        var node = root
        for part in reference.dropFirst(2).split(separator: "/") {
            guard let next = node[String(part)] else { return .bool(false) }
            node = next
        }
        return resolve(node)
    }

    private func check(_ value: JSONValue, against rawSchema: JSONValue, path: String, errors: inout [String]) {
        let schema = resolve(rawSchema)
        if case .bool(let allowed) = schema {
            if !allowed { errors.append("\(path): not allowed here") }
            return
        }
        if let type = schema["type"] {
            let names: [String] =
                switch type {
                case .string(let name): [name]
                case .array(let items): items.compactMap { if case .string(let name) = $0 { name } else { nil } }
                default: []
                }
            if !names.contains(where: { Self.matches(value, type: $0) }) {
                errors.append("\(path): expected \(names.joined(separator: " or ")), found \(Self.typeName(value))")
                return
            }
        }
        if case .array(let options)? = schema["enum"], !options.contains(value) {
            errors.append("\(path): \(value) is not one of the allowed values")
        }
        if let constant = schema["const"], constant != value {
            errors.append("\(path): must be \(constant)")
        }
        if case .array(let all)? = schema["allOf"] {
            for option in all { check(value, against: option, path: path, errors: &errors) }
        }
        if case .array(let any)? = schema["anyOf"] {
            let passing = any.filter { option in
                var local: [String] = []
                check(value, against: option, path: path, errors: &local)
                return local.isEmpty
            }
            if passing.isEmpty { errors.append("\(path): matches none of anyOf") }
        }
        if case .array(let one)? = schema["oneOf"] {
            let passing = one.filter { option in
                var local: [String] = []
                check(value, against: option, path: path, errors: &local)
                return local.isEmpty
            }
            if passing.count != 1 { errors.append("\(path): matches \(passing.count) of oneOf, not exactly one") }
        }
        switch value {
        case .object(let members):
            if case .array(let required)? = schema["required"] {
                for case .string(let name) in required where members[name] == nil {
                    errors.append("\(path): missing required '\(name)'")
                }
            }
            var declared: [String: JSONValue] = [:]
            if case .object(let properties)? = schema["properties"] { declared = properties }
            for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                if let property = declared[name] {
                    check(member, against: property, path: "\(path).\(name)", errors: &errors)
                } else if let additional = schema["additionalProperties"] {
                    check(member, against: additional, path: "\(path).\(name)", errors: &errors)
                }
            }
        case .array(let items):
            if case .integer(let minimum)? = schema["minItems"], items.count < minimum {
                errors.append("\(path): needs at least \(minimum) items")
            }
            if case .bool(true)? = schema["uniqueItems"] {
                for (index, item) in items.enumerated() where items[..<index].contains(item) {
                    errors.append("\(path)[\(index)]: duplicates an earlier item")
                }
            }
            if let itemSchema = schema["items"] {
                for (index, item) in items.enumerated() {
                    check(item, against: itemSchema, path: "\(path)[\(index)]", errors: &errors)
                }
            }
        case .integer, .number:
            let number: Double =
                if case .integer(let n) = value { Double(n) } else if case .number(let n) = value { n } else { 0 }
            if let minimum = Self.number(schema["minimum"]), number < minimum {
                errors.append("\(path): below the minimum \(minimum)")
            }
            if let maximum = Self.number(schema["maximum"]), number > maximum {
                errors.append("\(path): above the maximum \(maximum)")
            }
        case .string(let text):
            if case .string(let pattern)? = schema["pattern"],
                text.range(of: pattern, options: .regularExpression) == nil
            {
                errors.append("\(path): '\(text)' does not match \(pattern)")
            }
            if case .string(let format)? = schema["format"], !Self.conforms(text, format: format) {
                errors.append("\(path): '\(text)' is not a valid \(format)")
            }
        default:
            break
        }
    }

    private static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .integer(let n)?: Double(n)
        case .number(let n)?: n
        default: nil
        }
    }

    private static func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("integer", .integer), ("number", .integer), ("number", .number),
            ("string", .string), ("array", .array), ("object", .object):
            true
        default: false
        }
    }

    private static func typeName(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .integer: "integer"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// RFC 3986: a URI has a scheme; a URI reference may be relative. Neither holds spaces
    /// or characters that must be escaped.
    private static func conforms(_ text: String, format: String) -> Bool {
        let forbidden = CharacterSet(charactersIn: " \"<>\\^`{|}").union(.controlCharacters)
        guard text.rangeOfCharacter(from: forbidden) == nil else { return false }
        switch format {
        case "uri":
            return text.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) != nil
                && URL(string: text) != nil
        case "uri-reference": return URL(string: text) != nil
        default: return true
        }
    }
}
