import CCmarkGFM
import StrataCore

/// A parsed page: its cmark syntax tree plus what Strata reads from it (title heading,
/// metadata paragraph, headings with ids, links). The tree is freed with the document.
///
/// A document is only ever used by one thread at a time (parsed on one, rendered on one),
/// which is what makes the unchecked `Sendable` safe.
public final class MarkdownDocument: @unchecked Sendable {
    let root: OpaquePointer
    public let path: String
    public let options: MarkdownOptions

    /// The page's leading `#` heading, when the page opens with one (it becomes the title,
    /// and keeps its id so `page.md#title` links work as they do on GitHub).
    public private(set) var titleHeading: Heading?
    /// Pairs of the metadata paragraph, when the page has one.
    public private(set) var metadata: [MetadataEntry] = []
    /// Every heading except the title heading, in document order, each with a unique id.
    public private(set) var headings: [Heading] = []
    /// Every link and image destination, in document order.
    public private(set) var links: [MarkdownLink] = []
    /// Every code block that names a language, in document order.
    public private(set) var codeBlocks: [CodeBlock] = []

    /// A fenced code block with a language (the first word of its info string).
    public struct CodeBlock: Sendable {
        public var language: String
        public var code: String
        public var location: SourceLocation
    }

    var headingIDs: [OpaquePointer: String] = [:]
    var linkIndex: [OpaquePointer: Int] = [:]
    /// Blocks Strata shows elsewhere (title heading, metadata paragraph), not in the body.
    var hiddenBlocks: Set<OpaquePointer> = []

    init(root: OpaquePointer?, path: String, options: MarkdownOptions) {
        self.root = root ?? cmark_node_new(CMARK_NODE_DOCUMENT)
        self.path = path
        self.options = options
        analyze()
    }

    deinit {
        cmark_node_free(root)
    }

    /// The page's words: its text and code spans, without code blocks or markup. What
    /// Strata searches when it looks for the modules a page mentions.
    /// Pieces are separated by spaces, so table cells and list items never run together.
    public func plainText() -> String {
        var pieces: [String] = []
        CMarkNode(root).forEachNode { node in
            switch node.type {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE: pieces.append(node.literal)
            default: break
            }
        }
        return pieces.joined(separator: " ")
    }

    /// Whether the page has no content at all (only blank lines or front matter).
    public var isEmpty: Bool { cmark_node_first_child(root) == nil }

    private func analyze() {
        let document = CMarkNode(root)
        var blocks = document.children.makeIterator()
        var firstBlock = blocks.next()
        if let block = firstBlock, block.type == CMARK_NODE_HEADING, block.headingLevel == 1 {
            titleHeading = Heading(
                level: 1, text: block.plainText().trimmingWhitespace, id: "",
                location: location(of: block)
            )
            hiddenBlocks.insert(block.pointer)
            firstBlock = blocks.next()
        }
        if let block = firstBlock, block.type == CMARK_NODE_PARAGRAPH,
           let pairs = MetadataParagraphParser.parse(block.plainText(newlines: true)) {
            hiddenBlocks.insert(block.pointer)
            metadata = pairs.map { pair in
                MetadataEntry(
                    key: pair.key, value: pair.value,
                    location: SourceLocation(
                        path: path, line: block.startLine + pair.line,
                        column: (pair.line == 0 ? block.startColumn : 1) + pair.column
                    ),
                    origin: .paragraph
                )
            }
        }
        collectHeadingsAndLinks()
    }

    /// Ids the page around the body already uses (the default theme's skip-link target,
    /// navigation, search box, and the preview's error overlay): a heading never takes one,
    /// so "## Content" cannot steal the skip link's target.
    public static let reservedIDs = ["content", "site-nav", "search-input", "search-results", "search-status", "strata-build-error"]

    private func collectHeadingsAndLinks() {
        var slugger = HeadingSlugger()
        for id in Self.reservedIDs { slugger.reserve(id) }
        if let title = titleHeading {
            titleHeading?.id = slugger.uniqueSlug(for: title.text)
        }
        CMarkNode(root).forEachNode { node in
            switch node.type {
            case CMARK_NODE_HEADING where !self.hiddenBlocks.contains(node.pointer):
                let text = node.plainText().trimmingWhitespace
                let id = slugger.uniqueSlug(for: text)
                self.headingIDs[node.pointer] = id
                self.headings.append(Heading(level: node.headingLevel, text: text, id: id, location: self.location(of: node)))
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                self.linkIndex[node.pointer] = self.links.count
                self.links.append(MarkdownLink(destination: node.url, location: self.location(of: node), isImage: node.type == CMARK_NODE_IMAGE))
            case CMARK_NODE_CODE_BLOCK:
                let language = node.fenceLanguage
                if !language.isEmpty { self.codeBlocks.append(CodeBlock(language: language, code: node.literal, location: self.location(of: node))) }
            default:
                break
            }
        }
    }

    func location(of node: CMarkNode) -> SourceLocation {
        var line = node.startLine
        var column = node.startColumn
        // Inline nodes may lack positions; borrow the nearest block's.
        var current: CMarkNode? = node
        while line == 0, let candidate = current?.parent {
            line = candidate.startLine
            column = candidate.startColumn
            current = candidate
        }
        return SourceLocation(path: path, line: line, column: column)
    }

    /// Renders the body as HTML. `resolveLink` maps each link to the `href`/`src` to write
    /// (returning `nil` keeps the destination as written).
    /// `callouts` draws guidance blocks where they were written; `highlighter` marks up
    /// code blocks in the languages it knows.
    public func renderHTML(
        callouts: [GuidanceCallout] = [], highlighter: (any CodeHighlighter)? = nil, resolveLink: (MarkdownLink) -> String? = { _ in nil }
    ) -> String {
        withoutActuallyEscaping(resolveLink) { resolve in
            var renderer = HTMLRenderer(document: self, callouts: callouts, highlighter: highlighter, resolveLink: resolve)
            return renderer.render()
        }
    }
}
