import CCmarkGFM
import StrataCore

extension GuidanceExtractor {
    /// The nodes a block covers on its page: the siblings `first...last` under one parent
    /// (its paragraphs, its list or quote, and the examples and labels beside them), so the
    /// page can draw it as one callout.
    static func placement(
        firstUnit: CMarkNode, lastUnit: CMarkNode, after: ExampleRun, before: ExampleRun, units: Set<Int>,
        followsProse: Bool
    ) -> GuidancePlacement? {
        var ancestors: Set<OpaquePointer> = []
        var current: CMarkNode? = firstUnit
        while let node = current {
            ancestors.insert(node.pointer)
            current = node.parent
        }
        var common: CMarkNode? = lastUnit
        while let node = common, !ancestors.contains(node.pointer) { common = node.parent }
        guard let lca = common else { return nil }
        var parent: CMarkNode
        var first: CMarkNode
        var last: CMarkNode
        if lca == firstUnit {
            guard let up = firstUnit.parent else { return nil }
            (parent, first, last) = (up, firstUnit, firstUnit)
        } else {
            parent = lca
            guard let start = child(of: lca, holding: firstUnit), let end = child(of: lca, holding: lastUnit) else {
                return nil
            }
            (first, last) = (start, end)
        }
        var replacesQuote = false
        while true {
            // List items cannot be wrapped one by one: a block spread over items takes the list.
            if parent.type == CMARK_NODE_LIST, let up = parent.parent {
                (first, last, parent) = (parent, parent, up)
                continue
            }
            // A list of one item holding only the block is drawn whole.
            if parent.type == CMARK_NODE_ITEM, parent.firstChild == first, parent.lastChild == last,
                let list = parent.parent, list.firstChild == parent, list.next != nil || list.parent != nil,
                list.lastChild == parent, let up = list.parent
            {
                (first, last, parent) = (list, list, up)
                continue
            }
            // A quote holding only the block becomes the callout.
            if parent.type == CMARK_NODE_BLOCK_QUOTE, parent.firstChild == first, parent.lastChild == last,
                let up = parent.parent
            {
                (first, last, parent) = (parent, parent, up)
                replacesQuote = true
                continue
            }
            break
        }
        if let end = after.last, end.parent == parent { last = end }
        if let start = before.first, start.parent == parent { first = start }
        let codeNodes = before.codeNodes + after.codeNodes
        let labelNodes = before.labelNodes + after.labelNodes
        let isWhole =
            !followsProse
            && covers(
                from: first, to: last, only: units.union(labelNodes.map { Int(bitPattern: $0.pointer) }),
                code: Set(codeNodes.map { Int(bitPattern: $0.pointer) })
            )
        return GuidancePlacement(
            parent: Int(bitPattern: parent.pointer), first: Int(bitPattern: first.pointer),
            last: Int(bitPattern: last.pointer),
            replacedQuote: replacesQuote ? Int(bitPattern: first.pointer) : nil,
            exampleNodes: codeNodes.map { Int(bitPattern: $0.pointer) },
            hiddenNodes: labelNodes.map { Int(bitPattern: $0.pointer) },
            isWholeBlock: isWhole
        )
    }

    /// Whether the siblings `first...last` hold, as blocks, only the given paragraphs and
    /// code blocks (inside lists and quotes too).
    static func covers(from first: CMarkNode, to last: CMarkNode, only paragraphs: Set<Int>, code: Set<Int>) -> Bool {
        var current: CMarkNode? = first
        var whole = true
        while let node = current, whole {
            node.forEachNode { inner in
                switch inner.type {
                case CMARK_NODE_PARAGRAPH:
                    if !paragraphs.contains(Int(bitPattern: inner.pointer)) { whole = false }
                case CMARK_NODE_CODE_BLOCK:
                    if !code.contains(Int(bitPattern: inner.pointer)) { whole = false }
                case CMARK_NODE_LIST, CMARK_NODE_ITEM, CMARK_NODE_BLOCK_QUOTE:
                    break
                case CMARK_NODE_EMPH, CMARK_NODE_STRONG:
                    // Parts keep code and links, not emphasis: a block that stresses words is
                    // framed as written, so they stay stressed. A stressed keyword or label
                    // (`**CHECK:**`, `**Bad:**`) is only the keyword.
                    if !inner.plainText().trimmingWhitespace.hasSuffix(":") { whole = false }
                case CMARK_NODE_HEADING, CMARK_NODE_HTML_BLOCK, CMARK_NODE_THEMATIC_BREAK, CMARK_NODE_IMAGE,
                    CMARK_NODE_HTML_INLINE:
                    // Drawn from its parts, a block would show an image as its alt text.
                    whole = false
                default:
                    // Inline nodes belong to their paragraph; tables and other blocks are not the block's.
                    if inner.typeName == "table" { whole = false }
                }
            }
            if node == last { break }
            current = node.next
        }
        return whole
    }

    static func child(of ancestor: CMarkNode, holding node: CMarkNode) -> CMarkNode? {
        var current: CMarkNode? = node
        while let candidate = current {
            if candidate.parent == ancestor { return candidate }
            current = candidate.parent
        }
        return nil
    }
}
