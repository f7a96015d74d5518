/// Writes DOT statements, quoting every name and value, so that no module or layer name
/// can end a string, inject an attribute, or be read by Graphviz as one of its escapes.
package struct DOTText: Sendable {
    package init() {}

    package private(set) var lines: [String] = []
    private var depth = 1

    /// A DOT string. Graphviz expands `\G`, `\N`, `\E`… in labels once and in tooltips,
    /// links and ids twice, so a backslash is doubled for a label and doubled twice for
    /// anything else. `&` is written `&amp;`, so that an `&amp;` in a name is shown as written
    /// (Graphviz decodes entities). A newline becomes a label line break; other controls and
    /// bidirectional controls are written as visible escapes (`\u{202E}`), so the DOT text
    /// `strata graph` prints stays one line per statement and reads as it parses.
    package static func quote(_ text: String, isLabel: Bool = true) -> String {
        var quoted = "\""
        func append(_ scalar: Unicode.Scalar) {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += isLabel ? "\\\\" : "\\\\\\\\"
            case "&": quoted += "&amp;"
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": quoted += "\\n"
            case "\r": break
            default:
                if OneLineText.needsEscape(scalar) {
                    OneLineText.visible(scalar).unicodeScalars.forEach(append)
                } else {
                    append(scalar)
                }
            }
        }
        return quoted + "\""
    }

    /// `[a="1", b="2"]`, keeping the given order.
    package static func attributes(_ pairs: [(String, String)]) -> String {
        pairs.isEmpty
            ? ""
            : " ["
                + pairs.map { "\($0)=\(quote($1, isLabel: $0 == "label" || $0 == "xlabel"))" }.joined(separator: ", ")
                + "]"
    }

    package mutating func line(_ text: String) {
        lines.append(String(repeating: "  ", count: depth) + text)
    }

    package mutating func node(_ id: String, _ attributes: [(String, String)]) {
        line(Self.quote(id) + Self.attributes(attributes) + ";")
    }

    package mutating func edge(_ from: String, _ to: String, _ attributes: [(String, String)]) {
        line(Self.quote(from) + " -> " + Self.quote(to) + Self.attributes(attributes) + ";")
    }

    package mutating func open(_ header: String) {
        line(header + " {")
        depth += 1
    }

    package mutating func close() {
        depth -= 1
        line("}")
    }

    /// The whole graph: `digraph "name" { … }`.
    package func graph(named name: String, settings: [String]) -> String {
        var text = "digraph \(Self.quote(name)) {\n"
        for setting in settings { text += "  \(setting)\n" }
        for line in lines { text += line + "\n" }
        return text + "}\n"
    }
}
