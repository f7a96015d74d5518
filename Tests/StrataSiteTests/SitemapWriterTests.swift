import StrataCore
import Testing

@testable import StrataSite

@Suite struct SitemapWriterTests {
    @Test func sitemapListsCanonicalURLsInOrder() {
        let pages = ["guide/index.html", "index.html", "b.html", "404.html", "a&b.html"].map {
            Page(sourcePath: "", outputPath: $0, title: $0)
        }
        let xml = SitemapWriter(baseURL: "https://example.com/docs").write(pages: pages).contents
        let text = String(decoding: xml, as: UTF8.self)
        #expect(
            text == """
                <?xml version="1.0" encoding="UTF-8"?>
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
                <url><loc>https://example.com/docs/a&amp;b.html</loc></url>
                <url><loc>https://example.com/docs/b.html</loc></url>
                <url><loc>https://example.com/docs/guide/</loc></url>
                <url><loc>https://example.com/docs/</loc></url>
                </urlset>

                """)
    }
}

/// The sitemap protocol allows absolute addresses only: a site published under a path, or
/// opened from disk, gets none rather than one a search engine would reject.
@Suite struct SitemapAddressTests {
    @Test(arguments: [
        ("https://example.com/docs/", true), ("http://localhost:8000/", true), ("/", false), ("/docs/", false),
        ("", false), ("example.com", false)
    ])
    func onlyAnAbsoluteBaseURLGetsASitemap(baseURL: String, written: Bool) {
        #expect(SitemapWriter.canBeWritten(baseURL: baseURL) == written)
    }
}
