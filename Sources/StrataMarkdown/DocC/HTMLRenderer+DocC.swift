import CCmarkGFM
import StrataCore

/// How DocC's directives, asides and `doc:` links are drawn: plain HTML with `docc-`
/// classes the theme styles, readable without a script.
extension HTMLRenderer {
    /// The line above a DocC page's body: what the page is (DocC's eyebrow), the versions
    /// it is available from, a tutorial's time, and its call to action.
    func doccPageInfo(icon: String?) -> String {
        guard let info = document.doccInfo else { return "" }
        var html = "<div class=\"docc-page-info\">"
        if let icon {
            let alt = info.pageImages.first { $0.purpose == "icon" }?.alt ?? ""
            html += "<img class=\"docc-icon\" src=\"\(escape(URLSafety.safe(icon)))\" alt=\"\(escape(alt))\">"
        }
        html += "<span class=\"docc-eyebrow\">\(escape(info.eyebrow))</span>"
        for availability in info.availability {
            var text = availability.platform
            if let introduced = availability.introduced { text += " \(introduced)+" }
            if let deprecated = availability.deprecated { text += ", deprecated in \(deprecated)" }
            html += "<span class=\"docc-availability\">\(escape(text))</span>"
        }
        if let minutes = info.estimatedMinutes {
            html += "<span class=\"docc-time\">\(escape(minutes)) min</span>"
        }
        html += "</div>\n"
        if let action = info.callToAction,
            let number = document.directives.firstIndex(where: {
                $0.name == "CallToAction"
            })
        {
            let link = document.directiveLink(number, "url") ?? document.directiveLink(number, "file")
            let href = link.map { resolveLink($0) ?? $0.destination } ?? action.destination
            html +=
                "<p class=\"docc-call-to-action\"><a class=\"docc-button\" href=\"\(escape(URLSafety.safe(href)))\">"
                + "\(escape(action.label))</a></p>\n"
        }
        return html
    }

    /// Finds the page's asides and topic groups, and writes the line above its body.
    mutating func prepareDocC() {
        CMarkNode(document.root).forEachNode { node in
            guard node.type == CMARK_NODE_BLOCK_QUOTE, let paragraph = node.firstChild,
                paragraph.type == CMARK_NODE_PARAGRAPH, let text = paragraph.firstChild, text.type == CMARK_NODE_TEXT,
                let kind = DocCAside.kind(of: text.literal)
            else { return }
            asides[node.pointer] = (kind.key, kind.title)
            asidePrefixes[text.pointer] = kind.prefixBytes
        }
        topicsLists = document.topicsLists()
        // The images `@Metadata` names are checked like links; the icon is drawn beside the
        // word above the body, the card on the cards of pages that link here.
        var icon: String?
        for (number, directive) in document.directives.enumerated() where directive.name == "PageImage" {
            guard let link = document.directiveLink(number, "source") else { continue }
            let href = resolveLink(link)
            if directive.argument("purpose") == "icon", icon == nil { icon = href ?? link.destination }
        }
        html += doccPageInfo(icon: icon)
    }

    /// A `<doc:Article>` link, drawn with its page's title as DocC does; false for any
    /// other link, which is drawn as written.
    mutating func renderDocLink(_ node: CMarkNode) -> Bool {
        let url = node.url
        guard url.hasPrefix("doc:"), let text = node.firstChild, text.next == nil, text.type == CMARK_NODE_TEXT,
            text.literal == url, let index = document.linkIndex[node.pointer]
        else { return false }
        let link = document.links[index]
        let href = resolveLink(link) ?? link.destination
        let target = docc?.target(link)
        let title = target?.title ?? String(url.dropFirst(4))
        // A grid of cards shows each page's card image above its link.
        if let card = target?.cardImage, isWholeItem(node), let list = node.parent?.parent?.parent, isGrid(list) {
            html += "<img class=\"docc-card-image\" src=\"\(escape(URLSafety.safe(card)))\" alt=\"\" loading=\"lazy\">"
        }
        html += "<a href=\"\(escape(URLSafety.safe(href)))\">\(escape(title))</a>"
        html += doccAbstract(after: node)
        return true
    }

