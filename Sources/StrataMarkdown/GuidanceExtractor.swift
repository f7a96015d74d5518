import CCmarkGFM
import StrataCore

/// Finds the guidance blocks of a page on its cmark-gfm syntax tree: keywords are read from
/// paragraphs only (in lists and quotes too), never from code spans or code blocks, and the
/// code blocks that directly follow a block become its examples.
public struct GuidanceExtractor {
    /// The page, relative to the content folder and without extension (`guides/networking`):
    /// the start of every derived id.
    public let pageKey: String

    public init(pageKey: String) {
        self.pageKey = pageKey
    }

    public struct Result: Sendable {
        public var blocks: [GuidanceBlock]
        public var drafts: [GuidanceAssembler.Draft]
        /// Where each draft sits on the page, in the drafts' order.
        public var placements: [GuidancePlacement?]
        public var diagnostics: [Diagnostic]
    }

    public func extract(from document: MarkdownDocument) -> Result {
        var assembler = GuidanceAssembler()
        var heading: Heading? = document.titleHeading
        var paragraphs: [Int: CMarkNode] = [:]
        CMarkNode(document.root).forEachNode { node in
            switch node.type {
            case CMARK_NODE_HEADING:
                assembler.close()
                if let id = document.headingIDs[node.pointer] {
                    heading = document.headings.first { $0.id == id }
                }
            case CMARK_NODE_PARAGRAPH where !document.hiddenBlocks.contains(node.pointer):
                paragraphs[Int(bitPattern: node.pointer)] = node
                let scope = Self.scope(of: node)
                assembler.feed(
                    Self.pieces(of: node), at: document.location(of: node),
                    scope: Int(bitPattern: scope.pointer), unit: Int(bitPattern: node.pointer), heading: heading
                )
            default:
                break
            }
        }
        assembler.close()

        var drafts = assembler.drafts
        // The code blocks right after a block's last paragraph (or after the list or quote
        // holding it) are its examples; when two blocks end in one paragraph, the last gets them.
        for index in drafts.indices {
            guard let unit = drafts[index].lastUnit, let paragraph = paragraphs[unit] else { continue }
            let isLastInUnit = !drafts[(index + 1)...].contains { $0.lastUnit == unit }
            guard isLastInUnit else { continue }
            var examples = Self.codeBlocks(after: paragraph)
            let scope = Self.scope(of: paragraph)
            if examples.isEmpty, scope.pointer != paragraph.pointer, Self.isLastParagraph(paragraph, in: scope) {
                examples = Self.codeBlocks(after: scope)
            }
            drafts[index].block.examples = examples
        }
        let placements = drafts.map { draft -> GuidancePlacement? in
            guard let first = draft.firstUnit.flatMap({ paragraphs[$0] }), let last = draft.lastUnit.flatMap({ paragraphs[$0] }) else { return nil }
            return Self.placement(firstUnit: first, lastUnit: last, examples: draft.block.examples.count)
        }
        // Ids: the written one, else derived from page, heading and opening words.
        GuidanceID.assign(&drafts, prefix: pageKey)
        return Result(blocks: drafts.map(\.block), drafts: drafts, placements: placements, diagnostics: assembler.diagnostics)
    }

    /// The nearest list or block quote holding the paragraph, else the paragraph itself.
    static func scope(of paragraph: CMarkNode) -> CMarkNode {
        var current = paragraph.parent
        while let node = current {
            if node.type == CMARK_NODE_LIST || node.type == CMARK_NODE_BLOCK_QUOTE { return node }
            if node.type == CMARK_NODE_DOCUMENT { break }
            current = node.parent
        }
        return paragraph
    }

    /// Whether no other paragraph of `scope` comes after this one.
    static func isLastParagraph(_ paragraph: CMarkNode, in scope: CMarkNode) -> Bool {
        var found = false
        var last: CMarkNode?
        scope.forEachNode { node in
            guard node.type == CMARK_NODE_PARAGRAPH else { return }
            last = node
            if node == paragraph { found = true }
        }
        return found && last == paragraph
    }

