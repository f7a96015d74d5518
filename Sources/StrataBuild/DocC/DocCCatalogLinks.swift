import StrataCore
import StrataMarkdown

/// What `doc:` links and DocC's resource names can lead to in one catalog.
struct DocCCatalogLinks: Equatable, Sendable {
    struct Target: Equatable, Sendable {
        var output: String
        var title: String
        var abstract: String?
        /// Its `@PageImage(purpose: card)`'s file, as a site path.
        var cardImage: String?
        /// Heading ids by `DocCLinkKey.anchorKey`, so `#Declaring-a-Dependency` finds
        /// `declaring-a-dependency`.
        var anchors: [String: String]
    }

    /// Pages by `DocCLinkKey` of their file name.
    var pages: [String: Target] = [:]
    /// Each page's link name as its file spells it, by key: what a suggestion shows.
    var spelled: [String: String] = [:]
    var root: Target?
    /// Files by name (`diagram.png`) and by name without extension (`diagram`), each the
    /// site path of the file; a `~dark` or `@2x` variant stands in only for a missing plain one.
    var resources: [String: String] = [:]
    /// The `~dark` variant of each image, by the plain name it stands beside (`diagram.png`,
    /// `diagram`); a `@2x` one only where there is no `@1x`.
    var darkResources: [String: String] = [:]

    static func make(pages: [SourcePage], assets: [String]) -> [String: DocCCatalogLinks] {
        var catalogs: [String: DocCCatalogLinks] = [:]
        for page in pages {
            guard let name = page.catalog else { continue }
            var anchors: [String: String] = [:]
            for heading in page.document.headings { anchors[DocCLinkKey.anchorKey(heading.id)] = heading.id }
            if let title = page.document.titleHeading?.id { anchors[DocCLinkKey.anchorKey(title)] = title }
            let target = Target(
                output: page.outputPath, title: page.title, abstract: page.document.doccInfo?.abstract,
                anchors: anchors)
            for key in DocCLinkKey.keys(forFile: page.relativePath) where catalogs[name]?.pages[key] == nil {
                catalogs[name, default: DocCCatalogLinks()].pages[key] = target
                catalogs[name, default: DocCCatalogLinks()].spelled[key] = DocCLinkKey.linkName(
                    forFile: page.relativePath)
            }
            if page.outputPath == DocCCatalogReader.siteFolder + "/" + name + "/index.html" {
                catalogs[name, default: DocCCatalogLinks()].root = target
            }
        }
        var cards: [String: (catalog: String, source: String)] = [:]
        for page in pages {
            guard let name = page.catalog,
                let card = page.document.doccInfo?.pageImages.first(where: { $0.purpose == "card" })
            else { continue }
            cards[page.outputPath] = (name, card.source)
        }
        for asset in assets {
            let parts = asset.split(separator: "/", maxSplits: 2).map(String.init)
            guard parts.count == 3, parts[0] == DocCCatalogReader.siteFolder, catalogs[parts[1]] != nil else {
                continue
            }
            let file = (asset.split(separator: "/").last.map(String.init) ?? asset).lowercased()
            let plain = Self.plainName(file)
            let isVariant = plain != file
            for key in [plain, Self.withoutExtension(plain)] {
                let existing = catalogs[parts[1]]?.resources[key]
                if existing == nil || (!isVariant && existing.map { Self.plainName($0) != $0.lowercased() } == true) {
                    catalogs[parts[1]]?.resources[key] = asset
                }
                guard Self.isDark(file) else { continue }
                let dark = catalogs[parts[1]]?.darkResources[key]
                if dark == nil || dark.map({ $0.contains("@") && !asset.contains("@") }) == true {
                    catalogs[parts[1]]?.darkResources[key] = asset
                }
            }
        }
        // Cards are found once every file of the catalogs is known.
        for (name, catalog) in catalogs {
            var links = catalog
            for (key, target) in catalog.pages {
                guard let card = cards[target.output], card.catalog == name else { continue }
                links.pages[key]?.cardImage = catalog.resource(named: card.source)
            }
            if let root = catalog.root, let card = cards[root.output] {
                links.root?.cardImage = catalog.resource(named: card.source)
            }
            catalogs[name] = links
        }
        return catalogs
    }

