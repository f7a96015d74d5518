/// Graphviz's SVG made fit to sit inside an HTML page: no XML prolog or DOCTYPE, and no
/// comments (Graphviz writes its version and each object's name in them, which would tie
/// the output to one Graphviz release and double the size of large diagrams), and `-`
/// written as itself (Graphviz writes `&#45;` so that no `--` can end a comment early).
package enum GraphvizSVG {
    package static func inline(_ svg: String) -> String {
        var text = Substring(svg)
        if let start = text.range(of: "<svg") { text = text[start.lowerBound...] }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var rest = text
        while let open = rest.range(of: "<!--") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "-->") else {
                rest = rest[rest.endIndex...]
                break
            }
            rest = rest[close.upperBound...]
        }
        result += rest
        result = result.replacingOccurrences(of: "&#45;", with: "-")
        // Comments stood on lines of their own; drop the empty lines they leave.
        return result.split(separator: "\n", omittingEmptySubsequences: true)
            .filter { !$0.allSatisfy(\.isWhitespace) }
            .joined(separator: "\n") + "\n"
    }
}
