import Foundation
import StrataCore
import StrataDiagrams
import StrataSite
import StrataTestSupport
import Testing

@testable import StrataBuild

/// The architecture diagrams: the DOT Strata writes for them (golden files), the SVG the
/// pages carry (links, classes, violation styling), the size guard, the layout cache, and
/// the pages around them.
@Suite struct DiagramTests {
    static let goldenFolder = TemporaryProject.fixtures.appendingPathComponent("check/layered-violations.diagrams")

    func diagrams(_ project: TemporaryProject) throws -> [Diagram] {
        let builder = SiteBuilder(project: ProjectFiles(root: project.root, workingDirectory: project.root))
        let config = try builder.configuration()
        let architecture = try #require(try builder.architecture(config: config))
        return ArchitectureDiagramSet(model: architecture.model, siteMap: architecture.siteMap).diagrams()
    }

    /// The overview, a layer and a module neighbourhood of a package with violations, as DOT.
    @Test func dotMatchesTheGoldenFiles() throws {
        let project = try TemporaryProject(check: "layered-violations")
        let all = try diagrams(project)
        #expect(
            all.map(\.id).prefix(7) == [
                "overview", "overview-layers", "layer-core", "layer-infrastructure", "layer-ui", "layer-service",
                "layer-live"
            ])
        let chosen = all.filter { ["overview", "layer-ui", "module-FeedUI", "module-Models"].contains($0.id) }
        #expect(chosen.count == 4)
        if ProcessInfo.processInfo.environment["STRATA_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Self.goldenFolder, withIntermediateDirectories: true)
            for diagram in chosen {
                try Data(diagram.dot.utf8).write(to: Self.goldenFolder.appendingPathComponent("\(diagram.id).dot"))
            }
        }
        for diagram in chosen {
            let expected = try String(
                contentsOf: Self.goldenFolder.appendingPathComponent("\(diagram.id).dot"), encoding: .utf8)
            #expect(diagram.dot == expected, "\(diagram.id).dot differs from the golden file")
        }
    }

    @Test func everyModuleHasANeighbourhoodAndEveryLayerADiagram() throws {
        let project = try TemporaryProject(check: "layered-violations")
        let ids = Set(try diagrams(project).map(\.id))
        for module in ["App", "APIClient", "Database", "FeedService", "FeedUI", "Models", "ProfileUI"] {
            #expect(ids.contains("module-\(module)"))
        }
        #expect(ids.isSuperset(of: ["layer-core", "layer-infrastructure", "layer-ui", "layer-service", "layer-live"]))
    }

    @Test func svgCarriesLinksClassesTooltipsAndViolationStyling() throws {
        let project = try TemporaryProject(check: "layered-violations")
        #expect(project.build().exitCode == 0)
        let overview = project.text("Output/modules/index.html")
        #expect(overview.contains(#"<figure class="diagram" id="diagram.overview">"#))
        #expect(overview.contains(#"role="group" aria-label="Module dependencies of Acme, by layer""#))
        #expect(overview.contains(#"class="cluster band tone-2""#), "the UI band")
        #expect(overview.contains(#"xlink:href="../layers/ui.html""#), "a band links to its layer's page")
        #expect(overview.contains(#"class="node module tone-2 kind-regular has-violations""#))
        #expect(
            overview.contains(#"xlink:href="feed-ui.html""#),
            "a node links to its module page (here its Content page), relative to the page")
        #expect(overview.contains(#"xlink:href="ProfileUI.html""#))
        #expect(overview.contains("xlink:title=\"FeedUI · layer UI · regular"), "a node's tooltip")
        // FeedUI → Database breaks the forbid rule: red, labelled with the rule, linked to it.
        let violating = try #require(
            overview.components(separatedBy: "<g id=\"svg.overview_edge").first {
                $0.contains("<title>FeedUI&#45;&gt;Database</title>")
                    || $0.contains("<title>FeedUI-&gt;Database</title>")
            })
        #expect(violating.contains("class=\"edge dep "))
        #expect(violating.contains(" violation\""))
        #expect(violating.contains("stroke=\"#d62728\""))
        #expect(violating.contains("forbid/UI-Infrastructure"))
        #expect(violating.contains("xlink:href=\"../violations.html#forbid/UI-Infrastructure\""))
        #expect(!overview.contains("<!--"), "no Graphviz comments")
        #expect(!overview.contains("<?xml"))
        let module = project.text("Output/modules/feed-ui.html")
        #expect(
            module.contains(#"<figure class="diagram" id="diagram.module-FeedUI">"#),
            "a module's Content page gets its diagram")
        #expect(module.contains(#"class="node module tone-2 kind-regular has-violations focus""#))
        #expect(module.contains(#"<div class="diagram-legend"#) || module.contains(#"<ul class="diagram-legend">"#))
    }

    /// Every link of every page, the diagrams' included, leads to a page and an anchor that exist.
    @Test func everyLinkOfTheArchitecturePagesResolves() throws {
        let project = try TemporaryProject(check: "layered-violations")
        _ = project.build()
        let files = project.files()
        let pages = files.keys.filter { $0.hasSuffix(".html") && $0 != "404.html" }.sorted()
        #expect(pages.contains("layers/ui.html"))
        #expect(SiteLinks.broken(in: files, pages: pages) == [])
    }

    @Test func overviewShowsLayersMatrixAndViolationSummary() throws {
        let project = try TemporaryProject(check: "layered-violations")
        _ = project.build()
        let overview = project.text("Output/modules/index.html")
        #expect(overview.contains("<title>Architecture overview · Acme architecture</title>"))
        #expect(overview.contains(#"<table class="layers">"#))
        #expect(overview.contains(#"<table class="layer-matrix">"#))
        // UI → Infrastructure is forbidden by may_use, and FeedUI → Database breaks a rule.
        #expect(
            overview.contains(
                #"<td class="forbidden violating" title="UI → Infrastructure: 1 dependency, forbidden, 1 breaking a "#
                    + #"rule"><strong>1</strong></td>"#
            ))
        #expect(overview.contains(#"<table class="violation-summary">"#))
        let layer = project.text("Output/layers/ui.html")
        #expect(layer.contains("<title>UI layer · Acme architecture</title>"))
        #expect(layer.contains(#"<figure class="diagram" id="diagram.layer-ui">"#))
        #expect(layer.contains(#"<strong class="forbidden">no</strong>"#), "its use of Infrastructure is forbidden")
    }

    @Test func aGraphTooLargeIsDrawnLayerByLayerAndSaysSo() throws {
        let project = try TemporaryProject(check: "layered-violations")
        let config = project.text("strata.yml") + "diagrams:\n  max_nodes: 3\n"
        try project.write("strata.yml", Data(config.utf8))
        #expect(project.build().exitCode == 0)
        let overview = project.text("Output/modules/index.html")
        #expect(overview.contains("more than diagrams.max_nodes (3), too many to draw legibly module by module"))
        #expect(overview.contains(#"class="node group-node tone-0""#))
        #expect(!overview.contains(#"class="node module "#))
        let layer = project.text("Output/layers/infrastructure.html")
        #expect(layer.contains(#"class="node module tone-1"#), "a layer within the limit still draws its modules")
    }

    @Test func transitiveReductionLeavesOutImpliedEdgesButNeverViolations() throws {
        let project = try TemporaryProject(check: "layered-violations")
        try project.write(
            "strata.yml", Data((project.text("strata.yml") + "diagrams:\n  transitive_reduction: true\n").utf8))
        let reduced = try #require(try diagrams(project).first { $0.id == "overview" })
        let plain = try #require(
            try diagrams(TemporaryProject(check: "layered-violations")).first { $0.id == "overview" })
        let edges = { (dot: String) in
            dot.split(separator: "\n").filter { $0.contains(" -> ") && !$0.contains("invis") }.count
        }
        #expect(edges(reduced.dot) < edges(plain.dot))
        #expect(reduced.notes.contains { $0.contains("diagrams.transitive_reduction") })
        #expect(reduced.dot.contains(#""FeedUI" -> "Database""#), "a violation is always drawn")
    }

    @Test func layoutsAreReusedFromThePreviousOutputAndGiveTheSameBytes() throws {
        let project = try TemporaryProject(check: "layered-violations")
        let first = project.build()
        let firstFiles = project.files()
        #expect(first.diagrams.count == 17, "the overview, the layers at a glance, 5 layers, 10 modules")
        let second = project.build()
        #expect(second.diagrams.reused == second.diagrams.count, "every layout came from Output/.strata-cache")
        #expect(second.diagrams.laidOut == 0)
        #expect(project.files() == firstFiles)
        #expect(firstFiles.keys.filter { $0.hasPrefix(".strata-cache/layouts/") }.count == 17)
    }

    @Test func pagesAndModulesThatMentionEachOtherAreLinkedBothWays() throws {
        let project = try TemporaryProject(fixture: "guide")
        _ = project.build()
        let screens = project.text("Output/guides/screens.html")
        #expect(screens.contains(#"<aside class="mentions"><p>Modules on this page: "#))
        #expect(screens.contains(#"<a href="../modules/FeedUI.html" class="module-link">FeedUI</a>"#))
        let module = project.text("Output/modules/FeedUI.html")
        #expect(module.contains(#"<h2 id="mentioned-in">Mentioned in</h2>"#))
        #expect(module.contains(#"<a href="../guides/screens.html">Screens</a>"#))
        #expect(module.contains(#"<h2 id="guidance">Guidance</h2>"#), "blocks that apply to FeedUI or its layer")
    }

    /// A two-module cycle: both of its edges are red and labelled `cycle`, the one that
    /// closes the loop included.
    @Test func everyEdgeOfACycleIsDrawnAsBreakingTheRule() throws {
        let project = try TemporaryProject(files: [
            "Package.swift":
                "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Loop\", "
                + "targets: [\n    .target(name: \"A\", dependencies: [\"B\"]),\n    .target(name: \"B\", "
                + "dependencies: [\"A\"]),\n])\n",
            "Sources/A/A.swift": "import B\n",
            "Sources/B/B.swift": "import A\n",
            "strata.yml": "rules:\n  cycle: error\n",
            "Content/index.md": "# Loop\n"
        ])
        let overview = try #require(try diagrams(project).first { $0.id == "overview" })
        #expect(overview.dot.contains(#""A" -> "B" [class="dep declared-imported violation""#))
        #expect(overview.dot.contains(#""B" -> "A" [class="dep declared-imported violation""#))
        // Each arrow of the cycle carries a numbered marker, which the legend names.
        #expect(overview.dot.contains(#"xlabel="⚠1""#) && overview.dot.contains(#"xlabel="⚠2""#))
        #expect(overview.markers.map(\.rules) == [["cycle"], ["cycle"]])
        #expect(overview.markers.map { "\($0.from)→\($0.to)" } == ["A→B", "B→A"])
    }

    /// Graphviz expands `\G`, `\N`… and decodes entities in names: Strata writes both so
    /// that a name is shown as it is written.
    @Test func namesAreShownAsWrittenWhateverTheyHold() throws {
        let project = try TemporaryProject(check: "layered-violations")
        let config = project.text("strata.yml").replacingOccurrences(
            of: "  - name: Live\n", with: "  - name: 'L\\G &amp; \"ive\" <b>'\n")
        try project.write("strata.yml", Data(config.utf8))
        let result = project.build()
        #expect(result.outcome == .written, "\(TemporaryProject.lines(result))")
        let overview = project.text("Output/modules/index.html")
        #expect(overview.contains(#"xlink:title="Layer L\G &amp;amp; &quot;ive&quot; &lt;b&gt;: 1 module"#))
        #expect(overview.contains(#">L\G &amp;amp; &quot;ive&quot; &lt;b&gt;</text>"#))
        #expect(!overview.contains("Lcluster_"), "\\G was not expanded to the graph's name")
    }

    /// A module's own Content page keeps its headings; diagram arrows from it lead to the
    /// page, not to a `#depends-on` the author may have written.
    @Test func arrowsFromAModuleWithAContentPageLeadToThePage() throws {
        let project = try TemporaryProject(check: "layered-violations")
        let overview = try #require(try diagrams(project).first { $0.id == "overview" })
        #expect(overview.dot.contains(#""FeedUI" -> "Models" [class="dep declared-imported", href="feed-ui.html""#))
        #expect(overview.dot.contains(#"href="ProfileUI.html#depends-on""#))
    }

    @Test func aLayerWithTooManyArrowsIsDrawnLayerByLayer() throws {
        let project = try TemporaryProject(check: "layered-violations")
        try project.write("strata.yml", Data((project.text("strata.yml") + "diagrams:\n  max_edges: 2\n").utf8))
        let layer = try #require(try diagrams(project).first { $0.id == "layer-ui" })
        #expect(layer.notes.first?.contains("more than diagrams.max_edges (2)") == true)
        #expect(!layer.dot.contains("cluster_"))
    }

    /// A cached layout is used only when it is whole, and only with the Graphviz that made it.
    @Test func aDamagedCachedLayoutIsLaidOutAgain() throws {
        let project = try TemporaryProject(check: "layered-violations")
        _ = project.build()
        let files = project.files()
        let cached = try #require(files.keys.filter { $0.hasPrefix(".strata-cache/layouts/") }.sorted().first)
        let whole = try #require(files[cached])
        try project.write("Output/" + cached, whole.prefix(whole.count / 2))
        let again = project.build()
        #expect(again.diagrams.laidOut == 1)
        #expect(project.files() == files)
        // The key covers the SVG post-processing and the Graphviz release, not the DOT alone.
        #expect(DiagramLayout.key(of: "digraph {}") == SHA256.hex(DiagramLayout.cacheIdentity + "\ndigraph {}"))
        #expect(DiagramLayout.cacheIdentity.hasPrefix("strata-svg 3; graphviz "), "\(DiagramLayout.cacheIdentity)")
    }

    @Test func mentionsAreWholeWordsWithTheirCase() {
        let words = ModuleMentions.words(in: "FeedUI, `FeedUIKit` and feedui; strata-accuracy runs. Trailing-")
        #expect(words.contains("FeedUI"))
        #expect(words.contains("FeedUIKit"))
        #expect(words.contains("strata-accuracy"))
        #expect(words.contains("Trailing"))
        #expect(!words.contains("Feed"))
    }
}