    /// A ``` ``Symbol`` ``` link: its name in code voice, linked when it resolves and plain
    /// code when it does not (the link stage has said why).
    mutating func renderSymbolLink(_ node: CMarkNode) -> Bool {
        guard document.symbolLinks.contains(node.pointer), let index = document.linkIndex[node.pointer] else {
            return false
        }
        let link = document.links[index]
        let shown = DocCSymbolLinks.shownName(String(node.url.dropFirst(4)))
        let code = "<code>\(escape(docc?.target(link)?.title ?? shown))</code>"
        if let href = resolveLink(link) {
            html += "<a href=\"\(escape(URLSafety.safe(href)))\">\(code)</a>"
            html += doccAbstract(after: node)
        } else {
            html += code
        }
        return true
    }

    /// A topic's abstract, under a link that is the whole of an item of a topic group or
    /// of `@Links`.
    func doccAbstract(after node: CMarkNode) -> String {
        guard isWholeItem(node), let list = node.parent?.parent?.parent, isTopicList(list),
            let index = document.linkIndex[node.pointer],
            let abstract = docc?.target(document.links[index])?.abstract
        else { return "" }
        // The space keeps the title and the abstract two words apart in text read from the page.
        return " <span class=\"docc-abstract\">\(escape(abstract))</span>"
    }

    /// Whether a link is the whole of a list item.
    private func isWholeItem(_ node: CMarkNode) -> Bool {
        guard let paragraph = node.parent, paragraph.type == CMARK_NODE_PARAGRAPH, paragraph.firstChild == node,
            node.next == nil, let item = paragraph.parent, item.type == CMARK_NODE_ITEM
        else { return false }
        return item.parent?.type == CMARK_NODE_LIST
    }

    /// Whether a topic group or `@Links` list is drawn as a grid of cards.
    private func isGrid(_ list: CMarkNode) -> Bool {
        let style: String?
        if topicsLists.contains(list.pointer) {
            style = document.doccInfo?.topicsVisualStyle
        } else if let parent = list.parent, let number = document.directiveNodes[parent.pointer],
            document.directives[number].name == "Links"
        {
            style = document.directives[number].argument("visualStyle")
        } else {
            style = nil
        }
        return style == "compactGrid" || style == "detailedGrid"
    }

    private func isTopicList(_ list: CMarkNode) -> Bool {
        if topicsLists.contains(list.pointer) { return true }
        guard let parent = list.parent, let number = document.directiveNodes[parent.pointer] else { return false }
        return document.directives[number].name == "Links"
    }

