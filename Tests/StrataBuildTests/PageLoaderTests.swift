import Testing

@testable import StrataBuild

@Suite struct PageLoaderTests {
    /// A page without a heading is titled from its file name, as a reader would say it.
    @Test(arguments: [
        ("getting-started.md", false, "Getting started"),
        ("guides/error_handling.md", false, "Error handling"),
        ("guides/index.md", true, "Guides"),
        ("index.md", true, "Home"),
        ("README", false, "README"),
        ("notes/ünïcode-page.md", false, "Ünïcode page"),
        ("a-b_c.d.md", false, "A b c.d")
    ])
    func aPageWithoutAHeadingIsTitledFromItsFileName(path: String, isIndex: Bool, title: String) {
        #expect(PageLoader.fallbackTitle(for: path, isIndex: isIndex) == title)
    }
}
