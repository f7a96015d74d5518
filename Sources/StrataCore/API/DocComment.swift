/// A doc comment (`///` lines or a `/** */` block) as DocC reads it: its Markdown, each
/// line where it was written, split into the abstract, the discussion and the callouts
/// DocC lifts out of it (`- Parameters:`, `- Parameter name:`, `- Returns:`, `- Throws:`).
package struct DocComment: Hashable, Sendable {
    /// One line of the comment's Markdown, without its `///` or the block's indentation, and
    /// where its text begins in the file.
    package struct Line: Hashable, Sendable {
        package var text: String
        package var location: SourceLocation

        package init(_ text: String, at location: SourceLocation) {
            self.text = text
            self.location = location
        }
    }

    package struct Parameter: Hashable, Sendable {
        package var name: String
        package var lines: [Line]
    }

    /// The whole comment.
    package var lines: [Line]
    /// The first paragraph, when the comment opens with one.
    package private(set) var abstract: [Line] = []
    /// Everything after the abstract but the callouts below.
    package private(set) var discussion: [Line] = []
    package private(set) var parameters: [Parameter] = []
    package private(set) var returns: [Line] = []
    package private(set) var throwsLines: [Line] = []
    /// A `## Topics` section's groups: each `### Title` and the symbols its list links.
    package private(set) var topics: [TopicGroup] = []

    package struct TopicGroup: Hashable, Sendable {
        package var title: String
        /// As written between the double backticks (`greet(_:)`, `Feed/Item`).
        package var symbols: [String]

        package init(title: String, symbols: [String]) {
            self.title = title
            self.symbols = symbols
        }
    }

    package init(lines: [Line]) {
        self.lines = lines
        split()
    }

    /// The abstract as one line of plain text: code keeps its text, links their text.
    package var summary: String {
        let markdown = abstract.map { $0.text.trimmingWhitespace }.joined(separator: " ")
        return InlineMarkup.plainText(
            markdown.split(separator: "``", omittingEmptySubsequences: false).joined(separator: "`"))
    }

    private mutating func split() {
        var index = 0
        // The abstract: a first paragraph that is text (not a list, heading, fence or quote).
        while index < lines.count, lines[index].text.trimmingWhitespace.isEmpty { index += 1 }
        if index < lines.count, !Self.opensBlock(lines[index].text) {
            while index < lines.count, !lines[index].text.trimmingWhitespace.isEmpty,
                abstract.isEmpty || !Self.opensBlock(lines[index].text)
            {
                abstract.append(lines[index])
                index += 1
            }
        }
        var rest: [Line] = []
        var fence: String? = nil
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.text.trimmingWhitespace
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                rest.append(line)
                index += 1
                continue
            }
            if let marker = Self.fenceMarker(trimmed) {
                fence = marker
                rest.append(line)
                index += 1
                continue
            }
            guard Self.indent(line.text) < 2, let item = Self.listItemText(trimmed) else {
                rest.append(line)
                index += 1
                continue
            }
            // A top-level list item: its text, then every line indented under it.
            var body = [Line(item.text, at: line.location.shiftingColumn(item.offset + Self.indent(line.text)))]
            index += 1
            while index < lines.count {
                let next = lines[index].text
                if next.trimmingWhitespace.isEmpty {
                    // A blank line ends the item unless an indented line follows it.
                    if index + 1 < lines.count, Self.indent(lines[index + 1].text) >= 2 {
                        body.append(lines[index])
                        index += 1
                        continue
                    }
                    break
                }
                guard Self.indent(next) >= 2 else { break }
                body.append(lines[index])
                index += 1
            }
            if !take(callout: body) { rest += [line] + body.dropFirst() }
        }
        discussion = Self.trimmingBlankLines(takeTopics(rest))
    }

    /// The lines without their `## Topics` section, which goes into `topics`.
    private mutating func takeTopics(_ lines: [Line]) -> [Line] {
        guard let start = lines.firstIndex(where: { $0.text.trimmingWhitespace == "## Topics" }) else { return lines }
        var end = start + 1
        while end < lines.count {
            let text = lines[end].text.trimmingWhitespace
            if text.hasPrefix("# ") || text.hasPrefix("## ") { break }
            if text.hasPrefix("### ") {
                topics.append(TopicGroup(title: text.dropFirst(4).trimmingWhitespace, symbols: []))
            } else if Self.listItemText(text) != nil, !topics.isEmpty {
                topics[topics.count - 1].symbols += Self.symbolLinks(in: text)
            }
            end += 1
        }
        topics.removeAll { $0.symbols.isEmpty }
        return Array(lines[..<start] + lines[end...])
    }

    /// What a line links between double backticks.
    static func symbolLinks(in text: String) -> [String] {
        var found: [String] = []
        let pieces = text.split(separator: "``", omittingEmptySubsequences: false)
        var index = 1
        while index + 1 < pieces.count {
            if !pieces[index].isEmpty { found.append(String(pieces[index])) }
            index += 2
        }
        return found
    }

    /// Takes a list item that is a callout DocC lifts out; false for any other item.
    private mutating func take(callout body: [Line]) -> Bool {
        guard let first = body.first else { return false }
        let text = first.text
        let lower = text.lowercased()
        let continuation = Self.dedented(Array(body.dropFirst()))
        if lower.hasPrefix("parameters:"), text.dropFirst("parameters:".count).trimmingWhitespace.isEmpty {
            // `- Parameters:` and its nested list, one item per parameter.
            var current: Parameter? = nil
            for line in continuation {
                let trimmed = line.text.trimmingWhitespace
                if Self.indent(line.text) < 2, let item = Self.listItemText(trimmed),
                    let colon = item.text.firstIndex(of: ":")
                {
                    if let done = current { parameters.append(done) }
                    let name = item.text[..<colon].trimmingWhitespace
                    let rest = item.text[item.text.index(after: colon)...].trimmingWhitespace
                    let start = line.location.shiftingColumn(
                        Self.indent(line.text) + item.offset + item.text.utf8.count - rest.utf8.count)
                    current = Parameter(name: name, lines: [Line(rest, at: start)])
                } else if current != nil {
                    current?.lines.append(line)
                }
            }
            if let done = current { parameters.append(done) }
            return true
        }
        if lower.hasPrefix("parameter "), let colon = text.firstIndex(of: ":") {
            let name = text[text.index(text.startIndex, offsetBy: "parameter ".count)..<colon].trimmingWhitespace
            guard !name.isEmpty, !name.contains(" ") else { return false }
            let rest = text[text.index(after: colon)...].trimmingWhitespace
            let start = first.location.shiftingColumn(text.utf8.count - rest.utf8.count)
            parameters.append(Parameter(name: name, lines: [Line(rest, at: start)] + continuation))
            return true
        }
        for (key, path) in [("returns:", \DocComment.returns), ("throws:", \DocComment.throwsLines)]
        where lower.hasPrefix(key) {
            let rest = text.dropFirst(key.count).trimmingWhitespace
            let start = first.location.shiftingColumn(text.utf8.count - rest.utf8.count)
            self[keyPath: path] = [Line(rest, at: start)] + continuation
            return true
        }
        return false
    }

    /// A line that starts a block other than a paragraph.
    static func opensBlock(_ text: String) -> Bool {
        let trimmed = text.trimmingWhitespace
        return trimmed.hasPrefix("#") || trimmed.hasPrefix(">") || fenceMarker(trimmed) != nil
            || listItemText(trimmed) != nil || trimmed.hasPrefix("@")
    }

    static func fenceMarker(_ trimmed: String) -> String? {
        if trimmed.hasPrefix("```") { return "```" }
        if trimmed.hasPrefix("~~~") { return "~~~" }
        return nil
    }

    /// The text of a list item line (`- text`, `* text`, `+ text`) and where it starts.
    static func listItemText(_ trimmed: String) -> (text: String, offset: Int)? {
        guard let first = trimmed.first, "-*+".contains(first) else { return nil }
        let after = trimmed.dropFirst()
        guard let space = after.first, space == " " || space == "\t" else { return nil }
        let text = after.trimmingWhitespace
        return (text, trimmed.utf8.count - text.utf8.count)
    }

    static func indent(_ text: String) -> Int {
        var count = 0
        for character in text.utf8 {
            if character == UInt8(ascii: " ") {
                count += 1
            } else if character == UInt8(ascii: "\t") {
                count += 4
            } else {
                break
            }
        }
        return count
    }

    /// The lines with their common indentation removed, each location moved to match.
    static func dedented(_ lines: [Line]) -> [Line] {
        let common = lines.filter { !$0.text.trimmingWhitespace.isEmpty }.map { indent($0.text) }.min() ?? 0
        guard common > 0 else { return lines }
        return lines.map { line in
            line.text.trimmingWhitespace.isEmpty
                ? Line("", at: line.location)
                : Line(String(line.text.dropFirst(common)), at: line.location.shiftingColumn(common))
        }
    }

    package static func trimmingBlankLines(_ lines: [Line]) -> [Line] {
        var result = lines[...]
        while result.first?.text.trimmingWhitespace.isEmpty == true { result = result.dropFirst() }
        while result.last?.text.trimmingWhitespace.isEmpty == true { result = result.dropLast() }
        return Array(result)
    }
}

extension SourceLocation {
    /// The same line, `columns` columns further right.
    package func shiftingColumn(_ columns: Int) -> SourceLocation {
        SourceLocation(path: path, line: line, column: column + columns)
    }
}
