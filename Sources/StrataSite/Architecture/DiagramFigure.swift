import Foundation
import StrataCore

/// The SVG of a laid-out diagram as a page shows it (the theme's `partials/diagram-frame`
/// draws the figure around it).
enum DiagramFigure {
    /// The SVG with its graph title (the first `<title>`) replaced by the diagram's.
    static func titled(_ svg: String, _ title: String) -> String {
        guard let open = svg.range(of: "<title>"),
            let close = svg.range(of: "</title>", range: open.upperBound..<svg.endIndex)
        else { return svg }
        var result = svg
        result.replaceSubrange(open.upperBound..<close.lowerBound, with: HTML.escape(title))
        return result
    }
}
