import StrataCore

/// Builds the values a page template sees. Every URL in it is relative to the page, so the
/// site works under any base URL and from disk.
struct PageContext: Sendable {
    let config: StrataConfig
    let navigation: NavigationTree
    let pagesByPath: [String: Page]
    /// Sidebar entries, shared by every page of the render.
    let navigationItems: NavigationItems
    /// Write site-absolute URLs under the base URL instead of relative ones (for the 404
    /// page, which a server shows at any depth).
    var absoluteURLs = false

    private func url(from: String, to: String) -> String {
        absoluteURLs ? baseURL + (to == "index.html" ? "" : to) : SitePath.relativeURL(from: from, to: to)
    }

    private var baseURL: String {
        config.site.baseURL.hasSuffix("/") ? config.site.baseURL : config.site.baseURL + "/"
    }

    func site(from outputPath: String) -> [String: Any] {
        var site: [String: Any] = [
            "title": config.site.title,
            "language": config.site.language,
            "baseURL": config.site.baseURL,
            "homeURL": url(from: outputPath, to: "index.html"),
        ]
        if let description = config.site.description { site["description"] = description }
        if let repository = config.site.repositoryURL { site["repositoryURL"] = repository }
        return site
    }

    func context(for page: Page) -> [String: Any] {
        let from = page.outputPath
        let root = absoluteURLs ? baseURL : SitePath.rootPrefix(from: from)
        let nav = navigation.roots.map { node in
            navigationItems.item(node, current: from, directory: page.directory, absolute: absoluteURLs, root: root) { url(from: from, to: $0) }
        }
        var values: [String: Any] = [
            "site": site(from: from),
            "root": root,
            "page": pageValues(page),
            "nav": nav,
            "navHTML": nav.map { $0["html"] as? String ?? "" }.joined() as String,
            "canonicalURL": canonicalURL(for: page.outputPath),
        ]
        let crumbs = navigation.breadcrumbs(for: page).map { crumb -> [String: Any] in
            ["title": crumb.title, "hasURL": crumb.outputPath != nil, "url": crumb.outputPath.map { url(from: from, to: $0) } ?? ""]
        }
        if !crumbs.isEmpty {
            values["breadcrumbs"] = crumbs
            values["hasBreadcrumbs"] = true
        }
        if let position = navigation.readingOrder.firstIndex(of: page.outputPath) {
            if position > 0, let previous = pagesByPath[navigation.readingOrder[position - 1]] {
                values["previous"] = ["title": previous.title, "url": url(from: from, to: previous.outputPath)]
            }
            if position + 1 < navigation.readingOrder.count, let next = pagesByPath[navigation.readingOrder[position + 1]] {
                values["next"] = ["title": next.title, "url": url(from: from, to: next.outputPath)]
            }
            values["hasPager"] = values["previous"] != nil || values["next"] != nil
        }
        return values
    }

    func canonicalURL(for outputPath: String) -> String {
        SitemapWriter.canonicalURL(for: SitePath.urlPath(outputPath), baseURL: baseURL)
    }

    private func pageValues(_ page: Page) -> [String: Any] {
        var values: [String: Any] = [
            "title": page.title,
            "contentHTML": page.contentHTML,
            "sourcePath": page.sourcePath,
            "url": SitePath.relativeURL(from: page.outputPath, to: page.outputPath),
        ]
        if let description = page.description { values["description"] = description }
        if let titleID = page.titleID { values["titleID"] = titleID }
        if !page.metadata.isEmpty {
            values["hasMetadata"] = true
            values["metadata"] = page.metadata.map { ["key": $0.key, "label": $0.label, "value": $0.value, "isStale": $0.isStale] }
        }
        let toc = page.headings.filter { $0.level == 2 || $0.level == 3 }
        if !toc.isEmpty {
            values["hasTOC"] = true
            values["toc"] = toc.map { heading -> [String: Any] in
                ["text": heading.text, "id": heading.id, "level": heading.level, "isSubsection": heading.level == 3]
            }
        }
        return values
    }
}
