import Foundation
import StrataTestSupport
import Testing

/// The gallery's diagrams (generated packages of 5, 30, 125 and 500 modules, and Strata's
/// own) as a reader sees them in Chromium, from disk: on a 1280 px desktop window the
/// smallest diagram text is at least 11 px; on a 390 px phone the diagram keeps the
/// column's width and the page does not scroll sideways; in light and dark, the text is
/// drawn in a colour other than the frame's, and in the theme's own font (loaded from disk).
/// Each view is kept as a screenshot in
/// .build/test-artifacts/browser/gallery-*.png.
@Suite struct DiagramGalleryInBrowserTests {
    /// The smallest text of the page's first diagram, in CSS pixels as drawn.
    static let smallestText = """
        Math.min(...[...document.querySelector('.diagram-frame svg').querySelectorAll('text')]
          .map(t => parseFloat(t.getAttribute('font-size') || '14') * t.getScreenCTM().a))
        """

    static func check(_ name: String, pages: [(kind: String, page: String)], in output: URL) async throws {
        try await SharedBrowser.takingTurns {
            let browser = try await SharedBrowser.shared.browser()
            let page = try await browser.newPage()
            defer { page.close() }
            for (kind, path) in pages {
                for (device, width, height, mobile) in [("desktop", 1280, 900, false), ("phone", 390, 844, true)] {
                    try await page.setViewport(width: width, height: height, mobile: mobile)
                    try await page.inBothColourSchemes(output.appendingPathComponent(path).absoluteString) { scheme in
                        let view = "\(name) \(kind) (\(path)), \(device), \(scheme)"
                        #expect(
                            try await page.evaluate("document.querySelectorAll('.diagram-frame svg').length") as? Int
                                ?? 0 >= 1, "\(view): no diagram")
                        if device == "desktop" {
                            // The text is drawn in the theme's font, loaded from disk, whose
                            // metrics are the ones Graphviz measured it with.
                            try await page.waitFor(
                                "[...document.fonts].some(f => f.family.replace(/\"/g, '') === 'Strata Diagram "
                                    + "Sans' && f.status === 'loaded')",
                                timeout: 10)
                            #expect(
                                try await page.string(
                                    "getComputedStyle(document.querySelector('.diagram-frame svg text')).fontFamily"
                                ).hasPrefix("\"Strata Diagram Sans\""))
                            let smallest = try await page.evaluate(Self.smallestText) as? Double ?? 0
                            #expect(smallest >= 10.95, "\(view): the smallest text is \(smallest) px")
                        } else {
                            let widths = try await page.strings(
                                "[document.querySelector('.diagram-frame').getBoundingClientRect().width, "
                                    + "document.querySelector('.content').getBoundingClientRect().width].map(w => "
                                    + "String(Math.round(w)))"
                            )
                            #expect(
                                widths.count == 2 && widths[0] == widths[1],
                                "\(view): the frame is not the column's width: \(widths)")
                            #expect(
                                try await page.evaluate(
                                    "document.documentElement.scrollWidth - document.documentElement.clientWidth")
                                    as? Int == 0, "\(view): the page scrolls sideways")
                        }
                        let colours = try await page.strings(
                            "[getComputedStyle(document.querySelector('.diagram-frame svg g.node text')).fill, "
                                + "getComputedStyle(document.querySelector('.diagram-frame')).backgroundColor]"
                        )
                        #expect(
                            colours.count == 2 && colours[0] != colours[1],
                            "\(view): text and background are one colour: \(colours)")
                        _ = try await page.evaluate("document.querySelector('.diagram').scrollIntoView(); true")
                        try await page.screenshot(
                            to: BrowserFixture.screenshotPath("gallery-\(name)-\(kind)-\(device)-\(scheme)"))
                    }
                }
            }
            #expect(page.errors.isEmpty, "\(page.errors)")
        }
    }

    /// The packages are built once for this and `DiagramGalleryTests` (`SharedSites`).
    @Test(arguments: [5, 30, 125, 500])
    func generatedPackages(modules: Int) async throws {
        let site = try await SharedSites.layeredPackage(modules: modules)
        try await Self.check("\(modules)", pages: LayeredPackage(modules: modules).galleryPages, in: site.output)
    }

    @Test func stratasOwnSite() async throws {
        let site = try await SharedSites.ownManual()
        try await Self.check(
            "strata",
            pages: [
                ("overview", "modules/index.html"), ("layer", "layers/infrastructure.html"),
                ("module", "modules/StrataCore.html")
            ], in: site.output)
    }
}
