import Testing

@testable import StrataDiagrams

/// Layer clusters become bands across the drawing, stacked, named at their left edge.
@Suite struct BandStretcherTests {
    static func band(_ index: Int, _ top: Int, _ bottom: Int, left: Int, right: Int) -> String {
        """
        <g id="svg.o.band-\(index)" class="cluster band tone-\(index)">
        <title>cluster_\(index)</title>
        <path fill="#f8fafc" stroke="#3b82f6" d="M\(left),\(bottom)C\(left),\(bottom) \(right),\(bottom) \
        \(right),\(top) \(left),\(top)"/>
        <text text-anchor="middle" x="\(left + 20)" y="\(top + 14)" font-size="12.00">Layer \(index)</text>
        </g>
        </g>
        """
    }

    static let svg =
        "<svg width=\"208pt\" height=\"300pt\" viewBox=\"0.00 0.00 208.00 300.00\">\n<g id=\"svg.o\" class=\"graph\">\n"
        + band(0, -100, -8, left: 50, right: 120) + "\n" + band(1, -200, -120, left: 20, right: 180) + "\n</svg>\n"

    @Test func bandsSpanTheDrawingAndMeetHalfwayWithTheirNamesAtTheLeft() {
        let stretched = BandStretcher.stretch(Self.svg)
        #expect(stretched.contains(#"d="M1,-200L199,-200 199,-111 1,-111Z""#), "\(stretched)")
        #expect(stretched.contains(#"d="M1,-109L199,-109 199,-8 1,-8Z""#))
        #expect(stretched.contains(#"<text text-anchor="start" x="9" y="-186""#))
        #expect(stretched.contains(#"<text text-anchor="start" x="9" y="-86""#))
    }

    @Test func overlappingOrSingleBandsKeepTheirShapeWithTheirNamesAtTheirLeft() {
        let overlapping =
            "<svg viewBox=\"0.00 0.00 208.00 300.00\">\n" + Self.band(0, -100, -8, left: 50, right: 120) + "\n"
            + Self.band(1, -150, -50, left: 20, right: 180) + "\n</svg>\n"
        let stretched = BandStretcher.stretch(overlapping)
        #expect(stretched.contains(#"d="M50,-8C50,-8 120,-8 120,-100 50,-100""#), "not stretched")
        #expect(stretched.contains(#"<text text-anchor="start" x="58" y="-86""#), "\(stretched)")
        #expect(stretched.contains(#"<text text-anchor="start" x="28" y="-136""#))
        let single =
            "<svg viewBox=\"0.00 0.00 208.00 300.00\">\n" + Self.band(0, -100, -8, left: 50, right: 120) + "\n</svg>\n"
        #expect(BandStretcher.stretch(single).contains(#"d="M50,-8C50,-8 120,-8 120,-100 50,-100""#))
        #expect(BandStretcher.stretch(single).contains(#"<text text-anchor="start" x="58" y="-86""#))
    }

    /// An arrow's marker where the band's name goes: the name moves aside, or, where there is
    /// no room, the marker moves down below it.
    @Test func aBandsNameNeverCoversAMarker() {
        func marker(x: Int, y: Int) -> String {
            "<g id=\"svg.o.edge1\" class=\"edge dep violation\">\n<title>A&#45;&gt;B</title>\n<text "
                + "text-anchor=\"middle\" x=\"\(x)\" y=\"\(y)\" font-size=\"10.00\">⚠1</text>\n</g>\n"
        }
        // The name fits where Graphviz put it (x 20 to 60), not at the left edge (x 9).
        let aside = Self.svg.replacingOccurrences(of: "\n</svg>", with: "\n" + marker(x: 12, y: -186) + "</svg>")
        #expect(
            BandStretcher.stretch(aside).contains(#"<text text-anchor="start" x="19.99" y="-186""#),
            "\(BandStretcher.stretch(aside))")
        // A band as narrow as its name, with the marker on it: the marker moves below the name.
        let narrow =
            "<svg viewBox=\"0.00 0.00 60.00 300.00\">\n<g id=\"svg.o\" class=\"graph\">\n"
            + Self.band(0, -100, -8, left: 2, right: 58) + "\n" + marker(x: 25, y: -86) + "</svg>\n"
        let moved = BandStretcher.stretch(narrow)
        #expect(moved.contains(#"y="-86" font-size="12.00">Layer 0</text>"#), "\(moved)")
        #expect(moved.contains(#"y="-75.1" font-size="10.00">⚠1</text>"#), "\(moved)")
        #expect(DiagramLegibility.measure(moved).overlaps.isEmpty)
    }

    /// A band Graphviz wrote without a tooltip's link group ends at its one `</g>`: the bands
    /// after it are stretched all the same.
    @Test func bandsWithoutLinkGroupsAreStretchedToo() {
        let plain = Self.svg.replacingOccurrences(of: "</text>\n</g>\n</g>", with: "</text>\n</g>")
        #expect(!plain.contains("</g>\n</g>"))
        let stretched = BandStretcher.stretch(plain)
        #expect(stretched.contains(#"d="M1,-200L199,-200 199,-111 1,-111Z""#), "\(stretched)")
        #expect(stretched.contains(#"d="M1,-109L199,-109 199,-8 1,-8Z""#))
    }
}
