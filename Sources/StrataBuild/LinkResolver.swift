import StrataCore
import StrataMarkdown

/// Rewrites links between pages (`../guides/intro.md#setup`) to the generated pages and
/// checks every relative link and image: a missing page, file or anchor is a warning at the
/// line that wrote it (an error under `--strict`).
struct LinkResolver: Sendable, Equatable {
    /// A page a link can lead to.
    struct Target: Equatable {
        var output: String
        var anchors: Set<String>
    }

    /// Markdown source path → output path and heading ids.
    private let pages: [String: Target]
    /// Output path → heading ids, for links written to `.html` files directly.
    private let outputs: [String: Set<String>]
    /// Files copied through from the content folder.
    private let assets: Set<String>
    /// `links:`: captured prefixes to content folders or URLs.
    private let linkMap: LinkMap
    /// The DocC catalogs' pages and files, by catalog name, for `doc:` links and names.
    let catalogs: [String: DocCCatalogLinks]
    /// The documented symbols, for links to them.
    let symbols: APISymbolIndex

    init(pages: [SourcePage], assets: [String], linkMap: LinkMap = LinkMap()) {
        self.linkMap = linkMap
        self.catalogs = DocCCatalogLinks.make(pages: pages, assets: assets)
        self.symbols = APISymbolIndex(pages: pages)
        var byPath: [String: Target] = [:]
        var byOutput: [String: Set<String>] = [:]
        for page in pages {
            var anchors = Set(page.document.headings.map(\.id))
            if let title = page.document.titleHeading?.id { anchors.insert(title) }
            byPath[page.relativePath] = Target(output: page.outputPath, anchors: anchors)
            byOutput[page.outputPath] = anchors
        }
        self.pages = byPath
        self.outputs = byOutput
        self.assets = Set(assets)
    }

    struct Resolution: Equatable {
        var href: String?
        var diagnostic: Diagnostic?
        /// For a `doc:` link, what the page shows of where it leads (title, abstract, card):
        /// part of what a body depends on, so a memo notices when they change.
        var docTarget: DocCRendering.Target? = nil
    }

    func resolve(_ link: MarkdownLink, from page: SourcePage) -> Resolution {
        if link.destination.hasPrefix("doc:") { return resolveDocLink(link, from: page) }
        var destination = link.destination
        if destination.isEmpty || Self.hasScheme(destination) || destination.hasPrefix("//") {
            return Resolution()
        }
        // A captured wiki link (`links:`): to a URL as it is, or to a path of the content.
        var fromRoot = false
        if let mapped = linkMap.rewrite(destination) {
            if Self.hasScheme(mapped) || mapped.hasPrefix("//") { return Resolution(href: mapped) }
            destination = mapped
            fromRoot = true
        }
        let (pathPart, fragment) = Self.splitFragment(destination)
        let path =
            pathPart.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
            ?? pathPart
        if path.isEmpty {
            guard let fragment else { return Resolution() }
            let anchors = outputs[page.outputPath] ?? []
            let fixed = Self.matchingAnchor(fragment, in: anchors).map { "#\($0)" }
            return Resolution(
                href: fixed, diagnostic: checkAnchor(fragment, in: anchors, target: "this page", link: link))
        }
        let sourceFolder =
            fromRoot ? "" : page.relativePath.lastIndex(of: "/").map { String(page.relativePath[..<$0]) } ?? ""
        guard let target = SitePath.resolve(SitePath.percentDecode(path), against: sourceFolder) else {
            return Resolution(
                diagnostic: .warning(
                    "link.outside", "'\(destination)' leads outside the content folder", at: link.location))
        }
        if let found = pages[target] ?? indexPage(in: target) {
            let suffix = fragment.map { "#" + (Self.matchingAnchor($0, in: found.anchors) ?? $0) } ?? ""
            let href = SitePath.relativeURL(from: page.outputPath, to: found.output) + suffix
            let diagnostic = fragment.flatMap { checkAnchor($0, in: found.anchors, target: "'\(target)'", link: link) }
            return Resolution(href: href, diagnostic: diagnostic)
        }
        if let anchors = outputs[target] {
            return Resolution(
                href: nil,
                diagnostic: fragment.flatMap { checkAnchor($0, in: anchors, target: "'\(target)'", link: link) })
        }
        if assets.contains(target) {
            // A catalog's pages are published beside each other, not in its folders.
            return Resolution(href: page.catalog == nil ? nil : SitePath.relativeURL(from: page.outputPath, to: target))
        }
        if let catalog = page.catalog, let resource = catalogs[catalog]?.resource(named: path) {
            return Resolution(href: SitePath.relativeURL(from: page.outputPath, to: resource))
        }
        let what =
            link.isImage
            ? "image" : ContentScanner.markdownExtensions.contains(Self.fileExtension(target)) ? "page" : "file"
        if let catalog = page.catalog {
            let prefix = DocCCatalogReader.siteFolder + "/" + catalog + "/"
            let inCatalog = target.hasPrefix(prefix) ? String(target.dropFirst(prefix.count)) : target
            return Resolution(
                diagnostic: .warning(
                    "link.broken",
                    "the \(what) '\(link.destination)' does not exist (looked for '\(inCatalog)', and for a file of "
                        + "that name anywhere in the catalog '\(catalog)')",
                    at: link.location
                ))
        }
        return Resolution(
            diagnostic: .warning(
                "link.broken",
                "the \(what) '\(link.destination)' does not exist (looked for '\(target)' in the content "
                    + "folder\(fromRoot ? ", as links: maps it" : ""))",
                at: link.location
            ))
    }

