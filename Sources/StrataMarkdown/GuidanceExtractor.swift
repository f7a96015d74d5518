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
        // Ids: the written one, else derived from page, heading and opening words.
        GuidanceID.assign(&drafts, prefix: pageKey)
        return Result(blocks: drafts.map(\.block), drafts: drafts, diagnostics: assembler.diagnostics)
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

    /// The paragraph's text as pieces: code spans apart, a new line at each line break.
    static func pieces(of paragraph: CMarkNode) -> [GuidanceAssembler.Piece] {
        var pieces: [GuidanceAssembler.Piece] = []
        var line = 0
        paragraph.forEachNode { node in
            switch node.type {
            case CMARK_NODE_TEXT, CMARK_NODE_HTML_INLINE:
                pieces.append(GuidanceAssembler.Piece(node.literal, line: line))
            case CMARK_NODE_CODE:
                pieces.append(GuidanceAssembler.Piece(node.literal, isCode: true, line: line))
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                line += 1
                pieces.append(GuidanceAssembler.Piece("\n", line: line))
            default:
                break
            }
        }
        return pieces
    }
}
