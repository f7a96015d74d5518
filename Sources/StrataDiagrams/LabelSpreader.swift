/// Moves an arrow's label (a count, a violation's marker) that Graphviz placed over other
/// text to a free place along its own arrow. Graphviz places labels outside the layout
/// (`xlabel`, `headlabel`) without regard to cluster names or to each other in crowded
/// places; moved along its arrow, a label still reads as that arrow's. Works on the SVG,
/// after layout, as `BandStretcher` does.
package enum LabelSpreader {
    /// Where along an arrow a label may go, tried in this order (0 is the arrow's tail).
    static let fractions = [0.5, 0.35, 0.65, 0.2, 0.8, 0.1, 0.9]

    package static func spread(_ svg: String) -> String {
        var texts = DiagramLegibility.texts(in: svg[...])
        var edits: [(Range<String.Index>, String)] = []
        for group in DiagramLegibility.groups(of: svg, classPrefix: "edge") {
            let points = pathPoints(in: group)
            guard points.count >= 2 else { continue }
            for (range, label) in textElements(in: group) {
                guard let index = texts.firstIndex(of: label) else { continue }
                texts.remove(at: index)
                guard texts.contains(where: label.overlaps) else {
                    texts.append(label)
                    continue
                }
                let width = label.maxX - label.minX
                var placed = label
                search: for fraction in fractions {
                    let point = self.point(at: fraction, along: points)
                    // Beside the arrow, to its right, else to its left.
                    for minX in [point.x + 3, point.x - 3 - width] {
                        var candidate = label
                        (candidate.minX, candidate.maxX) = (minX, minX + width)
                        let baseline = point.y + label.fontSize * 0.3
                        (candidate.minY, candidate.maxY) = (
                            baseline - label.fontSize * 0.75, baseline + label.fontSize * 0.2
                        )
                        if !texts.contains(where: candidate.overlaps) {
                            placed = candidate
                            var element = String(svg[range])
                            element = setting("text-anchor", to: "start", in: element)
                            element = setting("x", to: BandStretcher.format(minX), in: element)
                            element = setting("y", to: BandStretcher.format(baseline), in: element)
                            edits.append((range, element))
                            break search
                        }
                    }
                }
                texts.append(placed)
            }
        }
        var result = svg
        for (range, replacement) in edits.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
            result.replaceSubrange(range, with: replacement)
        }
        return result
    }

    /// Each `<text>…</text>` of a group, with where it stands in the SVG.
    static func textElements(in group: Substring) -> [(Range<String.Index>, DiagramLegibility.Label)] {
        var result: [(Range<String.Index>, DiagramLegibility.Label)] = []
        var rest = group[...]
        while let open = rest.firstRange(of: "<text "), let close = rest[open.upperBound...].firstRange(of: "</text>") {
            let element = rest[open.lowerBound..<close.upperBound]
            if let label = DiagramLegibility.texts(in: element).first {
                result.append((element.startIndex..<element.endIndex, label))
            }
            rest = rest[close.upperBound...]
        }
        return result
    }

    /// The points of a group's first path (its arrow), control points included: close enough
    /// to the curve for placing a label beside it.
    static func pathPoints(in group: Substring) -> [(x: Double, y: Double)] {
        guard let path = group.firstRange(of: " d=\""), let close = group[path.upperBound...].firstIndex(of: "\"")
        else { return [] }
        let numbers = BandStretcher.numbers(in: group[path.upperBound..<close])
        return stride(from: 0, to: numbers.count - 1, by: 2).map { (numbers[$0], numbers[$0 + 1]) }
    }

    /// The point `fraction` of the way along the polyline through `points`.
    static func point(at fraction: Double, along points: [(x: Double, y: Double)]) -> (x: Double, y: Double) {
        var lengths: [Double] = []
        for (a, b) in zip(points, points.dropFirst()) {
            lengths.append(((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot())
        }
        var remaining = lengths.reduce(0, +) * fraction
        for (index, length) in lengths.enumerated() {
            if remaining <= length, length > 0 {
                let t = remaining / length
                let (a, b) = (points[index], points[index + 1])
                return (a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
            }
            remaining -= length
        }
        return points[points.count - 1]
    }

    /// `element` with the attribute `name` set to `value` (added when missing).
    static func setting(_ name: String, to value: String, in element: String) -> String {
        if let start = element.firstRange(of: " \(name)=\""),
            let end = element[start.upperBound...].firstIndex(of: "\"")
        {
            return String(element[..<start.upperBound]) + value + String(element[end...])
        }
        guard let tagEnd = element.firstRange(of: "<text") else { return element }
        return String(element[..<tagEnd.upperBound]) + " \(name)=\"\(value)\"" + String(element[tagEnd.upperBound...])
    }
}
