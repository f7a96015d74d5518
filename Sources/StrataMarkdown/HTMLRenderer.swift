import CCmarkGFM
import StrataCore

/// Writes a document's tree as HTML. Strata renders the tree itself (rather than calling
/// cmark's renderer) to give headings ids and self-links, rewrite links, keep raw HTML
/// escaped unless allowed, and mark up code blocks for the theme.
struct HTMLRenderer {
    let document: MarkdownDocument
    let resolveLink: (MarkdownLink) -> String?
    let highlighter: (any CodeHighlighter)?
    /// Draws diagram fences; nil keeps them as code.
    var drawDiagram: ((MarkdownDocument.CodeBlock) -> String?)?
    /// Titles, abstracts and files for a DocC page's links and directives.
    var docc: DocCRendering?
    /// A DocC page's asides: each quote drawn as one, and its first text, whose leading
    /// `Note:` the aside's title replaces (UTF-8 bytes not shown).
    var asides: [OpaquePointer: (key: String, title: String)] = [:]
    var asidePrefixes: [OpaquePointer: Int] = [:]
    /// A DocC page's topic groups.
    var topicsLists: Set<OpaquePointer> = []
    var html = HTMLBytes()
    private var openTableBodies: Set<OpaquePointer> = []
    private let callouts: CalloutLayout
    /// The callouts the renderer is inside, innermost last.
    private var openCallouts: [CalloutLayout.Group] = []
    private var replacedQuotes: Set<OpaquePointer> = []
    private var linkDepth = 0
    /// Whether text being written follows a `READ_ALSO:` keyword in a callout.
    private var afterReadAlso = false
    /// The innermost callout's READ_ALSO targets → hrefs.
    private var readAlsoLinks: [String: String] = [:]
    /// Nodes the callouts draw otherwise: example labels (captions now) and `RULES:` markers.
    private let hiddenByCallouts: Set<Int>
    /// Examples with a verdict or caption, by code block, for callouts drawn around text.
    private let labelledExamples: [Int: GuidanceBlock.Example]

    init(
        document: MarkdownDocument, callouts: [GuidanceCallout] = [], highlighter: (any CodeHighlighter)? = nil,
        resolveLink: @escaping (MarkdownLink) -> String?
    ) {
        self.document = document
        self.highlighter = highlighter
        self.resolveLink = resolveLink
        self.callouts = CalloutLayout(callouts)
        hiddenByCallouts = Set(callouts.flatMap(\.placement.hiddenNodes))
        var labelled: [Int: GuidanceBlock.Example] = [:]
        for callout in callouts {
            for (node, example) in zip(callout.placement.exampleNodes, callout.block.examples)
            where example.verdict != nil {
                labelled[node] = example
            }
        }
        labelledExamples = labelled
    }

