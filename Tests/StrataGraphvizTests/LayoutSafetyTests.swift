import Testing

@testable import StrataGraphviz

/// Graphs a page may hold that made Graphviz 2.42 corrupt memory while laying them out, in
/// Strata's own process (found by fuzzing small graphs; each crashed or aborted a build).
/// Each is now drawn in a gentler form, or refused with a message; a regression here ends
/// the test process, which fails the suite.
@Suite struct LayoutSafetyTests {
    func svg(_ dot: String) throws -> String {
        var written = GraphAdjustments()
        written.isWritten = true
        return try GraphvizRenderer.shared.svg(dot: dot, adjusting: written)
    }

    /// Labelled arrows that end up within the first rank made dot add a rank above it by
    /// reallocating the rank table, which it then freed wrongly ("double free").
    @Test(arguments: [
        // Clusters make flat arrows.
        "digraph G { rankdir=LR; subgraph cluster_1 { N4; N5; } N0 -> N2 [label=\"a\"]; N5 -> N2 [label=\"b\"]; N2 "
            + "-> N4 [label=\"c\"]; N0 -> N4 [label=\"d\"]; }",
        // So do arrows that do not constrain the ranks, without any cluster.
        "digraph G { rankdir=LR; n3 -> n1 [dir=both]; n0 -> n3 [label=\"L1\", constraint=false, minlen=3]; n0 -> n1 "
            + "[label=\"L2\", headport=e]; n2 -> n3 [label=\"L3\", constraint=false]; n0 -> n3; n0 -> n2; }"
    ])
    func labelsOfArrowsThatMayBeFlatAreDrawnBesideThem(dot: String) throws {
        let drawn = try svg(dot)
        for label in dot.split(separator: "\"").enumerated().filter({ $0.offset % 2 == 1 }).map(\.element) {
            #expect(drawn.contains(">\(label)</text>"), "the label \(label) is still drawn")
        }
    }

    @Test func labelsOfOrdinaryArrowsStayInTheLayout() throws {
        // No cluster, rank set or unconstrained arrow: the label keeps its place (and its
        // room) in the layout, as Graphviz draws it.
        let drawn = try svg("digraph G { A -> B [label=\"calls\"]; }")
        #expect(drawn.contains(">calls</text>"))
        #expect(try svg("digraph G { A -> B [xlabel=\"calls\"]; }") != drawn)
    }

