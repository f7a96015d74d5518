import StrataCore
import StrataTemplates

/// The pages of the guidance catalog: one per block (its parts, examples, where it was
/// written, what it applies to, what it points to and what points to it, the rules citing
/// it) and the catalog page listing every block by page and section, filterable by layer
/// and kind in the browser.
package struct GuidancePages: Sendable {
    package let catalog: GuidanceCatalog
    /// The layers of strata.yml, bottom-up (the catalog's filter lists them in this order).
    package let layers: [String]
    /// A module's page, when the site has one.
    package let modulePath: @Sendable (String) -> String?
    /// A layer's page, when the site has one.
    package let layerPath: @Sendable (String) -> String?
    /// Marks up the blocks' examples (Swift, at build time).
    package let highlighter: (any CodeHighlighter)?
    /// Draws the block pages (`guidance-block`).
    package let theme: Theme

    package init(
        catalog: GuidanceCatalog, layers: [String], theme: Theme, modulePath: @escaping @Sendable (String) -> String?,
        layerPath: @escaping @Sendable (String) -> String? = { _ in nil },
        highlighter: (any CodeHighlighter)? = nil
    ) {
        self.theme = theme
        self.highlighter = highlighter
        self.layerPath = layerPath
        self.catalog = catalog
        self.layers = layers
        self.modulePath = modulePath
    }

    /// The block pages and the catalog page; none for a site without blocks.
    /// - Throws: `DiagnosticsError` when a template of the theme cannot be rendered.
    package func pages() throws -> [Page] {
        guard !catalog.isEmpty else { return [] }
        return try catalog.patterns.map(blockPage) + [indexPage()]
    }

    /// A page at each former id (`guidance/<former>.html`) that sends the reader on to the
    /// block's page now, drawn by the theme's `guidance-redirect`.
    /// - Throws: `DiagnosticsError` when the template cannot be rendered.
    package func redirectFiles(site: SiteSettings) throws -> [OutputFile] {
        try catalog.redirects.map { redirect in
            let path = GuidanceCatalog.pagePath(of: redirect.from)
            let values: TemplateObject = [
                "title": .text(Self.title(of: redirect.to.block)), "siteTitle": .text(site.title),
                "language": .text(site.language),
                "href": .text(SitePath.relativeURL(from: path, to: redirect.to.pagePath))
            ]
            switch theme.render(values, template: "guidance-redirect") {
            case .success(let bytes): return OutputFile(path: path, contents: bytes)
            case .failure(let diagnostic): throw DiagnosticsError([diagnostic])
            }
        }
    }

    /// What a link's destination is called: the page's title, the block's title, the URL.
    package static func title(of destination: GuidanceEntry.Link.Destination, catalog: GuidanceCatalog) -> String {
        switch destination {
        case .page(_, let title): title
        case .block(let id): catalog.entry(id: id).map { title(of: $0.block) } ?? id
        case .url(let url): url
        }
    }

    package static func href(_ destination: GuidanceEntry.Link.Destination, from page: String) -> String {
        switch destination {
        case .url(let url): url
        case .block(let id): SitePath.relativeURL(from: page, to: GuidanceCatalog.pagePath(of: id))
        case .page(let path, _): ArchitecturePages.href(from: page, to: path)
        }
    }

    /// "Check: A screen needs data from the network."
    package static func title(of block: GuidanceBlock) -> String {
        let label = block.kind.label
        switch block.kind {
        case .readAlso:
            return "\(label): " + block.readAlso.map(\.target).joined(separator: ", ")
        case .check, .antiPattern, .rule:
            return "\(label): " + InlineMarkup.plainText(block.summary)
        }
    }

    // MARK: A block's page

    private func blockPage(_ entry: GuidanceEntry) throws -> Page {
        let path = entry.pagePath
        let block = entry.block
        var headings: [Heading] = []
        func section(_ title: String, _ id: String) {
            headings.append(Heading(level: 2, text: title, id: id, location: block.location))
        }
        let verified = entry.isStale ? entry.metadata.first(where: { $0.normalizedKey == "last_verified" }) : nil
        var parts: [TemplateValue] = []
        func part(_ keyword: String, _ text: String, className: String) {
            var html = HTML()
            inline(text, entry: entry, from: path, into: &html)
            parts.append(.object(["keyword": .text(keyword), "className": .text(className), "html": .text(html.text)]))
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
        case .rule:
            part("Rule", block.summary, className: "guidance-rule-statement")
        case .readAlso:
            break
        }
        if !block.examples.isEmpty { section(block.examples.count == 1 ? "Example" : "Examples", "examples") }
        if !entry.appliesTo.isEmpty { section("Applies to", "applies-to") }
        section("Written in", "written-in")
        let showsReadAlso = !entry.links.isEmpty && block.kind != .readAlso
        if showsReadAlso { section("Read also", "read-also") }
        if !entry.enforcedBy.isEmpty { section("Enforced by", "enforced-by") }
        let hasReferences = !entry.backlinks.isEmpty
        if hasReferences { section("Referenced by", "referenced-by") }

        let values: TemplateObject = [
            "block": .object([
                "kind": .text(block.kind.rawValue), "id": .text(block.id),
                "kindLabel": .text(block.kind.label.lowercased())
            ]),
            "isStale": .bool(verified != nil), "verified": .text(verified?.value ?? ""),
            "parts": .list(parts),
            "isReadAlso": .bool(block.kind == .readAlso),
            "links": .list(entry.links.map { linkValue($0, from: path) }),
            "hasExamples": .bool(!block.examples.isEmpty),
            "examplesTitle": .text(block.examples.count == 1 ? "Example" : "Examples"),
            // Each code block's HTML ends with a line break, which the template writes.
            "examples": .list(
                block.examples.map { example in
                    let html = ExampleHTML.render(example, highlighter: highlighter)
                    return .object(["html": .text(String(html.dropLast()))])
                }),
            "hasScopes": .bool(!entry.appliesTo.isEmpty),
            "scopes": .list(entry.appliesTo.map { scopeValue($0, from: path) }),
            "source": .object(sourceValue(entry, from: path)),
            "showsReadAlso": .bool(showsReadAlso),
            "hasReferences": .bool(hasReferences),
            "backlinks": .list(
                entry.backlinks.map { backlink in
                    if let id = backlink.blockID, let other = catalog.entry(id: id) {
                        return .object([
                            "isBlock": true, "title": .text(Self.title(of: other.block)),
                            "pageTitle": .text(backlink.title),
                            "href": .text(SitePath.relativeURL(from: path, to: other.pagePath))
                        ])
                    }
                    return .object([
                        "isBlock": false, "title": .text(backlink.title), "pageTitle": "",
                        "href": .text(SitePath.relativeURL(from: path, to: backlink.path))
                    ])
                }),
            "hasEnforcement": .bool(!entry.enforcedBy.isEmpty),
            "enforcement": .list(entry.enforcedBy.map { enforcementValue($0, entry: entry, from: path) })
        ]
        var metadata = [
            metadataEntry(key: "kind", block.kind.label, block.location),
            metadataEntry(key: "id", block.id, block.location)
        ]
        if !entry.layers.isEmpty {
            metadata.append(metadataEntry(key: "layers", entry.layers.joined(separator: ", "), block.location))
        }
        metadata += entry.metadata
        var page = Page(
            sourcePath: "", outputPath: path, title: Self.title(of: block), description: nil, metadata: metadata,
            headings: headings, contentHTML: try render(values, template: "guidance-block")
        )
        page.isListedInNavigation = false
        return page
    }

    /// A rule enforcing a block, and what the current code does with it (the template's
    /// `enforcement`): it holds, or each violation with its evidence.
    private func enforcementValue(_ id: String, entry: GuidanceEntry, from path: String) -> TemplateValue {
        let rule = catalog.architecture.rule(id)
        let violations = rule?.violations ?? []
        let state = rule?.state ?? .holds
        return .object([
            "rule": .text(id), "title": .text(rule?.descriptor.title ?? id),
            "citesBlock": .bool(entry.citedBy.contains(id)),
            "isOff": .bool(state == .off), "holds": .bool(state == .holds), "isBroken": .bool(state == .broken),
            "countText": .text("\(violations.count) violation\(violations.count == 1 ? "" : "s")"),
            "href": .text(SitePath.relativeURL(from: path, to: ArchitectureSiteMap.violationsPath) + "#" + id),
            "violations": .list(
                violations.map { violation in
                    .object([
                        "severity": .text(violation.severity.rawValue), "message": .text(violation.message),
                        "hasEvidence": .bool(!violation.evidence.isEmpty),
                        "evidence": .list(
                            violation.evidence.map {
                                .object(["place": .text($0.location.description), "what": .text($0.summary)])
                            })
                    ])
                })
        ])
    }

    /// `template` of the theme with `values`, as text.
    func render(_ values: TemplateObject, template: String) throws -> String {
        switch theme.render(values, template: template) {
        case .success(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .failure(let diagnostic): throw DiagnosticsError([diagnostic])
        }
    }

    /// Where a block was written (the template's `source`).
    private func sourceValue(_ entry: GuidanceEntry, from path: String) -> TemplateObject {
        let block = entry.block
        var values: TemplateObject = [
            "fromPage": false, "pageHref": "", "pageTitle": "", "hasHeading": false, "headingHref": "",
            "headingText": "",
            "line": .number(block.location.line), "file": "", "module": "", "moduleHasPage": false, "moduleHref": ""
        ]
        switch entry.source {
        case .page(_, let outputPath, let title):
            values["fromPage"] = true
            values["pageHref"] = .text(SitePath.relativeURL(from: path, to: outputPath) + "#" + entry.anchor)
            values["pageTitle"] = .text(title)
            if let heading = block.heading, !heading.id.isEmpty {
                values["hasHeading"] = true
                values["headingHref"] = .text(SitePath.relativeURL(from: path, to: outputPath) + "#" + heading.id)
                values["headingText"] = .text(heading.text)
            }
        case .code(let module, let file):
            values["file"] = .text(file)
            values["module"] = .text(module)
            if let target = modulePath(module) {
                values["moduleHasPage"] = true
                values["moduleHref"] = .text(SitePath.relativeURL(from: path, to: target))
            }
        }
        return values
    }

    private func metadataEntry(key: String, _ value: String, _ location: SourceLocation) -> MetadataEntry {
        MetadataEntry(key: key, value: value, location: location, origin: .frontMatter)
    }

    /// A part's text: code spans as code, links resolved like the page's own.
    private func inline(_ text: String, entry: GuidanceEntry, from path: String, into html: inout HTML, depth: Int = 0)
    {
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
                let href =
                    entry.textLinks[destination].map { ArchitecturePages.href(from: path, to: $0) } ?? destination
                html.raw("<a href=\"\(HTML.escape(URLSafety.safe(href)))\">")
                inline(label, entry: entry, from: path, into: &html, depth: depth + 1)
                html.raw("</a>")
            }
        }
    }

    /// A link of a block (`partials/guidance-links`).
    private func linkValue(_ link: GuidanceEntry.Link, from path: String) -> TemplateValue {
        var values: TemplateObject = [
            "isPage": false, "isBlock": false, "isURL": false, "isBroken": false, "href": "", "title": "",
            "target": .text(link.reference.target)
        ]
        switch link.destination {
        case .page(let target, let title)?:
            values["isPage"] = true
            values["title"] = .text(title)
            values["href"] = .text(Self.href(.page(path: target, title: title), from: path))
        case .block(let id)?:
            values["isBlock"] = true
            values["title"] = .text(catalog.entry(id: id).map { Self.title(of: $0.block) } ?? id)
            values["href"] = .text(Self.href(.block(id: id), from: path))
        case .url(let url)?:
            values["isURL"] = true
            values["title"] = .text(url)
            values["href"] = .text(URLSafety.safe(url))
        case nil:
            values["isBroken"] = true
        }
        return .object(values)
    }

    /// What a block applies to (the template's `scopes`).
    private func scopeValue(_ scope: GuidanceEntry.Scope, from path: String) -> TemplateValue {
        switch scope.kind {
        case .module, .layer:
            let target = scope.kind == .module ? modulePath(scope.name) : layerPath(scope.name)
            return .object([
                "isKnown": true, "kind": .text(scope.kind.rawValue), "name": .text(scope.name),
                "hasHref": .bool(target != nil),
                "href": .text(target.map { SitePath.relativeURL(from: path, to: $0) } ?? "")
            ])
        case .unknown:
            return .object([
                "isKnown": false, "kind": .text(scope.kind.rawValue), "name": .text(scope.name), "hasHref": false,
                "href": ""
            ])
        }
    }
}
