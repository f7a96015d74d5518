import Foundation
import StrataTestSupport
import Testing

/// `strata serve`'s live-reload script in a real browser: a save reloads the open page at
/// the same scroll position, a broken build shows its errors over the page and the fix
/// takes them away, and a page reached with Back still reloads.
@Suite struct ServeInBrowserTests {
    static let longPage =
        "# Long page\n\n"
        + (1...80).map { "Paragraph \($0) of a page long enough to scroll.\n" }.joined(separator: "\n")

    func project() throws -> URL {
        try CommandLineTests().project([
            "strata.yml": "site:\n  title: Live\n",
            "Content/index.md": "# Home\n\nRead the [long page](long.md).\n",
            "Content/long.md": Self.longPage
        ])
    }

    /// Serves a small project and opens a page of a headless browser for `body`; afterwards,
    /// the page must have logged no script error.
    func withServedPage(
        width: Int = 1280, height: Int = 800, _ body: (URL, ServeCommandTests.Server, BrowserPage) async throws -> Void
    ) async throws {
        let root = try project()
        defer { try? FileManager.default.removeItem(at: root) }
        try await BrowserFixture.withServedBrowser(root) { server, browser in
            let page = try await browser.newPage(width: width, height: height)
            defer { page.close() }
            try await body(root, server, page)
            #expect(page.errors.isEmpty, "\(page.errors)")
        }
    }

    /// Waits until the page's live-reload script has heard from the server: a save from now
    /// on reaches it as an event (before, the page would still reload, on connecting).
    func waitUntilListening(_ page: BrowserPage) async throws {
        try await page.waitFor(
            "document.querySelector('script[src=\"/__strata/live.js\"][data-listening=true]') !== null")
    }

    func write(_ root: URL, _ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent(path))
    }

    @Test func aSaveReloadsThePageWhereTheReaderWas() async throws {
        try await withServedPage(width: 1000, height: 600) { root, server, page in
            try await page.navigate(to: "http://127.0.0.1:\(server.port)/long.html")
            try await page.waitFor(
                "window.EventSource && document.querySelector('script[src=\"/__strata/live.js\"]') !== null")
            _ = try await page.evaluate("window.scrollTo(0, 1200); window.marker = 'before reload'; true")
            try await page.waitFor("Math.abs(window.scrollY - 1200) < 2")
            try await waitUntilListening(page)
            try write(
                root, "Content/long.md",
                Self.longPage.replacingOccurrences(of: "Paragraph 40 of", with: "Paragraph 40, edited, of"))
            try await page.waitFor(
                "window.marker === undefined && document.body.textContent.includes('Paragraph 40, edited, of')")
            try await page.waitFor("Math.abs(window.scrollY - 1200) < 2")
        }
    }

    @Test func aBrokenBuildShowsItsErrorsOverThePageUntilFixed() async throws {
        try await withServedPage { root, server, page in
            try await page.navigate(to: "http://127.0.0.1:\(server.port)/")
            try await waitUntilListening(page)
            try write(root, "Content/index.md", "---\ntitle: [unclosed\n---\n# Home\n")
            try await page.waitFor("document.getElementById('strata-build-error') !== null")
            let overlay = try await page.string("document.getElementById('strata-build-error').textContent")
            #expect(overlay.contains("Content/index.md:3:1: error: invalid YAML"), "\(overlay)")
            #expect(
                try await page.string("document.querySelector('h1').textContent") == "Home",
                "the last good page stays under the overlay")
            try write(root, "Content/index.md", "# Home again\n")
            try await page.waitFor(
                "document.getElementById('strata-build-error') === null && document.querySelector('h1') && "
                    + "document.querySelector('h1').textContent === 'Home again'"
            )
        }
    }

    @Test func aPageReachedWithBackStillReloads() async throws {
        try await withServedPage { root, server, page in
            try await page.navigate(to: "http://127.0.0.1:\(server.port)/")
            try await waitUntilListening(page)
            _ = try await page.evaluate(
                "window.marker = 'kept'; window.addEventListener('pageshow', e => { window.restored = e.persisted; "
                    + "}); true"
            )
            try await page.click(".content a[href='long.html']")
            try await page.waitFor("location.pathname === '/long.html' && document.readyState === 'complete'")
            // Later, not in the evaluation: a navigation that starts before Chromium has sent
            // the evaluation's result fails it ("Inspected target navigated or closed").
            _ = try await page.evaluate("setTimeout(() => history.back(), 0); true")
            try await page.waitFor("location.pathname === '/' && document.readyState === 'complete'")
            // Chrome keeps no page served with `Cache-Control: no-store` (as the preview serves
            // every page) in its back/forward cache, so this one was loaded again.
            #expect(try await page.evaluate("window.marker === undefined") as? Bool == true)
            try await waitUntilListening(page)
            try write(root, "Content/index.md", "# Home, after Back\n\nRead the [long page](long.md).\n")
            try await page.waitFor(
                "document.querySelector('h1') && document.querySelector('h1').textContent === 'Home, after Back'")
        }
    }

    /// A browser that does keep the page (Safari, or Chrome once it caches no-store pages)
    /// hides it with `pagehide` and shows it again with a persisted `pageshow`: the script
    /// must close its stream on the first and open a new one on the second.
    @Test func aPageShownAgainFromTheBackForwardCacheListensAgain() async throws {
        try await withServedPage { root, server, page in
            try await page.navigate(to: "http://127.0.0.1:\(server.port)/")
            try await waitUntilListening(page)
            _ = try await page.evaluate(
                "window.marker = 'kept'; window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true "
                    + "})); true"
            )
            // While hidden, a save must not reload it: its stream is closed.
            try await waitUntil("the hidden page's script to stop listening") {
                try await page.evaluate("document.querySelector('script[data-listening]') === null") as? Bool == true
            }
            try write(root, "Content/index.md", "# Home while hidden\n")
            // The server has published the new build; a page still listening would be
            // reloading now. Give such a reload time to begin before looking.
            try await server.waitForLine(containing: "Rebuilt in")
            try await Task.sleep(for: .milliseconds(500))
            #expect(try await page.evaluate("window.marker === 'kept'") as? Bool == true, "a hidden page reloaded")
            _ = try await page.evaluate(
                "window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })); true")
            // Shown again, it learns of the build it missed and reloads.
            try await page.waitFor(
                "window.marker === undefined && document.querySelector('h1') && "
                    + "document.querySelector('h1').textContent === 'Home while hidden'"
            )
        }
    }
}
