import StrataCore
import StrataTemplates

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

    func site(from outputPath: String) -> TemplateObject {
        var site: TemplateObject = [
            "title": .text(config.site.title),
            "language": .text(config.site.language),
            "baseURL": .text(config.site.baseURL),
            "homeURL": .text(url(from: outputPath, to: "index.html"))
        ]
        if let description = config.site.description { site["description"] = .text(description) }
        if let repository = config.site.repositoryURL { site["repositoryURL"] = .text(repository) }
        return site
    }

    func context(for page: Page) -> TemplateObject {
        let from = page.outputPath
        let root = absoluteURLs ? baseURL : SitePath.rootPrefix(from: from)
        // The sidebar's links capture two values, not the whole context: the closure is
        // made for every entry of every page.
        let absolute = absoluteURLs
        let base = baseURL
        let link: (String) -> String = { to in
            absolute ? base + (to == "index.html" ? "" : to) : SitePath.relativeURL(from: from, to: to)
        }
        let directory = page.directory
        let position = navigation.readingPosition(of: from)
        let sidebar = navigationItems.sidebar(
            current: from, position: position, directory: directory, absolute: absolute, root: root, url: link)
        var values: TemplateObject = [
            "site": .object(site(from: from)),
            "root": .text(root),
            "page": .object(pageValues(page)),
            "nav": .list(sidebar.entries.map { .object($0.values) }),
            "navHTML": .text(sidebar.html),
            "hasNavSharedList": .bool(sidebar.sharedList != nil),
            "navSharedList": .object(sidebar.sharedList ?? [:]),
            "canonicalURL": .text(canonicalURL(for: page.outputPath))
        ]
        let crumbs = navigation.breadcrumbs(for: page).map { crumb -> TemplateValue in
            .object([
                "title": .text(crumb.title), "hasURL": .bool(crumb.outputPath != nil),
                "url": .text(crumb.outputPath.map { url(from: from, to: $0) } ?? "")
            ])
        }
        if !crumbs.isEmpty {
            values["breadcrumbs"] = .list(crumbs)
            values["hasBreadcrumbs"] = true
        }
        if let position = navigation.readingPosition(of: page.outputPath) {
            if position > 0, let previous = pagesByPath[navigation.readingOrder[position - 1]] {
                values["previous"] = .object([
                    "title": .text(previous.title), "url": .text(url(from: from, to: previous.outputPath))
                ])
            }
            if position + 1 < navigation.readingOrder.count,
                let next = pagesByPath[navigation.readingOrder[position + 1]]
            {
                values["next"] = .object([
                    "title": .text(next.title), "url": .text(url(from: from, to: next.outputPath))
                ])
            }
            values["hasPager"] = .bool(values["previous"] != nil || values["next"] != nil)
        }
        return values
    }

    func canonicalURL(for outputPath: String) -> String {
        SitemapWriter.canonicalURL(for: SitePath.urlPath(outputPath), baseURL: baseURL)
    }

    private func pageValues(_ page: Page) -> TemplateObject {
        var values: TemplateObject = [
            "title": .text(page.title),
            "contentHTML": .text(page.contentHTML),
            "sourcePath": .text(page.sourcePath),
            "url": .text(SitePath.relativeURL(from: page.outputPath, to: page.outputPath))
        ]
        if page.layout == .wide { values["isWide"] = true }
        if let description = page.description { values["description"] = .text(description) }
        if let titleID = page.titleID { values["titleID"] = .text(titleID) }
        if !page.placement.isEmpty {
            values["hasPlacement"] = true
            values["placement"] = .list(
                page.placement.map {
                    .object([
                        "label": .text($0.label), "title": .text($0.title),
                        "url": .text(ArchitecturePages.href(from: page.outputPath, to: $0.outputPath))
                    ])
                })
        }
        if !page.metadata.isEmpty {
            values["hasMetadata"] = true
            values["metadata"] = .list(
                page.metadata.map {
                    .object([
                        "key": .text($0.key), "label": .text($0.label), "value": .text($0.value),
                        "isStale": .bool($0.isStale)
                    ])
                })
        }
        let toc = page.headings.filter { $0.level == 2 || $0.level == 3 }
        if !toc.isEmpty {
            values["hasTOC"] = true
            values["toc"] = .list(
                toc.map { heading in
                    .object([
                        "text": .text(heading.text), "id": .text(heading.id), "level": .number(heading.level),
                        "isSubsection": .bool(heading.level == 3)
                    ])
                })
        }
        return values
    }
}