/// Random layered packages, with edges against the layer order, cycles and edges inside
/// layers: every diagram must be drawn (Graphviz 2.42 crashed on labelled same-rank edges,
/// which is why labels are xlabels).
@Suite struct DiagramRobustnessTests {
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test(arguments: 0..<8) func randomLayeredPackagesDrawEveryDiagram(seed: Int) throws {
        var random = Generator(state: UInt64(seed) &+ 17)
        let layers = ["Base", "Data", "Domain", "Screens"]
        let count = 12 + random.next(20)
        let modules = (0..<count).map { "\(layers[$0 % layers.count])\($0)" }
        var files: [String: String] = [:]
        var targets: [String] = []
        for (index, module) in modules.enumerated() {
            var deps: Set<String> = []
            for _ in 0..<random.next(4) {
                let other = modules[random.next(count)]
                if other != module { deps.insert(other) }
            }
            let sorted = deps.sorted()
            targets.append(
                "        .target(name: \"\(module)\", dependencies: "
                    + "[\(sorted.map { "\"\($0)\"" }.joined(separator: ", "))]),"
            )
            // Some dependencies are imported but not declared, some declared but not imported.
            let imported =
                sorted.enumerated().filter { $0.offset % 3 != 2 }.map(\.element)
                + (index % 5 == 0 ? [modules[(index + 1) % count]] : [])
            files["Sources/\(module)/\(module).swift"] =
                imported.map { "import \($0)\n" }.joined() + "public struct \(module)Type {}\n"
        }
        files["Package.swift"] =
            "// swift-tools-version:5.9\nimport PackageDescription\n\nlet package = Package(\n    name: "
            + "\"Random\(seed)\",\n    targets: [\n\(targets.joined(separator: "\n"))\n    ]\n)\n"
        files["strata.yml"] =
            "layers:\n" + layers.map { "  - name: \($0)\n    modules: [\"\($0)*\"]\n" }.joined()
            + (seed % 2 == 0 ? "diagrams:\n  transitive_reduction: true\n" : "")
        files["Content/index.md"] = "# Random\n\n\(modules[0]) and \(modules[1]) are mentioned.\n"
        let project = try TemporaryProject(files: files)
        let result = project.build()
        #expect(result.outcome == .written, "\(TemporaryProject.lines(result))")
        // The overview, the layers at a glance beside it (with two layers or more that hold modules), each layer, each
        // module.
        let occupied = Set(modules.compactMap { module in layers.first { module.hasPrefix($0) } }).count
        #expect(result.diagrams.count == count + layers.count + 1 + (occupied > 1 ? 1 : 0))
        #expect(!result.diagnostics.contains { $0.ruleID == "diagram.layout-failed" })
        let overview = project.text("Output/modules/index.html")
        #expect(overview.contains("<svg"))
        #expect(
            SiteLinks.broken(
                in: project.files(), pages: ["modules/index.html", "layers/screens.html", "modules/\(modules[0]).html"])
                == [])
    }

    /// A band of more than ten modules is staggered, an overview of more than a hundred is
    /// laid out with bounded passes, and a module used by more than twelve of one layer
    /// shows them as one box: none of which the small random packages reach.
    @Test func aLargeLayerIsInRowsBoundedAndCollapsed() throws {
        let count = 120
        let modules = (0..<count).map { String(format: "Part%03d", $0) }
        let targets = modules.enumerated().map { index, module in
            // Every module after the first uses Part000, and the one before it.
            let deps = index == 0 ? [] : Array(Set(["Part000", modules[index - 1]])).sorted()
            return
                "        .target(name: \"\(module)\", dependencies: "
                + "[\(deps.map { "\"\($0)\"" }.joined(separator: ", "))]),"
        }
        var files = [
            "Package.swift":
                "// swift-tools-version:5.9\nimport PackageDescription\n\nlet package = Package(\n    name: "
                + "\"Large\",\n    targets: [\n\(targets.joined(separator: "\n"))\n    ]\n)\n",
            "strata.yml": "layers:\n  - name: Parts\n    modules: [\"Part*\"]\n",
            "Content/index.md": "# Large\n"
        ]
        for (index, module) in modules.enumerated() {
            files["Sources/\(module)/\(module).swift"] =
                (index == 0 ? "" : "import Part000\nimport \(modules[index - 1])\n")
                + "public struct \(module)Type {}\n"
        }
        let project = try TemporaryProject(files: files)
        let builder = SiteBuilder(project: ProjectFiles(root: project.root, workingDirectory: project.root))
        let architecture = try #require(try builder.architecture(config: builder.configuration()))
        let diagrams = ArchitectureDiagramSet(model: architecture.model, siteMap: architecture.siteMap).diagrams()
        let overview = try #require(diagrams.first { $0.id == "overview" })
        #expect(overview.dot.contains("nslimit=\"2\""), "more than 100 modules: bounded layout")
        let rows = overview.dot.components(separatedBy: "rank=\"same\"").count - 1
        #expect(rows >= 15, "a band of 120 modules is drawn in rows of at most 500 points (\(rows) rows)")
        let layer = try #require(diagrams.first { $0.id == "layer-parts" })
        #expect(layer.dot.contains("nslimit=\"2\""), "a layer of more than 100 modules: bounded layout too")
        let hub = try #require(diagrams.first { $0.id == "module-Part000" })
        #expect(hub.dot.contains("119 modules"), "119 users in one layer are one box")
        #expect(!hub.dot.contains("\"Part050\""))
        let result = project.build()
        #expect(result.outcome == .written, "\(TemporaryProject.lines(result))")
        #expect(!result.diagnostics.contains { $0.ruleID == "diagram.layout-failed" })
        #expect(project.text("Output/modules/index.html").contains("Part119"), "drawn module by module")
    }

    /// The simpler drawings of a crowded package, and which one a page shows.
    @Test func crowdedDiagramsHaveSimplerFallbacksAndThePageShowsTheOneThatReads() throws {
        let project = try TemporaryProject(files: LayeredPackage(modules: 125).files)
        let builder = SiteBuilder(project: ProjectFiles(root: project.root, workingDirectory: project.root))
        let architecture = try #require(try builder.architecture(config: builder.configuration()))
        let set = ArchitectureDiagramSet(model: architecture.model, siteMap: architecture.siteMap)
        let diagrams = set.diagrams()

        // Up to 150 modules the overview draws every one, however wide: never a fallback;
        // the layers at a glance are a drawing of their own beside it.
        let overview = try #require(diagrams.first { $0.id == "overview" })
        #expect(set.fallbacks(of: overview).isEmpty)
        let summary = try #require(diagrams.first { $0.id == "overview-layers" })
        #expect(summary.dot.contains("group:0"), "the summary draws one box per layer")
        #expect(summary.pagePath == "modules/index.html")
        // Past 150, a layer-by-layer drawing is still tried when the modules are too wide.
        let larger = try TemporaryProject(files: LayeredPackage(modules: 160).files)
        let largerBuilder = SiteBuilder(project: ProjectFiles(root: larger.root, workingDirectory: larger.root))
        let largerArchitecture = try #require(try largerBuilder.architecture(config: largerBuilder.configuration()))
        let largerSet = ArchitectureDiagramSet(model: largerArchitecture.model, siteMap: largerArchitecture.siteMap)
        let largerOverview = try #require(largerSet.diagrams().first { $0.id == "overview" })
        #expect(
            largerSet.fallbacks(of: largerOverview).first?.dot.contains("group:0") == true,
            "the fallback draws one box per layer")
        #expect(!largerSet.diagrams().contains { $0.id == "overview-layers" })

        // Core: about 35 modules using each other, used by every other layer.
        let core = try #require(diagrams.first { $0.id == "layer-core" })
        #expect(
            core.dot.contains("lhead=\"cluster_0\""),
            "more than 8 arrows from other layers: one per layer, ending at the band")
        #expect(core.dot.contains("taillabel="), "each with its number by the other layer's box")
        let inner = core.dot.components(separatedBy: "class=\"dep ").count - 1
        let fallback = try #require(set.fallbacks(of: core).first)
        #expect(
            fallback.dot.components(separatedBy: "class=\"dep ").count - 1 < inner,
            "the fallback leaves out the arrows inside the layer")
        #expect(
            fallback.notes.contains {
                $0.contains("among the layer's own modules are not drawn (too many to read at this page's width)")
            }, "\(fallback.notes)")

        // A module used by more than 4 modules of one layer: the fallback draws them as one box.
        let crowded = try #require(diagrams.first { $0.id.hasPrefix("module-") && !set.fallbacks(of: $0).isEmpty })
        let crowdedFallback = set.fallbacks(of: crowded)[0].dot
        #expect(crowdedFallback.contains("modules\\n") || crowdedFallback.contains(" modules\""), "\(crowded.id)")

        // Built: the overview draws all 125 modules; Core's page shows its fallback, with the note that says so.
        let result = project.build()
        #expect(result.exitCode != 2, "\(TemporaryProject.lines(result).prefix(3))")
        let index = project.text("Output/modules/index.html")
        #expect(!index.contains("too wide to read at this page"))
        let missing = LayeredPackage(modules: 125).modules.map(\.name).filter {
            !index.contains("<title>\($0)</title>")
        }
        #expect(missing.isEmpty, "every module is a box of the overview: \(missing)")
        #expect(project.text("Output/layers/core.html").contains("not drawn (too many to read at this page"))
        // Both attempts are cached, so the next build lays out nothing.
        let again = project.build()
        #expect(again.diagrams.laidOut == 0, "\(again.diagrams)")
        #expect(again.diagrams.reused == again.diagrams.count)
    }
}
