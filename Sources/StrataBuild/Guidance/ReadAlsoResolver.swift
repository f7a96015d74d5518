import StrataCore

/// Resolves READ_ALSO targets as the format allows them to be written: a path relative to
/// the page, a path in the content folder (with or without `.md`, or as the `.html` it is
/// published as), a repo-relative path (`Content/guides/x.md`), a block id, or a URL.
struct ReadAlsoResolver: Sendable {
    private let pages: [String: SourcePage]
    private let outputs: [String: (title: String, anchors: Set<String>)]
    private let blockIDs: Set<String>
    /// A block's former id (before trimming) → its id.
    private let formerIDs: [String: String]
    private let contentDirectory: String
    /// `links:`: captured prefixes to content folders or URLs.
    private let linkMap: LinkMap
    /// Pages and block ids, for "did you mean": made once, and answering at most
    /// `suggestionLimit` questions a build (a thousand broken targets took minutes).
    private let names: Suggester
    /// Each page's heading ids, for "did you mean" on a broken `#fragment`.
    private let anchorSuggesters = AnchorSuggesters()
    static let suggestionLimit = 500

    /// - Parameter generated: pages Strata generates (module pages, the violations page),
    ///   output path → title.
    /// - Parameter blocks: the blocks with their site-wide ids, whose anchors are on their pages.
    init(
        pages: [SourcePage], generated: [String: String], blocks: [GuidanceCollector.Collected],
        contentDirectory: String, linkMap: LinkMap = LinkMap()
    ) {
        self.linkMap = linkMap
        var blockAnchors: [String: Set<String>] = [:]
        for block in blocks {
            if case .page(_, let outputPath, _) = block.source {
                blockAnchors[outputPath, default: []].insert(GuidanceCatalog.anchor(of: block.draft.block.id))
            }
        }
        self.pages = Dictionary(pages.map { ($0.relativePath, $0) }, uniquingKeysWith: { first, _ in first })
        var outputs: [String: (title: String, anchors: Set<String>)] = [:]
        for (path, title) in generated { outputs[path] = (title, []) }
        for page in pages {
            var anchors = Set(page.document.headings.map(\.id))
            if let title = page.document.titleHeading?.id { anchors.insert(title) }
            anchors.formUnion(blockAnchors[page.outputPath] ?? [])
            outputs[page.outputPath] = (page.title, anchors)
        }
        self.outputs = outputs
        // A reading list has no page: its id is an anchor on its page, not a block to link.
        self.blockIDs = Set(blocks.filter { $0.draft.block.kind != .readAlso }.map(\.draft.block.id))
        self.formerIDs = GuidanceCollector.formerIDs(of: blocks)
        self.names = Suggester(Array(self.pages.keys) + Array(blockIDs), limit: Self.suggestionLimit)
        var folder = contentDirectory
        while folder.hasPrefix("./") { folder.removeFirst(2) }
        while folder.hasSuffix("/") { folder.removeLast() }
        self.contentDirectory = folder
    }