    /// The file a DocC resource name means: `image.png`, `image`, or a path ending in either.
    func resource(named written: String) -> String? {
        let name = (written.split(separator: "/").last.map(String.init) ?? written).lowercased()
        return resources[name] ?? resources[Self.withoutExtension(name)]
    }

    /// The `~dark` variant of the image a name means, when the catalog also has a plain or
    /// light one it stands beside (alone, it is the image itself).
    func darkVariant(named written: String) -> String? {
        let name = (written.split(separator: "/").last.map(String.init) ?? written).lowercased()
        guard let plain = resource(named: written), !Self.isDark(plain),
            let dark = darkResources[name] ?? darkResources[Self.withoutExtension(name)]
        else { return nil }
        return dark
    }

    /// Whether a file is a dark-mode variant: `diagram~dark.png`, `diagram~dark@2x.png`.
    static func isDark(_ file: String) -> Bool {
        let name = withoutExtension(file.lowercased())
        return name.hasSuffix("~dark") || name.contains("~dark@")
    }

    /// `diagram~dark@2x.png` → `diagram.png`.
    static func plainName(_ file: String) -> String {
        let name = file.split(separator: "/").last.map { String($0).lowercased() } ?? file.lowercased()
        let ext = name.lastIndex(of: ".").map { String(name[$0...]) } ?? ""
        var stem = String(name.dropLast(ext.count))
        for suffix in ["@3x", "@2x", "@1x", "~dark", "~light"] where stem.hasSuffix(suffix) {
            stem = String(stem.dropLast(suffix.count))
        }
        for suffix in ["@3x", "@2x", "@1x", "~dark", "~light"] where stem.hasSuffix(suffix) {
            stem = String(stem.dropLast(suffix.count))
        }
        return stem + ext
    }

    static func withoutExtension(_ name: String) -> String {
        name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
    }
}

extension LinkResolver {
    /// A `doc:` link: to an article or tutorial of the page's catalog (or of the catalog its
    /// path names), at a heading if it gives one.
    func resolveDocLink(_ link: MarkdownLink, from page: SourcePage) -> Resolution {
        switch docTarget(link.destination, from: page, symbolFirst: link.isSymbol) {
        case .found(let target, let fragment):
            let shown = DocCRendering.Target(
                title: target.title, abstract: target.abstract,
                cardImage: target.cardImage.map { SitePath.relativeURL(from: page.outputPath, to: $0) })
            var href = SitePath.relativeURL(from: page.outputPath, to: target.output)
            guard let fragment, !fragment.isEmpty else { return Resolution(href: href, docTarget: shown) }
            if let id = target.anchors[DocCLinkKey.anchorKey(SitePath.percentDecode(fragment))] {
                href += "#" + id
                return Resolution(href: href, docTarget: shown)
            }
            var message = "'\(target.title)' has no heading '#\(fragment)'"
            if let suggestion = Suggestion.closest(to: fragment.lowercased(), in: target.anchors.values.sorted()) {
                message += "; did you mean '#\(suggestion)'?"
            }
            return Resolution(
                href: href, diagnostic: .warning("link.anchor", message, at: link.location), docTarget: shown)
        case .notFound(let message):
            return Resolution(diagnostic: .warning("docc.link", message, at: link.location))
        case .symbol(let message):
            // Broken, when the API was read; a note when there was none to look in.
            let severity: Severity = symbols.isEmpty ? .note : .warning
            return Resolution(diagnostic: Diagnostic(severity, "docc.symbol-link", message, at: link.location))
        }
    }

    /// The URL, from the page, of the `~dark` variant of the catalog image a link names.
    func darkImage(_ link: MarkdownLink, from page: SourcePage) -> String? {
        guard let catalog = page.catalog, !Self.hasScheme(link.destination),
            let dark = catalogs[catalog]?.darkVariant(named: SitePath.percentDecode(link.destination))
        else { return nil }
        return SitePath.relativeURL(from: page.outputPath, to: dark)
    }

