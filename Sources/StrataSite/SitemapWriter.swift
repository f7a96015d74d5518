import StrataCore

/// `sitemap.xml`: every page of the site at its canonical URL, in a fixed order and without
/// dates (a build says nothing about when a page last changed, and the same input must give
/// the same bytes). The protocol allows only absolute URLs, so a sitemap is written only
/// when `base_url` is one (`https://…`).
package struct SitemapWriter: Sendable {
    static let path = "sitemap.xml"

    /// Whether `baseURL` is absolute, as a sitemap's addresses must be.
    package static func canBeWritten(baseURL: String) -> Bool {
        baseURL.hasPrefix("https://") || baseURL.hasPrefix("http://")
    }

    let baseURL: String

    func write(pages: [Page]) -> OutputFile {
        var xml =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset "
            + "xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for path in pages.map(\.outputPath).sorted() where path != SitePath.notFoundPage {
            let url = Self.canonicalURL(for: SitePath.urlPath(path), baseURL: baseURL)
            xml += "<url><loc>\(HTMLEscaping.escape(url))</loc></url>\n"
        }
        xml += "</urlset>\n"
        return OutputFile(path: Self.path, text: xml)
    }

    /// The address a page is published at: a folder's `index.html` as the folder itself.
    static func canonicalURL(for outputPath: String, baseURL: String) -> String {
        let base = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
        if outputPath == "index.html" { return base }
        if outputPath.hasSuffix("/index.html") { return base + outputPath.dropLast("index.html".count) }
        return base + outputPath
    }
}
