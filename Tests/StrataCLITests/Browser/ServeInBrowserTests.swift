import Foundation
import StrataTestSupport
import Testing

/// `strata serve`'s live-reload script in a real browser: a save reloads the open page at
/// the same scroll position, a broken build shows its errors over the page and the fix
/// takes them away, and a page reached with Back still reloads.
@Suite(.serialized) struct ServeInBrowserTests {
    static let longPage = "# Long page\n\n" + (1 ... 80).map { "Paragraph \($0) of a page long enough to scroll.\n" }.joined(separator: "\n")

    func project() throws -> URL {
        try CommandLineTests().project([
            "strata.yml": "site:\n  title: Live\n",
            "Content/index.md": "# Home\n\nRead the [long page](long.md).\n",
            "Content/long.md": Self.longPage,
        ])
    }

    /// Serves a small project and opens a page of a headless browser for `body`; afterwards,
    /// the page must have logged no script error.
    func withServedPage(width: Int = 1280, height: Int = 800, _ body: (URL, ServeCommandTests.Server, BrowserPage) throws -> Void) throws {
        let root = try project()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try ServeCommandTests.Server(in: root)
        defer { _ = server.interrupt() }
        let browser = try HeadlessBrowser()
        defer { browser.close() }
        let page = try browser.newPage(width: width, height: height)
        try body(root, server, page)
        #expect(page.errors.isEmpty, "\(page.errors)")
    }

    func write(_ root: URL, _ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent(path))
    }

    @Test func aSaveReloadsThePageWhereTheReaderWas() throws {
        try withServedPage(width: 1000, height: 600) { root, server, page in
            try page.navigate(to: "http://127.0.0.1:\(server.port)/long.html")
            try page.waitFor("window.EventSource && document.querySelector('script[src=\"/__strata/live.js\"]') !== null")
            _ = try page.evaluate("window.scrollTo(0, 1200); window.marker = 'before reload'; true")
            try page.waitFor("Math.abs(window.scrollY - 1200) < 2")
            // The script connects once the page has loaded; give it a moment before the change.
            Thread.sleep(forTimeInterval: 0.5)
            try write(root, "Content/long.md", Self.longPage.replacingOccurrences(of: "Paragraph 40 of", with: "Paragraph 40, edited, of"))
            try page.waitFor("window.marker === undefined && document.body.textContent.includes('Paragraph 40, edited, of')", timeout: 20)
            try page.waitFor("Math.abs(window.scrollY - 1200) < 2")
        }
    }

    @Test func aBrokenBuildShowsItsErrorsOverThePageUntilFixed() throws {
        try withServedPage { root, server, page in
            try page.navigate(to: "http://127.0.0.1:\(server.port)/")
            Thread.sleep(forTimeInterval: 0.5)
            try write(root, "Content/index.md", "---\ntitle: [unclosed\n---\n# Home\n")
            try page.waitFor("document.getElementById('strata-build-error') !== null", timeout: 20)
            let overlay = try page.string("document.getElementById('strata-build-error').textContent")
            #expect(overlay.contains("Content/index.md:3:1: error: invalid YAML"), "\(overlay)")
            #expect(try page.string("document.querySelector('h1').textContent") == "Home", "the last good page stays under the overlay")
            try write(root, "Content/index.md", "# Home again\n")
            try page.waitFor("document.getElementById('strata-build-error') === null && document.querySelector('h1') && document.querySelector('h1').textContent === 'Home again'", timeout: 20)
        }
    }

    @Test func aPageReachedWithBackStillReloads() throws {
        try withServedPage { root, server, page in
            try page.navigate(to: "http://127.0.0.1:\(server.port)/")
            Thread.sleep(forTimeInterval: 0.5)
            _ = try page.evaluate("window.marker = 'kept'; window.addEventListener('pageshow', e => { window.restored = e.persisted; }); true")
            try page.click(".content a[href='long.html']")
            try page.waitFor("location.pathname === '/long.html' && document.readyState === 'complete'")
            _ = try page.evaluate("history.back(); true")
            try page.waitFor("location.pathname === '/' && document.readyState === 'complete'")
            // Chrome keeps no page served with `Cache-Control: no-store` (as the preview serves
            // every page) in its back/forward cache, so this one was loaded again.
            #expect(try page.evaluate("window.marker === undefined") as? Bool == true)
            Thread.sleep(forTimeInterval: 0.5)
            try write(root, "Content/index.md", "# Home, after Back\n\nRead the [long page](long.md).\n")
            try page.waitFor("document.querySelector('h1') && document.querySelector('h1').textContent === 'Home, after Back'", timeout: 20)
        }
    }

    /// A browser that does keep the page (Safari, or Chrome once it caches no-store pages)
    /// hides it with `pagehide` and shows it again with a persisted `pageshow`: the script
    /// must close its stream on the first and open a new one on the second.
    @Test func aPageShownAgainFromTheBackForwardCacheListensAgain() throws {
        try withServedPage { root, server, page in
            try page.navigate(to: "http://127.0.0.1:\(server.port)/")
            Thread.sleep(forTimeInterval: 0.5)
            _ = try page.evaluate("window.marker = 'kept'; window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true })); true")
            // While hidden, a save must not reload it: its stream is closed.
            try write(root, "Content/index.md", "# Home while hidden\n")
            Thread.sleep(forTimeInterval: 1)
            #expect(try page.evaluate("window.marker === 'kept'") as? Bool == true, "a hidden page reloaded")
            _ = try page.evaluate("window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })); true")
            // Shown again, it learns of the build it missed and reloads.
            try page.waitFor("window.marker === undefined && document.querySelector('h1') && document.querySelector('h1').textContent === 'Home while hidden'", timeout: 20)
        }
    }
}
