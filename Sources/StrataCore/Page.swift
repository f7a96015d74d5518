/// A rendered page of the site, as the theme sees it: every value already resolved.
package struct Page: Hashable, Sendable {
    /// The Markdown file, relative to the content folder (`guides/intro.md`).
    package var sourcePath: String
    /// The HTML file, relative to the output folder (`guides/intro.html`).
    package var outputPath: String
    package var title: String
    /// The id of the page's title heading, when the page opened with one.
    package var titleID: String?
    package var description: String?
    /// `weight:` or `nav_order:` from front matter; lower comes first in navigation.
    package var weight: Int?
    /// Whether this page is the `index.md` of its folder (the folder's section page).
    package var isSectionIndex: Bool
    /// Metadata shown in the page's header box (front matter keys Strata does not use itself,
    /// and the metadata paragraph).
    package var metadata: [MetadataEntry]
    package var headings: [Heading]
    /// The page body as HTML (without the title heading and metadata paragraph).
    package var contentHTML: String
    /// Whether the sidebar lists the page. Generated pages that come by the hundred (one
    /// per module) are reached from their index instead, so every page's sidebar stays small.
    package var isListedInNavigation = true
    /// The group the page is listed under in its section's navigation (a DocC catalog's
    /// `### Essentials` topic group); nil for most pages.
    package var navigationGroup: String?
    /// For a reference page written from the source, what it documents and where:
    /// `Structure · Kit`. Search lists such pages as symbols, after the site's own pages.
    package var symbolContext: String?
    /// Where what the page documents sits in the architecture, shown under its title: a
    /// reference page's module, its layer and the component that declares the type.
    package var placement: [PageLink] = []
    /// How much of the window the page takes: the text column, or the window less the
    /// sidebar (a drawing of every module), or all of it (a map or a matrix).
    package var layout: PageLayout = .column

    package init(
        sourcePath: String,
        outputPath: String,
        title: String,
        titleID: String? = nil,
        description: String? = nil,
        weight: Int? = nil,
        isSectionIndex: Bool = false,
        metadata: [MetadataEntry] = [],
        headings: [Heading] = [],
        contentHTML: String = ""
    ) {
        self.sourcePath = sourcePath
        self.outputPath = outputPath
        self.title = title
        self.titleID = titleID
        self.description = description
        self.weight = weight
        self.isSectionIndex = isSectionIndex
        self.metadata = metadata
        self.headings = headings
        self.contentHTML = contentHTML
    }

    /// The folder the page lives in, relative to the output root ("" for the top level).
    package var directory: String {
        guard let slash = outputPath.lastIndex(of: "/") else { return "" }
        return String(outputPath[..<slash])
    }
}

/// How much of the window a page takes. Themes draw `.column` and `.wide` pages with their
/// `page` template (`page.isWide` set for the second) and `.fullWindow` pages with
/// `full-window`, which has no sidebar and no footer.
package enum PageLayout: String, Hashable, Sendable {
    /// The readable text column, with the sidebar and the table of contents.
    case column
    /// Text in its column, figures as wide as the window less the sidebar.
    case wide
    /// The whole window below the header: a drawing or a matrix to pan and zoom.
    case fullWindow = "full-window"
}

/// A labelled link to another page of the site: `Layer` → `Domain` at `layers/domain.html`.
package struct PageLink: Hashable, Sendable {
    /// What the link is to the page that shows it: `Module`, `Layer`, `Component`.
    package var label: String
    package var title: String
    /// Relative to the output folder, with a `#fragment` when it leads into a page.
    package var outputPath: String

    package init(label: String, title: String, outputPath: String) {
        self.label = label
        self.title = title
        self.outputPath = outputPath
    }
}
