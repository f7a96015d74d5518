import CCmarkGFM

/// DocC's symbol links, ``` ``Greeter/greet(_:)`` ```: code spans written with two
/// backticks. cmark reads them as code and forgets how many backticks opened them, so the
/// spans are found in the text first (outside code blocks), then each code node of that
/// line and text is wrapped in a link to `doc:` and the symbol, which the link stage
/// resolves like any other `doc:` link.
package enum DocCSymbolLinks {
    /// Per line (0-based), the symbols written between double backticks on it, in order.
    package static func spans(in text: String) -> [Int: [String]] {
        var found: [Int: [String]] = [:]
        var fence: String? = nil
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            for marker in ["```", "~~~"] where trimmed.hasPrefix(marker) {
                if fence == nil {
                    fence = marker
                } else if fence == marker {
                    fence = nil
                }
            }
            guard fence == nil, !trimmed.hasPrefix("```"), !trimmed.hasPrefix("~~~"), line.contains("``") else {
                continue
            }
            let symbols = symbols(inLine: Array(line.utf8))
            if !symbols.isEmpty { found[number] = symbols }
        }
        return found
    }

    /// The texts between a run of exactly two backticks and the next such run.
    static func symbols(inLine bytes: [UInt8]) -> [String] {
        let tick = UInt8(ascii: "`")
        var result: [String] = []
        var index = 0
        var open: Int? = nil
        while index < bytes.count {
            guard bytes[index] == tick else {
                index += 1
                continue
            }
            var end = index
            while end < bytes.count, bytes[end] == tick { end += 1 }
            let run = end - index
            if let start = open {
                if run == 2 {
                    let text = String(decoding: bytes[start..<index], as: UTF8.self)
                    if !text.isEmpty, !text.contains(" ") { result.append(text) }
                    open = nil
                }
            } else if run == 2 {
                open = end
            }
            index = end
        }
        return result
    }

    /// Wraps each code node that is one of `spans` in a `doc:` link; returns the links made.
    static func wrap(root: OpaquePointer, spans: [Int: [String]]) -> Set<OpaquePointer> {
        guard !spans.isEmpty else { return [] }
        var remaining = spans
        var codes: [CMarkNode] = []
        CMarkNode(root).forEachNode { node in
            guard node.type == CMARK_NODE_CODE, let parent = node.parent, parent.type != CMARK_NODE_HEADING,
                parent.type != CMARK_NODE_LINK
            else { return }
            codes.append(node)
        }
        var links: Set<OpaquePointer> = []
        for code in codes {
            let literal = code.literal
            let line = code.startLine - 1
            // cmark places inline nodes on continuation lines roughly: the span's own line first.
            let candidates = [line, line + 1, line - 1, line + 2].filter { remaining[$0]?.contains(literal) == true }
            guard let found = candidates.first, let position = remaining[found]?.firstIndex(of: literal) else {
                continue
            }
            remaining[found]?.remove(at: position)
            guard let link = cmark_node_new(CMARK_NODE_LINK) else { continue }
            cmark_node_set_url(link, "doc:" + literal)
            cmark_node_insert_before(code.pointer, link)
            cmark_node_unlink(code.pointer)
            cmark_node_append_child(link, code.pointer)
            links.insert(link)
        }
        return links
    }
}

extension DocCSymbolLinks {
    /// What a symbol link shows, as DocC shows it: the last component of its path, without
    /// its disambiguation (``` ``Greeter/greet(_:)-swift.method`` ``` shows `greet(_:)`).
    static func shownName(_ symbol: String) -> String {
        let last = components(symbol).last ?? symbol
        return withoutDisambiguation(last)
    }

    /// A path's components, split at each `/` outside parentheses (`/(_:_:)` is one).
    package static func components(_ path: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        for character in path {
            if character == "(" { depth += 1 }
            if character == ")" { depth = max(0, depth - 1) }
            if character == "/", depth == 0, !current.isEmpty {
                parts.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }

    /// `greet(_:)-swift.method` → `greet(_:)`; `greet(_:)-3hd8f` → `greet(_:)`; type
    /// signatures too: `add(_:)-(String)`, `add(_:)->Int`, `add(_:)-(_)->Int` → `add(_:)`.
    /// A `-` inside the name (an operator, `-(_:_:)`) stays.
    package static func withoutDisambiguation(_ component: String) -> String {
        // A function's name ends at the parenthesis that closes its argument labels (which
        // hold none); a dash right after it starts the disambiguation, whatever follows.
        if let open = component.firstIndex(of: "("), let close = component[open...].firstIndex(of: ")") {
            let rest = component[component.index(after: close)...]
            if rest.isEmpty { return component }
            if rest.hasPrefix("-") { return String(component[...close]) }
        }
        guard let dash = component.lastIndex(of: "-"), dash != component.startIndex else { return component }
        let suffix = component[component.index(after: dash)...]
        guard !suffix.isEmpty, !suffix.contains("("), !suffix.contains(")") else { return component }
        // An operator's name is all punctuation: `-` there is the name.
        let before = component[..<dash]
        guard before.last != "(" else { return component }
        return String(before)
    }
}