    /// Where `reference` leads, or a diagnostic saying why it leads nowhere.
    func resolve(_ reference: GuidanceBlock.Reference, from source: GuidanceEntry.Source) -> (
        GuidanceEntry.Link.Destination?, Diagnostic?
    ) {
        var target = reference.target
        // A captured wiki link (`links:`): a URL, or a path from the content folder's root.
        if !LinkResolver.hasScheme(target), let mapped = linkMap.rewrite(target) {
            target = LinkResolver.hasScheme(mapped) || mapped.hasPrefix("//") ? mapped : "/" + mapped
        }
        if URLSafety.isScript(target) {
            return (
                nil,
                .warning(
                    "guidance.read-also-broken", "READ_ALSO: '\(target)' is a script URL, which no page links to",
                    at: reference.location)
            )
        }
        if LinkResolver.hasScheme(target) || target.hasPrefix("//") { return (.url(target), nil) }
        let (rawPath, fragment) = LinkResolver.splitFragment(target)
        let path = SitePath.percentDecode(rawPath)
        if blockIDs.contains(path), fragment == nil { return (.block(id: path), nil) }
        if let current = formerIDs[path], fragment == nil { return (.block(id: current), nil) }

        var pageFolder = ""
        var pageOutput: String?
        if case .page(let sourcePath, let outputPath, _) = source {
            pageFolder = sourcePath.lastIndex(of: "/").map { String(sourcePath[..<$0]) } ?? ""
            pageOutput = outputPath
        }
        if path.isEmpty, let pageOutput, let fragment {
            return found(pageOutput, fragment: fragment, reference: reference)
        }
        var candidates: [String] = []
        if path.hasPrefix("/") {
            candidates.append(String(path.drop { $0 == "/" }))
        } else {
            if let relative = SitePath.resolve(path, against: pageFolder) { candidates.append(relative) }
            if let fromRoot = SitePath.resolve(path, against: "") { candidates.append(fromRoot) }
        }
        // A path written from the repository root: `Content/guides/x.md`.
        for candidate in candidates
        where !contentDirectory.isEmpty && contentDirectory != "." && candidate.hasPrefix(contentDirectory + "/") {
            candidates.append(String(candidate.dropFirst(contentDirectory.count + 1)))
        }
        for candidate in candidates {
            if let output = outputPath(of: candidate) { return found(output, fragment: fragment, reference: reference) }
        }
        var message = "READ_ALSO: '\(target)' is no page of the site"
        var tried: [String] = []
        for candidate in candidates where !tried.contains(candidate) { tried.append(candidate) }
        if !tried.isEmpty {
            message += " (looked for " + tried.map { "'\($0)'" }.joined(separator: " and ") + " in the content folder)"
        }
        if let suggestion = tried.lazy.compactMap({ names.closest(to: $0) }).first ?? names.closest(to: path) {
            message += "; did you mean '\(suggestion)'?"
        }
        return (nil, .warning("guidance.read-also-broken", message, at: reference.location))
    }

    private func outputPath(of candidate: String) -> String? {
        let trimmed = candidate.hasSuffix("/") ? String(candidate.dropLast()) : candidate
        let prefix = trimmed.isEmpty ? "" : trimmed + "/"
        for name in [trimmed, trimmed + ".md", trimmed + ".markdown", prefix + "index.md", prefix + "README.md"] {
            if let page = pages[name] { return page.outputPath }
        }
        for name in [trimmed, trimmed + ".html", prefix + "index.html"] where outputs[name] != nil {
            return name
        }
        return nil
    }

    private func found(_ output: String, fragment: String?, reference: GuidanceBlock.Reference) -> (
        GuidanceEntry.Link.Destination?, Diagnostic?
    ) {
        if output.hasPrefix(GuidanceCatalog.folder + "/"), fragment == nil {
            let id = String(output.dropFirst(GuidanceCatalog.folder.count + 1).dropLast(".html".count))
            if blockIDs.contains(id) { return (.block(id: id), nil) }
        }
        let page = outputs[output]
        guard let fragment, !fragment.isEmpty else { return (.page(path: output, title: page?.title ?? output), nil) }
        let anchors = page?.anchors ?? []
        if let matched = LinkResolver.matchingAnchor(fragment, in: anchors)
            ?? (anchors.contains(SitePath.percentDecode(fragment)) ? fragment : nil)
        {
            return (.page(path: output + "#" + matched, title: page?.title ?? output), nil)
        }
        var message = "READ_ALSO: '\(reference.target)': '\(output)' has no heading with the id '#\(fragment)'"
        if let suggestion = anchorSuggesters.suggester(for: output, anchors: anchors).closest(to: fragment) {
            message += "; did you mean '#\(suggestion)'?"
        }
        return (
            .page(path: output, title: page?.title ?? output),
            .warning("guidance.read-also-broken", message, at: reference.location)
        )
    }
}

/// One suggester per page's headings, made when first asked for, sharing one limit.
private final class AnchorSuggesters: @unchecked Sendable {
    private var made: [String: Suggester] = [:]
    private var questions = 0

    func suggester(for page: String, anchors: Set<String>) -> Suggester {
        questions += 1
        if questions > ReadAlsoResolver.suggestionLimit { return Suggester([]) }
        if let suggester = made[page] { return suggester }
        let suggester = Suggester(Array(anchors))
        made[page] = suggester
        return suggester
    }
}
