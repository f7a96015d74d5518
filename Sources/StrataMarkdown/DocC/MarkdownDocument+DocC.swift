import CCmarkGFM
import StrataCore

extension MarkdownDocument {
    /// Directives Strata draws or honours; any other is a warning at its line, and what it
    /// holds is still shown.
    static let knownDirectives: Set<String> = [
        // Page settings.
        "Metadata", "DisplayName", "TitleHeading", "PageKind", "PageImage", "PageColor", "TechnologyRoot", "Available",
        "CallToAction", "DocumentationExtension", "SupportedLanguage", "AlternateRepresentation", "Redirected",
        "Options", "AutomaticSeeAlso", "TopicsVisualStyle", "AutomaticTitleHeading", "AutomaticArticleSubheading",
        "Comment",
        // Layout and media.
        "Row", "Column", "TabNavigator", "Tab", "Small", "Links", "Image", "Video", "DeprecationSummary", "Snippet",
        // Tutorials.
        "Tutorials", "Intro", "Chapter", "TutorialReference", "Volume", "Resources", "Documentation", "SampleCode",
        "Downloads", "Videos", "Forums", "Tutorial", "XcodeRequirement", "Section", "ContentAndMedia", "Stack",
        "Steps", "Step", "Code", "Assessments", "MultipleChoice", "Choice", "Justification", "Article"
    ]

    /// Directives that are settings, never drawn in the body.
    static let settingDirectives: Set<String> = [
        "Options", "Comment", "Redirected", "DisplayName", "TitleHeading", "PageKind", "PageImage", "PageColor",
        "TechnologyRoot", "Available", "CallToAction", "DocumentationExtension", "SupportedLanguage",
        "AlternateRepresentation", "AutomaticSeeAlso", "TopicsVisualStyle", "AutomaticTitleHeading",
        "AutomaticArticleSubheading"
    ]

    /// Directives drawn with a heading of their own, which the page's table of contents and
    /// `doc:Tutorial#Section` links know.
    static let headedDirectives: [String: String] = [
        "Chapter": "name", "Section": "title", "Volume": "name"
    ]

    /// Arguments that lead somewhere: checked like links, and resolved by name in the catalog.
    static let destinationArguments: [String: [(label: String, isImage: Bool)]] = [
        "Image": [("source", true)], "Video": [("source", true), ("poster", true)], "PageImage": [("source", true)],
        "Code": [("file", false), ("previousFile", false)], "TutorialReference": [("tutorial", false)],
        "CallToAction": [("url", false), ("file", false)], "XcodeRequirement": [("destination", false)],
        "Documentation": [("destination", false)], "SampleCode": [("destination", false)],
        "Downloads": [("destination", false)], "Videos": [("destination", false)], "Forums": [("destination", false)],
        "Intro": [("image", true)]
    ]

    /// The number of the directive a node draws, if it draws one.
    func directive(of node: OpaquePointer) -> DocCDirective? {
        directiveNodes[node].map { directives[$0] }
    }

    /// The node that draws directive `number`.
    func directiveNode(_ number: Int) -> OpaquePointer? {
        number < directivePointers.count ? directivePointers[number] : nil
    }

    /// The link an argument of directive `number` holds, if any.
    func directiveLink(_ number: Int, _ label: String) -> MarkdownLink? {
        directiveLinks[number]?[label].map { links[$0] }
    }

    /// Notes the links directive `number`'s arguments hold.
    func collectDirectiveLinks(_ number: Int) {
        let directive = directives[number]
        for argument in Self.destinationArguments[directive.name] ?? [] {
            guard let value = directive.argument(argument.label), !value.isEmpty else { continue }
            directiveLinks[number, default: [:]][argument.label] = links.count
            links.append(MarkdownLink(destination: value, location: directive.location, isImage: argument.isImage))
        }
    }

    /// Settings are kept out of the body, and so are HTML comments, which DocC authors
    /// use to leave text out.
    func hideDirectiveSettings() {
        for (node, number) in directiveNodes {
            let name = directives[number].name
            if name == "Metadata" || Self.settingDirectives.contains(name) { hiddenBlocks.insert(node) }
        }
        CMarkNode(root).forEachNode { node in
            guard node.type == CMARK_NODE_HTML_BLOCK else { return }
            let literal = node.literal.trimmingWhitespace
            if literal.hasPrefix("<!--"), literal.hasSuffix("-->") { hiddenBlocks.insert(node.pointer) }
        }
    }

