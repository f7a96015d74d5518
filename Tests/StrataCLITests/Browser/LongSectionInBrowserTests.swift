import Foundation
import StrataTestSupport
import Testing

/// A folder of 600 pages inside a top level of 57 entries, as a reader gets it from disk: each
/// page lists the entries around it, the folders' shared lists fill in the rest, and the
/// filter, the arrow keys and the page's own place in the sidebar work with all 600, each
/// list handling its own keys.
@Suite struct LongSectionInBrowserTests {
    static func files() -> [String: String] {
        var files = ["Content/index.md": "# Evolution\n"]
        for index in 0..<600 {
            let number = String(format: "%04d", index)
            files["Content/proposals/p\(number).md"] = "# Proposal \(number)\n\nText of proposal \(number).\n"
        }
        // A folder inside the long one: its page keeps its open subsection.
        files["Content/proposals/drafts/index.md"] = "---\nweight: 1\n---\n# Drafts\n"
        files["Content/proposals/drafts/first.md"] = "# First draft\n"
        files["Content/proposals/drafts/second.md"] = "# Second draft\n"
        // A folder without a page of its own: always listed, open, so its pages have links.
        files["Content/proposals/zz-notes/one.md"] = "# Note one\n"
        files["Content/proposals/zz-notes/two.md"] = "# Note two\n"
        // A long top level around the long folder.
        for index in 0..<55 {
            files["Content/t\(String(format: "%02d", index)).md"] = "# Top \(String(format: "%02d", index))\n"
        }
        return files
    }

    static let entries = "document.querySelectorAll('ul[data-nav-list=proposals] > li')"
    /// The folder's filter (the top level has one too, first in the page).
    static let filter = ".nav-item > .nav-filter input"
    static let count = "document.querySelector('.nav-item > .nav-filter .nav-filter-count').textContent"
    static let shown =
        "Array.from(document.querySelectorAll('ul[data-nav-list=proposals] > li:not([hidden]) > a')).map(a => "
        + "a.textContent)"