    static func codeBlocks(after node: CMarkNode) -> [GuidanceBlock.Example] {
        var examples: [GuidanceBlock.Example] = []
        var current = node.next
        while let sibling = current, sibling.type == CMARK_NODE_CODE_BLOCK {
            let info = sibling.fenceInfo.trimmingWhitespace.split(separator: " ").first.map(String.init)
            examples.append(GuidanceBlock.Example(language: info, code: sibling.literal))
            current = sibling.next
        }
        return examples
    }

    /// The paragraph's text as pieces: code spans apart, links kept as `[text](url)`, a new
    /// line at each line break.
    static func pieces(of paragraph: CMarkNode) -> [GuidanceAssembler.Piece] {
        var pieces: [GuidanceAssembler.Piece] = []
        var line = 0
        paragraph.forEachEvent { node, entering in
            switch node.type {
            case CMARK_NODE_TEXT, CMARK_NODE_HTML_INLINE:
                pieces.append(GuidanceAssembler.Piece(node.literal, line: line))
            case CMARK_NODE_CODE:
                pieces.append(GuidanceAssembler.Piece(node.literal, isCode: true, line: line))
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                // The break ends its line; the next piece starts the next at column 1.
                pieces.append(GuidanceAssembler.Piece("\n", line: line))
                line += 1
            case CMARK_NODE_LINK:
                pieces.append(GuidanceAssembler.Piece(entering ? "[" : "](\(node.url))", isMarkup: true, line: line))
            default:
                break
            }
        }
        return pieces
    }

    // MARK: Placement

    /// The nodes a block covers on its page: the siblings `first...last` under one parent
    /// (its paragraphs, its list or quote, and the examples after them), so the page can
    /// draw it as one callout.
    static func placement(firstUnit: CMarkNode, lastUnit: CMarkNode, examples: Int) -> GuidancePlacement? {
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
            guard let start = child(of: lca, holding: firstUnit), let end = child(of: lca, holding: lastUnit) else { return nil }
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
            if parent.type == CMARK_NODE_ITEM, parent.firstChild == first, lastChild(of: parent) == last,
               let list = parent.parent, list.firstChild == parent, list.next != nil || list.parent != nil, lastChild(of: list) == parent, let up = list.parent {
                (first, last, parent) = (list, list, up)
                continue
            }
            // A quote holding only the block becomes the callout.
            if parent.type == CMARK_NODE_BLOCK_QUOTE, parent.firstChild == first, lastChild(of: parent) == last, let up = parent.parent {
                (first, last, parent) = (parent, parent, up)
                replacesQuote = true
                continue
            }
            break
        }
        var remaining = examples
        while remaining > 0, let next = last.next, next.type == CMARK_NODE_CODE_BLOCK {
            last = next
            remaining -= 1
        }
        return GuidancePlacement(
            parent: Int(bitPattern: parent.pointer), first: Int(bitPattern: first.pointer), last: Int(bitPattern: last.pointer),
            replacedQuote: replacesQuote ? Int(bitPattern: first.pointer) : nil
        )
    }

    private static func child(of ancestor: CMarkNode, holding node: CMarkNode) -> CMarkNode? {
        var current: CMarkNode? = node
        while let candidate = current {
            if candidate.parent == ancestor { return candidate }
            current = candidate.parent
        }
        return nil
    }

    private static func lastChild(of node: CMarkNode) -> CMarkNode? {
        CMarkNode(cmark_node_last_child(node.pointer))
    }
}

/// Where a block sits in its page's syntax tree (node identities, valid while the document
/// lives): the siblings from `first` to `last`, under `parent`.
public struct GuidancePlacement: Hashable, Sendable {
    let parent: Int
    let first: Int
    let last: Int
    /// A block quote that holds only the block, drawn as the callout instead of a quote.
    let replacedQuote: Int?
}
