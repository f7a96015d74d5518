import CCmarkGFM
import StrataCore

/// A parsed page: its cmark syntax tree plus what Strata reads from it (title heading,
/// metadata paragraph, headings with ids, links). The tree is freed with the document.
///
/// A document is only ever used by one thread at a time (parsed on one, rendered on one),
/// which is what makes the unchecked `Sendable` safe.
package final class MarkdownDocument: @unchecked Sendable {
    let root: OpaquePointer
    package let path: String
    package let options: MarkdownOptions

    /// The page's leading `#` heading, when the page opens with one (it becomes the title,
    /// and keeps its id so `page.md#title` links work as they do on GitHub).
    package private(set) var titleHeading: Heading?
    /// Pairs of the metadata paragraph, when the page has one.
    package private(set) var metadata: [MetadataEntry] = []
    /// Paragraphs that read as metadata but stand after the page's first heading or
    /// guidance block, where metadata is not read: they stay prose, and the build warns.
    package private(set) var ignoredMetadata: [SourceLocation] = []
    /// Every heading except the title heading, in document order, each with a unique id.
    package internal(set) var headings: [Heading] = []
    /// Every link and image destination, in document order.
    package internal(set) var links: [MarkdownLink] = []
    /// Whether a code block is a diagram to draw at build time (its page then depends on
    /// the module graph).
    package private(set) var hasDiagramBlocks = false
    /// The size of the Markdown the page was parsed from, in bytes: what rendering it will
    /// cost, roughly, for scheduling the largest pages first.
    package internal(set) var byteCount = 0

    /// A fenced code block with a language (the first word of its info string).
    package struct CodeBlock: Sendable {
        package var language: String
        package var code: String
        package var location: SourceLocation
        /// The whole info string (`mermaid nocheck`).
        package var info: String = ""

        /// The languages of diagrams drawn at build time (` ```mermaid `, ` ```dot `).
        package static let diagramLanguages: Set<String> = ["mermaid", "dot", "graphviz"]

        /// A block as a page would hold it (for drawing one outside a page: fuzzing, tests).
        package init(language: String, code: String, location: SourceLocation, info: String = "") {
            self.language = language
            self.code = code
            self.location = location
            self.info = info
        }
    }

    /// A DocC page's block directives, in the order they were written (see `DocCDirectiveScanner`).
    package private(set) var directives: [DocCDirective] = []
    /// What a DocC page's `@Metadata`, `@Options` and tutorial directives say.
    package internal(set) var doccInfo: DocCPageInfo?
    /// Problems with a DocC page's directives, at their lines.
    package internal(set) var doccDiagnostics: [Diagnostic] = []
    /// Each directive's node (a cmark custom block), and back.
    var directiveNodes: [OpaquePointer: Int] = [:]
    /// Each directive's node, by directive number.
    var directivePointers: [OpaquePointer?] = []
    /// For each directive, the links its arguments hold, by argument label.
    var directiveLinks: [Int: [String: Int]] = [:]
    /// Per line (0-based), the columns the directives' indent took off it.
    private var removedIndent: [Int] = []
    /// The links made of DocC's ``` ``Symbol`` ``` spans, each holding its code span.
    var symbolLinks: Set<OpaquePointer> = []
    /// For a page Strata wrote itself from other files (a type's reference page, from its
    /// doc comments), where each of its lines (0-based) came from: every location on the
    /// page is reported there.
    private var lineOrigins: [SourceLocation]? = nil

    var headingIDs: [OpaquePointer: String] = [:]
    var linkIndex: [OpaquePointer: Int] = [:]
    /// Blocks Strata shows elsewhere (title heading, metadata paragraph), not in the body.
    var hiddenBlocks: Set<OpaquePointer> = []

    init(
        root: OpaquePointer?, path: String, options: MarkdownOptions, docc: DocCDirectiveScanner.Result? = nil,
        lineOrigins: [SourceLocation]? = nil
    ) {
        self.root = root ?? cmark_node_new(CMARK_NODE_DOCUMENT)
        self.path = path
        self.options = options
        self.lineOrigins = lineOrigins
        if let docc {
            directives = docc.directives
            removedIndent = docc.removedIndent
            doccDiagnostics = docc.diagnostics.map { diagnostic in
                var moved = diagnostic
                moved.location = diagnostic.location.map(self.origin)
                return moved
            }
            symbolLinks = DocCSymbolLinks.wrap(root: self.root, spans: docc.symbolSpans)
            directiveNodes = DocCTreeBuilder.build(root: self.root, directives: docc.directives)
            directivePointers = Array(repeating: nil, count: docc.directives.count)
            for (node, number) in directiveNodes { directivePointers[number] = node }
            hideDirectiveSettings()
        }
        analyze()
        if docc != nil { analyzeDocC() }
    }

    deinit {
        cmark_node_free(root)
    }

    /// The page's words: its text and code spans, without code blocks or markup. What
    /// Strata searches when it looks for the modules a page mentions.
    /// Pieces are separated by spaces, so table cells and list items never run together.
    package func plainText() -> String {
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
    package var isEmpty: Bool { cmark_node_first_child(root) == nil }

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
        } else if options.titleFromFirstLine, let (title, hidden) = titleLine(document) {
            titleHeading = Heading(
                level: 1, text: title.plainText().trimmingWhitespace, id: "", location: location(of: title))
            hiddenBlocks.formUnion(hidden.map(\.pointer))
            hiddenBlocks.insert(title.pointer)
        }
        // Metadata paragraphs stand anywhere before the first heading or guidance block: a
        // wiki page captured as text opens with a title line, a "Skip to content" line, or
        // a lead paragraph before them. After that point one is prose, and is reported.
        var isBeforeBody = true
        var position = 0
        var block = firstBlock
        while let current = block {
            defer {
                block = blocks.next()
                position += 1
            }
            if current.type == CMARK_NODE_HEADING { isBeforeBody = false }
            guard !options.docc, current.type == CMARK_NODE_PARAGRAPH, Self.mayBePairs(current) else { continue }
            let text = current.plainText(newlines: true)
            if MetadataParagraphParser.opensGuidanceBlock(text) { isBeforeBody = false }
            // The first paragraph is metadata when it is made of pairs; a later one must also
            // look like page data (two pairs, or a key pages use), so a "NOTE: …" lead stays prose.
            guard let pairs = MetadataParagraphParser.parse(text),
                position == 0 || MetadataParagraphParser.looksLikePageData(pairs)
            else { continue }
            guard isBeforeBody else {
                ignoredMetadata.append(location(of: current))
                continue
            }
            hiddenBlocks.insert(current.pointer)
            metadata += pairs.map { pair in
                MetadataEntry(
                    key: pair.key, value: pair.value,
                    location: SourceLocation(
                        path: path, line: current.startLine + pair.line,
                        column: (pair.line == 0 ? current.startColumn : 1) + pair.column
                    ),
                    origin: .paragraph
                )
            }
        }
        collectHeadingsAndLinks()
    }

    /// The most short lines a page may open with for one of them to be its title line: a
    /// capture's author, category, date and name.
    static let titleRunLimit = 5

    /// Lines a captured web page opens with that are the site's, not the page's.
    static let captureNoise: Set<String> = [
        "skip to content", "skip to main content", "jump to content", "jump to navigation", "skip to navigation"
    ]

    /// The paragraph that names a page without an H1, on a page with no H1 anywhere: of
    /// the short one-line paragraphs the page opens with (a capture's author, category,
    /// date and name lines, after noise such as "Skip to content"), the longest without
    /// closing punctuation, with more of the page after the run (of at most `titleRunLimit`
    /// lines). The noise and any repeat of
    /// the title line go with it. Nil when there is none.
    private func titleLine(_ document: CMarkNode) -> (title: CMarkNode, noise: [CMarkNode])? {
        let children = document.children
        guard !children.contains(where: { $0.type == CMARK_NODE_HEADING && $0.headingLevel == 1 }) else { return nil }
        var noise: [CMarkNode] = []
        var run: [(node: CMarkNode, text: String)] = []
        var endsBeforeLast = false
        for node in children {
            let text = node.type == CMARK_NODE_PARAGRAPH ? node.plainText(newlines: true).trimmingWhitespace : ""
            if node.type == CMARK_NODE_PARAGRAPH, Self.captureNoise.contains(text.lowercased()) {
                noise.append(node)
                continue
            }
            let isShortLine =
                node.type == CMARK_NODE_PARAGRAPH && Self.isPlainText(node) && !text.isEmpty && !text.contains("\n")
                && text.count <= 80
                && text.split(separator: " ").count <= 12 && !MetadataParagraphParser.opensGuidanceBlock(text)
                && MetadataParagraphParser.parse(text) == nil
            guard isShortLine else {
                endsBeforeLast = true
                break
            }
            run.append((node, text))
            // A capture opens with a few such lines; a page of short lines has no title line.
            if run.count > Self.titleRunLimit { return nil }
        }
        guard endsBeforeLast || run.count > 1 else { return nil }
        let candidates = run.filter { item in item.text.last.map { !".!?:;,".contains($0) } ?? false }
        // With no more of the page after it, a lone line is the page's body.
        let longest = candidates.map(\.text.count).max() ?? 0
        guard let title = candidates.first(where: { $0.text.count == longest }),
            endsBeforeLast || run.last?.node != title.node
        else { return nil }
        let repeats = run.filter { $0.text == title.text && $0.node != title.node }.map(\.node)
        return (title.node, noise + repeats)
    }

    /// Whether a paragraph holds only text (with emphasis and code): a line with a link or an
    /// image is content, never a title to take out of the body.
    static func isPlainText(_ paragraph: CMarkNode) -> Bool {
        var plain = true
        paragraph.forEachNode { node in
            switch node.type {
            case CMARK_NODE_PARAGRAPH, CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_EMPH, CMARK_NODE_STRONG,
                CMARK_NODE_SOFTBREAK:
                break
            default: plain = false
            }
        }
        return plain
    }

    /// Whether a paragraph can open with an UPPER_SNAKE key and its colon (in its text, code
    /// or bold): most paragraphs are ruled out before their text is gathered.
    static func mayBePairs(_ paragraph: CMarkNode) -> Bool {
        var node = paragraph.firstChild
        while let current = node, current.type == CMARK_NODE_STRONG || current.type == CMARK_NODE_EMPH {
            node = current.firstChild
        }
        guard let first = node, first.type == CMARK_NODE_TEXT || first.type == CMARK_NODE_CODE,
            let literal = cmark_node_get_literal(first.pointer)
        else { return false }
        // Both a metadata pair and a guidance keyword open with an upper-case word (A-Z, then
        // A-Z, 0-9 or _) and its colon, which may stand in the next node (`**CHECK**:`). Any
        // other character before the colon rules both out, without the paragraph's text
        // being put together (most paragraphs open with a capital).
        let bytes = UnsafeRawPointer(literal)
        guard bytes.load(as: UInt8.self) &- UInt8(ascii: "A") < 26 else { return false }
        var offset = 1
        while true {
            let byte = bytes.load(fromByteOffset: offset, as: UInt8.self)
            if byte == 0 || byte == UInt8(ascii: ":") { return true }
            guard byte &- UInt8(ascii: "A") < 26 || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "_") else {
                return false
            }
            offset += 1
        }
    }

    /// Ids the page around the body already uses (the default theme's skip-link target,
    /// navigation, search box, and the preview's error overlay): a heading never takes one,
    /// so "## Content" cannot steal the skip link's target.
    package static let reservedIDs = [
        "content", "site-nav", "search-input", "search-results", "search-status", "strata-build-error"
    ]

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
                self.headings.append(
                    Heading(level: node.headingLevel, text: text, id: id, location: self.location(of: node)))
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                self.linkIndex[node.pointer] = self.links.count
                // A symbol link was made after parsing and has no place: its code span has.
                let place = self.symbolLinks.contains(node.pointer) ? node.firstChild ?? node : node
                self.links.append(
                    MarkdownLink(
                        destination: node.url, location: self.location(of: place),
                        isImage: node.type == CMARK_NODE_IMAGE, isSymbol: place != node))
            case CMARK_NODE_CUSTOM_BLOCK:
                guard let number = self.directiveNodes[node.pointer] else { break }
                self.collectDirectiveLinks(number)
                // A chapter or a tutorial's section is drawn with a heading of its own.
                let directive = self.directives[number]
                if let label = Self.headedDirectives[directive.name], let text = directive.argument(label) {
                    let id = slugger.uniqueSlug(for: text)
                    self.headingIDs[node.pointer] = id
                    self.headings.append(Heading(level: 2, text: text, id: id, location: directive.location))
                }
            case CMARK_NODE_CODE_BLOCK where !self.hasDiagramBlocks:
                // The language alone: copying every block's code cost more than reading it.
                self.hasDiagramBlocks = CodeBlock.diagramLanguages.contains(node.fenceLanguage.lowercased())
            default:
                break
            }
        }
    }

    /// The page's diagram fences (` ```mermaid `, ` ```dot `), in the order `renderHTML`
    /// hands them to `drawDiagram`.
    package func diagramBlocks() -> [CodeBlock] {
        guard hasDiagramBlocks else { return [] }
        var blocks: [CodeBlock] = []
        CMarkNode(root).forEachNode { node in
            guard node.type == CMARK_NODE_CODE_BLOCK,
                CodeBlock.diagramLanguages.contains(node.fenceLanguage.lowercased())
            else { return }
            blocks.append(
                CodeBlock(
                    language: node.fenceLanguage, code: node.literal, location: self.location(of: node),
                    info: node.fenceInfo.trimmingWhitespace))
        }
        return blocks
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
        if line > 0, line <= removedIndent.count { column += removedIndent[line - 1] }
        return origin(of: SourceLocation(path: path, line: line, column: column))
    }

    /// Where a place on the page came from: itself, unless the page was written from other
    /// files (`lineOrigins`).
    func origin(of place: SourceLocation) -> SourceLocation {
        guard let lineOrigins, place.line <= lineOrigins.count else { return place }
        return lineOrigins[place.line - 1].shiftingColumn(place.column - 1)
    }

    /// Renders the body as HTML. `resolveLink` maps each link to the `href`/`src` to write
    /// (returning `nil` keeps the destination as written).
    /// `callouts` draws guidance blocks where they were written; `highlighter` marks up
    /// code blocks in the languages it knows.
    /// `drawDiagram` draws a diagram fence (` ```mermaid `, ` ```dot `) as HTML; nil keeps
    /// it as code.
    package func renderHTML(
        callouts: [GuidanceCallout] = [], highlighter: (any CodeHighlighter)? = nil,
        drawDiagram: (CodeBlock) -> String? = { _ in nil },
        resolveLink: (MarkdownLink) -> String? = { _ in nil }, docc: DocCRendering? = nil
    ) -> String {
        withoutActuallyEscaping(resolveLink) { resolve in
            withoutActuallyEscaping(drawDiagram) { draw in
                var renderer = HTMLRenderer(
                    document: self, callouts: callouts, highlighter: highlighter, resolveLink: resolve)
                renderer.drawDiagram = draw
                renderer.docc = docc
                return renderer.render()
            }
        }
    }
}
