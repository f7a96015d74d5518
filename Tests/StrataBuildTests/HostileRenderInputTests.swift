import Foundation
import StrataCore
import Testing

@testable import StrataBuild

/// Issue 45, items 10, 13, 14 and 16 (part): written diagrams, layers, guidance pages, rule
/// spellings and long names, each from the smallest input that showed it.
@Suite struct HostileRenderInputTests {
    func configDiagnostics(_ yaml: String) -> [String] {
        do {
            let project = try TemporaryProject(files: ["strata.yml": yaml])
            _ = try ConfigLoader.load(project: ProjectFiles(root: project.root, workingDirectory: project.root))
            return []
        } catch let error as DiagnosticsError {
            return error.diagnostics.map(\.description)
        } catch {
            return ["unexpected \(error)"]
        }
    }

    /// Item 13: the layer count is bounded, at the `layers:` line; below the bound, a long
    /// list of layers with no may_use is checked for cycles without a list per layer of all
    /// those before it.
    @Test func layerCountIsBoundedAtTheLayersLine() {
        let many =
            "site:\n  title: T\nlayers:\n"
            + (0...ReadingLimits.configLayers.maximum).map { "  - {name: L\($0)}\n" }.joined()
        let lines = configDiagnostics(many)
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("strata.yml:3:1: error: strata.yml declares 1001 layers") == true)
        #expect(lines.first?.hasSuffix("[config.too-large]") == true)
        // A cycle through a layer's explicit may_use and "every layer before" is still found.
        let cycle = "layers:\n  - {name: A, may_use: [C]}\n  - {name: B}\n  - {name: C}\n"
        #expect(
            configDiagnostics(cycle).first?.contains("may_use goes round in a circle: A → C → B → A") == true,
            "\(configDiagnostics(cycle))")
    }

    /// Item 16: one rule under both spellings is an error at the second; a 1 MB layer name
    /// is an error at its line, not at Output/.
    @Test func aRuleTwiceAndAHugeLayerNameAreLocated() {
        #expect(
            configDiagnostics("rules:\n  layer-order: error\n  layer_order: off\n") == [
                "strata.yml:3:3: error: rules: 'layer_order' sets the same rule as 'layer-order' (at "
                    + "strata.yml:2:3); write it once [config.duplicate-key]"
            ])
        let name = String(repeating: "L", count: ReadingLimits.configNameBytes.maximum + 1)
        let lines = configDiagnostics("layers:\n  - name: \(name)\n    modules: [A]\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("strata.yml:2:5: error: a layer's name is 201 bytes long") == true, "\(lines)")
    }

    /// Item 16: a page whose published name is too long for a file system is an error at
    /// the page.
    @Test func aPageNameTooLongToPublishIsAnErrorAtThePage() throws {
        let name = String(repeating: "a", count: 240)
        let project = try TemporaryProject(files: ["Content/index.md": "# Home\n", "Content/\(name).md": "# Long\n"])
        let result = project.build()
        #expect(result.exitCode == 2)
        let lines = TemporaryProject.lines(result)
        #expect(
            lines.first?.hasPrefix(
                "Content/\(name).md:1:1: error: this page would be published as '\(name).html', 245 bytes") == true,
            "\(lines)")
        #expect(lines.first?.hasSuffix("[content.too-large]") == true)
    }

    /// Item 10: a diagram past the full-layout bound is drawn simplified, with a warning at
    /// its fence; the smallest is one box and arrows past the bound.
    @Test func aLargeWrittenDiagramIsDrawnSimplifiedWithAWarning() throws {
        let boxes = 60
        var code = "flowchart TD\n"
        for index in 0..<200 { code += "  N\(index % boxes) --> N\((index * 7 + 1) % boxes)\n" }
        let project = try TemporaryProject(files: ["Content/index.md": "# Home\n\nText.\n\n```mermaid\n\(code)```\n"])
        let result = project.build()
        #expect(result.exitCode == 0)
        let lines = TemporaryProject.lines(result).filter { $0.contains("diagram.") }
        #expect(lines.count == 1)
        #expect(
            lines.first?.hasPrefix("Content/index.md:5:1: warning: this diagram has 60 boxes and 200 arrows") == true,
            "\(lines)")
        #expect(lines.first?.hasSuffix("[diagram.too-slow]") == true)
        let page = project.text("Output/index.html")
        #expect(page.contains("<svg") && page.contains("written-edge"), "the diagram is still drawn")
    }

    /// Item 10, across a build: 30 diagrams of 80 / 300 took 33 s, and diagrams each below
    /// the bound of one still add up (about a second each at the bound). Past the build's
    /// layout work, the diagrams that follow, in the order of the pages' paths, are drawn
    /// simplified, each with a warning at its fence.
    @Test func diagramsPastTheBuildsLayoutWorkAreDrawnSimplified() throws {
        // A ring of 125 boxes: 250 boxes and arrows, the bound of one, and quick to lay out.
        var ring = "flowchart LR\n"
        for index in 0..<125 { ring += "  N\(index) --> N\((index + 1) % 125)\n" }
        #expect(ReadingLimits.diagramLayout.allows(250))
        let fitting = ReadingLimits.diagramLayoutWork.maximum / (250 * 250)
        var files = ["Content/index.md": "# Home\n"]
        for page in 0...fitting {
            files[String(format: "Content/p%03d.md", page)] = "# P\(page)\n\n```mermaid nocheck\n\(ring)```\n"
        }
        let project = try TemporaryProject(files: files)
        let result = project.build()
        #expect(result.exitCode == 0)
        let lines = TemporaryProject.lines(result).filter { $0.contains("diagram.") }
        #expect(
            lines == [
                String(format: "Content/p%03d.md:3:1: warning: ", fitting)
                    + "the diagrams before this one (pages in the order of their paths) used the layout work one "
                    + "build spends on diagrams; it is drawn simplified: boxes in rows, in the order written, "
                    + "without its groups or arrow labels (Strata's limit: 1000000 units of layout work in "
                    + "one build (n² for a diagram of n boxes, arrows and arrow labels)) [diagram.too-slow]"
            ], "the first \(fitting) diagrams are laid out in full, the next is not")
        let last = project.text(String(format: "Output/p%03d.html", fitting))
        #expect(last.contains("<svg") && last.contains("written-edge"), "the diagram past the budget is still drawn")
    }

    @Test func theLayoutBudgetFollowsThePagesPathsAndStopsAtTheFirstDiagramPastIt() {
        let budget = DiagramBudget(
            pages: [(path: "b.html", work: [40, 30]), (path: "a.html", work: [50]), (path: "c.html", work: [5])],
            maximum: 100)
        // a: 50, then b: 40 (90), then b's second (120) is past it; c's, though small, too.
        #expect(budget.inFull == ["b.html": 1, "c.html": 0])
        #expect(budget.isInFull(page: "a.html", index: 0) && budget.isInFull(page: "b.html", index: 0))
        #expect(!budget.isInFull(page: "b.html", index: 1) && !budget.isInFull(page: "c.html", index: 0))
        #expect(
            DiagramBudget(pages: [(path: "a.html", work: [100])], maximum: 100).inFull.isEmpty,
            "up to the maximum is within it")
    }
}
