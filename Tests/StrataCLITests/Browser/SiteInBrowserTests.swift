import Foundation
import StrataTestSupport
import Testing

/// The built site as a reader gets it, in Debian's Chromium (headless): the guide fixture
/// opened from disk (`file://`, the hardest case: no server, no `fetch`) and served under a
/// sub-path. Search, the colour toggle, keyboard access, contrast, phone and desktop layouts,
/// copy buttons; and no page may log a script error.
@Suite struct SiteInBrowserTests {
    /// One page of each kind. (404.html is tested served: from disk, its site-absolute
    /// URLs cannot work, and need not, since only a server shows it.)
    static let guidePages = [
        "index.html", "guides/screens.html", "modules/index.html", "modules/FeedService.html",
        "guidance/screens-never-call-the-api-client.html", "guidance/index.html", "layers/ui.html", "violations.html"
    ]

    /// The elements that stick out of the viewport, outermost first, for a failure message.
    static let widest = """
        Array.from(document.querySelectorAll('body *')).filter(e => (e.getBoundingClientRect().right > \
        document.documentElement.clientWidth + 0.5
            || (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX === 'visible'))
          && !e.closest('pre, .table-wrapper, .diagram-frame, .sidebar, .search-results')).slice(0, 4)
          .map(e => e.tagName.toLowerCase() + '.' + (e.getAttribute('class') || '') + ' ' + \
        Math.round(e.getBoundingClientRect().right))
        """

