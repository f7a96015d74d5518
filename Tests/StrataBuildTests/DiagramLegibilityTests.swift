import Foundation
import StrataBuild
import StrataCore
import Testing

@testable import StrataDiagrams

/// What the legibility measure finds in an SVG (the diagrams themselves are measured in
/// DiagramGalleryTests).
@Suite struct DiagramLegibilityTests {
    @Test func overlapsAndOverflowsAreFound() {
        let svg = """
            <svg width="200pt" height="100pt" viewBox="0.00 0.00 200.00 100.00">
            <g id="a" class="node module">
            <title>A</title>
            <path d="M10,-50L40,-50 40,-30 10,-30Z"/>
            <text text-anchor="middle" x="25" y="-36" font-size="11.00">AVeryLongModuleName</text>
            </g>
            <g id="b" class="edge dep">
            <title>A-&gt;B</title>
            <text text-anchor="start" x="20" y="-38" font-size="9.00">⚠1</text>
            </g>
            </svg>
            """
        let legibility = DiagramLegibility.measure(svg)
        #expect(legibility.overflowing == ["AVeryLongModuleName"])
        #expect(legibility.overlaps == ["AVeryLongModuleName / ⚠1"])
        #expect(legibility.smallestFont == 9)
        #expect(abs(legibility.naturalWidth - 800.0 / 3) < 0.01, "200 pt is 266.7 px")
    }
}
