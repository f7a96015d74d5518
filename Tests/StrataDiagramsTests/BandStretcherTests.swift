import Testing
@testable import StrataDiagrams

/// Layer clusters become bands across the drawing, stacked, named at their left edge.
@Suite struct BandStretcherTests {
    static func band(_ index: Int, _ top: Int, _ bottom: Int, left: Int, right: Int) -> String {
        """
        <g id="svg.o.band-\(index)" class="cluster band tone-\(index)">
        <title>cluster_\(index)</title>
        <path fill="#f8fafc" stroke="#3b82f6" d="M\(left),\(bottom)C\(left),\(bottom) \(right),\(bottom) \(right),\(top) \(left),\(top)"/>
        <text text-anchor="middle" x="\(left + 20)" y="\(top + 14)" font-size="12.00">Layer \(index)</text>
        </g>
        </g>
        """
    }

    static let svg = "<svg width=\"208pt\" height=\"300pt\" viewBox=\"0.00 0.00 208.00 300.00\">\n<g id=\"svg.o\" class=\"graph\">\n"
        + band(0, -100, -8, left: 50, right: 120) + "\n" + band(1, -200, -120, left: 20, right: 180) + "\n</svg>\n"

    @Test func bandsSpanTheDrawingAndMeetHalfwayWithTheirNamesAtTheLeft() {
        let stretched = BandStretcher.stretch(Self.svg)
        #expect(stretched.contains(#"d="M1,-200L199,-200 199,-111 1,-111Z""#), "\(stretched)")
        #expect(stretched.contains(#"d="M1,-109L199,-109 199,-8 1,-8Z""#))
        #expect(stretched.contains(#"<text text-anchor="start" x="9" y="-186""#))
        #expect(stretched.contains(#"<text text-anchor="start" x="9" y="-86""#))
    }

    @Test func overlappingOrSingleBandsAreLeftAlone() {
        let overlapping = "<svg viewBox=\"0.00 0.00 208.00 300.00\">\n" + Self.band(0, -100, -8, left: 50, right: 120) + "\n" + Self.band(1, -150, -50, left: 20, right: 180) + "\n</svg>\n"
        #expect(BandStretcher.stretch(overlapping) == overlapping)
        let single = "<svg viewBox=\"0.00 0.00 208.00 300.00\">\n" + Self.band(0, -100, -8, left: 50, right: 120) + "\n</svg>\n"
        #expect(BandStretcher.stretch(single) == single)
    }
}
