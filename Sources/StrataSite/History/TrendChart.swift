import StrataCore

/// A line chart of counts over a history's points, drawn at build time as inline SVG: it
/// needs no script to be seen, prints, and is styled by the theme's CSS (each series has a
/// `tone-N` class, the axes `trend-axis` and `trend-grid`), so the same markup follows a
/// light or dark theme. Every point carries a `<title>` (its commit and value), which a
/// browser shows on hover; the page lists the same numbers in a table.
struct TrendChart {
    /// One line: a count per point, nil where the point has none (a gap in the line).
    struct Series {
        var name: String
        var tone: Int
        var values: [Int?]
        /// Drawn dashed: a total beside its parts.
        var isTotal = false
    }

    /// Read by assistive technology and shown as the chart's tooltip.
    var title: String
    /// Each point's name (`v1.2 · 2026-11-02`), for the tooltips.
    var pointNames: [String]
    /// What the x axis shows under some points: by index.
    var axisLabels: [Int: String]
    var series: [Series]
    /// Each series drawn as a band on top of the ones before it, so series with the same
    /// counts (two rules broken once each) stay apart and the top edge is the total.
    var isStacked = false

    static let width = 640
    static let height = 220
    private static let left = 52
    private static let right = 16
    private static let top = 14
    private static let bottom = 34

    /// The SVG element.
    func svg() -> String {
        let count = pointNames.count
        let plotWidth = Double(Self.width - Self.left - Self.right)
        let plotHeight = Double(Self.height - Self.top - Self.bottom)
        // Stacked: each series' band runs from the sum of the ones before it to that sum plus its own.
        var floors = Array(repeating: 0, count: count)
        let bands = series.map { line -> (line: Series, low: [Int?], high: [Int?]) in
            // One value per point, whatever the series holds.
            let values = (0..<count).map { line.values.indices.contains($0) ? line.values[$0] : nil }
            guard isStacked else { return (line, values.map { $0.map { _ in 0 } }, values) }
            let low = (0..<count).map { index -> Int? in values[index] == nil ? nil : floors[index] }
            for index in 0..<count { floors[index] += values[index] ?? 0 }
            let high = (0..<count).map { index -> Int? in low[index] == nil ? nil : floors[index] }
            return (line, low, high)
        }
        let highest = bands.flatMap { $0.high.compactMap { $0 } }.max() ?? 0
        let scale = Self.scaleTop(for: highest)
        func x(_ index: Int) -> Double {
            count <= 1
                ? Double(Self.left) + plotWidth / 2 : Double(Self.left) + plotWidth * Double(index) / Double(count - 1)
        }
        func y(_ value: Int) -> Double { Double(Self.top) + plotHeight * (1 - Double(value) / Double(scale)) }
        var svg =
            "<svg class=\"trend-chart\" viewBox=\"0 0 \(Self.width) \(Self.height)\" role=\"img\" "
            + "xmlns=\"http://www.w3.org/2000/svg\"><title>\(HTMLEscaping.escape(title))</title>\n"
        for tick in Self.ticks(upTo: scale) {
            let level = Self.number(y(tick))
            svg +=
                "<line class=\"trend-grid\" x1=\"\(Self.left)\" x2=\"\(Self.width - Self.right)\" y1=\"\(level)\" "
                + "y2=\"\(level)\" stroke=\"currentColor\" stroke-opacity=\"0.15\"/>"
                + "<text class=\"trend-axis\" x=\"\(Self.left - 6)\" y=\"\(level)\" text-anchor=\"end\" "
                + "dominant-baseline=\"middle\" fill=\"currentColor\">\(tick)</text>\n"
        }
        for (index, label) in axisLabels.sorted(by: { $0.key < $1.key }) where index < count {
            let anchor = count > 1 && index == 0 ? "start" : count > 1 && index == count - 1 ? "end" : "middle"
            svg +=
                "<text class=\"trend-axis\" x=\"\(Self.number(x(index)))\" y=\"\(Self.height - 12)\" "
                + "text-anchor=\"\(anchor)\" fill=\"currentColor\">\(HTMLEscaping.escape(label))</text>\n"
        }
        for (line, low, high) in bands {
            let toneClass = "tone-\(line.tone % ArchitectureModel.toneCount)"
            let dash = line.isTotal ? " stroke-dasharray=\"5 4\"" : ""
            svg += "<g class=\"trend-series \(toneClass)\(line.isTotal ? " trend-total" : "")\">"
            // One line (and band) per run of points that have a value: a gap is a gap, not a slope.
            var run: [Int] = []
            func flush() {
                if run.count > 1 {
                    let top = run.map { "\(Self.number(x($0))),\(Self.number(y(high[$0] ?? 0)))" }
                    if isStacked {
                        let bottom = run.reversed().map { "\(Self.number(x($0))),\(Self.number(y(low[$0] ?? 0)))" }
                        svg +=
                            "<polygon class=\"trend-band\" points=\"\((top + bottom).joined(separator: " "))\" "
                            + "fill=\"currentColor\" fill-opacity=\"0.25\" stroke=\"none\"/>"
                    }
                    svg +=
                        "<polyline points=\"\(top.joined(separator: " "))\" fill=\"none\" stroke=\"currentColor\" "
                        + "stroke-width=\"2\"\(dash)/>"
                }
                run = []
            }
            for index in 0..<count {
                if high[index] == nil {
                    flush()
                } else {
                    run.append(index)
                }
            }
            flush()
            for (index, value) in line.values.enumerated() {
                guard let value, index < count, let level = high[index] else { continue }
                let tip = HTMLEscaping.escape("\(pointNames[index]): \(value) \(line.name)")
                svg +=
                    "<circle cx=\"\(Self.number(x(index)))\" cy=\"\(Self.number(y(level)))\" r=\"3\" "
                    + "fill=\"currentColor\"><title>\(tip)</title></circle>"
            }
            svg += "</g>\n"
        }
        return svg + "</svg>"
    }

    /// The top of the y axis: the least of 1, 2, 4, 6, 8 times a power of ten at or above
    /// `highest`, so the middle tick is a whole number too.
    static func scaleTop(for highest: Int) -> Int {
        guard highest > 1 else { return 1 }
        var power = 1
        while true {
            for step in [1, 2, 4, 6, 8] where step * power >= highest { return step * power }
            power *= 10
        }
    }

    /// The values the y axis marks: 0, the middle and the top.
    static func ticks(upTo top: Int) -> [Int] {
        top == 1 ? [0, 1] : [0, top / 2, top]
    }

    /// The points the x axis names: the first and the last, then `preferred` ones (tags),
    /// then any others, each only when it is at least `spacing` (in the chart's units) from
    /// every point already named, so no two labels overlap, on a phone either.
    static func labelledIndices(count: Int, preferred: [Int] = [], spacing: Double = 100) -> [Int] {
        guard count > 1 else { return count == 1 ? [0] : [] }
        let plotWidth = Double(width - left - right)
        let gap = Int((Double(count - 1) * spacing / plotWidth).rounded(.up))
        var chosen: [Int] = []
        for index in [0, count - 1] + preferred + Array(1..<(count - 1))
        where (0..<count).contains(index) && chosen.allSatisfy({ abs($0 - index) >= gap }) {
            chosen.append(index)
        }
        return chosen.sorted()
    }

    /// A coordinate with at most one decimal, the same on every machine.
    static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(abs(tenths % 10))"
    }
}