    /// The opening of directive `number`'s drawing; false when the directive was drawn
    /// whole and what it holds is not to be walked.
    mutating func openDirective(_ number: Int) -> Bool {
        let directive = document.directives[number]
        let id = HTMLEscaping.escape(directiveHeadingID(number))
        let heading = { (text: String) -> String in
            "<h2 id=\"\(id)\">\(HTMLEscaping.escape(text))<a class=\"heading-anchor\" href=\"#\(id)\" "
                + "aria-label=\"Link to this section\">#</a></h2>\n"
        }
        switch directive.name {
        case "Row":
            let columns = Int(directive.argument("numberOfColumns") ?? "") ?? 0
            let style = columns > 0 ? " style=\"--docc-columns: \(min(columns, 12))\"" : ""
            html += "<div class=\"docc-row\"\(style)>\n"
        case "Column":
            let size = Int(directive.argument("size") ?? "") ?? 1
            html += "<div class=\"docc-column\" style=\"--docc-span: \(max(1, min(size, 12)))\">\n"
        case "TabNavigator":
            html += "<div class=\"docc-tabs\">\n"
        case "Tab":
            html +=
                "<section class=\"docc-tab\"><p class=\"docc-tab-title\">"
                + "\(escape(directive.unlabeled ?? "Tab"))</p>\n"
        case "Small":
            html += "<div class=\"docc-small\">\n"
        case "Links":
            let style = directive.argument("visualStyle") ?? "list"
            html += "<div class=\"docc-links docc-links-\(escape(Self.cssName(style)))\">\n"
        case "Image":
            html += "<figure class=\"docc-image\">" + media(number, directive, tag: "img")
            if hasContent(number) { html += "<figcaption>" }
        case "Video":
            html += "<figure class=\"docc-video\">" + media(number, directive, tag: "video")
            if hasContent(number) { html += "<figcaption>" }
        case "DeprecationSummary":
            html += "<div class=\"docc-aside docc-aside-deprecated\"><p class=\"docc-aside-title\">Deprecated</p>\n"
        case "Tutorials":
            html += "<div class=\"docc-tutorials\">\n"
        case "Tutorial", "Article":
            html += "<div class=\"docc-tutorial\">\n"
        case "Intro":
            html += "<section class=\"docc-intro\">\n"
            if let title = directive.argument("title"), document.doccInfo?.tutorialKind == "Tutorials" {
                html += "<p class=\"docc-intro-title\">\(escape(title))</p>\n"
            }
            if let link = document.directiveLink(number, "image") {
                html +=
                    "<img src=\"\(escape(URLSafety.safe(resolveLink(link) ?? link.destination)))\" alt=\"\" "
                    + "loading=\"lazy\">"
            }
        case "Chapter", "Volume":
            html += "<section class=\"docc-\(directive.name.lowercased())\">\n"
            html += heading(directive.argument("name") ?? directive.name)
        case "Section":
            html += "<section class=\"docc-section\">\n" + heading(directive.argument("title") ?? "Section")
        case "ContentAndMedia":
            html += "<div class=\"docc-content-and-media\">\n"
        case "Stack":
            html += "<div class=\"docc-stack\">\n"
        case "Steps":
            html += "<ol class=\"docc-steps\">\n"
        case "Step":
            html += "<li class=\"docc-step\">\n"
        case "Code":
            html += code(number, directive)
            return false
        case "Snippet":
            html += snippet(directive)
            return false
        case "TutorialReference":
            html += reference(number, argument: "tutorial")
            return false
        case "XcodeRequirement":
            let href = document.directiveLink(number, "destination").map { resolveLink($0) ?? $0.destination } ?? ""
            html +=
                "<p class=\"docc-requirement\"><a href=\"\(escape(URLSafety.safe(href)))\">"
                + "\(escape(directive.argument("title") ?? "Xcode"))</a></p>\n"
            return false
        case "Assessments":
            html += "<section class=\"docc-assessments\">\n<h2>Check Your Understanding</h2>\n"
        case "MultipleChoice":
            html += "<div class=\"docc-question\">\n"
        case "Choice":
            let correct = directive.argument("isCorrect") == "true"
            html += "<div class=\"docc-choice docc-choice-\(correct ? "correct" : "incorrect")\">\n"
        case "Justification":
            let reaction = directive.argument("reaction") ?? "Why"
            html += "<details class=\"docc-justification\"><summary>\(escape(reaction))</summary>\n"
        case "Resources":
            html += "<section class=\"docc-resources\">\n<h2>Resources</h2>\n"
        case "Documentation", "SampleCode", "Downloads", "Videos", "Forums":
            html +=
                "<div class=\"docc-resource\"><p class=\"docc-resource-kind\">"
                + "\(escape(Self.title(of: directive.name)))</p>\n"
        default:
            // A directive Strata does not know: what it says, then what it holds.
            html +=
                "<div class=\"docc-unknown\"><p class=\"docc-unknown-name\"><code>"
                + "\(escape(Self.heading(of: directive)))</code></p>\n"
        }
        return true
    }

    mutating func closeDirective(_ number: Int) {
        let directive = document.directives[number]
        switch directive.name {
        case "Tab", "Chapter", "Volume", "Section", "Intro", "Assessments", "Resources":
            html += "</section>\n"
        case "Image", "Video":
            if hasContent(number) { html += "</figcaption>" }
            html += "</figure>\n"
        case "Steps":
            html += "</ol>\n"
        case "Step":
            html += "</li>\n"
        case "Justification":
            html += "</details>\n"
        case "Documentation", "SampleCode", "Downloads", "Videos", "Forums":
            if let link = document.directiveLink(number, "destination") {
                let href = resolveLink(link) ?? link.destination
                html +=
                    "<p><a href=\"\(escape(URLSafety.safe(href)))\">\(escape(Self.title(of: directive.name)))</a></p>\n"
            }
            html += "</div>\n"
        default:
            html += "</div>\n"
        }
    }

    /// `tutorialReference`, `Links`' items, a topic: the page's title as the link, its abstract under it.
    private func reference(_ number: Int, argument: String) -> String {
        guard let link = document.directiveLink(number, argument) else { return "" }
        let href = resolveLink(link) ?? link.destination
        let target = docc?.target(link)
        var html =
            "<div class=\"docc-reference\"><p><a href=\"\(escape(URLSafety.safe(href)))\">"
            + "\(escape(target?.title ?? link.destination))</a></p>"
        if let abstract = target?.abstract { html += "<p class=\"docc-abstract\">\(escape(abstract))</p>" }
        return html + "</div>\n"
    }