    /// What the page's directives say, and the warnings for those Strata does not know.
    func analyzeDocC() {
        var info = DocCPageInfo()
        let top = CMarkNode(root).children
        if let first = top.first, first.type == CMARK_NODE_HEADING, first.headingLevel == 1 {
            let parts = first.children
            if parts.count == 1, parts[0].type == CMARK_NODE_CODE { info.symbol = parts[0].literal }
        }
        // DocC's abstract: the first block after the title, settings and comments aside, when
        // it is a paragraph. A page that goes on with anything else (a declaration, a
        // heading) has none, so a later paragraph is never taken for it.
        let afterTitle = top.drop { $0.type == CMARK_NODE_HEADING && $0.headingLevel == 1 }
        if let next = afterTitle.first(where: { !hiddenBlocks.contains($0.pointer) }), next.type == CMARK_NODE_PARAGRAPH
        {
            let text = next.plainText().trimmingWhitespace
            if !text.isEmpty { info.abstract = text }
        }
        for directive in directives {
            let parent = directive.parent.map { directives[$0].name }
            if !Self.knownDirectives.contains(directive.name) {
                doccDiagnostics.append(
                    .warning(
                        "docc.unknown-directive",
                        "Strata does not know the directive @\(directive.name); what it holds is shown as it is",
                        at: directive.location))
                continue
            }
            if directive.parent == nil, info.tutorialKind == nil, isTutorialFile,
                ["Tutorials", "Tutorial", "Article"].contains(directive.name)
            {
                info.tutorialKind = directive.name
                if directive.name == "Tutorials" { info.tutorialTitle = directive.argument("name") }
                if directive.name == "Tutorial" { info.estimatedMinutes = directive.argument("time") }
            }
            switch (directive.name, parent) {
            case ("DisplayName", "Metadata"): info.displayName = directive.unlabeled
            case ("TitleHeading", "Metadata"): info.titleHeading = directive.unlabeled
            case ("PageKind", "Metadata"): info.pageKind = directive.unlabeled
            case ("TechnologyRoot", "Metadata"): info.isTechnologyRoot = true
            case ("Available", "Metadata"):
                info.availability.append(
                    DocCPageInfo.Availability(
                        platform: directive.unlabeled ?? "", introduced: directive.argument("introduced"),
                        deprecated: directive.argument("deprecated")))
            case ("PageImage", "Metadata"):
                if let source = directive.argument("source") {
                    info.pageImages.append(
                        DocCPageInfo.PageImage(
                            purpose: directive.argument("purpose") ?? "card", source: source,
                            alt: directive.argument("alt")))
                }
            case ("CallToAction", "Metadata"):
                if let destination = directive.argument("url") ?? directive.argument("file") {
                    let label =
                        directive.argument("label")
                        ?? (directive.argument("purpose") == "download" ? "Download" : "Visit")
                    info.callToAction = DocCPageInfo.CallToAction(label: label, destination: destination)
                }
            case ("DocumentationExtension", "Metadata"): info.mergeBehavior = directive.argument("mergeBehavior")
            case ("TopicsVisualStyle", "Options"): info.topicsVisualStyle = directive.unlabeled
            case ("AutomaticSeeAlso", "Options"): info.automaticSeeAlso = directive.unlabeled != "disabled"
            case ("Intro", _) where info.tutorialTitle == nil && info.tutorialKind != nil:
                info.tutorialTitle = directive.argument("title")
            case ("TutorialReference", let parentName):
                if let tutorial = directive.argument("tutorial") {
                    info.curated.append(tutorial)
                    let chapter =
                        parentName == "Chapter" ? directive.parent.flatMap { directives[$0].argument("name") } : nil
                    info.curatedGroups.append(chapter)
                }
            default: break
            }
        }
        for (link, group) in topicsLinks() {
            info.curated.append(link)
            info.curatedGroups.append(group)
        }
        if info.topicsVisualStyle == "hidden" { hiddenBlocks.formUnion(topicsSection().map(\.pointer)) }
        doccInfo = info
    }

    /// Whether the page is a `.tutorial` file (a tutorial's text is all directives).
    var isTutorialFile: Bool { path.hasSuffix(".tutorial") }

    /// The `## Topics` heading and everything after it up to the next level-2 heading.
    func topicsSection() -> [CMarkNode] {
        var section: [CMarkNode] = []
        var inside = false
        for node in CMarkNode(root).children {
            if node.type == CMARK_NODE_HEADING, node.headingLevel <= 2 {
                inside = node.headingLevel == 2 && node.plainText().trimmingWhitespace == "Topics"
            }
            if inside { section.append(node) }
        }
        return section
    }

    /// The lists of the Topics section, drawn as DocC draws topic groups.
    func topicsLists() -> Set<OpaquePointer> {
        Set(topicsSection().filter { $0.type == CMARK_NODE_LIST }.map(\.pointer))
    }

    /// The `doc:` links of the Topics section, in order, each with its group's heading.
    private func topicsLinks() -> [(link: String, group: String?)] {
        var found: [(link: String, group: String?)] = []
        var group: String?
        for node in topicsSection() {
            if node.type == CMARK_NODE_HEADING, node.headingLevel == 3 { group = node.plainText().trimmingWhitespace }
            node.forEachNode { child in
                if child.type == CMARK_NODE_LINK, child.url.hasPrefix("doc:") { found.append((child.url, group)) }
            }
        }
        return found
    }
}
