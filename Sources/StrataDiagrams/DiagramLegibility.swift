/// Measures how legible a laid-out diagram is, from its SVG: whether any two labels overlap,
/// whether a box's label stays inside the box, and how small the smallest text is once the
/// drawing is fitted to a column. Text widths use Helvetica's metrics, the font Graphviz
/// measures with and the page draws in (Arial and Liberation Sans share them).
package struct DiagramLegibility: Hashable, Sendable {
    package struct Label: Hashable, Sendable {
        package var text: String
        package var minX: Double
        package var maxX: Double
        package var minY: Double
        package var maxY: Double
        package var fontSize: Double

        func overlaps(_ other: Label) -> Bool {
            minX < other.maxX - 0.5 && other.minX < maxX - 0.5 && minY < other.maxY - 0.5 && other.minY < maxY - 0.5
        }
    }

    package var labels: [Label]
    /// Pairs of labels that overlap, by their text.
    package var overlaps: [String]
    /// Box labels that stick out of their box.
    package var overflowing: [String]
    /// The drawing's natural width, in CSS pixels.
    package var naturalWidth: Double
    package var smallestFont: Double

    /// The width of the column a diagram is drawn in on a 1280 px desktop window, in CSS
    /// pixels: the page's 48rem less the frame's padding and border.
    package static let desktopColumn = 686.0
    /// The smallest text a diagram may show there, in CSS pixels.
    package static let smallestReadableFont = 11.0

    /// Whether the drawing's smallest text is readable at the desktop column's width. Only
    /// the sizes are read, so it is cheap enough to ask of every layout.
    package static func readsWell(_ svg: String) -> Bool {
        guard let width = BandStretcher.graphWidth(svg) else { return true }
        let drawingWidth = naturalWidth(graphWidth: width)
        var smallest = Double.infinity
        var search = svg.startIndex
        while let found = BandStretcher.find("font-size=\"", in: svg, search..<svg.endIndex) {
            let value = svg[found.upperBound...].prefix { $0 != "\"" }
            if let size = Double(value) { smallest = min(smallest, size) }
            search = found.upperBound
        }
        guard smallest.isFinite else { return true }
        return rendered(smallest, naturalWidth: drawingWidth, inColumn: desktopColumn) >= smallestReadableFont
    }

    /// The drawing's width in CSS pixels: Graphviz's 4-point margins back on, points to pixels.
    static func naturalWidth(graphWidth: Double) -> Double { (graphWidth + 8) * 4 / 3 }

    /// The smallest text, in CSS pixels, when the drawing is fitted to `column` pixels.
    package func smallestRenderedFont(inColumn column: Double) -> Double {
        Self.rendered(smallestFont, naturalWidth: naturalWidth, inColumn: column)
    }

    /// A font of `points` in a drawing `naturalWidth` CSS pixels wide, shrunk to fit `column`.
    static func rendered(_ points: Double, naturalWidth: Double, inColumn column: Double) -> Double {
        guard naturalWidth > 0 else { return points * 4 / 3 }
        return points * 4 / 3 * min(1, column / naturalWidth)
    }

    package static func measure(_ svg: String) -> DiagramLegibility {
        var labels: [Label] = []
        var overflowing: [String] = []
        // Each node's group: its shape's bounds and its labels.
        for group in groups(of: svg, classPrefix: "node") {
            let shape = bounds(ofShapeIn: group)
            for label in texts(in: group) {
                labels.append(label)
                if let shape, label.minX < shape.minX - 0.5 || label.maxX > shape.maxX + 0.5 {
                    overflowing.append(label.text)
                }
            }
        }
        for group in groups(of: svg, classPrefix: "edge") { labels += texts(in: group) }
        for group in groups(of: svg, classPrefix: "cluster") {
            let shape = bounds(ofShapeIn: group)
            for label in texts(in: group) {
                labels.append(label)
                if let shape, label.minX < shape.minX - 0.5 || label.maxX > shape.maxX + 0.5 {
                    overflowing.append(label.text)
                }
            }
        }
        var overlaps: [String] = []
        for first in labels.indices {
            for second in labels.indices where second > first && labels[first].overlaps(labels[second]) {
                overlaps.append("\(labels[first].text) / \(labels[second].text)")
            }
        }
        let width = BandStretcher.graphWidth(svg).map(naturalWidth(graphWidth:)) ?? 0
        return DiagramLegibility(
            labels: labels, overlaps: overlaps, overflowing: overflowing, naturalWidth: width,
            smallestFont: labels.map(\.fontSize).min() ?? 0
        )
    }

    /// The text of `<g … class="<prefix>…">` groups, each up to its closing.
    static func groups(of svg: String, classPrefix: String) -> [Substring] {
        var result: [Substring] = []
        var start = svg.startIndex
        let marker = "class=\"\(classPrefix)"
        while let open = BandStretcher.find(marker, in: svg, start..<svg.endIndex) {
            // The group runs to the next group that has a class (link wrappers have none).
            var end = svg.endIndex
            var search = open.upperBound
            while let next = BandStretcher.find("\n<g id=", in: svg, search..<svg.endIndex) {
                let lineEnd = svg[next.upperBound...].firstIndex(of: "\n") ?? svg.endIndex
                if svg[next.upperBound..<lineEnd].firstRange(of: " class=\"") != nil {
                    end = next.lowerBound
                    break
                }
                search = next.upperBound
            }
            result.append(svg[open.lowerBound..<end])
            start = end
        }
        return result
    }

    static func texts(in group: Substring) -> [Label] {
        var labels: [Label] = []
        var rest = group
        while let open = rest.firstRange(of: "<text "), let close = rest[open.upperBound...].firstRange(of: "</text>") {
            let tag = rest[open.upperBound..<close.lowerBound]
            guard let end = tag.firstIndex(of: ">") else { break }
            let attributes = tag[..<end]
            let text = decode(String(tag[tag.index(after: end)...]))
            let x = attribute("x", in: attributes) ?? 0
            let y = attribute("y", in: attributes) ?? 0
            let size = attribute("font-size", in: attributes) ?? 14
            let width = Self.width(of: text, size: size)
            let anchor =
                attributes.firstRange(of: "text-anchor=\"middle\"") != nil
                ? 0.5 : attributes.firstRange(of: "text-anchor=\"end\"") != nil ? 1 : 0
            labels.append(
                Label(
                    text: text, minX: x - width * anchor, maxX: x - width * anchor + width, minY: y - size * 0.75,
                    maxY: y + size * 0.2, fontSize: size))
            rest = rest[close.upperBound...]
        }
        return labels
    }

    static func attribute(_ name: String, in text: Substring) -> Double? {
        guard
            let start = text.firstRange(of: " \(name)=\"")
                ?? (text.hasPrefix("\(name)=\"")
                    ? text.startIndex..<text.index(text.startIndex, offsetBy: name.count + 2) : nil)
        else { return nil }
        let value = text[start.upperBound...].prefix { $0 != "\"" }
        return Double(value)
    }

    static func bounds(ofShapeIn group: Substring) -> (minX: Double, maxX: Double)? {
        var xs: [Double] = []
        if let path = group.firstRange(of: " d=\""), let close = group[path.upperBound...].firstIndex(of: "\"") {
            let numbers = BandStretcher.numbers(in: group[path.upperBound..<close])
            xs = stride(from: 0, to: numbers.count, by: 2).map { numbers[$0] }
        } else if let points = group.firstRange(of: "points=\""),
            let close = group[points.upperBound...].firstIndex(of: "\"")
        {
            let numbers = BandStretcher.numbers(in: group[points.upperBound..<close])
            xs = stride(from: 0, to: numbers.count, by: 2).map { numbers[$0] }
        } else if let cx = attribute("cx", in: group), let rx = attribute("rx", in: group) {
            xs = [cx - rx, cx + rx]
        }
        guard let low = xs.min(), let high = xs.max() else { return nil }
        return (low, high)
    }

    static func decode(_ text: String) -> String {
        var result = text
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            result = MermaidFlowchart.Cursor.replacing(entity, with: character, in: result)
        }
        return result
    }

    /// Helvetica's advance widths (per 1000 units of the font size), ASCII 32–126.
    static let helvetica: [Int] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556,
        556, 556, 556, 556,
        278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
        667, 778, 722, 667,
        611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222,
        222, 500, 222, 833,
        556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584
    ]

    static func width(of text: String, size: Double) -> Double {
        var units = 0
        for scalar in text.unicodeScalars {
            let value = Int(scalar.value)
            units += (32...126).contains(value) ? helvetica[value - 32] : 556
        }
        return Double(units) / 1000 * size
    }
}
