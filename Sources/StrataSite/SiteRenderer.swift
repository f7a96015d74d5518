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

    /// Renders every page, the 404 page and the theme's assets.
    public func render(pages: [Page]) -> [OutputFile] {
        let sorted = pages.sorted { $0.outputPath < $1.outputPath }
        let navigation = NavigationTree(pages: sorted)
        let builder = PageContext(
            config: config,
            navigation: navigation,
            pagesByPath: Dictionary(sorted.map { ($0.outputPath, $0) }, uniquingKeysWith: { first, _ in first })
        )
        let rendered = ParallelMap.map(sorted) { page in
            OutputFile(path: page.outputPath, text: theme.render(builder.context(for: page), template: "page"))
        }
        let notFound = Page(sourcePath: "", outputPath: "404.html", title: "Page not found")
        var notFoundBuilder = builder
        notFoundBuilder.absoluteURLs = true
        let context = notFoundBuilder.context(for: notFound)
        let notFoundFile = OutputFile(path: "404.html", text: theme.render(context, template: "404"))
        return rendered + [notFoundFile] + theme.assets
    }
}