    @Test func searchFindsPageTitlesBlockTextAndModulesWithTheirGraph() async throws {
        try await BrowserFixture.withGuide { site, browser, page in
            try await page.navigate(to: site.url("guides/screens.html"))
            #expect(
                try await page.evaluate("window.strataSearchIndex === undefined") as? Bool == true,
                "the index loads only when the reader searches")

            // A page, by its title.
            let pages = try await page.search("persist")
            #expect(pages.first == "Page|Persistence|../guides/persistence.html", "\(pages)")

            // A block, by its text, with the words marked.
            let blocks = try await page.search("survive a relaunch")
            #expect(
                blocks.first
                    == "Block|A type needs to survive a "
                    + "relaunch.|../guidance/guides-persistence-cache-a-type-needs-to-survive.html",
                "\(blocks)")
            #expect(
                try await page.strings(
                    "Array.from(document.querySelectorAll('.search-result mark')).map(m => m.textContent)"
                ).contains("survive"))
            #expect(
                try await page.string("document.querySelector('.search-result .search-context').textContent")
                    == "Check · Persistence")

            // A module: what it uses and what uses it.
            let modules = try await page.search("FeedService")
            #expect(modules.first == "Module|FeedService|../modules/FeedService.html", "\(modules)")
            let graph = try await page.string("document.querySelector('.search-result .search-graph').textContent")
            #expect(graph == "Uses AppCore, Networking, PersistenceUsed by App, FeedUI", "\(graph)")

            // A heading, found by a word of its section.
            let sections = try await page.search("singleton")
            #expect(sections.contains("Section|State|../guides/screens.html#state"), "\(sections)")

            // Nothing found says so.
            #expect(try await page.search("xylophone").isEmpty)
            #expect(
                try await page.string("document.querySelector('.search-empty').textContent")
                    == "No results for \u{201C}xylophone\u{201D}")

            // Escape closes the list, then empties the box, then leaves it; Ctrl+K comes back.
            try await page.press("Escape")
            #expect(
                try await page.evaluate(
                    "document.querySelector('.search-results').hidden && document.activeElement.id === 'search-input'")
                    as? Bool == true)
            try await page.press("Escape")
            #expect(
                try await page.evaluate(
                    "document.activeElement.id === 'search-input' && document.getElementById('search-input').value "
                        + "=== ''"
                ) as? Bool == true)
            try await page.press("Escape")
            #expect(try await page.evaluate("document.activeElement.id !== 'search-input'") as? Bool == true)
            try await page.press("k", modifiers: .control)
            try await page.waitFor("document.activeElement.id === 'search-input'")

            // Arrows move the selection; Enter opens the selected result.
            let results = try await page.search("service")
            #expect(results.count > 2)
            #expect(try await page.string("document.querySelector('[aria-selected=true]').id") == "search-result-0")
            try await page.press("ArrowDown")
            try await page.press("ArrowDown")
            try await page.press("ArrowUp")
            #expect(try await page.string("document.querySelector('[aria-selected=true]').id") == "search-result-1")
            #expect(
                try await page.string("document.getElementById('search-input').getAttribute('aria-activedescendant')")
                    == "search-result-1")
            let chosen = try await page.string("document.getElementById('search-result-1').href")
            try await page.press("Enter")
            try await page.waitFor("location.href === \(try json(chosen))")
            try await page.waitFor("document.readyState === 'complete'")
        }
    }

    @Test func searchWorksServedUnderASubPath() async throws {
        let site = try await BrowserFixture.build(site: "guide")
        defer { site.remove() }
        let config = try String(contentsOf: site.project.appendingPathComponent("strata.yml"), encoding: .utf8)
            .replacingOccurrences(of: "site:\n", with: "site:\n  base_url: /docs/\n")
        try Data(config.utf8).write(to: site.project.appendingPathComponent("strata.yml"))
        try await BrowserFixture.withServedBrowser(site.project) { server, browser in
            try await searchUnderASubPath(browser: browser, port: server.port)
        }
    }

    private func searchUnderASubPath(browser: HeadlessBrowser, port: Int) async throws {
        let page = try await browser.newPage()
        defer { page.close() }
        try await page.navigate(to: "http://127.0.0.1:\(port)/docs/modules/FeedUI.html")
        let results = try await page.search("naming")
        #expect(results.first == "Page|Naming|../guides/naming.html", "\(results)")
        try await page.press("Enter")
        try await page.waitFor("location.pathname === '/docs/guides/naming.html' && document.readyState === 'complete'")
        #expect(try await page.string("document.querySelector('h1').textContent") == "Naming")
        // The 404 page, at any depth, finds its assets and the index under the sub-path.
        let errorsBefore = page.errors
        try await page.navigate(to: "http://127.0.0.1:\(port)/docs/no/such/page.html")
        #expect(
            try await page.evaluate("getComputedStyle(document.querySelector('.site-header')).position") as? String
                == "sticky", "the 404 page has its styles")
        #expect(try await page.search("screens").first == "Page|Screens|/docs/guides/screens.html")
        // The only error: the 404 status of the missing page itself.
        #expect(errorsBefore.isEmpty, "\(errorsBefore)")
        #expect(
            page.errors.dropFirst(errorsBefore.count).filter {
                !$0.contains("404 (Not Found) (http://127.0.0.1:\(port)/docs/no/such/page.html)")
            }.isEmpty, "\(page.errors)")
    }

    @Test func theColourToggleSwitchesModesAndRemembersTheChoice() async throws {
        try await BrowserFixture.withGuide { site, browser, page in
            try await page.emulateColorScheme("light")
            try await page.navigate(to: site.url("index.html"))
            let background = "getComputedStyle(document.body).backgroundColor"
            #expect(try await page.string(background) == "rgb(255, 255, 255)")
            #expect(
                try await page.string("document.querySelector('.theme-toggle').getAttribute('aria-label')")
                    == "Switch to dark mode")
            try await page.click(".theme-toggle")
            #expect(try await page.string("document.documentElement.dataset.theme") == "dark")
            #expect(try await page.string(background) == "rgb(17, 23, 21)")
            #expect(
                try await page.string("document.querySelector('.theme-toggle').getAttribute('aria-label')")
                    == "Switch to light mode")
            // Another page opens dark, before its first paint.
            try await page.navigate(to: site.url("guides/screens.html"))
            #expect(try await page.string(background) == "rgb(17, 23, 21)")
            // The system's dark mode is followed until the reader chooses.
            let fresh = try await browser.newPage()
            defer { fresh.close() }
            try await fresh.emulateColorScheme("dark")
            try await fresh.navigate(to: site.url("index.html"))
            #expect(try await fresh.string(background) == "rgb(17, 23, 21)")
            try await fresh.click(".theme-toggle")
            #expect(try await fresh.string(background) == "rgb(255, 255, 255)")
            #expect(page.errors.isEmpty && fresh.errors.isEmpty, "\(page.errors) \(fresh.errors)")
        }
    }

    @Test func pagesFitPhoneAndDesktopWidthsInBothModes() async throws {
        try await BrowserFixture.withGuide { site, browser, page in
            let sizes: [(name: String, width: Int, height: Int, mobile: Bool)] = [
                ("phone", 390, 844, true), ("desktop", 1280, 800, false)
            ]
            var errors: [String] = []
            for size in sizes {
                try await page.setViewport(width: size.width, height: size.height, mobile: size.mobile)
                for path in Self.guidePages {
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
                                        + "\(try await page.strings(Self.widest))")
                            )
                        }
                        let name =
                            "\(size.name)-\(scheme)-"
                            + path.replacingOccurrences(of: "/", with: "-").replacingOccurrences(of: ".html", with: "")
                        try await page.screenshot(to: BrowserFixture.screenshotPath(name))
                    }
                }
                // The open search list and, on a phone, the navigation drawer.
                try await page.emulateColorScheme("light")
                try await page.navigate(to: site.url("guides/screens.html"))
                try await page.search("screen")
                let listOverflow =
                    try await page.evaluate(
                        "document.querySelector('.search-results').getBoundingClientRect().right - "
                            + "document.documentElement.clientWidth"
                    ) as? Double ?? 1
                #expect(listOverflow <= 0, "the result list leaves the screen at \(size.width) px")
                try await page.screenshot(to: BrowserFixture.screenshotPath("\(size.name)-search"))
                if size.mobile {
                    try await page.press("Escape")
                    try await page.click(".nav-toggle")
                    try await page.waitFor(
                        "document.body.classList.contains('nav-open') && "
                            + "getComputedStyle(document.querySelector('.sidebar')).visibility === 'visible'"
                    )
                    try await page.screenshot(to: BrowserFixture.screenshotPath("phone-navigation"))
                }
                errors += page.errors
            }
            #expect(errors.isEmpty, "\(errors)")
            // The 404 page, as a server shows it at any depth.
            let server = try await ServeCommandTests.Server.start(in: site.project)
            do {
                // Its own page: the 404 status is logged as an error, which is what it is.
                let missing = try await browser.newPage()
                defer { missing.close() }
                for size in sizes {
                    try await missing.setViewport(width: size.width, height: size.height, mobile: size.mobile)
                    try await missing.navigate(to: "http://127.0.0.1:\(server.port)/a/b/missing.html")
                    #expect(
                        try await missing.evaluate(
                            "document.documentElement.scrollWidth - document.documentElement.clientWidth") as? Int == 0)
                    try await missing.screenshot(to: BrowserFixture.screenshotPath("\(size.name)-404"))
                }
                #expect(
                    missing.errors.allSatisfy {
                        $0.contains("404 (Not Found) (http://127.0.0.1:\(server.port)/a/b/missing.html)")
                    }, "\(missing.errors)")
            } catch {
                _ = await server.interrupt()
                throw error
            }
            _ = await server.interrupt()
        }
    }

    /// Every visible piece of text against what is behind it, as WCAG computes contrast:
    /// 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold).
    static let contrastAudit = """
        (() => {
          const parse = c => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null; const p = m[1].split(/[ \
        ,\\/]+/).filter(Boolean).map(Number); return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 }; };
          const lum = c => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / \
        1.055, 2.4); }; return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b); };
          const blend = (top, bottom) => ({ r: top.r * top.a + bottom.r * (1 - top.a), g: top.g * top.a + bottom.g * \
        (1 - top.a), b: top.b * top.a + bottom.b * (1 - top.a), a: 1 });
          const backgroundOf = element => {
            const layers = [];
            for (let e = element; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor); if \
        (c && c.a > 0) { layers.push(c); if (c.a >= 1) break; } }
            let color = { r: 255, g: 255, b: 255, a: 1 };
            if (!layers.length || layers[layers.length - 1].a < 1) { const root = \
        parse(getComputedStyle(document.documentElement).backgroundColor); if (root && root.a > 0) color = root; }
            for (let i = layers.length - 1; i >= 0; i--) color = blend(layers[i], color);
            return color;
          };
          const failures = [];
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          const seen = new Set();
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const element = node.parentElement;
            if (!node.textContent.trim() || seen.has(element) || element.closest('svg, .visually-hidden, [hidden]')) \
        continue;
            seen.add(element);
            const style = getComputedStyle(element);
            const box = element.getBoundingClientRect();
            if (style.visibility !== 'visible' || box.width === 0 || box.height === 0 || Number(style.opacity) === 0) \
        continue;
            if (element.closest('.skip-link, .heading-anchor, .code-copy')) continue;
            const fg = parse(style.color), bg = backgroundOf(element);
            const color = blend(fg, bg);
            const l1 = lum(color), l2 = lum(bg);
            const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
            const size = parseFloat(style.fontSize), bold = Number(style.fontWeight) >= 700;
            const needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
            if (ratio < needed) failures.push(element.tagName.toLowerCase() + '.' + element.className + ' "' + \
        node.textContent.trim().slice(0, 30) + '" ' + ratio.toFixed(2) + ' < ' + needed);
          }
          return failures;
        })()
        """

    @Test func textHasEnoughContrastInBothModes() async throws {
        try await BrowserFixture.withGuide { site, browser, page in
            for path in Self.guidePages {
                try await page.inBothColourSchemes(site.url(path)) { scheme in
                    let failures = try await page.strings(Self.contrastAudit)
                    #expect(failures.isEmpty, "\(scheme) \(path): \(failures)")
                }
            }
            // Search results, with their marks and the selected one.
            try await page.emulateColorScheme("light")
            try await page.navigate(to: site.url("index.html"))
            try await page.search("service")
            for scheme in ["light", "dark"] {
                try await page.emulateColorScheme(scheme)
                let failures = try await page.strings(Self.contrastAudit)
                #expect(failures.isEmpty, "\(scheme) search: \(failures)")
            }
        }
    }

    @Test func keyboardReadersGetTheSkipLinkFocusAndLandmarks() async throws {
        try await BrowserFixture.withGuide { site, browser, page in
            try await page.navigate(to: site.url("modules/FeedService.html"))
            try await page.press("Tab")
            #expect(try await page.string("document.activeElement.className") == "skip-link")
            #expect(
                try await page.evaluate("document.activeElement.getBoundingClientRect().top >= 0") as? Bool == true,
                "the skip link shows when focused")
            #expect(
                try await page.string("getComputedStyle(document.activeElement).outlineStyle") == "solid",
                "focus is visible")
            try await page.press("Enter")
            try await page.waitFor("document.activeElement && document.activeElement.id === 'content'")
            let landmarks = try await page.strings(
                """
                ['header.site-header', 'nav#site-nav[aria-label]', '[role=search]', 'main#content', \
                'aside.toc[aria-label]', 'footer.site-footer']
                  .filter(s => !document.querySelector(s))
                """)
            #expect(landmarks.isEmpty, "missing: \(landmarks)")
            // The diagram: a named group, described by its caption, its SVG titled alike.
            let diagram = try await page.strings(
                """
                (() => { const frame = document.querySelector('.diagram-frame'); const caption = \
                document.getElementById(frame.getAttribute('aria-describedby'));
                  return [frame.getAttribute('role'), frame.getAttribute('aria-label'), frame.querySelector('svg > g \
                > title').textContent, caption.tagName, String(Array.from(frame.querySelectorAll('a')).some(a => \
                a.getAttribute('href') || a.getAttribute('xlink:href')))] })()
                """)
            #expect(
                diagram == [
                    "group", "FeedService: the modules it uses and the modules that use it",
                    "FeedService: the modules it uses and the modules that use it", "FIGCAPTION", "true"
                ], "\(diagram)")
            // From the top, Tab reaches the search box, the toggle and the diagram's links.
            try await page.navigate(to: site.url("modules/FeedService.html"))
            var reached: Set<String> = []
            for _ in 0..<60 {
                try await page.press("Tab")
                reached.insert(
                    try await page.string(
                        "document.activeElement.closest('svg') ? 'diagram link' : (document.activeElement.id || "
                            + "document.activeElement.className || document.activeElement.tagName)"
                    ))
            }
            #expect(reached.isSuperset(of: ["search-input", "theme-toggle", "diagram link"]), "\(reached.sorted())")
        }
    }

    @Test func copyButtonsCopyTheCodeOrSelectIt() async throws {
        try await BrowserFixture.withGuide { site, browser, page in
            try await page.navigate(to: site.url("guides/screens.html"))
            #expect(
                try await page.evaluate(
                    "document.querySelectorAll('.content pre').length === document.querySelectorAll('.code-block > "
                        + ".code-copy').length"
                ) as? Bool == true)
            let code = try await page.string("document.querySelector('.code-block pre code').textContent")
            #expect(code.hasPrefix("struct FeedScreen {"))
            // The clipboard as the test sees it: what the button wrote. The button's label
            // shows "Copied" for 1.6 s only, so every label it shows is recorded: a loaded
            // machine may look later than that.
            _ = try await page.evaluate(
                """
                window.labels = []; new MutationObserver(() => \
                window.labels.push(document.querySelector('.code-copy').textContent))
                  .observe(document.querySelector('.code-copy'), { childList: true, characterData: true, subtree: \
                true }); true
                """)
            _ = try await page.evaluate(
                "Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: t => { "
                    + "window.copied = t; return Promise.resolve(); } } }); true"
            )
            try await page.click(".code-block .code-copy")
            try await page.waitFor("window.labels.includes('Copied')")
            #expect(
                try await page.string("window.copied") == String(code.dropLast()), "copied without the final newline")
            // A browser that refuses the clipboard: the code is selected instead.
            _ = try await page.evaluate(
                "Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: t => "
                    + "Promise.reject(new Error('denied')) } }); true"
            )
            try await page.click(".code-block:nth-of-type(1) .code-copy")
            try await page.waitFor("window.labels.includes('Press Ctrl+C')")
            let selected = try await page.string("window.getSelection().toString()")
            #expect(
                selected.trimmingCharacters(in: .newlines) == code.trimmingCharacters(in: .newlines),
                "\(selected.debugDescription) \(code.debugDescription)")
            // Swift is highlighted, in colour.
            let keyword = try await page.string("getComputedStyle(document.querySelector('.hl-keyword')).color")
            #expect(
                keyword
                    != (try await page.string("getComputedStyle(document.querySelector('.code-block pre code')).color"))
            )
        }
    }

    /// Strata's own manual, the largest real site at hand: every page fits a phone, loads
    /// without a script error, and search finds a page, a module and a block of it.
    @Test func strataOwnManualFitsAPhoneAndIsSearchable() async throws {
        let output = try await SharedSites.ownManual().output
        let enumerator = FileManager.default.enumerator(atPath: output.path)
        let pages = (enumerator?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".html") && $0 != "404.html" }
            .sorted()
        #expect(pages.count > 60)
        try await SharedBrowser.takingTurns {
            try await manualFitsAPhone(browser: try await SharedBrowser.shared.browser(), output: output, pages: pages)
        }
    }

    private func manualFitsAPhone(browser: HeadlessBrowser, output: URL, pages: [String]) async throws {
        let page = try await browser.newPage(width: 390, height: 844, mobile: true)
        defer { page.close() }
        var wide: [String] = []
        for path in pages {
            try await page.navigate(to: output.appendingPathComponent(path).absoluteString)
            let overflow =
                try await page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
                as? Int ?? -1
            if overflow != 0 { wide.append("\(path) by \(overflow) px: \(try await page.strings(Self.widest))") }
        }
        #expect(wide.isEmpty, "pages that scroll sideways on a phone: \(wide)")
        try await page.navigate(to: output.appendingPathComponent("index.html").absoluteString)
        #expect(try await page.search("previewing").first == "Page|Previewing as you write|writing/preview.html")
        #expect(
            try await page.search("overlay").contains {
                $0.hasPrefix("Section|") && $0.contains("|writing/preview.html#")
            })
        // Words spread over a page's sections find the page.
        #expect(try await page.search("inotify ctrl").contains("Page|Previewing as you write|writing/preview.html"))
        let module = try await page.search("StrataCore")
        #expect(module.first == "Module|StrataCore|modules/StrataCore.html", "\(module)")
        #expect(
            try await page.string("document.querySelector('.search-result .search-graph').textContent").hasPrefix(
                "Uses Darwin, Dispatch, SynchronizationUsed by "),
            "StrataCore imports Dispatch, Synchronization and the C library (Darwin, for macOS), nothing else")
        #expect(try await page.search("wrap each library").contains { $0.hasPrefix("Block|") })
        try await page.screenshot(to: BrowserFixture.screenshotPath("phone-manual-search"))
        #expect(page.errors.isEmpty, "\(page.errors)")
    }

    private func json(_ text: String) throws -> String {
        String(
            String(decoding: try JSONSerialization.data(withJSONObject: [text]), as: UTF8.self).dropFirst().dropLast())
    }
}
