import StrataCore
import StrataTestSupport
import Testing

@testable import StrataDiagrams

/// The flowchart subset of Mermaid that architecture pages use.
@Suite struct MermaidFlowchartTests {
    func parse(_ code: String) throws -> DrawnGraph {
        try MermaidFlowchart.parse(code).get()
    }

    @Test func nodesShapesAndArrows() throws {
        let graph = try parse(
            """
            flowchart LR
              %% a comment
              A[Feed screen] --> B(FeedService)
              B -.-> C[(Store)]; B ==> D{{Cache}}
              A --- E((Hub))
              B -->|reads| F>Flag]
              A -- uses --> G([Stadium])
            """)
        #expect(graph.direction == "LR")
        #expect(graph.nodes.map(\.id) == ["A", "B", "C", "D", "E", "F", "G"])
        #expect(graph.nodes.map(\.label) == ["Feed screen", "FeedService", "Store", "Cache", "Hub", "Flag", "Stadium"])
        #expect(graph.nodes.map(\.shape) == ["box", "rounded", "cylinder", "hexagon", "circle", "box", "stadium"])
        #expect(graph.edges.map { "\($0.from)>\($0.to)" } == ["A>B", "B>C", "B>D", "A>E", "B>F", "A>G"])
        #expect(graph.edges.map(\.style) == ["solid", "dotted", "thick", "solid", "solid", "solid"])
        #expect(graph.edges.map(\.hasArrow) == [true, true, true, false, true, true])
        #expect(graph.edges.map(\.label) == [nil, nil, nil, nil, "reads", "uses"])
        #expect(graph.nodes.map(\.line) == [2, 2, 3, 3, 4, 5, 6])
    }

    @Test func chainsAmpersandsSubgraphsAndQuotedLabels() throws {
        let graph = try parse(
            """
            graph TD
              subgraph UI [User interface]
                A["Feed (new)"] & B --> C --> D
              end
              classDef red fill:#f00
              class A red
            """)
        #expect(graph.edges.map { "\($0.from)>\($0.to)" } == ["A>C", "B>C", "C>D"])
        #expect(graph.nodes.first?.label == "Feed (new)")
        #expect(graph.groups == [DrawnGraph.Group(id: "UI", label: "User interface", members: ["A", "B", "C", "D"])])
    }

    @Test func otherDiagramsAndBrokenSyntaxSayWhereAndWhy() {
        #expect(
            throws: MermaidFlowchart.Failure(
                line: 0,
                message:
                    "only Mermaid flowcharts are drawn (a diagram starting `flowchart TD` or `graph LR`); this one "
                    + "starts with 'sequenceDiagram'"
            )
        ) {
            try MermaidFlowchart.parse("sequenceDiagram\n  A->>B: hi\n").get()
        }
        #expect(throws: MermaidFlowchart.Failure(line: 1, message: "the label 'Feed --> B' is not closed with ']'")) {
            try MermaidFlowchart.parse("flowchart TD\n  A[Feed --> B\n").get()
        }
        #expect(throws: MermaidFlowchart.Failure(line: 1, message: "this `subgraph` is not closed with `end`")) {
            try MermaidFlowchart.parse("flowchart TD\n  subgraph X\n  A --> B\n").get()
        }
        #expect(
            throws: MermaidFlowchart.Failure(
                line: 1, message: "'XY' is no flowchart direction; write TD, TB, BT, LR or RL")
        ) {
            try MermaidFlowchart.parse("\nflowchart XY\n").get()
        }
    }

    /// Random flowcharts made of the syntax's pieces, broken ones included: every one is
    /// read or refused with a line, never a crash or a loop, and `&` is capped before it
    /// multiplies out.
    @Test func anyMixOfPiecesIsReadOrRefused() {
        let pieces = [
            "A", "B1", "c_d", "[", "]", "(", ")", "((", "))", "{", "}", "{{", "}}", "[(", ")]", ">", "\"", "|", "&",
            " ", "-->", "---", "-.->", "==>",
            "-- t -->", "--", "-", ".", "=", "o", "x", ";", "\n", "subgraph S", "end", "%% c", "<br>",
            "classDef a fill:#f00", "é"
        ]
        var generator = SeededGenerator(seed: 26)
        for _ in 0..<3_000 {
            var code = "flowchart TD\n"
            for _ in 0..<Int.random(in: 1...24, using: &generator) {
                code += pieces.randomElement(using: &generator) ?? ""
            }
            switch MermaidFlowchart.parse(code, maximumEdges: 50) {
            case .success(let graph):
                #expect(graph.edges.count <= 50)
                #expect(
                    graph.edges.allSatisfy { graph.node($0.from) != nil && graph.node($0.to) != nil },
                    "\(code.debugDescription)")
            case .failure(let failure):
                #expect(
                    failure.line >= 0
                        && failure.line <= code.split(separator: "\n", omittingEmptySubsequences: false).count,
                    "\(code.debugDescription)")
            }
        }
        let wide =
            (0..<100).map { "A\($0)" }.joined(separator: " & ") + " --> "
            + (0..<100).map { "B\($0)" }.joined(separator: " & ")
        #expect(throws: MermaidFlowchart.Failure(line: 1, message: "it has more than 1500 arrows")) {
            try MermaidFlowchart.parse("graph TD\n" + wide, maximumEdges: 1_500).get()
        }
    }
}
