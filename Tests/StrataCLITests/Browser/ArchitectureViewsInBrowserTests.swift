import Foundation
import StrataTestSupport
import Testing

/// The whole architecture as a reader sees it in Chromium, from disk: the overview draws
/// every module legibly up to 150 of them, the module map fits the window and zooms into
/// readable labels, the focus and path views answer from `file://` and keep the question in
/// the address, and the dependency matrix opens a dependency's evidence. Screenshots of each
/// view, at 1280 and 390 px in light and dark, go to .build/test-artifacts/browser/views-*.png.
@Suite struct ArchitectureViewsInBrowserTests {
    /// "name|px" for each module box of the figure `figure`: the box's name and its label's
    /// size in CSS pixels as drawn now.
    static func labelSizes(_ figure: String) -> String {
        """
        [...document.querySelectorAll('\(figure) g.node.module')].map(n => n.querySelector('title').textContent + '|'
          + Math.min(...[...n.querySelectorAll('text')].map(t => parseFloat(t.getAttribute('font-size') || '14') * \
        t.getScreenCTM().a)))
        """
    }

    static func sizes(_ lines: [String]) -> [String: Double] {
        Dictionary(
            lines.compactMap { line in
                let parts = line.split(separator: "|")
                return parts.count == 2 ? (String(parts[0]), Double(parts[1]) ?? 0) : nil
            }, uniquingKeysWith: min)
    }

