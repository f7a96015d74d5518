/// How Markdown is read and written out.
package struct MarkdownOptions: Hashable, Sendable {
    /// Emit raw HTML blocks and inline tags as HTML; otherwise they are shown escaped.
    package var unsafeHTML: Bool
    /// Typographic quotes and dashes.
    package var smartPunctuation: Bool
    /// Whether a page without an H1 takes its title from its first line (a wiki page
    /// captured as text starts "Skip to content", then the page's name). Off when the front
    /// matter names the page.
    package var titleFromFirstLine: Bool
    /// A page of a DocC catalog: block directives (`@Row { … }`) and asides (`> Note:`)
    /// are read as DocC reads them, and no paragraph is taken for Strata's page metadata.
    package var docc: Bool

    package init(
        unsafeHTML: Bool = false, smartPunctuation: Bool = false, titleFromFirstLine: Bool = false, docc: Bool = false
    ) {
        self.unsafeHTML = unsafeHTML
        self.smartPunctuation = smartPunctuation
        self.titleFromFirstLine = titleFromFirstLine
        self.docc = docc
    }
}
