import Foundation
import StrataTestSupport
import Testing

/// The architecture diagrams as a reader uses them, in Chromium, from disk: hover or focus a
/// box to see what it uses and what uses it, pin that view, find a module, zoom and print.
@Suite struct DiagramInteractionTests {
    /// The overview's box for `name`, in a script.
    static func node(_ name: String) -> String {
        "[...document.querySelectorAll('.diagram-frame g.node')].find(n => n.querySelector('title').textContent === "
            + "'\(name)')"
    }

    static let related =
        "[...document.querySelectorAll('.diagram-frame g.node.is-related')].map(n => "
        + "n.querySelector('title').textContent).sort()"

    /// The boxes at the other end of the arrows that touch `name`, read from the SVG's titles.
    static func neighbours(_ name: String) -> String {
        """
        [...new Set([...document.querySelectorAll('.diagram-frame g.edge title')].map(t => t.textContent.split('->'))
          .filter(p => p[0] === '\(name)' || p[1] === '\(name)').map(p => p[0] === '\(name)' ? p[1] : p[0]))].sort()
        """
    }

    @Test func hoverFocusPinAndFindOnTheOverview() async throws {
        try await BrowserFixture.withGuide { site, browser, page in
            try await page.setViewport(width: 1280, height: 800, mobile: false)
            try await page.navigate(to: site.url("modules/index.html"))
            // Hovering FeedService keeps it and its neighbours, and dims the rest.
            _ = try await page.evaluate("\(Self.node("FeedService")).dispatchEvent(new MouseEvent('mouseenter')); true")
            let expected = try await page.strings(Self.neighbours("FeedService"))
            #expect(!expected.isEmpty)
            #expect(try await page.strings(Self.related) == expected)
            #expect(
                try await page.string("getComputedStyle(\(Self.node("ProfileUI"))).opacity") == "0.15",
                "a box FeedService has no arrow to is dimmed")
            _ = try await page.evaluate("\(Self.node("FeedService")).dispatchEvent(new MouseEvent('mouseleave')); true")
            #expect(
                try await page.evaluate(
                    "document.querySelector('.diagram-frame svg').classList.contains('is-focusing')") as? Bool == false)

            // A click pins the view (it does not follow the link), leaving the box keeps it, Escape ends it.
            let followed =
                try await page.evaluate(
                    "\(Self.node("FeedService")).querySelector('a').dispatchEvent(new MouseEvent('click', { "
                        + "bubbles: true, cancelable: true }))"
                ) as? Bool
            #expect(followed == false, "the first click pins instead of opening the page")
            _ = try await page.evaluate("\(Self.node("FeedService")).dispatchEvent(new MouseEvent('mouseleave')); true")
            #expect(try await page.strings(Self.related) == expected, "a pinned view stays")
            #expect(
                try await page.string("document.querySelector('.diagram-status').textContent").hasPrefix(
                    "Pinned: FeedService uses "))
            _ = try await page.evaluate(
                "document.querySelector('.diagram-frame').dispatchEvent(new KeyboardEvent('keydown', { key: "
                    + "'Escape', bubbles: true })); true"
            )
            #expect(try await page.strings(Self.related).isEmpty)

            // Keyboard: focusing a box's link shows its neighbours too.
            _ = try await page.evaluate("\(Self.node("ProfileUI")).querySelector('a').focus(); true")
            #expect(try await page.strings(Self.related) == (try await page.strings(Self.neighbours("ProfileUI"))))
            #expect(
                try await page.evaluate("\(Self.node("ProfileUI")).classList.contains('is-focus')") as? Bool == true)

            // The find box marks the modules whose names hold the words.
            _ = try await page.evaluate(
                "const f = document.querySelector('.diagram-find'); f.value = 'feed'; f.dispatchEvent(new "
                    + "Event('input')); true"
            )
            let matches = try await page.strings(
                "[...document.querySelectorAll('.diagram-frame g.node.is-match')].map(n => "
                    + "n.querySelector('title').textContent).sort()"
            )
            #expect(matches == ["FeedService", "FeedUI"])
            #expect(
                try await page.string("document.querySelector('.diagram-status').textContent").hasPrefix(
                    "2 modules match: "))
            #expect(page.errors.isEmpty, "\(page.errors)")
        }
    }

    @Test func onAPhoneTheDiagramKeepsTheWidthAndZooms() async throws {
        try await BrowserFixture.withGuide { site, browser, page in
            // 320 px: the overview (about 340 px wide) no longer fits, so it gets zoom buttons.
            try await page.setViewport(width: 320, height: 700, mobile: true)
            try await page.navigate(to: site.url("modules/index.html"))
            // The controls sit above the drawing, which keeps the column's width.
            let widths = try await page.strings(
                "[document.querySelector('.diagram-frame').getBoundingClientRect().width, "
                    + "document.querySelector('.content').getBoundingClientRect().width].map(w => "
                    + "String(Math.round(w)))"
            )
            #expect(widths.count == 2 && widths[0] == widths[1], "\(widths)")
            let zoomable =
                try await page.evaluate("document.querySelectorAll('.diagram-controls .diagram-zoom').length") as? Int
                ?? 0
            #expect(zoomable == 4, "zoom out, fit, actual size, zoom in")
            do {
                let before =
                    try await page.evaluate(
                        "document.querySelector('.diagram-frame svg').getBoundingClientRect().width") as? Double ?? 0
                _ = try await page.evaluate(
                    "[...document.querySelectorAll('.diagram-zoom')].find(b => b.getAttribute('aria-label') === "
                        + "'Zoom in').click(); true"
                )
                let after =
                    try await page.evaluate(
                        "document.querySelector('.diagram-frame svg').getBoundingClientRect().width") as? Double ?? 0
                #expect(after > before * 1.3, "zooming in makes the drawing larger (\(before) → \(after))")
                #expect(
                    try await page.evaluate(
                        "document.documentElement.scrollWidth - document.documentElement.clientWidth") as? Int == 0,
                    "the page does not scroll sideways; the frame does")
            }
            try await page.screenshot(to: BrowserFixture.screenshotPath("phone-diagram-zoomed"))
            #expect(page.errors.isEmpty, "\(page.errors)")
        }
    }

    /// A layer's page draws the other layers as boxes named `group:N`: hovering one shows the
    /// arrows between it and the layer's modules, as hovering a module does.
    @Test func aLayerBoxHighlightsItsArrows() async throws {
        try await BrowserFixture.withGuide { site, browser, page in
            try await page.setViewport(width: 1280, height: 800, mobile: false)
            try await page.navigate(to: site.url("layers/ui.html"))
            let expected = try await page.strings(Self.neighbours("group:0"))
            #expect(!expected.isEmpty, "the Core box has arrows")
            _ = try await page.evaluate("\(Self.node("group:0")).dispatchEvent(new MouseEvent('mouseenter')); true")
            #expect(try await page.strings(Self.related) == expected)
            #expect(page.errors.isEmpty, "\(page.errors)")
        }
    }
}