    mutating func render() -> String {
        guard let iterator = cmark_iter_new(document.root) else { return "" }
        if document.options.docc { prepareDocC() }
        defer { cmark_iter_free(iterator) }
        // Every node is checked against these: most pages hide one or two blocks and have
        // no callouts, so a short array and two flags spare a hash per node.
        let hidden = Array(document.hiddenBlocks)
        let hasCallouts = !callouts.opening.isEmpty || !callouts.closing.isEmpty
        let hidesForCallouts = !hiddenByCallouts.isEmpty
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = CMarkNode(cmark_iter_get_node(iterator)) else { continue }
            let entering = event == CMARK_EVENT_ENTER
            if entering, !hidden.isEmpty, hidden.contains(node.pointer) {
                cmark_iter_reset(iterator, node.pointer, CMARK_EVENT_EXIT)
                continue
            }
            if entering, node.type == CMARK_NODE_IMAGE {
                renderImage(node)
                cmark_iter_reset(iterator, node.pointer, CMARK_EVENT_EXIT)
                continue
            }
            if node.type == CMARK_NODE_CUSTOM_BLOCK, let number = document.directiveNodes[node.pointer] {
                if !entering {
                    closeDirective(number)
                } else if !openDirective(number) {
                    cmark_iter_reset(iterator, node.pointer, CMARK_EVENT_EXIT)
                }
                continue
            }
            if entering, node.type == CMARK_NODE_LINK, document.options.docc,
                renderDocLink(node) || renderSymbolLink(node)
            {
                cmark_iter_reset(iterator, node.pointer, CMARK_EVENT_EXIT)
                continue
            }
            if entering, hasCallouts, let group = callouts.opening[node.pointer] {
                // A block whose nodes hold nothing else is drawn from its parts, in their place.
                if group.isDrawnFromParts {
                    let drawing = CalloutHTML(highlighter: highlighter)
                    for callout in group.callouts { html += drawing.render(callout) }
                    checkLinks(from: node.pointer, through: group.last)
                    cmark_iter_reset(iterator, group.last, CMARK_EVENT_EXIT)
                    continue
                }
                openCallout(group)
            }
            if entering, hidesForCallouts, hiddenByCallouts.contains(Int(bitPattern: node.pointer)) {
                cmark_iter_reset(iterator, node.pointer, CMARK_EVENT_EXIT)
                continue
            }
            renderNode(node, entering: entering)
            if hasCallouts, !entering || Self.isLeaf(node.type), let count = callouts.closing[node.pointer] {
                for _ in 0..<count { closeCallout() }
            }
        }
        return html.string
    }

    /// The links of the nodes a callout drawn from its parts stands in for still go through
    /// the page's link check: a broken link in a `THEN:` is reported like one in prose.
    private func checkLinks(from first: OpaquePointer, through last: OpaquePointer) {
        guard let iterator = cmark_iter_new(document.root) else { return }
        defer { cmark_iter_free(iterator) }
        cmark_iter_reset(iterator, first, CMARK_EVENT_ENTER)
        while true {
            let event = cmark_iter_next(iterator)
            guard event != CMARK_EVENT_DONE, let current = CMarkNode(cmark_iter_get_node(iterator)) else { return }
            if event == CMARK_EVENT_ENTER, let index = document.linkIndex[current.pointer] {
                _ = resolveLink(document.links[index])
            }
            if current.pointer == last, event == CMARK_EVENT_EXIT || Self.isLeaf(current.type) { return }
        }
    }

    private static func isLeaf(_ type: cmark_node_type) -> Bool {
        type == CMARK_NODE_CODE_BLOCK || type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_THEMATIC_BREAK
    }

    // MARK: Guidance callouts

    private mutating func openCallout(_ group: CalloutLayout.Group) {
        guard let first = group.callouts.first else { return }
        if let quote = group.replacedQuote { replacedQuotes.insert(quote) }
        let kinds = Set(group.callouts.map(\.kind.rawValue)).sorted().map { "guidance-\($0)" }.joined(separator: " ")
        html +=
            "<div class=\"guidance-callout \(kinds)\" id=\"\(escape(first.anchor))\">\n<p "
            + "class=\"guidance-callout-header\">"
        for (index, callout) in group.callouts.enumerated() {
            let anchor = index == 0 ? "" : " id=\"\(escape(callout.anchor))\""
            html +=
                "<span class=\"guidance-kind "
                + "guidance-kind-\(callout.kind.rawValue)\"\(anchor)>\(callout.kind.label)</span>"
            if let permalink = callout.permalink {
                html +=
                    "<a class=\"guidance-permalink\" href=\"\(escape(permalink))\" title=\"The page of this "
                    + "\(callout.kind.label.lowercased()): \(escape(callout.id))\">\(escape(callout.id))</a>"
            }
        }
        html += "</p>\n"
        openCallouts.append(group)
        readAlsoLinks = Self.readAlsoLinks(of: group)
        afterReadAlso = false
    }

    private mutating func closeCallout() {
        guard !openCallouts.isEmpty else { return }
        openCallouts.removeLast()
        readAlsoLinks = openCallouts.last.map(Self.readAlsoLinks) ?? [:]
        html += "</div>\n"
    }

    private static func readAlsoLinks(of group: CalloutLayout.Group) -> [String: String] {
        group.callouts.reduce(into: [String: String]()) { $0.merge($1.readAlsoLinks) { first, _ in first } }
    }

    /// Text in a callout: keywords marked for the theme, and READ_ALSO targets written as
    /// plain paths turned into links.
    private mutating func calloutText(_ text: String) -> String {
        let readAlso = readAlsoLinks
        var result = ""
        let tokens = GuidanceAssembler.tokenize([GuidanceAssembler.Piece(text)])
        for token in tokens {
            switch token {
            case .keyword(let keyword, _, _):
                result += "<span class=\"guidance-keyword\">\(keyword.rawValue):</span>"
                afterReadAlso = keyword == .readAlso
            case .text(let value, _):
                guard afterReadAlso, linkDepth == 0, !readAlso.isEmpty else {
                    result += escape(value)
                    continue
                }
                result += linkTargets(in: value, readAlso)
            }
        }
        return result
    }

    private func linkTargets(in text: String, _ links: [String: String]) -> String {
        var result = ""
        var word = ""
        func flush(_ result: inout String) {
            var core = Substring(word)
            var trailing = ""
            while let last = core.last, ".;),".contains(last) {
                trailing = String(last) + trailing
                core = core.dropLast()
            }
            if let href = links[String(core)] {
                result += "<a href=\"\(escape(URLSafety.safe(href)))\">\(escape(String(core)))</a>\(escape(trailing))"
            } else {
                result += escape(word)
            }
            word = ""
        }
        for character in text {
            if character == " " || character == "\n" {
                flush(&result)
                result.append(character)
            } else {
                word.append(character)
            }
        }
        flush(&result)
        return result
    }

    private mutating func renderNode(_ node: CMarkNode, entering: Bool) {
        switch node.type {
        case CMARK_NODE_DOCUMENT:
            break
        case CMARK_NODE_BLOCK_QUOTE:
            if let aside = asides[node.pointer] {
                html +=
                    entering
                    ? "<div class=\"docc-aside docc-aside-\(aside.key)\"><p class=\"docc-aside-title\">"
                        + "\(aside.title)</p>\n" : "</div>\n"
            } else if !replacedQuotes.contains(node.pointer) {
                html += entering ? "<blockquote>\n" : "</blockquote>\n"
            }
        case CMARK_NODE_LIST:
            renderList(node, entering: entering)
        case CMARK_NODE_ITEM:
            renderItem(node, entering: entering)
        case CMARK_NODE_CODE_BLOCK:
            renderCodeBlock(node)
        case CMARK_NODE_HTML_BLOCK:
            html +=
                document.options.unsafeHTML
                ? node.literal : "<p class=\"raw-html\">\(escape(node.literal.trimmingWhitespace))</p>\n"
        case CMARK_NODE_PARAGRAPH:
            if !isInTightList(node) {
                html += entering ? "<p>" : "</p>\n"
            } else if !entering, node.next != nil {
                html += "\n"
            }
        case CMARK_NODE_HEADING:
            renderHeading(node, entering: entering)
        case CMARK_NODE_THEMATIC_BREAK:
            html += "<hr>\n"
        case CMARK_NODE_TEXT:
            if !asidePrefixes.isEmpty, let drop = asidePrefixes[node.pointer] {
                html += escape(String(decoding: node.literal.utf8.dropFirst(drop), as: UTF8.self))
            } else if openCallouts.isEmpty {
                html.appendEscaped(cmark_node_get_literal(node.pointer))
            } else {
                html += calloutText(node.literal)
            }
        case CMARK_NODE_SOFTBREAK:
            html += "\n"
        case CMARK_NODE_LINEBREAK:
            html += "<br>\n"
        case CMARK_NODE_CODE:
            html += "<code>"
            html.appendEscaped(cmark_node_get_literal(node.pointer))
            html += "</code>"
        case CMARK_NODE_HTML_INLINE:
            html += document.options.unsafeHTML ? node.literal : escape(node.literal)
        case CMARK_NODE_EMPH:
            html += entering ? "<em>" : "</em>"
        case CMARK_NODE_STRONG:
            html += entering ? "<strong>" : "</strong>"
        case CMARK_NODE_LINK:
            renderLink(node, entering: entering)
        default:
            renderExtensionNode(node, entering: entering)
        }
    }

    private mutating func renderExtensionNode(_ node: CMarkNode, entering: Bool) {
        switch node.typeName {
        case "strikethrough":
            html += entering ? "<del>" : "</del>"
        case "table":
            renderTable(node, entering: entering)
        case "table_header", "table_row":
            renderTableRow(node, entering: entering)
        case "table_cell":
            renderTableCell(node, entering: entering)
        default:
            // Unknown extension content: keep its text, never its markup.
            if entering, node.firstChild == nil { html += escape(node.literal) }
        }
    }

    private func isInTightList(_ paragraph: CMarkNode) -> Bool {
        guard let item = paragraph.parent, item.type == CMARK_NODE_ITEM, let list = item.parent else { return false }
        return list.isTightList
    }

    private mutating func renderList(_ node: CMarkNode, entering: Bool) {
        let ordered = node.listType == CMARK_ORDERED_LIST
        let isTaskList = node.children.contains { $0.typeName == "tasklist" }
        var classAttribute = isTaskList ? " class=\"task-list\"" : ""
        if !topicsLists.isEmpty, topicsLists.contains(node.pointer) {
            let style = HTMLRenderer.cssName(document.doccInfo?.topicsVisualStyle ?? "list")
            classAttribute = " class=\"docc-topics docc-topics-\(escape(style))\""
        }
        if entering {
            if ordered {
                let start = node.listStart
                html += start == 1 ? "<ol\(classAttribute)>\n" : "<ol start=\"\(start)\"\(classAttribute)>\n"
            } else {
                html += "<ul\(classAttribute)>\n"
            }
        } else {
            html += ordered ? "</ol>\n" : "</ul>\n"
        }
    }

    private mutating func renderItem(_ node: CMarkNode, entering: Bool) {
        guard entering else {
            html += "</li>\n"
            return
        }
        if node.typeName == "tasklist" {
            let checked = cmark_gfm_extensions_get_tasklist_item_checked(node.pointer)
            html += "<li class=\"task-list-item\"><input type=\"checkbox\" disabled\(checked ? " checked" : "")> "
        } else {
            html += "<li>"
        }
        if let first = node.firstChild, first.type != CMARK_NODE_PARAGRAPH || !isInTightList(first) {
            html += "\n"
        }
    }

    private mutating func renderCodeBlock(_ node: CMarkNode) {
        if let drawDiagram, MarkdownDocument.CodeBlock.diagramLanguages.contains(node.fenceLanguage.lowercased()) {
            let block = MarkdownDocument.CodeBlock(
                language: node.fenceLanguage, code: node.literal, location: document.location(of: node),
                info: node.fenceInfo.trimmingWhitespace)
            if let drawn = drawDiagram(block) {
                html += drawn
                return
            }
        }
        if let example = labelledExamples[Int(bitPattern: node.pointer)] {
            html += ExampleHTML.render(example, highlighter: highlighter)
            return
        }
        html += CodeBlockHTML.render(node.literal, language: node.fenceLanguage, highlighter: highlighter)
    }

    private mutating func renderHeading(_ node: CMarkNode, entering: Bool) {
        let level = node.headingLevel
        let id = document.headingIDs[node.pointer] ?? ""
        if entering {
            html += "<h\(level) id=\"\(escape(id))\">"
        } else {
            html +=
                "<a class=\"heading-anchor\" href=\"#\(escape(id))\" aria-label=\"Link to this "
                + "section\">#</a></h\(level)>\n"
        }
    }

    private mutating func renderLink(_ node: CMarkNode, entering: Bool) {
        guard entering else {
            linkDepth -= 1
            html += "</a>"
            if document.options.docc { html += doccAbstract(after: node) }
            return
        }
        linkDepth += 1
        html += "<a href=\"\(escape(destination(of: node)))\""
        let title = node.title
        if !title.isEmpty { html += " title=\"\(escape(title))\"" }
        html += ">"
    }

    private mutating func renderImage(_ node: CMarkNode) {
        let alt = escape(node.plainText())
        let title = node.title.isEmpty ? "" : " title=\"\(escape(node.title))\""
        // A DocC image with a `~dark` variant: both, the theme shows one.
        if let docc, let index = document.linkIndex[node.pointer], let dark = docc.darkImage(document.links[index]) {
            html +=
                "<img class=\"docc-light-only\" src=\"\(escape(destination(of: node)))\" alt=\"\(alt)\"\(title) "
                + "loading=\"lazy\"><img class=\"docc-dark-only\" src=\"\(escape(URLSafety.safe(dark)))\" "
                + "alt=\"\(alt)\"\(title) loading=\"lazy\">"
            return
        }
        html += "<img src=\"\(escape(destination(of: node)))\" alt=\"\(alt)\"\(title) loading=\"lazy\">"
    }

    func destination(of node: CMarkNode) -> String {
        guard let index = document.linkIndex[node.pointer] else { return safeURL(node.url) }
        let link = document.links[index]
        return resolveLink(link) ?? safeURL(link.destination)
    }

    /// Script URLs never reach a page, whatever the Markdown says.
    private func safeURL(_ url: String) -> String {
        // Images may be data: URLs of pictures; nothing else may be a data: URL.
        let lowered = url.trimmingWhitespace.lowercased()
        if lowered.hasPrefix("data:image/"), !lowered.hasPrefix("data:image/svg") { return url }
        return URLSafety.safe(url)
    }

    private mutating func renderTable(_ node: CMarkNode, entering: Bool) {
        if entering {
            html += "<div class=\"table-wrapper\"><table>\n"
        } else {
            if openTableBodies.contains(node.pointer) { html += "</tbody>\n" }
            html += "</table></div>\n"
        }
    }

    private mutating func renderTableRow(_ node: CMarkNode, entering: Bool) {
        let isHeader = cmark_gfm_extensions_get_table_row_is_header(node.pointer) != 0
        if entering {
            if isHeader {
                html += "<thead>\n"
            } else if let table = node.parent, !openTableBodies.contains(table.pointer) {
                openTableBodies.insert(table.pointer)
                html += "<tbody>\n"
            }
            html += "<tr>\n"
        } else {
            html += "</tr>\n"
            if isHeader { html += "</thead>\n" }
        }
    }

    private mutating func renderTableCell(_ node: CMarkNode, entering: Bool) {
        guard let row = node.parent, let table = row.parent else { return }
        let tag = cmark_gfm_extensions_get_table_row_is_header(row.pointer) != 0 ? "th" : "td"
        guard entering else {
            html += "</\(tag)>\n"
            return
        }
        var column = 0
        var sibling = row.firstChild
        while let current = sibling, current != node {
            column += 1
            sibling = current.next
        }
        var alignment = ""
        let columns = Int(cmark_gfm_extensions_get_table_columns(table.pointer))
        if column < columns, let alignments = cmark_gfm_extensions_get_table_alignments(table.pointer) {
            switch alignments[column] {
            case UInt8(ascii: "l"): alignment = " style=\"text-align: left\""
            case UInt8(ascii: "c"): alignment = " style=\"text-align: center\""
            case UInt8(ascii: "r"): alignment = " style=\"text-align: right\""
            default: break
            }
        }
        html += "<\(tag)\(alignment)>"
    }

    func escape(_ text: String) -> String {
        HTMLEscaping.escape(text)
    }
}
