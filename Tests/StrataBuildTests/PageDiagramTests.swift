import Foundation
import StrataBuild
import StrataCore
import StrataDiagrams
import Testing

/// Diagrams written in pages (` ```mermaid `, ` ```dot `): drawn at build time through
/// Graphviz, and checked against the real graph of the guide fixture (Lumen).
@Suite struct PageDiagramTests {
    static let stale = GuidanceSiteTests.warning

    func project(_ page: String) throws -> TemporaryProject {
        let project = try TemporaryProject(fixture: "guide")
        try project.write("Content/guides/drawn.md", Data(page.utf8))
        return project
    }

    /// Drawn when ProfileUI still used FeedService and Persistence was called PhotoStore.
    static let drifted = """
        # The feed, as drawn in 2025

        ```mermaid
        flowchart TD
          FeedUI --> FeedService
          ProfileUI --> FeedService
          FeedService --> Networking
          FeedService --> PhotoStore[(PhotoStore)]
        ```
        """

    @Test func aDriftedMermaidDiagramGivesExactlyItsDrift() throws {
        let project = try project(Self.drifted)
        let result = project.build()
        #expect(result.exitCode == 0)
        #expect(
            TemporaryProject.lines(result) == [
                "Content/guides/drawn.md:6:1: warning: the diagram draws ProfileUI → FeedService, and the code has "
                    + "no such dependency [diagram.drift]",
                "Content/guides/drawn.md:8:1: warning: the diagram draws 'PhotoStore', which is no module or layer "
                    + "of the project; write `nocheck` after the fence's language to leave the diagram unchecked "
                    + "[diagram.drift]",
                Self.stale
            ])
        let page = project.text("Output/guides/drawn.html")
        #expect(page.contains(#"<figure class="diagram written-diagram" id="diagram.guides-drawn-diagram-1">"#))
        #expect(page.contains(#"class="edge dep written-edge drift-absent""#), "the arrow the code lacks is marked")
        #expect(page.contains(#"class="node written-node drift-unknown""#), "so is the box that names nothing")
        #expect(page.contains(#"<a xlink:href="../modules/FeedService.html""#), "boxes link to their modules' pages")
        #expect(page.contains("Drawn, not in the code (red, dashed): ProfileUI → FeedService."))
        #expect(!page.contains("```") && !page.contains("flowchart TD"), "no Mermaid source is left for a script")
        // Under --strict the drift fails the build.
        #expect(project.build(BuildOptions(strict: true)).exitCode == 1)
    }

    /// A Mermaid flowchart with subgraphs and labelled arrows (as common as Mermaid gets)
    /// aborted the build with a double free inside Graphviz 2.42 (see LayoutSafety): it is
    /// drawn, its labels beside the arrows; a DOT box in two groups is shown as code.
    @Test func groupsWithLabelledArrowsAreDrawnAndABoxInTwoGroupsIsCode() throws {
        let project = try TemporaryProject(files: [
            "Content/index.md": "# Home\n",
            "Content/flow.md": """
            # Flow

            ```mermaid
            flowchart LR
              subgraph S1[Group]
                N4[Store]
                N5[Cache]
              end
              N0[Client] -->|asks| N2[Service]
              N5 -->|fills| N2
              N2 -->|writes| N4
              N0 -->|reads| N4
            ```

            ```dot
            digraph G { subgraph cluster_a { X; } subgraph cluster_b { X; Y; } X -> Y; }
            ```

            """
        ])
        let result = project.build()
        #expect(result.exitCode == 0)
        #expect(
            TemporaryProject.lines(result) == [
                "Content/flow.md:15:1: warning: this diagram is shown as code: the box 'X' is in two groups "
                    + "('cluster_a' and 'cluster_b'), neither inside the other; put it in one [diagram.layout-failed]"
            ])
        let page = project.text("Output/flow.html")
        for label in ["asks", "fills", "writes", "reads", "Store", "Cache", "Group"] {
            #expect(page.contains(">\(label)</text>"), "\(label)")
        }
        // Drawn beside their arrows, the labels are moved off one another (LabelSpreader):
        // "reads" and "writes" were drawn over each other.
        let figure = try #require(
            page.range(of: "written-diagram").flatMap { page.range(of: "<svg", range: $0.upperBound..<page.endIndex) })
        let end = page.range(of: "</svg>", range: figure.upperBound..<page.endIndex)?.upperBound ?? page.endIndex
        let drawn = DiagramLegibility.measure(String(page[figure.lowerBound..<end]))
        #expect(drawn.labels.contains { $0.text == "reads" }, "the drawing's labels are measured")
        #expect(drawn.overlaps.isEmpty, "\(drawn.overlaps)")

    }

    @Test func aDOTDiagramIsDrawnThemedAndChecked() throws {
        let project = try project(
            "# Layers\n\n```dot\ndigraph { UI -> Service; Service -> Infrastructure; Infrastructure -> Core; "
                + "Service -> Core; UI -> Core; App -> UI }\n```\n"
        )
        let result = project.build()
        let lines = TemporaryProject.lines(result)
        // `App` is a module and a layer; among layers it is read as the layer.
        #expect(
            lines.filter { $0.contains("diagram.drift") } == [
                "Content/guides/drawn.md:3:1: warning: the diagram leaves out App → Infrastructure, which the code "
                    + "has (Package.swift:21) [diagram.drift]",
                "Content/guides/drawn.md:3:1: warning: the diagram leaves out App → Service, which the code has "
                    + "(Package.swift:21) [diagram.drift]"
            ], "\(lines)")
        let page = project.text("Output/guides/drawn.html")
        #expect(page.contains(#"class="node written-node layer-box tone-3""#), "boxes take their layer's colour")
        #expect(page.contains(#"class="edge dep drift-missing""#))
    }

    @Test func uncheckedUnreadableAndUnrelatedDiagrams() throws {
        let project = try project(
            """
            # Mixed

            ```mermaid nocheck
            flowchart LR
              FeedUI --> Networking
            ```

            ```mermaid
            sequenceDiagram
              A->>B: hi
            ```

            ```mermaid
            graph LR
              User -- taps --> Button
            ```
            """)
        let result = project.build()
        #expect(
            TemporaryProject.lines(result) == [
                "Content/guides/drawn.md:9:1: warning: this Mermaid diagram is shown as code: only Mermaid "
                    + "flowcharts are drawn (a diagram starting `flowchart TD` or `graph LR`); this one starts with "
                    + "'sequenceDiagram' [diagram.unreadable]",
                Self.stale
            ])
        let page = project.text("Output/guides/drawn.html")
        #expect(
            page.components(separatedBy: "<figure class=\"diagram written-diagram\"").count == 3,
            "two drawn, one left as code")
        #expect(page.contains(#"<pre data-language="mermaid"><code class="language-mermaid">sequenceDiagram"#))
        #expect(page.contains("Names no module or layer, so it is not checked against the code."))
    }

    @Test func theSameInputGivesTheSameDrawing() throws {
        let project = try project(Self.drifted)
        _ = project.build()
        let first = project.text("Output/guides/drawn.html")
        _ = project.build()
        #expect(project.text("Output/guides/drawn.html") == first)
    }

    // MARK: Hostile diagrams (found in review)

    @Test func aDOTDiagramCannotRunScriptOrTakeThePagesIds() throws {
        let project = try project(
            """
            # Links

            ```dot
            // modules {simplified}
            digraph { graph [id="content"]; A [URL="javascript:alert(1)"]; A -> B [href="&#106;avascript:alert(2)"];
              C [label=<<TABLE><TR><TD HREF="javascript:alert(3)">t</TD></TR></TABLE>>]; "x&y" -> A } // }
            ```
            """)
        let result = project.build()
        #expect(result.exitCode == 0)
        let page = project.text("Output/guides/drawn.html")
        #expect(
            page.contains("<figure class=\"diagram written-diagram\""),
            "a comment with braces does not stop the drawing")
        #expect(
            !page.lowercased().contains("javascript:") && !page.contains("&#106;avascript"),
            "no link of the diagram runs script")
        #expect(page.components(separatedBy: "id=\"content\"").count == 2, "the page's own #content stays unique")
        #expect(page.contains(#"<g id="svg.guides-drawn-diagram-1" class="graph""#))
        #expect(page.components(separatedBy: "<title>x&amp;y</title>").count == 2, "a name with & is one box")
    }

    @Test func repeatedArrowsAreEachMarkedOnce() throws {
        let edges = String(repeating: "FeedUI -> Networking; ", count: 40)
        let project = try project("# Many\n\n```dot\ndigraph { \(edges)}\n```\n")
        let result = project.build()
        #expect(TemporaryProject.lines(result).filter { $0.contains("diagram.drift") }.count == 40)
        let page = project.text("Output/guides/drawn.html")
        #expect(
            page.components(separatedBy: #"class="edge dep written-edge drift-absent""#).count - 1 == 40,
            "each of the 40 arrows is marked, once")
    }

    /// A few kilobytes of DOT can ask for half a million arrows (1.3 s and 213 MB in cgraph):
    /// counted before Graphviz reads them, so the fence stays code.
    @Test func aDOTLineThatMultipliesStaysCode() throws {
        let left = (0..<700).map { "a\($0)" }.joined(separator: " ")
        let right = (0..<700).map { "b\($0)" }.joined(separator: " ")
        let project = try TemporaryProject(files: [
            "strata.yml": "site:\n  title: T\n",
            "Content/index.md": "# Home\n\n```dot\ndigraph { {\(left)} -> {\(right)} }\n```\n"
        ])
        let result = project.build()
        #expect(
            TemporaryProject.lines(result).contains {
                $0.contains(
                    "Content/index.md:3:1: warning: this DOT diagram is shown as code: it makes more than 1500 arrows")
                    && $0.hasSuffix("[diagram.unreadable]")
            }, "\(TemporaryProject.lines(result))")
        #expect(project.text("Output/index.html").contains("<code class=\"language-dot\">"))
    }

    @Test func aDiagramTooLargeToReadStaysCode() throws {
        let left = (0..<60).map { "A\($0)" }.joined(separator: " & ")
        let right = (0..<60).map { "B\($0)" }.joined(separator: " & ")
        let project = try project("# Huge\n\n```mermaid\nflowchart TD\n  \(left) --> \(right)\n```\n")
        let result = project.build()
        #expect(
            TemporaryProject.lines(result).contains(
                "Content/guides/drawn.md:5:1: warning: this Mermaid diagram is shown as code: it has more than 1500 "
                    + "arrows [diagram.unreadable]"
            ))
        #expect(project.text("Output/guides/drawn.html").contains(#"<code class="language-mermaid">flowchart TD"#))
    }
}
