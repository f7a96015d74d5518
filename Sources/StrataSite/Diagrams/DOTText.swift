/// Writes DOT statements, quoting every name and value, so that no module or layer name
/// can end a string or inject an attribute.
struct DOTText {
    private(set) var lines: [String] = []
    private var depth = 1

    static func quote(_ text: String) -> String {
        var quoted = "\""
        for character in text {
            switch character {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\r": break
            default: quoted.append(character)
            }
        }
        return quoted + "\""
    }

    /// `[a="1", b="2"]`, keeping the given order.
    static func attributes(_ pairs: [(String, String)]) -> String {
        pairs.isEmpty ? "" : " [" + pairs.map { "\($0)=\(quote($1))" }.joined(separator: ", ") + "]"
    }

    mutating func line(_ text: String) {
        lines.append(String(repeating: "  ", count: depth) + text)
    }

    mutating func node(_ id: String, _ attributes: [(String, String)]) {
        line(Self.quote(id) + Self.attributes(attributes) + ";")
    }

    mutating func edge(_ from: String, _ to: String, _ attributes: [(String, String)]) {
        line(Self.quote(from) + " -> " + Self.quote(to) + Self.attributes(attributes) + ";")
    }

    mutating func open(_ header: String) {
        line(header + " {")
        depth += 1
    }

    mutating func close() {
        depth -= 1
        line("}")
    }

    /// The whole graph: `digraph "name" { … }`.
    func graph(named name: String, settings: [String]) -> String {
        var text = "digraph \(Self.quote(name)) {\n"
        for setting in settings { text += "  \(setting)\n" }
        for line in lines { text += line + "\n" }
        return text + "}\n"
    }
}