    private func indexPage(in folder: String) -> Target? {
        let prefix = folder.isEmpty ? "" : folder.hasSuffix("/") ? folder : folder + "/"
        let output = prefix + "index.html"
        guard let anchors = outputs[output] else { return nil }
        return Target(output: output, anchors: anchors)
    }

    /// The heading id a fragment means: itself, or the id it matches ignoring case (GitHub
    /// treats `#Setup` and `#setup` alike, so wikis written for GitHub use both).
    static func matchingAnchor(_ fragment: String, in anchors: Set<String>) -> String? {
        let decoded = SitePath.percentDecode(fragment)
        if anchors.contains(decoded) { return decoded == fragment ? nil : fragment }
        let lowered = decoded.lowercased()
        return anchors.contains(lowered) ? lowered : nil
    }

    private func checkAnchor(_ fragment: String, in anchors: Set<String>, target: String, link: MarkdownLink)
        -> Diagnostic?
    {
        let decoded = SitePath.percentDecode(fragment)
        guard !decoded.isEmpty, !anchors.contains(decoded), !anchors.contains(decoded.lowercased()) else { return nil }
        var message = "\(target) has no heading with the id '#\(decoded)'"
        if let suggestion = Suggestion.closest(to: decoded, in: anchors.sorted()) {
            message += "; did you mean '#\(suggestion)'?"
        }
        return .warning("link.anchor", message, at: link.location)
    }

    static func hasScheme(_ destination: String) -> Bool {
        // By bytes when the part before the colon is ASCII, as a URL scheme is: every link
        // of every page is asked.
        let bytes = destination.utf8
        guard let byteColon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return false }
        let schemeBytes = bytes[..<byteColon]
        if schemeBytes.allSatisfy({ $0 < 0x80 }) {
            func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
            guard let first = schemeBytes.first, isLetter(first) else { return false }
            return schemeBytes.allSatisfy {
                isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E
            }
        }
        guard let colon = destination.firstIndex(of: ":") else { return false }
        let scheme = destination[..<colon]
        guard let first = scheme.first, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
    }

    static func splitFragment(_ destination: String) -> (String, String?) {
        guard let hash = destination.firstIndex(of: "#") else { return (destination, nil) }
        return (String(destination[..<hash]), String(destination[destination.index(after: hash)...]))
    }

    static func fileExtension(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.lastIndex(of: ".").map { String(name[name.index(after: $0)...]).lowercased() } ?? ""
    }
}
