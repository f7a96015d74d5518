import Dispatch
import StrataCore

/// Turns resolved pages into the files of the site through a theme. Pages render in
/// parallel; the result is in a fixed order, so two runs give the same bytes.
public struct SiteRenderer: Sendable {
    public let config: StrataConfig
    public let theme: Theme

    public init(config: StrataConfig, theme: Theme) {
        self.config = config
        self.theme = theme
    }

    /// Renders every page, the 404 page, the sitemap and the theme's assets. With `memory` (a preview
    /// server's), pages whose inputs did not change since the previous render are reused;
    /// the bytes are the same either way.
    /// - Throws: `DiagnosticsError` when a template cannot be rendered (templates that
    ///   include each other without end).
    public func render(pages: [Page], memory: RenderMemory? = nil) throws -> [OutputFile] {
        let sorted = pages.sorted { $0.outputPath < $1.outputPath }
        let navigation = NavigationTree(pages: sorted)
        let signature = navigation.signature
        let reusable = memory?.sameSite(config: config, theme: theme, navigation: signature) == true ? memory : nil
        let builder = PageContext(
            config: config,
            navigation: navigation,
            pagesByPath: Dictionary(sorted.map { ($0.outputPath, $0) }, uniquingKeysWith: { first, _ in first }),
            navigationItems: NavigationItems(navigation: navigation, theme: theme)
        )
        let pagesRendered = ParallelMap.map(sorted) { page -> Result<(OutputFile, Bool), Diagnostic> in
            if let previous = reusable?.output(for: page) { return .success((previous, false)) }
            let context = builder.context(for: page)
            // Room for the body, the sidebar and the default theme's own markup, so the bytes
            // are rarely copied as they grow and little memory is left unused.
            var capacity = page.contentHTML.utf8.count + 6_144
            if case .text(let nav)? = context["navHTML"] { capacity += nav.utf8.count }
            return theme.render(context, template: "page", capacity: capacity)
                .map { (OutputFile(path: page.outputPath, contents: $0), true) }
        }
        let notFoundFile: OutputFile
        if let previous = reusable?.previousNotFound {
            notFoundFile = previous
        } else {
            let notFound = Page(sourcePath: "", outputPath: SitePath.notFoundPage, title: "Page not found")
            var notFoundBuilder = builder
            notFoundBuilder.absoluteURLs = true
            notFoundFile = OutputFile(path: SitePath.notFoundPage, contents: try theme.render(notFoundBuilder.context(for: notFound), template: "404").get())
        }
        if let failure = builder.navigationItems.failure { throw DiagnosticsError([failure]) }
        let rendered = try pagesRendered.map { try $0.get() }
        memory?.remember(
            config: config, theme: theme, navigation: signature, pages: Array(zip(sorted, rendered.map(\.0))),
            notFound: notFoundFile, renderedCount: rendered.filter(\.1).count
        )
        let sitemap = SitemapWriter(baseURL: config.site.baseURL).write(pages: sorted)
        return rendered.map(\.0) + [notFoundFile, sitemap] + theme.assets
    }
}
