import StrataCore

/// The pages of the guidance catalog: one per block (its parts, examples, where it was
/// written, what it applies to, what it points to and what points to it, the rules citing
/// it) and the catalog page listing every block by page and section, filterable by layer
/// and kind in the browser.
public struct GuidancePages: Sendable {
    public let catalog: GuidanceCatalog
    /// The layers of strata.yml, bottom-up (the catalog's filter lists them in this order).
    public let layers: [String]
    /// A module's page, when the site has one.
    public let modulePath: @Sendable (String) -> String?
    /// A layer's page, when the site has one.
    public let layerPath: @Sendable (String) -> String?
    /// Rule id → its violations, for the rules citing a block.
    public let violationCounts: [String: Int]
    /// Marks up the blocks' examples (Swift, at build time).
    public let highlighter: (any CodeHighlighter)?

    public init(
        catalog: GuidanceCatalog, layers: [String], modulePath: @escaping @Sendable (String) -> String?,
        layerPath: @escaping @Sendable (String) -> String? = { _ in nil }, violationCounts: [String: Int] = [:],
        highlighter: (any CodeHighlighter)? = nil
    ) {
        self.highlighter = highlighter
        self.layerPath = layerPath
        self.violationCounts = violationCounts
        self.catalog = catalog
        self.layers = layers
        self.modulePath = modulePath
    }

    /// The block pages and the catalog page; none for a site without blocks.
    public func pages() -> [Page] {
        guard !catalog.isEmpty else { return [] }
        return catalog.entries.map(blockPage) + [indexPage()]
    }

    /// READ_ALSO targets as written → relative hrefs from `page`, for the callout on the
    /// block's source page.
    public static func readAlsoHrefs(_ entry: GuidanceEntry, from page: String) -> [String: String] {
        var hrefs: [String: String] = [:]
        for link in entry.links {
            guard let destination = link.destination else { continue }
            hrefs[link.reference.target] = href(destination, from: page)
        }
        return hrefs
    }

    static func href(_ destination: GuidanceEntry.Link.Destination, from page: String) -> String {
        switch destination {
        case .url(let url): url
        case .block(let id): SitePath.relativeURL(from: page, to: GuidanceCatalog.pagePath(of: id))
        case .page(let path, _): ArchitecturePages.href(from: page, to: path)
        }
    }

    /// "Check: A screen needs data from the network."
    public static func title(of block: GuidanceBlock) -> String {
        let label = block.kind.label
        switch block.kind {
        case .readAlso:
            return "\(label): " + block.readAlso.map(\.target).joined(separator: ", ")
        case .check, .antiPattern:
            return "\(label): " + InlineMarkup.plainText(block.summary)
        }
    }

    // MARK: A block's page

    private func blockPage(_ entry: GuidanceEntry) -> Page {
        let path = entry.pagePath
        let block = entry.block
        var html = HTML()
        var headings: [Heading] = []
        func section(_ title: String, _ id: String) {
            html.heading(2, title, id: id)
            headings.append(Heading(level: 2, text: title, id: id, location: block.location))
        }
        if entry.isStale, let verified = entry.metadata.first(where: { $0.normalizedKey == "last_verified" }) {
            html.raw("<p class=\"guidance-stale-note\"><span class=\"badge badge-stale\">Stale</span> ")
            html.text("The page this comes from was last verified on \(verified.value); check that it still holds.")
            html.raw("</p>\n")
        }
        parts(of: entry, from: path, into: &html)
        if !block.examples.isEmpty {
            section(block.examples.count == 1 ? "Example" : "Examples", "examples")
            for example in block.examples {
                html.raw(CodeBlockHTML.render(example.code, language: example.language ?? "", highlighter: highlighter))
            }
        }
        if !entry.appliesTo.isEmpty {
            section("Applies to", "applies-to")
            html.raw("<ul class=\"guidance-scopes\">\n")
            for scope in entry.appliesTo {
                html.raw("<li>")
                scopeLink(scope, from: path, into: &html)
                html.raw("</li>\n")
            }
            html.raw("</ul>\n")
        }
        section("Written in", "written-in")
        html.raw("<p>")
        switch entry.source {
        case .page(_, let outputPath, let title):
            html.link(title, href: SitePath.relativeURL(from: path, to: outputPath) + "#" + entry.anchor)
            if let heading = block.heading, !heading.id.isEmpty {
                html.text(", under ")
                html.link(heading.text, href: SitePath.relativeURL(from: path, to: outputPath) + "#" + heading.id)
            }
            html.text(" (line \(block.location.line))")
        case .code(let module, let file):
            html.raw("<code>")
            html.text("\(file):\(block.location.line)")
            html.raw("</code>, in the module ")
            if let target = modulePath(module) {
                html.link(module, href: SitePath.relativeURL(from: path, to: target))
            } else {
                html.text(module)
            }
        }
        html.raw("</p>\n")
        let references = entry.links
        if !references.isEmpty, block.kind != .readAlso {
            section("Read also", "read-also")
            linkList(references, from: path, into: &html)
        }
        let backlinks = entry.backlinks
        if !backlinks.isEmpty || !entry.citedBy.isEmpty {
            section("Referenced by", "referenced-by")
            html.raw("<ul class=\"guidance-backlinks\">\n")
            for backlink in backlinks {
                html.raw("<li>")
                if let id = backlink.blockID, let other = catalog.entry(id: id) {
                    html.link(Self.title(of: other.block), href: SitePath.relativeURL(from: path, to: other.pagePath))
                    html.text(" (\(backlink.title))")
                } else {
                    html.link(backlink.title, href: SitePath.relativeURL(from: path, to: backlink.path))
                }
                html.raw("</li>\n")
            }
            for rule in entry.citedBy {
                html.raw("<li>The rule <code>")
                html.text(rule)
                html.raw("</code> in strata.yml, as its reason (")
                let count = violationCounts[rule] ?? 0
                if count > 0 {
                    html.link("\(count) violation\(count == 1 ? "" : "s")", href: SitePath.relativeURL(from: path, to: ArchitectureSiteMap.violationsPath) + "#" + rule)
                } else {
                    html.text("no violations")
                }
                html.raw(")</li>\n")
            }
            html.raw("</ul>\n")
        }
        var metadata = [metadataEntry(key: "kind", block.kind.label, block.location), metadataEntry(key: "id", block.id, block.location)]
        if !entry.layers.isEmpty { metadata.append(metadataEntry(key: "layers", entry.layers.joined(separator: ", "), block.location)) }
        metadata += entry.metadata
        var page = Page(
            sourcePath: "", outputPath: path, title: Self.title(of: block), description: nil, metadata: metadata,
            headings: headings, contentHTML: html.text
        )
        page.isListedInNavigation = false
        return page
    }