    private func media(_ number: Int, _ directive: DocCDirective, tag: String) -> String {
        guard let link = document.directiveLink(number, "source") else { return "" }
        let source = escape(URLSafety.safe(resolveLink(link) ?? link.destination))
        let alt = escape(directive.argument("alt") ?? "")
        if tag == "img" {
            guard let dark = docc?.darkImage(link) else {
                return "<img src=\"\(source)\" alt=\"\(alt)\" loading=\"lazy\">"
            }
            let darkSource = escape(URLSafety.safe(dark))
            return "<img class=\"docc-light-only\" src=\"\(source)\" alt=\"\(alt)\" loading=\"lazy\">"
                + "<img class=\"docc-dark-only\" src=\"\(darkSource)\" alt=\"\(alt)\" loading=\"lazy\">"
        }
        var poster = ""
        if let link = document.directiveLink(number, "poster") {
            poster = " poster=\"\(escape(URLSafety.safe(resolveLink(link) ?? link.destination)))\""
        }
        return "<video controls preload=\"metadata\" src=\"\(source)\"\(poster) aria-label=\"\(alt)\"></video>"
    }

    /// A snippet of the package's `Snippets` folder, highlighted as Swift.
    private func snippet(_ directive: DocCDirective) -> String {
        let path = directive.argument("path") ?? directive.unlabeled ?? ""
        guard let code = docc?.snippet(directive) else {
            return "<p class=\"docc-missing\">The snippet <code>\(escape(path))</code>"
                + (directive.argument("slice").map { " (slice <code>\(escape($0))</code>)" } ?? "")
                + " is not in the package's Snippets folder.</p>\n"
        }
        return "<figure class=\"docc-code docc-snippet\">"
            + CodeBlockHTML.render(code, language: "swift", highlighter: highlighter) + "</figure>\n"
    }

    /// A tutorial step's code: the file the catalog holds, highlighted, under its name.
    private func code(_ number: Int, _ directive: DocCDirective) -> String {
        let name = directive.argument("name") ?? directive.argument("file") ?? ""
        var html = "<figure class=\"docc-code\"><figcaption>\(escape(name))</figcaption>\n"
        let file = document.directiveLink(number, "file")
        // Both files are checked like links: a missing one is reported at the directive.
        let resolved = file.flatMap(resolveLink)
        _ = document.directiveLink(number, "previousFile").map(resolveLink)
        if let file, let text = docc?.code(file) {
            // The file found, whose name has its extension even when the directive's has none.
            let language = CodeLanguage.of(fileName: resolved ?? file.destination)
            html += CodeBlockHTML.render(text, language: language, highlighter: highlighter)
        } else {
            html +=
                "<p class=\"docc-missing\">The file <code>\(escape(file?.destination ?? name))</code> is not in the "
                + "catalog.</p>\n"
        }
        return html + "</figure>\n"
    }

    private func hasContent(_ number: Int) -> Bool {
        guard let node = document.directiveNode(number) else { return false }
        return cmark_node_first_child(node) != nil
    }

    private func directiveHeadingID(_ number: Int) -> String {
        guard let node = document.directiveNode(number) else { return "" }
        return document.headingIDs[node] ?? ""
    }

    /// A directive's first line as written, without the brace that opens its body.
    static func heading(of directive: DocCDirective) -> String {
        var text = directive.source.trimmingWhitespace
        if directive.hasBody, text.hasSuffix("{") { text = String(text.dropLast()).trimmingWhitespace }
        return text
    }

    /// `compactGrid` → `compact-grid`.
    static func cssName(_ name: String) -> String {
        var result = ""
        for character in name {
            if character.isUppercase {
                result += "-" + character.lowercased()
            } else if character.isLetter || character.isNumber {
                result.append(character)
            }
        }
        return result
    }

    /// `SampleCode` → "Sample Code".
    static func title(of name: String) -> String {
        var result = ""
        for character in name {
            if character.isUppercase, !result.isEmpty { result += " " }
            result.append(character)
        }
        return result
    }
}

/// The highlighting language of a file, by its extension.
enum CodeLanguage {
    static func of(fileName: String) -> String {
        let name = fileName.split(separator: "/").last.map(String.init) ?? fileName
        guard let dot = name.lastIndex(of: ".") else { return "" }
        switch name[name.index(after: dot)...].lowercased() {
        case "swift": return "swift"
        case "yaml", "yml": return "yaml"
        case "json": return "json"
        case "sh", "bash", "zsh": return "shell"
        case "md": return "markdown"
        case "html": return "html"
        case "m", "h": return "objective-c"
        case "c": return "c"
        default: return name[name.index(after: dot)...].lowercased()
        }
    }
}
