import Foundation
import StrataBuild
import StrataCore
import Testing
@testable import StrataDiagrams

/// The architecture diagrams of a small app, as laid out: no two labels overlap, every
/// box's label stays inside its box, and the smallest text is at least 11 px when the
/// drawing is fitted to a 700 px column (a desktop page's).
@Suite struct DiagramLegibilityTests {
    static let column = 700.0

    @Test func theGuidesDiagramsAreLegible() throws {
        let project = try TemporaryProject(fixture: "guide")
        _ = project.build()
        let layouts = project.files().filter { $0.key.hasPrefix(".strata-cache/layouts/") }
        #expect(layouts.count >= 10, "the overview, five layers and the modules' neighbourhoods")
        for (path, data) in layouts.sorted(by: { $0.key < $1.key }) {
            let legibility = DiagramLegibility.measure(String(decoding: data, as: UTF8.self))
            #expect(!legibility.labels.isEmpty, "\(path)")
            #expect(legibility.overlaps.isEmpty, "\(path): \(legibility.overlaps)")
            #expect(legibility.overflowing.isEmpty, "\(path): \(legibility.overflowing)")
            #expect(legibility.smallestRenderedFont(inColumn: Self.column) >= 11, "\(path): \(legibility.smallestRenderedFont(inColumn: Self.column)) px")
        }
    }

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
