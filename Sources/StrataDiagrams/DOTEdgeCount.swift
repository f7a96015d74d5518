/// How many arrows a DOT graph makes, counted from its text before Graphviz reads it: a
/// line like `{a b c …} -> {x y z …}` makes one arrow per pair, so a few kilobytes can ask
/// cgraph for millions of edges (and gigabytes) before any limit on the result could be
/// checked. An upper bound: every name in a `{…}` counts, attribute values excepted.
package enum DOTEdgeCount {
    enum Token: Equatable {
        case name(String)
        case open, close, edge, equals, separator
    }

    /// The arrows `dot` makes, or `limit + 1` as soon as it makes more than `limit`.
    package static func count(in dot: String, limit: Int) -> Int {
        let tokens = tokenize(dot)
        var index = tokens.firstIndex(of: .open).map { $0 + 1 } ?? tokens.count
        var edges = 0
        _ = block(tokens, &index, &edges, limit: limit)
        return min(edges, limit + 1)
    }

    /// The names in a `{…}` body (from after `{` to its `}`), counting its arrows into `edges`.
    private static func block(_ tokens: [Token], _ index: inout Int, _ edges: inout Int, limit: Int) -> Set<String> {
        var names: Set<String> = []
        while index < tokens.count, edges <= limit {
            switch tokens[index] {
            case .close:
                index += 1
                return names
            case .separator, .equals, .edge:
                index += 1
            case .open, .name:
                var previous = operand(tokens, &index, &edges, limit: limit)
                names.formUnion(previous)
                while index < tokens.count, tokens[index] == .edge, edges <= limit {
                    index += 1
                    let next = operand(tokens, &index, &edges, limit: limit)
                    names.formUnion(next)
                    edges += previous.count * next.count
                    previous = next
                }
                // `name = value`: an attribute, not a node.
                if index < tokens.count, tokens[index] == .equals {
                    names.subtract(previous)
                    index += 2
                }
            }
        }
        return names
    }

    /// A node (with its port) or a subgraph: the names it stands for.
    private static func operand(_ tokens: [Token], _ index: inout Int, _ edges: inout Int, limit: Int) -> Set<String> {
        guard index < tokens.count else { return [] }
        if case .name(let name) = tokens[index] {
            index += 1
            let keyword = name.lowercased()
            if keyword == "subgraph" {
                if index < tokens.count, case .name = tokens[index] { index += 1 }
                guard index < tokens.count, tokens[index] == .open else { return [] }
            } else if ["graph", "node", "edge"].contains(keyword) {
                return []
            } else {
                return [name]
            }
        }
        guard tokens[index] == .open else { return [] }
        index += 1
        return block(tokens, &index, &edges, limit: limit)
    }

    /// Names, quoted strings and HTML strings as names; comments and attribute lists left out.
    static func tokenize(_ dot: String) -> [Token] {
        var tokens: [Token] = []
        let scalars = Array(dot.unicodeScalars)
        var index = 0
        var lineStart = true
        var inAttributes = 0
        func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "."
                || scalar.value > 127
        }
        while index < scalars.count {
            let scalar = scalars[index]
            let next = index + 1 < scalars.count ? scalars[index + 1] : " "
            if scalar == "\n" {
                lineStart = true
                index += 1
                continue
            }
            if scalar == " " || scalar == "\t" || scalar == "\r" {
                index += 1
                continue
            }
            defer { lineStart = false }
            if scalar == "#" && lineStart || scalar == "/" && next == "/" {
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
                continue
            }
            if scalar == "/" && next == "*" {
                index += 2
                while index + 1 < scalars.count, !(scalars[index] == "*" && scalars[index + 1] == "/") { index += 1 }
                index += 2
                continue
            }
            var name: String?
            if scalar == "\"" {
                var text = ""
                index += 1
                while index < scalars.count, scalars[index] != "\"" {
                    if scalars[index] == "\\", index + 1 < scalars.count {
                        text.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                    text.unicodeScalars.append(scalars[index])
                    index += 1
                }
                index += 1
                name = "\"" + text
            } else if scalar == "<" {
                var depth = 0
                let start = index
                repeat {
                    if scalars[index] == "<" { depth += 1 } else if scalars[index] == ">" { depth -= 1 }
                    index += 1
                } while index < scalars.count && depth > 0
                name = "<" + String(String.UnicodeScalarView(scalars[start..<index]))
            } else if scalar == "-" && (next == ">" || next == "-") {
                index += 2
                if inAttributes == 0 { tokens.append(.edge) }
                continue
            } else if isNameScalar(scalar) || scalar == "-" {
                let start = index
                index += 1
                while index < scalars.count, isNameScalar(scalars[index]) { index += 1 }
                name = String(String.UnicodeScalarView(scalars[start..<index]))
            } else {
                index += 1
                switch scalar {
                case "[": inAttributes += 1
                case "]": inAttributes = max(0, inAttributes - 1)
                case "{" where inAttributes == 0: tokens.append(.open)
                case "}" where inAttributes == 0: tokens.append(.close)
                case "=" where inAttributes == 0: tokens.append(.equals)
                case ";", ",": if inAttributes == 0 { tokens.append(.separator) }
                case ":":
                    // A port: `name:port` stays one node; skip the port's name.
                    while index < scalars.count, scalars[index] == " " { index += 1 }
                    if index < scalars.count, scalars[index] == "\"" {
                        index += 1
                        while index < scalars.count, scalars[index] != "\"" { index += 1 }
                        index += 1
                    } else {
                        while index < scalars.count, isNameScalar(scalars[index]) { index += 1 }
                    }
                default: break
                }
                continue
            }
            if let name, inAttributes == 0 { tokens.append(.name(name)) }
        }
        return tokens
    }
}
