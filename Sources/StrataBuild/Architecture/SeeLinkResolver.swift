import StrataCore

/// Resolves `see:` in a rule to the page of the site it names, or keeps an absolute URL.
struct SeeLinkResolver {
    let pages: [SourcePage]
    /// Guidance block ids: `see:` may name a block as the rule's reason.
    var blockIDs: Set<String> = []
    /// A block's former id (before trimming) → its id: `see:` written before still holds.
    var formerIDs: [String: String] = [:]

    func resolve(_ rationale: inout RuleRationale, diagnostics: inout [Diagnostic]) {
        guard let see = rationale.see?.trimmingWhitespace, !see.isEmpty else { return }
        if see.hasPrefix("https://") || see.hasPrefix("http://") {
            rationale.seeTarget = see
            return
        }
        var blockID = see
        if blockID.hasPrefix(GuidanceCatalog.folder + "/") {
            blockID = String(blockID.dropFirst(GuidanceCatalog.folder.count + 1))
        }
        if blockID.hasSuffix(".html") { blockID = String(blockID.dropLast(".html".count)) }
        if let current = formerIDs[blockID] { blockID = current }
        if blockIDs.contains(blockID) {
            rationale.seeTarget = GuidanceCatalog.pagePath(of: blockID)
            return
        }
        let parts = see.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        var path = parts[0]
        while path.hasPrefix("./") { path.removeFirst(2) }
        if path.hasPrefix("/") { path.removeFirst() }
        let anchor = parts.count > 1 ? "#" + parts[1] : ""
        let page =
            pages.first { $0.relativePath == path }
            ?? pages.first { $0.outputPath == path }
            ?? pages.first { $0.relativePath == path + ".md" || $0.relativePath == path + "/index.md" }
        if let page {
            if !anchor.isEmpty, !page.document.headings.contains(where: { "#" + $0.id == anchor }) {
                diagnostics.append(
                    .warning(
                        "rule.see-not-found",
                        "see: '\(see)': '\(page.relativePath)' has no heading with the id '\(parts[1])'",
                        at: rationale.seeLocation))
            }
            rationale.seeTarget = page.outputPath + anchor
            return
        }
        var message = "see: '\(see)' is neither a page of the content folder, a guidance block's id, nor an http(s) URL"
        if let close = Suggestion.closest(to: path, in: pages.map(\.relativePath) + blockIDs.sorted()) {
            message += "; did you mean '\(close)'?"
        }
        diagnostics.append(.error("rule.see-not-found", message, at: rationale.seeLocation))
    }
}
