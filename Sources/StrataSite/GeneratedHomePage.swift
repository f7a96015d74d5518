import StrataCore
import StrataTemplates

/// The home page of a site whose content has none: a package documented from its code
/// alone (no content folder), or a content folder without an `index.md`. It names the site
/// and leads to what the site holds (the architecture, its violations, the guidance and
/// the top-level pages), so `index.html` is always there to open.
package struct GeneratedHomePage: Sendable {
    package let site: SiteSettings
    package let theme: Theme

    package init(site: SiteSettings, theme: Theme) {
        self.site = site
        self.theme = theme
    }

    /// A home page for `pages` (the site's other pages), with the architecture's summary
    /// when the site has one.
    package func page(for pages: [Page], architecture summary: String?) throws -> Page {
        let path = SitePath.homePage
        let top = pages.filter {
            $0.isListedInNavigation && $0.outputPath != SitePath.notFoundPage
                && (!$0.outputPath.contains("/")
                    || ($0.isSectionIndex && $0.outputPath.split(separator: "/").count == 2))
        }
        .sorted { ($0.weight ?? Int.max, $0.title, $0.outputPath) < ($1.weight ?? Int.max, $1.title, $1.outputPath) }
        let links: [TemplateValue] = top.map { page in
            .object([
                "title": .text(page.title), "href": .text(SitePath.relativeURL(from: path, to: page.outputPath)),
                "hasDescription": .bool(page.description != nil), "description": .text(page.description ?? "")
            ])
        }
        let values: TemplateObject = [
            "title": .text(site.title), "hasDescription": .bool(site.description != nil),
            "description": .text(site.description ?? ""),
            "hasArchitecture": .bool(summary != nil), "architecture": .text(summary ?? ""),
            "hasLinks": .bool(!links.isEmpty), "links": .list(links)
        ]
        let html: String
        switch theme.render(values, template: "home") {
        case .success(let bytes): html = String(decoding: bytes, as: UTF8.self)
        case .failure(let diagnostic): throw DiagnosticsError([diagnostic])
        }
        return Page(
            sourcePath: "", outputPath: path, title: site.title, description: site.description,
            weight: 0, isSectionIndex: true, headings: [], contentHTML: html
        )
    }
}
