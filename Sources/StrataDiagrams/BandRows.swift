import StrataCore

/// Splits the modules of a band into rows no wider than the drawing may be, so the text of a
/// diagram fitted to a page's column stays readable: Graphviz left alone puts a band's
/// modules on one line, thousands of points wide for a large layer. Widths are the boxes
/// Graphviz will draw, measured with the same Helvetica metrics it uses.
enum BandRows {
    /// The widest a row of boxes may be, in points. A drawing this wide, fitted to a 686 px
    /// column, leaves Graphviz room to spread the boxes and still shows 10 pt edge labels at 11 px.
    static let budget = 470.0
    /// Graphviz's space between boxes (`nodesep`), in points.
    static let gap = 18.0

    /// The width of a module's box: its label at 11 pt, the margins, and Graphviz's minimum.
    static func boxWidth(_ label: String, fontSize: Double = 11) -> Double {
        max(54, DiagramLegibility.width(of: label, size: fontSize) + 2 * 0.12 * 72)
    }

    /// `ordered` cut into rows in order, each at most `budget` wide, the rows about as wide as
    /// each other (so a band of nine is two rows of four and five, not eight and one).
    static func rows(
        _ ordered: [String], budget: Double = budget, gap: Double = gap, width: (String) -> Double = { boxWidth($0) }
    ) -> [[String]] {
        guard !ordered.isEmpty else { return [] }
        let widths = ordered.map(width)
        let total = widths.reduce(0, +) + gap * Double(ordered.count - 1)
        let rowCount = max(1, Int((total / budget).rounded(.up)))
        // The narrowest cut into that many rows: from the average width up to the budget.
        var target = min(budget, total / Double(rowCount))
        while true {
            let rows = cut(ordered, widths, at: target, gap: gap)
            if rows.count <= rowCount || target >= budget { return rows }
            target = min(budget, target + gap)
        }
    }

    /// Rows filled in order up to `target` points (a box wider than that gets a row of its own).
    private static func cut(_ ordered: [String], _ widths: [Double], at target: Double, gap: Double) -> [[String]] {
        var rows: [[String]] = [[]]
        var rowWidth = 0.0
        for (module, moduleWidth) in zip(ordered, widths) {
            let added = rows[rows.count - 1].isEmpty ? moduleWidth : rowWidth + gap + moduleWidth
            if added > target + 0.01, !rows[rows.count - 1].isEmpty {
                rows.append([module])
                rowWidth = moduleWidth
            } else {
                rows[rows.count - 1].append(module)
                rowWidth = added
            }
        }
        return rows
    }

    /// DOT that puts each row on a rank of its own, in order: the rows, and invisible edges
    /// from each row's first box to the next row's.
    static func write(_ rows: [[String]], into dot: inout DOTText) {
        for row in rows where row.count > 1 {
            dot.line(
                "{ rank=\"same\"; " + row.map { DOTText.quote($0, isLabel: false) + ";" }.joined(separator: " ") + " }")
        }
        for (upper, lower) in zip(rows, rows.dropFirst()) {
            guard let from = upper.first, let to = lower.first else { continue }
            dot.edge(from, to, [("style", "invis")])
        }
    }

    /// Invisible edges that keep every band above the bands declared before it: each band's
    /// last row sits above the next lower band's first row. Two entries of one band (its
    /// modules, and a side drawn as one box) keep the order they were given.
    static func stack(_ bands: [(band: Int, rows: [[String]])], into dot: inout DOTText) {
        let ordered = bands.enumerated().sorted { ($0.element.band, $0.offset) < ($1.element.band, $1.offset) }.map(
            \.element)
        for (lower, upper) in zip(ordered, ordered.dropFirst()) {
            guard let from = upper.rows.last?.first, let to = lower.rows.first?.first else { continue }
            dot.edge(from, to, [("style", "invis")])
        }
    }
}
