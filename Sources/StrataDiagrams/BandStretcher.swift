/// Turns the layer clusters Graphviz draws (boxes as wide as their modules, staggered) into
/// bands across the whole drawing, stacked in their order, each with its name at its left
/// edge: how a layered architecture is drawn on a whiteboard. Works on the SVG, after
/// layout, so Graphviz still places the modules; only the band frames and labels move.
package enum BandStretcher {
    struct Band {
        var pathRange: Range<String.Index>
        var labelRange: Range<String.Index>?
        var top: Double
        var bottom: Double
        var left: Double
        var right: Double
    }

    /// The SVG with its bands stretched, or as it was when it has fewer than two bands or
    /// bands that share height (which stretching would pile on each other).
    package static func stretch(_ svg: String) -> String {
        guard let width = graphWidth(svg) else { return svg }
        var bands: [Band] = []
        // Each band's group runs to the next group with a class (a tooltip's link group has none).
        for group in DiagramLegibility.groups(of: svg, classPrefix: "cluster band") {
            let (open, groupEnd) = (group.startIndex..<group.startIndex, group.endIndex)
            guard let pathStart = Self.find("<path ", in: svg, open.upperBound..<groupEnd),
                let dStart = Self.find(" d=\"", in: svg, pathStart.upperBound..<groupEnd),
                let dEnd = Self.find("\"", in: svg, dStart.upperBound..<groupEnd)
            else { continue }
            let numbers = Self.numbers(in: svg[dStart.upperBound..<dEnd.lowerBound])
            let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
            let xs = stride(from: 0, to: numbers.count, by: 2).map { numbers[$0] }
            guard let top = ys.min(), let bottom = ys.max(), let minX = xs.min(), let maxX = xs.max() else { continue }
            var labelRange: Range<String.Index>?
            if let textStart = Self.find("<text text-anchor=\"", in: svg, dEnd.upperBound..<groupEnd),
                let yAttribute = Self.find("\" y=\"", in: svg, textStart.upperBound..<groupEnd)
            {
                labelRange = textStart.lowerBound..<yAttribute.lowerBound
            }
            bands.append(
                Band(
                    pathRange: dStart.upperBound..<dEnd.lowerBound, labelRange: labelRange, top: top, bottom: bottom,
                    left: minX, right: maxX))
        }
        // Bands from the top of the drawing down (SVG y grows downwards; Graphviz's are negative).
        let order = bands.indices.sorted { bands[$0].top < bands[$1].top }
        let stacked = bands.count >= 2 && !zip(order, order.dropFirst()).contains { bands[$0].bottom > bands[$1].top }
        var edits: [(Range<String.Index>, String)] = []
        if stacked {
            var tops = order.map { bands[$0].top }
            var bottoms = order.map { bands[$0].bottom }
            for index in 0..<(order.count - 1) {
                let middle = (bottoms[index] + tops[index + 1]) / 2
                bottoms[index] = middle - 1
                tops[index + 1] = middle + 1
            }
            let (left, right) = (1.0, width - 1.0)
            for (position, bandIndex) in order.enumerated() {
                let (top, bottom) = (Self.format(tops[position]), Self.format(bottoms[position]))
                edits.append(
                    (
                        bands[bandIndex].pathRange,
                        "M\(Self.format(left)),\(top)L\(Self.format(right)),\(top) \(Self.format(right)),\(bottom) "
                            + "\(Self.format(left)),\(bottom)Z"
                    ))
                (bands[bandIndex].left, bands[bandIndex].right) = (left, right)
            }
        }
        edits += placeLabels(of: bands, in: svg)
        var result = svg
        for (range, replacement) in edits.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
            result.replaceSubrange(range, with: replacement)
        }
        return result
    }

    /// Each band's name at its left edge, else where Graphviz put it, else at its right edge:
    /// the first place where it covers no other text (Graphviz places an arrow's marker
    /// without regard to band names). Where every place is taken, the markers in the way move
    /// down below the name.
    private static func placeLabels(of bands: [Band], in svg: String) -> [(Range<String.Index>, String)] {
        let texts = DiagramLegibility.texts(in: svg[...])
        let edgeTexts = DiagramLegibility.groups(of: svg, classPrefix: "edge").flatMap {
            DiagramLegibility.texts(in: $0)
        }
        var edits: [(Range<String.Index>, String)] = []
        var moved: Set<Int> = []
        for band in bands {
            guard let label = band.labelRange else { continue }
            let end = Self.find("</text>", in: svg, label.upperBound..<svg.endIndex)?.upperBound ?? label.upperBound
            guard let written = DiagramLegibility.texts(in: svg[label.lowerBound..<end]).first else { continue }
            let labelWidth = written.maxX - written.minX
            let others = texts.filter { $0 != written }
            func placed(at x: Double) -> DiagramLegibility.Label {
                var copy = written
                (copy.minX, copy.maxX) = (x, x + labelWidth)
                return copy
            }
            let candidates = [band.left + 8, written.minX, band.right - 8 - labelWidth]
            let x = candidates.first { !others.contains(where: placed(at: $0).overlaps) } ?? candidates[0]
            edits.append((label, "<text text-anchor=\"start\" x=\"\(Self.format(x))"))
            let final = placed(at: x)
            for (index, marker) in edgeTexts.enumerated() where !moved.contains(index) && final.overlaps(marker) {
                guard let range = yAttributeRange(of: marker, in: svg) else { continue }
                moved.insert(index)
                edits.append((range, Self.format(final.maxY + marker.fontSize * 0.75 + 1)))
            }
        }
        return edits
    }

    /// Where the `y` value of the `<text>` drawn as `label` is, for moving it.
    private static func yAttributeRange(of label: DiagramLegibility.Label, in svg: String) -> Range<String.Index>? {
        var search = svg.startIndex
        while let open = Self.find("<text ", in: svg, search..<svg.endIndex) {
            let end = Self.find("</text>", in: svg, open.upperBound..<svg.endIndex)?.upperBound ?? svg.endIndex
            search = end
            guard DiagramLegibility.texts(in: svg[open.lowerBound..<end]).first == label,
                let y = Self.find(" y=\"", in: svg, open.upperBound..<end),
                let close = Self.find("\"", in: svg, y.upperBound..<end)
            else { continue }
            return y.upperBound..<close.lowerBound
        }
        return nil
    }

    /// The drawing's width in graph units: the viewBox's, less Graphviz's 4-point margins.
    static func graphWidth(_ svg: String) -> Double? {
        guard let box = Self.find("viewBox=\"", in: svg, svg.startIndex..<svg.endIndex),
            let end = Self.find("\"", in: svg, box.upperBound..<svg.endIndex)
        else { return nil }
        let values = numbers(in: svg[box.upperBound..<end.lowerBound])
        guard values.count == 4, values[2] > 8 else { return nil }
        return values[2] - 8
    }

    /// Every number in a path or attribute, in order.
    static func numbers(in text: Substring) -> [Double] {
        var numbers: [Double] = []
        var current = ""
        for character in text {
            if character.isNumber || character == "." || (character == "-" && current.isEmpty) {
                current.append(character)
            } else {
                if let value = Double(current) { numbers.append(value) }
                current = character == "-" ? "-" : ""
            }
        }
        if let value = Double(current) { numbers.append(value) }
        return numbers
    }

    /// The first `needle` in `range` of `text` (Core has no Foundation to ask).
    static func find(_ needle: String, in text: String, _ range: Range<String.Index>) -> Range<String.Index>? {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first else { return nil }
        let utf8 = text.utf8
        var index = range.lowerBound
        while index < range.upperBound {
            guard let candidate = utf8[index..<range.upperBound].firstIndex(of: first) else { return nil }
            var end = candidate
            var matched = 0
            while matched < pattern.count, end < range.upperBound, utf8[end] == pattern[matched] {
                matched += 1
                end = utf8.index(after: end)
            }
            if matched == pattern.count { return candidate..<end }
            index = utf8.index(after: candidate)
        }
        return nil
    }

    static func format(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