    private func metadataEntry(key: String, _ value: String, _ location: SourceLocation) -> MetadataEntry {
        MetadataEntry(key: key, value: value, location: location, origin: .frontMatter)
    }

    private func parts(of entry: GuidanceEntry, from path: String, into html: inout HTML) {
        let block = entry.block
        html.raw("<dl class=\"guidance-parts guidance-\(block.kind.rawValue)\">\n")
        func part(_ keyword: String, _ text: String, className: String) {
            html.raw("<div class=\"guidance-part \(className)\"><dt>\(keyword)</dt><dd>")
            inline(text, entry: entry, from: path, into: &html)
            html.raw("</dd></div>\n")
        }
        switch block.kind {
        case .check:
            part("Check", block.summary, className: "guidance-situation")
            for condition in block.conditions {
                part("If", condition.condition, className: "guidance-if")
                if let action = condition.action { part("Then", action, className: "guidance-then") }
            }
        case .antiPattern:
            part("Anti-pattern", block.summary, className: "guidance-avoid")
            if let fix = block.fix { part("Fix", fix, className: "guidance-fix") }
        case .readAlso:
            html.raw("<div class=\"guidance-part guidance-read\"><dt>Read also</dt><dd>")
            linkList(entry.links, from: path, into: &html)
            html.raw("</dd></div>\n")
        }
        html.raw("</dl>\n")
    }

    /// A part's text: code spans as code, links resolved like the page's own.
    private func inline(_ text: String, entry: GuidanceEntry, from path: String, into html: inout HTML, depth: Int = 0) {
        guard depth < InlineMarkup.maximumLinkNesting else {
            html.text(text)
            return
        }
        for segment in InlineMarkup.segments(text) {
            switch segment {
            case .text(let value):
                html.text(value)
            case .code(let value):
                html.raw("<code>")
                html.text(value)
                html.raw("</code>")
            case .link(let label, let destination):
                let href = entry.textLinks[destination].map { ArchitecturePages.href(from: path, to: $0) } ?? destination
                html.raw("<a href=\"\(HTML.escape(URLSafety.safe(href)))\">")
                inline(label, entry: entry, from: path, into: &html, depth: depth + 1)
                html.raw("</a>")
            }
        }
    }

    private func linkList(_ links: [GuidanceEntry.Link], from path: String, into html: inout HTML) {
        html.raw("<ul class=\"guidance-links\">\n")
        for link in links {
            html.raw("<li>")
            switch link.destination {
            case .page(let target, let title)?:
                html.link(title, href: Self.href(.page(path: target, title: title), from: path))
                html.raw(" <code>")
                html.text(link.reference.target)
                html.raw("</code>")
            case .block(let id)?:
                let title = catalog.entry(id: id).map { Self.title(of: $0.block) } ?? id
                html.link(title, href: Self.href(.block(id: id), from: path))
            case .url(let url)?:
                html.link(url, href: URLSafety.safe(url))
            case nil:
                html.raw("<span class=\"broken-link\" title=\"Not a page of this site\">")
                html.text(link.reference.target)
                html.raw("</span>")
            }
            html.raw("</li>\n")
        }
        html.raw("</ul>\n")
    }

    private func scopeLink(_ scope: GuidanceEntry.Scope, from path: String, into html: inout HTML) {
        switch scope.kind {
        case .module, .layer:
            let kind = scope.kind.rawValue
            let className = "scope-\(kind)"
            if let target = scope.kind == .module ? modulePath(scope.name) : layerPath(scope.name) {
                html.link(scope.name, href: SitePath.relativeURL(from: path, to: target), className: className)
            } else {
                html.raw("<span class=\"\(className)\">")
                html.text(scope.name)
                html.raw("</span>")
            }
            html.text(" (\(kind))")
        case .unknown:
            html.raw("<span class=\"scope-unknown\" title=\"No layer or module has this name\">")
            html.text(scope.name)
            html.raw("</span>")
        }
    }
}