    @Test(arguments: [18, 50, 150])
    func theOverviewDrawsEveryModuleReadableAtNaturalSize(modules count: Int) async throws {
        let package = LayeredPackage(modules: count)
        let site = try await BrowserFixture.build(files: package.files, name: "views\(count)")
        defer { site.remove() }
        let names = Set(package.modules.map(\.name))
        try await SharedBrowser.takingTurns {
            let browser = try await SharedBrowser.shared.browser()
            let page = try await browser.newPage()
            defer { page.close() }
            try await page.setViewport(width: 1280, height: 900, mobile: false)
            try await page.navigate(to: site.url("modules/index.html"))
            // The overview draws modules, not layer boxes, each with its label at 11 px or more as opened.
            let overview = "[id=\"diagram.overview\"]"
            let shown = Self.sizes(try await page.strings(Self.labelSizes(overview)))
            #expect(
                Set(shown.keys) == names,
                "\(count) modules: \(names.subtracting(shown.keys).sorted().prefix(5)) missing")
            let small = shown.filter { $0.value < 10.95 }
            #expect(small.isEmpty, "\(count) modules: labels under 11 px: \(small.prefix(5))")
            #expect(
                try await page.evaluate("document.querySelectorAll('\(overview) g.node.group-node').length") as? Int
                    == 0)
            // The page lays the drawing across the window less the sidebar, wider than the text.
            let widths = try await page.strings(
                "[document.querySelector('\(overview) .diagram-frame').getBoundingClientRect().width, "
                    + "document.querySelector('.content > p').getBoundingClientRect().width].map(w => "
                    + "String(Math.round(w)))"
            )
            #expect(
                widths.count == 2 && (Int(widths[0]) ?? 0) > (Int(widths[1]) ?? 0),
                "the figure is wider than the text: \(widths)")
            // The layers at a glance stand beside it, in the Layers section.
            #expect(
                try await page.evaluate(
                    "document.querySelectorAll('[id=\"diagram.overview-layers\"] g.node.group-node').length") as? Int
                    ?? 0 >= 2)

            // The map: every module, fitted to the window; Actual size makes every label readable.
            try await page.navigate(to: site.url("modules/map.html"))
            let map = ".diagram-map"
            #expect(Set(Self.sizes(try await page.strings(Self.labelSizes(map))).keys) == names)
            let frame = try await page.strings(
                "(b => [b.width, b.height, document.querySelector('\(map) svg').getBoundingClientRect().width, "
                    + "document.querySelector('\(map) svg').getBoundingClientRect().height]"
                    + ".map(Math.round).map(String))"
                    + "(document.querySelector('\(map) .diagram-frame').getBoundingClientRect())"
            ).compactMap { Double($0) }
            #expect(
                frame.count == 4 && frame[2] <= frame[0] && frame[3] <= frame[1],
                "the map opens fitted to its frame: \(frame)")
            _ = try await page.evaluate(
                "[...document.querySelectorAll('.diagram-zoom')].find(b => b.getAttribute('aria-label') === 'Actual "
                    + "size').click(); true"
            )
            let zoomed = Self.sizes(try await page.strings(Self.labelSizes(map)))
            #expect(zoomed.values.allSatisfy { $0 >= 10.95 }, "at actual size every label is readable")

            // The matrix draws what is in view, and what comes into view as it scrolls: the
            // last module's row, and the cells of the bottom right corner.
            try await page.navigate(to: site.url("modules/matrix.html"))
            let drawnRows = try await page.evaluate("document.querySelectorAll('.dsm-rows li').length") as? Int ?? 0
            #expect(
                drawnRows > 0 && (count <= 30 ? drawnRows == count : drawnRows < count),
                "\(drawnRows) rows drawn of \(count)")
            let last = try await page.string(
                """
                new Promise(done => { const s = document.querySelector('.dsm-scroll'); s.scrollTop = s.scrollHeight; \
                s.scrollLeft = s.scrollWidth;
                  requestAnimationFrame(() => requestAnimationFrame(() => \
                done([...document.querySelectorAll('.dsm-rows li')].pop().textContent))); })
                """)
            #expect(last.hasPrefix("\(count) "), "the last row is drawn once scrolled to: \(last)")
            let drawnCells = try await page.evaluate("document.querySelectorAll('.dsm-cell').length") as? Int ?? 0
            #expect(drawnCells > 0, "the bottom right corner has its cells")
            #expect(page.errors.isEmpty, "\(page.errors)")
        }
    }

    /// 500 modules: the map opens on the families of each layer, legible as it opens; a
    /// family's box opens its modules in place (kept in the address); every module is on
    /// the map or one family away; a focus on a module inside a family opens the family.
    @Test func aLargeGraphsMapOpensFamilyByFamily() async throws {
        let site = try await SharedSites.layeredPackage(modules: 500)
        let names = Set(LayeredPackage(modules: 500).modules.map(\.name))
        let map = site.output.appendingPathComponent("modules/map.html").absoluteString
        try await SharedBrowser.takingTurns {
            let browser = try await SharedBrowser.shared.browser()
            let page = try await browser.newPage()
            defer { page.close() }
            try await page.setViewport(width: 1280, height: 900, mobile: false)
            try await page.navigate(to: map)
            let shown = ".diagram-map:not([hidden])"
            #expect(try await page.string("document.querySelector('\(shown)').id") == "diagram.map-families")
            let families =
                try await page.evaluate("document.querySelectorAll('\(shown) g.node.family').length") as? Int ?? 0
            #expect(families >= 10, "two families a layer: \(families)")
            let smallest =
                try await page.evaluate(
                    "Math.min(...[...document.querySelectorAll('\(shown) svg text')].map(t => "
                        + "parseFloat(t.getAttribute('font-size') || '14') * t.getScreenCTM().a))"
                ) as? Double ?? 0
            #expect(smallest >= 10.95, "the families' map opens legible: \(smallest) px")
            // Every module: on the families' map, or in one family's drawing.
            let reachable = Set(
                try await page.strings(
                    "[...document.querySelectorAll('.diagram-map g.node.module')].map(n => "
                        + "n.querySelector('title').textContent)"
                ))
            #expect(reachable == names, "\(names.subtracting(reachable).count) modules are in no drawing")

            // A family's box opens it in place; the address keeps it; Every family closes it.
            _ = try await page.evaluate(
                "document.querySelector('\(shown) g.node.family').querySelector('a').dispatchEvent(new "
                    + "MouseEvent('click', { bubbles: true, cancelable: true })); true"
            )
            let opened = try await page.string("document.querySelector('\(shown)').getAttribute('data-family')")
            #expect(!opened.isEmpty)
            #expect(try await page.string("decodeURIComponent(location.search)") == "?open=\(opened)")
            #expect(try await page.evaluate("document.querySelector('.map-back').hidden") as? Bool == false)
            #expect(
                try await page.evaluate("document.querySelectorAll('\(shown) g.node.module').length") as? Int ?? 0 > 2,
                "its modules are drawn")
            _ = try await page.evaluate("document.querySelector('.map-back').click(); true")
            #expect(try await page.string("document.querySelector('\(shown)').id") == "diagram.map-families")
            #expect(try await page.string("location.search") == "")

            // A focus on a module inside a family, from the address: the family opens, the module is lit.
            let inside = try #require(
                try await page.strings(
                    "[...document.querySelectorAll('.diagram-map[data-family] g.node.module')].map(n => "
                        + "n.querySelector('title').textContent)"
                ).first)
            try await page.navigate(to: map + "?focus=" + inside)
            #expect(
                try await page.evaluate("document.querySelector('\(shown)').hasAttribute('data-family')") as? Bool
                    == true)
            #expect(
                try await page.strings(
                    "[...document.querySelectorAll('\(shown) g.node.view-start')].map(n => "
                        + "n.querySelector('title').textContent)"
                ) == [inside])
            try await page.screenshot(to: BrowserFixture.screenshotPath("views-500-map-focus"))
            #expect(page.errors.isEmpty, "\(page.errors)")
        }
    }

    /// Strata's own manual: its overview draws every one of its modules, each label 11 px or
    /// more as the page opens.
    @Test func stratasOwnOverviewDrawsEveryModule() async throws {
        let site = try await SharedSites.ownManual()
        // The modules the site holds (test targets are not drawn), from the map's data file.
        let data = try String(
            contentsOf: site.output.appendingPathComponent("modules/architecture.js"), encoding: .utf8)
        let modulesPart = try #require(
            data.firstRange(of: "\"modules\":[").flatMap { open in
                data[open.upperBound...].firstRange(of: "],\n\"edges\"").map { data[open.upperBound..<$0.lowerBound] }
            })
        let modules = Set(
            modulesPart.split(separator: "\n").compactMap { line in
                line.split(separator: "\"").dropFirst().first.map(String.init)
            })
        #expect(
            modules.count >= 25 && modules.contains("StrataCore") && modules.contains("StrataCLI"),
            "\(modules.sorted())")
        try await SharedBrowser.takingTurns {
            let browser = try await SharedBrowser.shared.browser()
            let page = try await browser.newPage()
            defer { page.close() }
            try await page.setViewport(width: 1280, height: 900, mobile: false)
            try await page.navigate(to: site.output.appendingPathComponent("modules/index.html").absoluteString)
            let shown = Self.sizes(try await page.strings(Self.labelSizes("[id=\"diagram.overview\"]")))
            #expect(Set(shown.keys) == modules, "missing: \(modules.subtracting(shown.keys).sorted())")
            #expect(shown.values.allSatisfy { $0 >= 10.95 }, "\(shown.filter { $0.value < 10.95 })")
            try await page.screenshot(to: BrowserFixture.screenshotPath("views-strata-overview-desktop"))
            #expect(page.errors.isEmpty, "\(page.errors)")
        }
    }

    @Test func screenshotsOfEachViewAtBothWidthsInBothModes() async throws {
        let package = LayeredPackage(modules: 18)
        let site = try await BrowserFixture.build(files: package.files, name: "views-shots")
        defer { site.remove() }
        let focus = try #require(package.modules.first { $0.layer == 2 }?.name)
        try await SharedBrowser.takingTurns {
            let browser = try await SharedBrowser.shared.browser()
            let page = try await browser.newPage()
            defer { page.close() }
            for (view, path) in [
                ("overview", "modules/index.html"), ("map", "modules/map.html"), ("matrix", "modules/matrix.html")
            ] {
                for (device, width, height, mobile) in [("desktop", 1280, 900, false), ("phone", 390, 844, true)] {
                    try await page.setViewport(width: width, height: height, mobile: mobile)
                    // The map with a focus, as a link to it would open it.
                    try await page.inBothColourSchemes(site.url(path) + (view == "map" ? "?focus=\(focus)" : "")) {
                        scheme in
                        #expect(
                            try await page.evaluate(
                                "document.documentElement.scrollWidth - document.documentElement.clientWidth") as? Int
                                == 0, "\(view), \(device), \(scheme): the page scrolls sideways")
                        if view == "map" {
                            #expect(
                                try await page.string("document.querySelector('.map-panel h2').textContent")
                                    == "Focus: \(focus)")
                        }
                        try await page.screenshot(
                            to: BrowserFixture.screenshotPath("views-\(view)-\(device)-\(scheme)"))
                    }
                }
            }
            #expect(page.errors.isEmpty, "\(page.errors)")
        }
    }

    /// On the guide fixture: App → FeedUI, ProfileUI, FeedService, Persistence, Networking;
    /// FeedUI → FeedService; the services and stores → AppCore.
    @Test func theMapFocusesOnAModuleAndFindsThePathBetweenTwo() async throws {
        try await BrowserFixture.withGuide { site, browser, page in
            try await page.setViewport(width: 1280, height: 800, mobile: false)
            // A focus from the address: what FeedService reaches and what reaches it stay lit.
            try await page.navigate(to: site.url("modules/map.html") + "?focus=FeedService")
            let lit =
                "[...document.querySelectorAll('.diagram-map g.node.on-view')].map(n => "
                + "n.querySelector('title').textContent).sort()"
            #expect(
                try await page.strings(lit) == ["App", "AppCore", "FeedService", "FeedUI", "Networking", "Persistence"])
            #expect(
                try await page.string("getComputedStyle(\(DiagramInteractionTests.node("ProfileUI"))).opacity")
                    == "0.12", "a module off the view is dimmed")
            let panel = "document.querySelector('.map-panel')"
            #expect(
                try await page.string("\(panel).textContent").contains(
                    "FeedService reaches 3 modules (3 directly) and is reached by 2 (2 directly)."))
            #expect(try await page.evaluate("\(panel).hidden") as? Bool == false)

            // A path typed in: the fewest steps, each with its evidence; the address keeps it.
            _ = try await page.evaluate(
                """
                const form = document.querySelector('.map-views'); form.elements.from.value = 'App'; \
                form.elements.to.value = 'AppCore';
                form.elements.to.dispatchEvent(new Event('input', { bubbles: true })); true
                """)
            #expect(try await page.string("\(panel).querySelector('h2').textContent") == "Path: App → AppCore")
            #expect(try await page.evaluate("\(panel).querySelectorAll('ol.path-steps > li').length") as? Int == 2)
            #expect(
                try await page.string("\(panel).querySelector('ol.path-steps > li .evidence').textContent").contains(
                    "import "))
            #expect(try await page.string("location.search") == "?from=App&to=AppCore")
            // App uses no AppCore itself: the first of its modules that does is the middle step.
            #expect(try await page.strings(lit) == ["App", "AppCore", "FeedUI"])
            #expect(
                try await page.evaluate("document.querySelectorAll('.diagram-map g.edge.on-path').length") as? Int ?? 0
                    >= 1, "the drawn steps are marked")

            // No path one way: the other way is told.
            _ = try await page.evaluate(
                """
                const f = document.querySelector('.map-views'); f.elements.from.value = 'AppCore'; \
                f.elements.to.value = 'App';
                f.elements.to.dispatchEvent(new Event('input', { bubbles: true })); true
                """)
            #expect(
                try await page.string("\(panel).textContent").contains(
                    "No chain of dependencies leads from AppCore to App."))
            #expect(
                try await page.string("\(panel).textContent").contains("The other way, App reaches AppCore in 2 steps.")
            )

            // A click on a box focuses it instead of leaving; Escape ends the view and the address forgets it.
            let followed =
                try await page.evaluate(
                    "\(DiagramInteractionTests.node("Networking")).querySelector('a').dispatchEvent(new "
                        + "MouseEvent('click', { bubbles: true, cancelable: true }))"
                ) as? Bool
            #expect(followed == false)
            #expect(try await page.string("location.search") == "?focus=Networking")
            _ = try await page.evaluate(
                "document.querySelector('.diagram-frame').dispatchEvent(new KeyboardEvent('keydown', { key: "
                    + "'Escape', bubbles: true })); true"
            )
            #expect(try await page.string("location.search") == "")
            #expect(try await page.evaluate("\(panel).hidden") as? Bool == true)

            // A name that is no module says so.
            try await page.navigate(to: site.url("modules/map.html") + "?focus=Nope")
            #expect(try await page.string("\(panel).textContent").contains("No module is named Nope."))
        }
    }

    @Test func aMatrixCellOpensItsEvidence() async throws {
        try await BrowserFixture.withGuide { site, browser, page in
            try await page.setViewport(width: 1280, height: 800, mobile: false)
            try await page.navigate(to: site.url("modules/matrix.html"))
            #expect(try await page.evaluate("document.querySelectorAll('.dsm-rows li').length") as? Int == 7)
            #expect(try await page.evaluate("document.querySelectorAll('.dsm-cell').length") as? Int == 13)
            #expect(
                try await page.evaluate("document.querySelectorAll('.dsm-cell.against, .dsm-cell.violating').length")
                    as? Int == 0, "the guide keeps to its layers")
            // The first row is the top layer's App; its first cell opens App → FeedUI's evidence.
            #expect(try await page.string("document.querySelector('.dsm-rows li a').textContent") == "App")
            let followed =
                try await page.evaluate(
                    "document.querySelector('.dsm-cell').dispatchEvent(new MouseEvent('click', { bubbles: true, "
                        + "cancelable: true }))"
                ) as? Bool
            #expect(followed == false, "the click opens the evidence instead of App's page")
            let panel = "document.querySelector('.dsm-evidence')"
            #expect(try await page.evaluate("\(panel).hidden") as? Bool == false)
            #expect(try await page.string("\(panel).querySelector('h2').textContent") == "App → FeedUI")
            #expect(try await page.string("\(panel).textContent").contains("import FeedUI"))
            #expect(
                try await page.strings("[...document.querySelectorAll('.is-lit')].map(e => e.textContent.trim())").count
                    == 2, "the row and the column are lit")
            try await page.press("Escape")
            #expect(try await page.evaluate("\(panel).hidden") as? Bool == true)
        }
    }
}
