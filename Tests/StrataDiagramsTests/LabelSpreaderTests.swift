import Testing

@testable import StrataDiagrams

/// An arrow's label Graphviz put over other text moves along its own arrow to a free place.
@Suite struct LabelSpreaderTests {
    static func svg(markerAt x: Int, _ y: Int) -> String {
        """
        <svg width="200pt" height="200pt" viewBox="0.00 0.00 200.00 200.00">
        <g id="svg.o" class="graph">
        <g id="svg.o.node1" class="node module">
        <title>Feed</title>
        <path d="M70,-110L130,-110 130,-90 70,-90Z"/>
        <text text-anchor="middle" x="100" y="-96" font-size="11.00">Feed</text>
        </g>
        <g id="svg.o.edge1" class="edge dep violation">
        <title>Feed&#45;&gt;Core</title>
        <path d="M100,-90C100,-60 100,-40 100,-10"/>
        <text text-anchor="middle" x="\(x)" y="\(y)" font-size="10.00" fill="#d62728">⚠1</text>
        </g>
        </g>
        </svg>

        """
    }

    @Test func aLabelOverTextMovesBesideItsArrow() {
        let covering = Self.svg(markerAt: 100, -97)
        #expect(!DiagramLegibility.measure(covering).overlaps.isEmpty)
        let spread = LabelSpreader.spread(covering)
        #expect(DiagramLegibility.measure(spread).overlaps.isEmpty, "\(spread)")
        // Half way along the arrow (x 100, y -50), to its right.
        #expect(
            spread.contains(##"<text text-anchor="start" x="103" y="-47" font-size="10.00" fill="#d62728">⚠1</text>"##),
            "\(spread)")
    }

    @Test func aLabelInTheClearStays() {
        let clear = Self.svg(markerAt: 140, -50)
        #expect(LabelSpreader.spread(clear) == clear)
    }
}
