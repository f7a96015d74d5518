import Testing

@testable import StrataDiagrams

/// The arrows a DOT graph makes, counted from its text before Graphviz reads it.
@Suite struct DOTEdgeCountTests {
    @Test(arguments: [
        ("digraph { a -> b; b -> c }", 2),
        ("digraph G { a -> b -> c -> d }", 3),
        ("digraph { a -> {b c d} }", 3),
        ("digraph { {a b} -> {c d e} }", 6),
        ("digraph { subgraph s { a b } -> subgraph t { c d } }", 4),
        ("graph { a -- b; rankdir = LR; node [shape=box]; edge [color=\"a -> b\"] }", 1),
        ("digraph { a:n -> b:s:e; \"x -> y\" -> z }", 2),
        ("digraph { // a -> b\n# c -> d\n/* e -> f */ g -> h [label=\"i -> j\", xlabel=<<b>k -> l</b>>] }", 1),
        ("digraph { subgraph cluster_1 { a -> b } c -> d }", 2),
        ("digraph { -1.5 -> 2 }", 1)
    ])
    func arrowsAreCounted(dot: String, arrows: Int) {
        #expect(DOTEdgeCount.count(in: dot, limit: 1_500) == arrows, "\(dot)")
    }

    /// 6.8 KB that asks for 490,000 edges: the count stops at the limit.
    @Test func aMultiplyingLineIsCaughtAtTheLimit() {
        let left = (0..<700).map { "a\($0)" }.joined(separator: " ")
        let right = (0..<700).map { "b\($0)" }.joined(separator: " ")
        #expect(DOTEdgeCount.count(in: "digraph { {\(left)} -> {\(right)} }", limit: 1_500) == 1_501)
    }

    @Test func unbalancedTextEnds() {
        for text in [
            "digraph { {a b -> ", "digraph { \"open", "digraph { <<b>", "digraph { a -> /* x", "", "}}}{{{ -> -> ["
        ] {
            #expect(DOTEdgeCount.count(in: text, limit: 10) <= 11, "\(text)")
        }
    }
}