    @Test func theWholeListLoadsFiltersAndFollowsTheKeyboard() async throws {
        let site = try await BrowserFixture.build(files: Self.files(), name: "long-section")
        defer { site.remove() }
        try await SharedBrowser.takingTurns {
            let browser = try await SharedBrowser.shared.browser()
            let page = try await browser.newPage()
            defer { page.close() }
            try await page.setViewport(width: 1280, height: 800, mobile: false)
            try await page.navigate(to: site.url("proposals/p0300.html"))
            try await page.waitFor("document.querySelector('.nav-filter input') !== null")
            #expect(try await page.evaluate("\(Self.entries).length") as? Int == 602)
            #expect(
                try await page.evaluate("document.querySelectorAll('.nav-more').length") as? Int == 0,
                "the markers give way to the list")
            // The page's own entry is in view in the sidebar, and the page did not scroll.
            let inView = """
                (() => { const e = document.querySelector('#site-nav [aria-current=page]').getBoundingClientRect(),
                  n = document.getElementById('site-nav').getBoundingClientRect(); return e.top >= n.top && e.bottom \
                <= n.bottom })()
                """
            #expect(try await page.evaluate(inView) as? Bool == true)
            #expect(try await page.evaluate("window.scrollY") as? Int == 0)
            #expect(
                try await page.strings(
                    "Array.from(document.querySelectorAll('#site-nav a[href*=\"zz-notes/\"]')).map(a => a.textContent)")
                    == ["Note one", "Note two"])
            #expect(
                try await page.evaluate(
                    "document.querySelectorAll('.nav-filter').length === 2 && document.querySelector('.sidebar > "
                        + ".nav-filter').classList.contains('nav-filter-outer')"
                ) as? Bool == true,
                "the top level's filter does not stick over the folder's")
            #expect(
                try await page.evaluate("document.querySelectorAll('ul[data-nav-list=\"/\"] > li').length") as? Int
                    == 57)
            #expect(
                try await page.string("document.querySelector('#site-nav [aria-current=page]').textContent")
                    == "Proposal 0300")

            // Filtering by a word of the title (or of the file name) leaves the matches.
            try await page.click(Self.filter)
            try await page.type("0421")
            try await page.waitFor("\(Self.count) === '1 of 602'")
            #expect(try await page.strings(Self.shown) == ["Proposal 0421"])
            // Down goes to the first match, Enter opens it.
            try await page.press("ArrowDown")
            #expect(try await page.string("document.activeElement.textContent") == "Proposal 0421")
            try await page.press("Enter")
            try await page.waitFor(
                "location.href.endsWith('/proposals/p0421.html') && document.querySelector('.nav-filter input') !== "
                    + "null"
            )

            // Up and down move between the entries shown; Escape goes back to the filter, then clears it.
            try await page.click(Self.filter)
            try await page.type("proposal 059")
            // "059" is in 0590 to 0599, and in the file name of 0059.
            try await page.waitFor("\(Self.count) === '11 of 602'")
            try await page.press("ArrowDown")
            try await page.press("ArrowDown")
            try await page.press("ArrowDown")
            try await page.press("ArrowUp")
            #expect(try await page.string("document.activeElement.textContent") == "Proposal 0590")
            try await page.press("Escape")
            #expect(
                try await page.evaluate("document.activeElement === document.querySelector('\(Self.filter)')") as? Bool
                    == true)
            try await page.press("Escape")
            #expect(
                try await page.evaluate(
                    "\(Self.entries).length === 602 && document.querySelectorAll('ul[data-nav-list=proposals] > "
                        + "li[hidden]').length === 0"
                ) as? Bool == true)
            try await page.type("xylophone")
            try await page.waitFor("\(Self.count) === 'No page matches'")

            // A page inside a folder of the long one keeps its open folder in the list.
            try await page.navigate(to: site.url("proposals/drafts/second.html"))
            try await page.waitFor("document.querySelector('.nav-filter input') !== null")
            #expect(
                try await page.strings(
                    "Array.from(document.querySelectorAll('ul[data-nav-list=proposals] > li[data-nav-place=\"0\"] "
                        + "li a')).map(a => a.textContent)"
                ) == ["First draft", "Second draft"])
            #expect(
                try await page.string("document.querySelector('#site-nav [aria-current=page]').textContent")
                    == "Second draft")
            try await page.screenshot(to: BrowserFixture.screenshotPath("long-section-desktop"), fullPage: false)

            // On a phone the list is in the drawer, with the same filter.
            try await page.setViewport(width: 390, height: 844, mobile: true)
            try await page.navigate(to: site.url("proposals/p0010.html"))
            try await page.waitFor("document.querySelector('.nav-filter input') !== null")
            try await page.click(".nav-toggle")
            try await page.waitFor(
                "document.body.classList.contains('nav-open') && "
                    + "getComputedStyle(document.getElementById('site-nav')).transform === 'none'"
            )
            let filterBox =
                "(() => { const r = document.querySelector('\(Self.filter)').getBoundingClientRect(); return r.left "
                + ">= 0 && r.right <= 390 && r.width > 200 })()"
            #expect(try await page.evaluate(filterBox) as? Bool == true, "the filter fits the drawer")
            try await page.screenshot(to: BrowserFixture.screenshotPath("long-section-phone"), fullPage: false)
            #expect(page.errors.isEmpty, "\(page.errors)")
        }
    }

    /// Past 2,000 entries the list is written when the reader comes to the filter, not on
    /// every page load (10,000 entries took a browser a third of a second to lay out).
    @Test func aVeryLongListWaitsForTheFilter() async throws {
        var files = ["Content/index.md": "# Changelog\n"]
        for index in 0..<2_100 {
            files["Content/releases/r\(String(format: "%04d", index)).md"] =
                "# Release \(String(format: "%04d", index))\n"
        }
        let site = try await BrowserFixture.build(files: files, name: "very-long-section")
        defer { site.remove() }
        try await SharedBrowser.takingTurns {
            let browser = try await SharedBrowser.shared.browser()
            let page = try await browser.newPage()
            defer { page.close() }
            try await page.navigate(to: site.url("releases/r1000.html"))
            try await page.waitFor("document.querySelector('.nav-filter input') !== null")
            let entries = "document.querySelectorAll('ul[data-nav-list=releases] > li').length"
            #expect(try await page.evaluate(entries) as? Int == 13, "the 11 around the page and two markers")
            try await page.click(".nav-filter input")
            try await page.waitFor("\(entries) === 2100")
            try await page.type("1999")
            try await page.waitFor("document.querySelector('.nav-filter-count').textContent === '1 of 2100'")
            #expect(
                try await page.string("document.querySelector('#site-nav [aria-current=page]').textContent")
                    == "Release 1000")
            #expect(page.errors.isEmpty, "\(page.errors)")
        }
    }
}
