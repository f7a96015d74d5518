import StrataCore

/// Reads the flowchart subset of Mermaid that architecture pages use, so a diagram written
/// in a page is drawn at build time through Graphviz, with no script in the browser:
/// `flowchart TD` / `graph LR`, nodes with labels in every box shape, `-->`, `---`, `-.->`,
/// `==>` with `|labels|` or `-- labels -->`, `&`, `subgraph … end`, and `%%` comments.
/// Styling statements (`classDef`, `class`, `style`, `linkStyle`, `click`) are skipped:
/// the theme styles the drawing.
package enum MermaidFlowchart {
    /// Why the diagram cannot be read, at a 0-based line of its code.
    package struct Failure: Error, Hashable, Sendable {
        package var line: Int
        package var message: String
    }

    /// - Parameter maximumEdges: past this many arrows the diagram is refused, before the
    ///   arrows `&` multiplies out are made.
    package static func parse(_ code: String, maximumEdges: Int = .max) -> Result<DrawnGraph, Failure> {
        var reader = Reader()
        reader.maximumEdges = maximumEdges
        do {
            try reader.read(code)
            return .success(reader.graph)
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(line: 0, message: "\(error)"))
        }
    }

    static let ignoredStatements = [
        "classDef", "class", "style", "linkStyle", "click", "direction", "accTitle", "accDescr"
    ]

    private struct Reader {
        var graph = DrawnGraph()
        var seen: [String: Int] = [:]
        var openGroups: [Int] = []
        /// The line each open `subgraph` was written on.
        var openGroupLines: [Int] = []
        var hasHeader = false
        var maximumEdges = Int.max

        mutating func read(_ code: String) throws {
            let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
            for (number, rawLine) in lines.enumerated() {
                var line = String(rawLine).trimmingWhitespace
                if line.hasPrefix("%%") || line.isEmpty { continue }
                if line.hasSuffix(";") { line.removeLast() }
                if !hasHeader {
                    try header(line, at: number)
                    continue
                }
                for statement in Self.statements(line) where !statement.isEmpty {
                    try self.statement(statement, at: number)
                }
            }
            if !hasHeader {
                throw Failure(
                    line: 0,
                    message: "the diagram is empty; a Mermaid flowchart starts with `flowchart TD` or `graph LR`")
            }
            if let line = openGroupLines.last {
                throw Failure(line: line, message: "this `subgraph` is not closed with `end`")
            }
        }

        mutating func header(_ line: String, at number: Int) throws {
            let words = line.split(separator: " ").map(String.init)
            guard let kind = words.first, kind == "flowchart" || kind == "graph" else {
                let opening = line.split(separator: " ").first.map(String.init) ?? line
                throw Failure(
                    line: number,
                    message:
                        "only Mermaid flowcharts are drawn (a diagram starting `flowchart TD` or `graph LR`); this "
                        + "one starts with '\(opening)'"
                )
            }
            hasHeader = true
            guard words.count > 1 else { return }
            switch words[1].uppercased() {
            case "TD", "TB": graph.direction = "TB"
            case "BT": graph.direction = "BT"
            case "LR": graph.direction = "LR"
            case "RL": graph.direction = "RL"
            default:
                throw Failure(
                    line: number, message: "'\(words[1])' is no flowchart direction; write TD, TB, BT, LR or RL")
            }
        }

        /// A line's statements: split at `;` outside quotes and brackets.
        static func statements(_ line: String) -> [String] {
            var result: [String] = []
            var current = ""
            var depth = 0
            var quoted = false
            for character in line {
                if character == "\"" { quoted.toggle() }
                if !quoted {
                    if "[({".contains(character) { depth += 1 }
                    if "])}".contains(character) { depth = max(0, depth - 1) }
                    if character == ";", depth == 0 {
                        result.append(current.trimmingWhitespace)
                        current = ""
                        continue
                    }
                }
                current.append(character)
            }
            result.append(current.trimmingWhitespace)
            return result
        }

        mutating func statement(_ text: String, at number: Int) throws {
            let firstWord = String(text.prefix { !$0.isWhitespace })
            if MermaidFlowchart.ignoredStatements.contains(firstWord) { return }
            if firstWord == "end" {
                guard openGroups.popLast() != nil else {
                    throw Failure(line: number, message: "`end` closes no `subgraph`")
                }
                openGroupLines.removeLast()
                return
            }
            if firstWord == "subgraph" {
                let rest = String(text.dropFirst("subgraph".count)).trimmingWhitespace
                var cursor = Cursor(Array(rest), line: number)
                var id = rest
                var label = rest
                if rest.hasPrefix("\"") {
                    label = try cursor.quoted()
                    id = label
                } else if let name = cursor.identifier() {
                    id = name
                    cursor.skipSpaces()
                    if cursor.peek == "[" {
                        label = try cursor.shapeLabel().label
                    } else {
                        label = cursor.atEnd ? name : rest
                    }
                }
                graph.groups.append(DrawnGraph.Group(id: id, label: label))
                openGroups.append(graph.groups.count - 1)
                openGroupLines.append(number)
                return
            }
            var cursor = Cursor(Array(text), line: number)
            var previous = try nodeGroup(&cursor)
            while true {
                cursor.skipSpaces()
                if cursor.atEnd { break }
                guard let arrow = try cursor.arrow() else {
                    throw Failure(
                        line: number,
                        message:
                            "cannot read '\(cursor.rest)' here; Strata draws Mermaid's flowchart subset: nodes, "
                            + "`-->`, `---`, `-.->`, `==>` with labels, `&`, and subgraphs"
                    )
                }
                let next = try nodeGroup(&cursor)
                guard graph.edges.count + previous.count * next.count <= maximumEdges else {
                    throw Failure(line: number, message: "it has more than \(maximumEdges) arrows")
                }
                for from in previous {
                    for to in next {
                        graph.edges.append(
                            DrawnGraph.Edge(
                                from: from, to: to, label: arrow.label, style: arrow.style, hasArrow: arrow.hasArrow,
                                line: number))
                    }
                }
                previous = next
            }
        }

        /// `A`, or `A & B[Label] & C`.
        mutating func nodeGroup(_ cursor: inout Cursor) throws -> [String] {
            var ids = [try node(&cursor)]
            while true {
                cursor.skipSpaces()
                guard cursor.peek == "&" else { break }
                cursor.advance()
                cursor.skipSpaces()
                ids.append(try node(&cursor))
            }
            return ids
        }

        mutating func node(_ cursor: inout Cursor) throws -> String {
            cursor.skipSpaces()
            guard let id = cursor.identifier() else {
                throw Failure(line: cursor.line, message: "expected a node at '\(cursor.rest)'")
            }
            var label: String?
            var shape = "box"
            if let next = cursor.peek, "[({>".contains(next) {
                let read = try cursor.shapeLabel()
                label = read.label
                shape = read.shape
            }
            if let index = seen[id] {
                if let label, graph.nodes[index].label == id {
                    graph.nodes[index].label = label
                    graph.nodes[index].shape = shape
                }
            } else {
                seen[id] = graph.nodes.count
                graph.nodes.append(DrawnGraph.Node(id: id, label: label ?? id, shape: shape, line: cursor.line))
                if let group = openGroups.last { graph.groups[group].members.append(id) }
            }
            return id
        }
    }

    struct Arrow {
        var style: String
        var hasArrow: Bool
        var label: String?
    }

    struct Cursor {
        let characters: [Character]
        let line: Int
        var position = 0

        init(_ characters: [Character], line: Int) {
            self.characters = characters
            self.line = line
        }

        var atEnd: Bool { position >= characters.count }
        var peek: Character? { atEnd ? nil : characters[position] }
        var rest: String { String(characters[min(position, characters.count)...]) }

        mutating func advance(_ count: Int = 1) { position += count }

        mutating func skipSpaces() {
            while let character = peek, character.isWhitespace { advance() }
        }

        func starts(with text: String, at offset: Int? = nil) -> Bool {
            let start = offset ?? position
            let needle = Array(text)
            guard start + needle.count <= characters.count else { return false }
            return Array(characters[start..<(start + needle.count)]) == needle
        }

        /// A node id: letters, digits, `_` and `.`.
        mutating func identifier() -> String? {
            let start = position
            while let character = peek, character.isLetter || character.isNumber || character == "_" || character == "."
            { advance() }
            return position > start ? String(characters[start..<position]) : nil
        }

        mutating func quoted() throws -> String {
            guard peek == "\"" else { throw Failure(line: line, message: "expected a quoted label") }
            advance()
            let start = position
            while let character = peek, character != "\"" { advance() }
            guard !atEnd else { throw Failure(line: line, message: "a quoted label is not closed") }
            let text = String(characters[start..<position])
            advance()
            return text
        }

        /// The label in a node's brackets, and the shape the brackets make.
        mutating func shapeLabel() throws -> (label: String, shape: String) {
            let shapes: [(open: String, close: String, shape: String)] = [
                ("[[", "]]", "subroutine"), ("[(", ")]", "cylinder"), ("[/", "/]", "box"), ("[\\", "\\]", "box"),
                ("[", "]", "box"),
                ("(((", ")))", "circle"), ("((", "))", "circle"), ("([", "])", "stadium"), ("(", ")", "rounded"),
                ("{{", "}}", "hexagon"), ("{", "}", "diamond"), (">", "]", "box")
            ]
            guard let form = shapes.first(where: { starts(with: $0.open) }) else {
                throw Failure(line: line, message: "expected a node's brackets")
            }
            advance(form.open.count)
            skipSpaces()
            var label: String
            if peek == "\"" {
                label = try quoted()
                skipSpaces()
                guard starts(with: form.close) else {
                    throw Failure(line: line, message: "expected '\(form.close)' after the label \"\(label)\"")
                }
            } else {
                let start = position
                while !atEnd, !starts(with: form.close) { advance() }
                guard !atEnd else {
                    throw Failure(
                        line: line,
                        message: "the label '\(String(characters[start...]))' is not closed with '\(form.close)'")
                }
                label = String(characters[start..<position]).trimmingWhitespace
            }
            advance(form.close.count)
            for lineBreak in ["<br/>", "<br />", "<br>"] { label = Self.replacing(lineBreak, with: "\n", in: label) }
            return (label, form.shape)
        }

        static func replacing(_ target: String, with replacement: String, in text: String) -> String {
            let needle = Array(target)
            let characters = Array(text)
            guard !needle.isEmpty else { return text }
            var result = ""
            var index = 0
            while index < characters.count {
                if index + needle.count <= characters.count, Array(characters[index..<(index + needle.count)]) == needle
                {
                    result += replacement
                    index += needle.count
                } else {
                    result.append(characters[index])
                    index += 1
                }
            }
            return result
        }

        /// An arrow with its label, or nil when none starts here.
        mutating func arrow() throws -> Arrow? {
            let start = position
            if peek == "<" { advance() }
            let runStart = position
            while let character = peek, character == "-" || character == "=" || character == "." { advance() }
            var run = String(characters[runStart..<position])
            guard run.count >= 2 || (run == "-" && peek == ">") else {
                position = start
                return nil
            }
            var hasArrow = false
            if peek == ">" {
                hasArrow = true
                advance()
            } else if let head = peek, head == "o" || head == "x",
                position + 1 >= characters.count || characters[position + 1].isWhitespace
            {
                hasArrow = true
                advance()
            }
            var label: String?
            // `A -- text --> B`: the text runs to the arrow that ends it.
            if !hasArrow, run == "--" || run == "==" || run == "-.", peek?.isWhitespace == true {
                let endings = ["-->", "---", "==>", "===", ".->", "-.-", "--o", "--x"]
                var scan = position
                while scan < characters.count, !endings.contains(where: { starts(with: $0, at: scan) }) { scan += 1 }
                guard scan < characters.count else {
                    throw Failure(
                        line: line, message: "the arrow's text '\(rest.trimmingWhitespace)' has no arrow after it")
                }
                label = String(characters[position..<scan]).trimmingWhitespace
                position = scan
                let endStart = position
                while let character = peek, character == "-" || character == "=" || character == "." { advance() }
                run += String(characters[endStart..<position])
                if peek == ">" || peek == "o" || peek == "x" {
                    hasArrow = true
                    advance()
                }
            }
            skipSpaces()
            if peek == "|" {
                advance()
                let labelStart = position
                while let character = peek, character != "|" { advance() }
                guard !atEnd else { throw Failure(line: line, message: "an arrow's |label| is not closed") }
                label = String(characters[labelStart..<position]).trimmingWhitespace
                advance()
            }
            let style = run.contains(".") ? "dotted" : run.contains("=") ? "thick" : "solid"
            return Arrow(style: style, hasArrow: hasArrow, label: label?.isEmpty == true ? nil : label)
        }
    }
}
