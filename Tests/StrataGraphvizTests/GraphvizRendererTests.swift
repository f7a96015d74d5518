import Testing

@testable import StrataGraphviz

@Suite struct GraphvizRendererTests {
    let dot = """
        digraph "g" {
          id="d";
          node [shape=box, fontname="Helvetica"];
          "A" [class="module layer-1", href="modules/A.html", tooltip="A: the top"];
          "B" [class="module layer-0"];
          "A" -> "B" [class="edge-declared-imported"];
        }
        """

    @Test func drawsSVGWithLinksClassesAndPrefixedIDs() throws {
        let svg = GraphvizSVG.inline(try GraphvizRenderer.shared.svg(dot: dot))
        #expect(svg.hasPrefix("<svg"))
        #expect(!svg.contains("<!--"))
        #expect(!svg.contains("<?xml"))
        #expect(svg.contains("class=\"node module layer-1\""))
        #expect(svg.contains("xlink:href=\"modules/A.html\""))
        #expect(svg.contains("xlink:title=\"A: the top\""))
        #expect(svg.contains("class=\"edge edge-declared-imported\""))
        #expect(svg.contains("id=\"d_node1\""))
    }

    @Test func sameDOTGivesTheSameBytes() throws {
        let first = try GraphvizRenderer.shared.svg(dot: dot)
        let second = try GraphvizRenderer.shared.svg(dot: dot)
        #expect(first == second)
    }

    @Test func concurrentCallsAreSerialized() async throws {
        let expected = try GraphvizRenderer.shared.svg(dot: dot)
        let results = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<8 { group.addTask { try? GraphvizRenderer.shared.svg(dot: dot) } }
            var all: [String?] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.allSatisfy { $0 == expected })
    }

    @Test func badDOTIsAnErrorWithGraphvizsMessage() {
        #expect(throws: GraphvizError.self) { try GraphvizRenderer.shared.svg(dot: "digraph { a -> }") }
        do {
            _ = try GraphvizRenderer.shared.svg(dot: "digraph { a -> }")
        } catch {
            #expect(error.message.contains("syntax error"))
        }
        // The renderer still works afterwards.
        #expect((try? GraphvizRenderer.shared.svg(dot: dot)) != nil)
    }

    @Test func usesGraphvizsOwnFontMetrics() {
        #expect(GraphvizRenderer.shared.pluginNote == nil)
    }
}