    /// The site path of the catalog file a link names (a tutorial's `@Code(file:)`): by its
    /// path from the page's file, else by name.
    func catalogFile(_ link: MarkdownLink, from page: SourcePage) -> String? {
        guard let catalog = page.catalog, !Self.hasScheme(link.destination) else { return nil }
        let folder = page.relativePath.lastIndex(of: "/").map { String(page.relativePath[..<$0]) } ?? ""
        if let path = SitePath.resolve(SitePath.percentDecode(link.destination), against: folder),
            catalogs[catalog]?.resources.values.contains(path) == true
        {
            return path
        }
        return catalogs[catalog]?.resource(named: link.destination)
    }

    enum DocTarget {
        case found(DocCCatalogLinks.Target, fragment: String?)
        case notFound(String)
        /// A link to a symbol, which needs the API read.
        case symbol(String)
    }

    /// Whether a `doc:` path names a symbol rather than an article: a member path
    /// (`Type/method`), a signature (`run(_:)`) or a disambiguation (`-swift.method`).
    static func namesSymbol(_ path: String) -> Bool {
        path.contains("/") || path.contains("(") || path.contains("-swift.") || path.contains(":")
    }

    /// Where a `doc:` link leads: an article or tutorial first, then a symbol; a symbol link
    /// (``` ``Symbol`` ```, `symbolFirst`) looks among symbols first.
    func docTarget(_ destination: String, from page: SourcePage, symbolFirst: Bool = false) -> DocTarget {
        if symbolFirst, let found = symbolTarget(destination, from: page) { return found }
        let found = catalogTarget(destination, from: page)
        switch found {
        case .found: return found
        case .notFound, .symbol:
            if !symbolFirst, let symbol = symbolTarget(destination, from: page) { return symbol }
            if symbolFirst || Self.namesSymbol(String(destination.dropFirst(4))) {
                return .symbol(symbolMessage(destination, from: page))
            }
            return found
        }
    }

    private func catalogTarget(_ destination: String, from page: SourcePage) -> DocTarget {
        guard let parsed = DocCLinkKey.parse(destination) else {
            return .notFound("'\(destination)' names no page: write doc:ArticleName, or doc:Module/ArticleName")
        }
        var components = parsed.components
        var catalogName = page.catalog ?? page.api.flatMap { catalogs[$0.module] == nil ? nil : $0.module }
        let own = page.catalog.flatMap { catalog in
            DocCLinkKey.keys(forFile: page.relativePath).lazy.compactMap { self.catalogs[catalog]?.pages[$0] }.first
        }
        if components.isEmpty {
            guard let own else {
                return .notFound("'\(destination)' leads to a heading of a DocC page; this page is not one")
            }
            return .found(own, fragment: parsed.fragment)
        }
        if let named = catalogs.keys.first(where: { $0.lowercased() == components[0].lowercased() }) {
            if components.count == 1, let root = catalogs[named]?.root {
                return .found(root, fragment: parsed.fragment)
            }
            if components.count > 1 {
                catalogName = named
                components.removeFirst()
            }
        }
        guard let catalogName, let catalog = catalogs[catalogName] else {
            return .notFound(
                "'\(destination)' is a DocC link, which leads to a page of a DocC catalog; this page is not in one, "
                    + "and "
                    + "no catalog is named '\(components[0])'")
        }
        let key = DocCLinkKey.normalized(components.joined(separator: "/"))
        if components.count == 1, let target = catalog.pages[key] { return .found(target, fragment: parsed.fragment) }
        // `doc:Some-Heading`: DocC finds a heading of the page itself by name too.
        if components.count == 1, parsed.fragment == nil, let own, own.anchors[DocCLinkKey.anchorKey(key)] != nil {
            return .found(own, fragment: key)
        }
        let written = components.joined(separator: "/")
        if Self.namesSymbol(written) {
            return .symbol(
                "'\(destination)' names a symbol; Strata does not read the API yet, so links to symbols are not "
                    + "resolved")
        }
        var message = "no article or tutorial of the catalog '\(catalogName)' is named '\(written)'"
        if let suggestion = Suggestion.closest(to: key, in: catalog.pages.keys.sorted()) {
            message += "; did you mean 'doc:\(catalog.spelled[suggestion] ?? suggestion)'?"
        }
        return .notFound(message)
    }
}
