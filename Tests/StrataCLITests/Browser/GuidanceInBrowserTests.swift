import Foundation
import StrataTestSupport
import Testing

/// Guidance as a reader meets it, in Chromium: the callouts drawn from their parts, the
/// labelled examples, a rule set, an enforced block's page and the catalog of the
/// guidance-forms fixture, at phone and desktop widths, light and dark. Screenshots go to
/// `.build/test-artifacts/browser/guidance-*.png`.
@Suite struct GuidanceInBrowserTests {
    static let pages = [
        "examples.html", "view-models.html", "services.html", "wiki.html", "guidance/index.html",
        "guidance/examples-comments-singletons-for-services.html",
        "guidance/view-models-rules-each-view-representing-a-full-screen.html"
    ]

    @Test func calloutsBlockPagesAndTheCatalogFitAndReadInBothModes() async throws {
        let site = try await BrowserFixture.build(site: "guidance-forms")
        defer { site.remove() }
        try await SharedBrowser.takingTurns {
            let browser = try await SharedBrowser.shared.browser()
            let page = try await browser.newPage()
            defer { page.close() }
            for size in [
                (name: "phone", width: 390, height: 844, mobile: true),
                (name: "desktop", width: 1280, height: 800, mobile: false)
            ] {
                try await page.setViewport(width: size.width, height: size.height, mobile: size.mobile)
                for path in Self.pages {
                    try await page.inBothColourSchemes(site.url(path)) { scheme in
                        let overflow =
                            try await page.evaluate(
                                "document.documentElement.scrollWidth - document.documentElement.clientWidth") as? Int
                            ?? -1
                        if overflow != 0 {
                            Issue.record(
                                Comment(
                                    rawValue:
                                        "\(path) scrolls sideways by \(overflow) px at \(size.width) px "
                                        + "in \(scheme) mode: "
                                        + "\(try await page.strings(SiteInBrowserTests.widest))")
                            )
                        }
                        let failures = try await page.strings(SiteInBrowserTests.contrastAudit)
                        #expect(failures.isEmpty, "\(scheme) \(path) at \(size.width) px: \(failures)")
                        let name =
                            "guidance-\(size.name)-\(scheme)-"
                            + path.replacingOccurrences(of: "/", with: "-").replacingOccurrences(of: ".html", with: "")
                        try await page.screenshot(to: BrowserFixture.screenshotPath(name), fullPage: true)
                    }
                }
            }
            #expect(page.errors.isEmpty, "\(page.errors)")
        }
    }

    @Test func verdictsAreWordsOnScreenAndTheCatalogFiltersByEnforcement() async throws {
        let site = try await BrowserFixture.build(site: "guidance-forms")
        defer { site.remove() }
        try await SharedBrowser.takingTurns {
            let browser = try await SharedBrowser.shared.browser()
            let page = try await browser.newPage()
            defer { page.close() }
            // Each labelled example says its verdict in words, with the colour (and a ✓ or ✗
            // the stylesheet adds, which innerText leaves out).
            try await page.navigate(to: site.url("examples.html"))
            let captions = try await page.strings(
                "Array.from(document.querySelectorAll('.guidance-example figcaption')).map(c => c.innerText.trim())")
            #expect(
                Array(captions.prefix(4)) == [
                    "BAD the service decides the locale", "GOOD", "BAD", "GOOD through the service it is given"
                ], "\(captions)")
            // The catalog, filtered to the blocks a rule enforces and the code breaks.
            try await page.navigate(to: site.url("guidance/index.html") + "?enforced=broken")
            try await page.waitFor("document.querySelector('.guidance-shown').textContent !== ''")
            let shown = try await page.strings(
                "Array.from(document.querySelectorAll('.guidance-item:not([hidden]) .guidance-item-head a')).map(a "
                    + "=> a.textContent)"
            )
            #expect(shown == ["Singletons for services."], "\(shown)")
            try await page.navigate(to: site.url("guidance/index.html") + "?enforced=yes")
            try await page.waitFor("document.querySelector('.guidance-shown').textContent !== ''")
            let enforced = try await page.strings(
                "Array.from(document.querySelectorAll('.guidance-item:not([hidden]) .guidance-item-head a')).map(a "
                    + "=> a.textContent)"
            )
            #expect(enforced == ["A screen needs data.", "Singletons for services."], "\(enforced)")
            #expect(page.errors.isEmpty, "\(page.errors)")
        }
    }
}
