import Dispatch
import StrataCore

/// Turns resolved pages into the files of the site through a theme. Pages render in
/// parallel; the result is in a fixed order, so two runs give the same bytes.
package struct SiteRenderer: Sendable {
    package let config: StrataConfig
    package let theme: Theme

    package init(config: StrataConfig, theme: Theme) {
        self.config = config
        self.theme = theme
    }

    /// Everything a page's template sees besides the page: two renders with equal
    /// signatures give equal bytes for equal pages. A class, so that a caller comparing it
    /// for every page can compare it once and then by identity.
    package final class SiteSignature: Equatable, Sendable {
        package let config: StrataConfig
        package let theme: Theme
        package let navigation: [NavigationTree.SignatureEntry]

        init(config: StrataConfig, theme: Theme, navigation: [NavigationTree.SignatureEntry]) {
            self.config = config
            self.theme = theme
            self.navigation = navigation
        }

        package static func == (lhs: SiteSignature, rhs: SiteSignature) -> Bool {
            lhs === rhs || (lhs.config == rhs.config && lhs.navigation == rhs.navigation && lhs.theme == rhs.theme)
        }
    }

    /// How each page is rendered: `render` renders it; a caller that keeps rendered pages
    /// between renders (`strata serve`) may answer with the bytes it kept for an equal page
    /// under an equal signature instead. `key` is the page's output path.
    package typealias PageRendering =
        @Sendable (
            _ key: String, _ page: Page, _ site: SiteSignature, _ render: () -> Result<OutputFile, Diagnostic>
        ) -> Result<OutputFile, Diagnostic>

    /// Renders every page, the 404 page, the sitemap, the long sections' shared lists and the
    /// theme's assets, each page and
    /// the 404 page through `rendering`; the bytes are the same whatever it reuses.
    /// - Throws: `DiagnosticsError` when a template cannot be rendered (templates that
    ///   include each other without end).
    package func render(
        pages: [Page], rendering: @escaping PageRendering = { _, _, _, render in render() }
    ) throws -> [OutputFile] {
        let sorted = pages.sorted { $0.outputPath < $1.outputPath }
        let navigation = NavigationTree(pages: sorted)
        let signature = SiteSignature(config: config, theme: theme, navigation: navigation.signature)
        let builder = PageContext(
            config: config,
            navigation: navigation,
            pagesByPath: Dictionary(sorted.map { ($0.outputPath, $0) }, uniquingKeysWith: { first, _ in first }),
            navigationItems: NavigationItems(navigation: navigation, theme: theme)
        )
        let theme = self.theme
        let pagesRendered = ParallelMap.map(sorted) { page -> Result<OutputFile, Diagnostic> in
            rendering(page.outputPath, page, signature) {
                let context = builder.context(for: page)
                // Room for the body, the sidebar and the default theme's own markup, so the
                // bytes are rarely copied as they grow and little memory is left unused.
                var capacity = page.contentHTML.utf8.count + 6_144
                if case .text(let nav)? = context["navHTML"] { capacity += nav.utf8.count }
                return theme.render(
                    context, template: page.layout == .fullWindow ? PageLayout.fullWindow.rawValue : "page",
                    capacity: capacity
                ).map { OutputFile(path: page.outputPath, contents: $0) }
            }
        }
        let notFound = Page(sourcePath: "", outputPath: SitePath.notFoundPage, title: "Page not found")
        let notFoundFile = try rendering(SitePath.notFoundPage, notFound, signature) {
            var notFoundBuilder = builder
            notFoundBuilder.absoluteURLs = true
            return theme.render(notFoundBuilder.context(for: notFound), template: "404").map {
                OutputFile(path: SitePath.notFoundPage, contents: $0)
            }
        }.get()
        if let failure = builder.navigationItems.failure { throw DiagnosticsError([failure]) }
        let rendered = try pagesRendered.map { try $0.get() }
        // The sitemap protocol allows only absolute addresses: without an absolute base URL
        // there is no sitemap to write (the build says so).
        let sitemap =
            SitemapWriter.canBeWritten(baseURL: config.site.baseURL)
            ? [SitemapWriter(baseURL: config.site.baseURL).write(pages: sorted)] : []
        return rendered + [notFoundFile] + sitemap + builder.navigationItems.sharedListFiles() + theme.assets
    }
}
