import Testing

@testable import StrataSite

/// The history page's charts: an axis that ends on a round number, labels that never
/// crowd, a gap where a point had no architecture, stacked bands that keep equal series
/// apart, and text escaped.
@Suite struct TrendChartTests {
    @Test func theAxisEndsAtTheLeastRoundNumberAtOrAboveTheHighestValue() {
        #expect(
            [0, 1, 2, 3, 5, 7, 9, 10, 11, 45, 61, 100, 1234].map(TrendChart.scaleTop(for:)) == [
                1, 1, 2, 4, 6, 8, 10, 10, 20, 60, 80, 100, 2000
            ])
        #expect(TrendChart.ticks(upTo: 1) == [0, 1])
        #expect(TrendChart.ticks(upTo: 60) == [0, 30, 60])
    }

    @Test func labelsNeverCrowdAndTheFirstTheLastAndTagsComeFirst() {
        #expect(TrendChart.labelledIndices(count: 0) == [])
        #expect(TrendChart.labelledIndices(count: 1) == [0])
        #expect(TrendChart.labelledIndices(count: 4) == [0, 1, 2, 3])
        #expect(TrendChart.labelledIndices(count: 8) == [0, 2, 4, 7])
        #expect(TrendChart.labelledIndices(count: 8, preferred: [3]) == [0, 3, 5, 7])
        #expect(TrendChart.labelledIndices(count: 100) == [0, 18, 36, 54, 72, 99])
    }

    @Test func coordinatesAreWrittenTheSameEverywhereWithOneDecimal() {
        #expect(TrendChart.number(12) == "12")
        #expect(TrendChart.number(12.25) == "12.3")
        #expect(TrendChart.number(0.04) == "0")
    }

    @Test func aPointWithoutAValueBreaksTheLine() {
        let chart = TrendChart(
            title: "Modules", pointNames: ["a", "b", "c", "d", "e"], axisLabels: [0: "a", 4: "e"],
            series: [.init(name: "modules", tone: 0, values: [1, 2, nil, 2, 3])])
        let svg = chart.svg()
        #expect(svg.components(separatedBy: "<polyline").count - 1 == 2)
        #expect(svg.components(separatedBy: "<circle").count - 1 == 4)
        #expect(svg.contains("<title>b: 2 modules</title>"))
        #expect(svg.contains("class=\"trend-series tone-0\""))
    }

    @Test func stackedSeriesWithTheSameCountsStayApart() {
        let chart = TrendChart(
            title: "Violations", pointNames: ["a", "b"], axisLabels: [:],
            series: [
                .init(name: "cycle", tone: 1, values: [1, 1]), .init(name: "layer-order", tone: 2, values: [1, 1])
            ], isStacked: true)
        let svg = chart.svg()
        let lines = svg.components(separatedBy: "<polyline points=\"").dropFirst().map {
            String($0.prefix { $0 != "\"" })
        }
        #expect(lines.count == 2)
        #expect(lines[0] != lines[1], "the second band sits on the first")
        #expect(svg.components(separatedBy: "<polygon class=\"trend-band\"").count - 1 == 2)
        #expect(svg.contains("<title>b: 1 layer-order</title>"))
    }

    @Test func namesAreEscaped() {
        let chart = TrendChart(
            title: "A <b> & c", pointNames: ["<x>"], axisLabels: [0: "v<1>"],
            series: [.init(name: "r&d", tone: 9, values: [1])])
        let svg = chart.svg()
        #expect(svg.contains("<title>A &lt;b&gt; &amp; c</title>"))
        #expect(svg.contains(">v&lt;1&gt;</text>"))
        #expect(svg.contains("&lt;x&gt;: 1 r&amp;d"))
        #expect(svg.contains("tone-1"), "tones wrap around the eight the theme has")
        #expect(!svg.contains("<polyline"), "one point is a dot, not a line")
    }
}