    @Test func aBoxInTwoGroupsNeitherInsideTheOtherIsRefused() throws {
        #expect(
            throws: GraphvizError(
                message:
                    "the box 'n5' is in two groups ('cluster_1' and 'cluster_2'), neither inside the other; put it "
                    + "in one"
            )
        ) {
            try svg("digraph G { subgraph cluster_1 { n5; } subgraph cluster_2 { n5; n1; } n5 -> n1; }")
        }
        // Nested groups share their boxes.
        #expect(
            try svg("digraph G { subgraph cluster_1 { n5; subgraph cluster_2 { n5; n1; } } n5 -> n1 [label=\"x\"]; }")
                .contains(">x</text>"))
    }

    @Test func aBoxInTwoRankSetsIsRefused() throws {
        #expect(
            throws: GraphvizError(
                message: "the box 'n0' is in two rank sets ('rank=source' and 'rank=sink'); put it in one")
        ) {
            try svg("digraph G { { rank=source; n2; n0; } { rank=sink; n0; n8; } n8 -> n4; n2 -> n0; }")
        }
    }

    @Test func aRankSetAcrossGroupsIsRefusedAndOneInsideAGroupIsDrawn() throws {
        #expect(
            throws: GraphvizError(
                message:
                    "the rank set 'rank=max' holds boxes of different groups ('n6' in 'cluster_0', 'n4' in "
                    + "'cluster_1'); rank boxes together inside their group"
            )
        ) {
            try svg(
                "digraph G { newrank=true; subgraph cluster_0 { n5; n6; } subgraph cluster_1 { n4; } { rank=max; "
                    + "n6; n4; } n5 -> n6; n6 -> n4; }"
            )
        }
        #expect(
            try svg("digraph G { subgraph cluster_0 { { rank=same; a; b; } c; } a -> c; b -> c [label=\"x\"]; }")
                .contains(">x</text>"))
    }

    /// As dot reads them: `constraint=off` is false, `minlen=" 0"` is 0, a rank set's own
    /// subgraphs are part of it, and subgraphs named `cluster…` in any case are groups.
    @Test func attributesAreReadAsDotReadsThem() throws {
        #expect(
            LayoutSafety.mapBool("off") == false && LayoutSafety.mapBool("Yes") && LayoutSafety.mapBool("2")
                && !LayoutSafety.mapBool("0"))
        #expect(
            LayoutSafety.integer(" 0", default: 1) == 0 && LayoutSafety.integer("1x", default: 0) == 1
                && LayoutSafety.integer("x", default: 1) == 1)
        #expect(try svg("digraph G { { rank=same; a -> { b c }; } a -> d; }").contains("<svg"))
        #expect(
            throws: GraphvizError(
                message:
                    "the box 'n5' is in two groups ('Cluster_1' and 'cluster_2'), neither inside the other; put it "
                    + "in one"
            )
        ) {
            try svg("digraph G { subgraph Cluster_1 { n5; } subgraph cluster_2 { n5; n1; } n5 -> n1 [label=\"x\"]; }")
        }
        // Found by `make fuzz` (the diagram target): a group named `Cluster_1` with a clipped,
        // labelled arrow, unconstrained arrows and rank sets aborted dot's install_in_rank.
        #expect(
            try svg(
                "digraph G { concentrate=true; compound=tr { a; subgraph Cluster_1 { b; } } { rAnk=same; a; c; } { "
                    + "rank=max; c; d; } a -> b [lhead=\"cluster_1\", label=\"x\"]; b -> c; e -> c -> d "
                    + "[constraint=false]; }"
            ).contains("<svg"))
        #expect(
            try svg(
                "digraph G { rankdir=LR; subgraph cluster_0 { n1; n2; } subgraph cluster_1 { n4; n0; n3; } n1 -> "
                    + "n3; n1 -> n3; n2 -> n1 [label=\"L9\", constraint=off]; n1 -> n5 [dir=both]; n0 -> n2; n4 -> "
                    + "n2; n0 -> n5; }"
            ).contains(">L9</text>"))
    }

    /// `concentrate`, arrows clipped at a cluster (`lhead`, `ltail`), arrows sharing an end
    /// (`samehead`, `sametail`) and orthogonal arrows aborted dot; they are drawn plainly.
    @Test(arguments: [
        "digraph G { concentrate=true; subgraph cluster_0 { label=\"C0\"; } n9 -> n10 [label=\"L0\"]; n9 -> n10 "
            + "[label=\"L5\"]; n5 -> n10 [label=\"L10\"]; n0 -> n1; }",
        "digraph G { rankdir=LR; compound=true; subgraph cluster_0 { n9; n6; n1; subgraph cluster_0_0 { n8; n4; n2; "
            + "} } n4 -> n3 [label=\"L2\"]; n9 -> n4 [minlen=3, lhead=\"cluster_0_0\"]; n5 -> n8 "
            + "[ltail=\"cluster_0\"]; }",
        "digraph G { rankdir=LR; n3 -> n1 [dir=both]; n0 -> n3 [label=\"L1\", constraint=false, minlen=3, "
            + "samehead=\"x\"]; n0 -> n1 [label=\"L2\", samehead=\"x\"]; n2 -> n3 [sametail=\"y\"]; }",
        // With groups, arrows that do not shape the ranks (beside two alike) shape them.
        "digraph G { rankdir=LR; subgraph cluster_0 { n1; n2; } subgraph cluster_1 { n4; n0; n3; } n1 -> n3; n1 -> "
            + "n3; n2 -> n1 [label=\"L9\", constraint=false]; n1 -> n5 [dir=both]; n0 -> n2; n4 -> n2; n0 -> n5; }",
        // Orthogonal arrows are drawn as straight segments.
        "digraph G { rankdir=LR; splines=ortho; { rank=max; n8; n5; } n1 -> n8 [label=\"L1\"]; n7 -> n0 [dir=both]; "
            + "n1 -> n8 [label=\"L4\"]; n0 -> n8; n5 -> n1; n7 -> n5; }"
    ])
    func mergedClippedAndJoinedArrowsAreDrawnPlainly(dot: String) throws {
        #expect(try svg(dot).contains("<svg"))
    }
}
