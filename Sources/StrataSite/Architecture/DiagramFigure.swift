import Foundation
import StrataCore

/// A laid-out diagram as HTML: the SVG inline (so the page's CSS colours it and its links
/// are ordinary links), its title as the caption, what was left out, and the legend.
enum DiagramFigure {
    static func html(_ diagram: Diagram, drawing: DiagramDrawing?, legend: Bool) -> String {
        var html = HTML()
        // Heading ids never hold a `.`, so the figure's id cannot collide with one.
        html.raw("<figure class=\"diagram\" id=\"diagram.\(HTML.escape(diagram.id))\">\n")
        switch drawing {
        case .svg(let svg):
            // A group, not an image: the boxes inside are links a screen reader must reach.
            // Its caption describes it; the SVG's own title (Graphviz writes the graph's id
            // there) is what browsers show as a tooltip and screen readers may read.
            html.raw("<div class=\"diagram-frame\" role=\"group\" aria-label=\"\(HTML.escape(diagram.title))\" aria-describedby=\"caption.\(HTML.escape(diagram.id))\">\n")
            html.raw(titled(svg, diagram.title))
            html.raw("</div>\n")
        case .failed(let reason):
            html.raw("<p class=\"diagram-failed\">")
            html.text("This diagram could not be drawn: \(reason)")
            html.raw("</p>\n")
        case nil:
            html.raw("<p class=\"diagram-failed\">")
            html.text("This diagram was not laid out.")
            html.raw("</p>\n")
        }
        html.raw("<figcaption id=\"caption.\(HTML.escape(diagram.id))\">")
        html.text(diagram.title + ".")
        for note in diagram.notes {
            html.raw(" <span class=\"diagram-note\">")
            html.text(note)
            html.raw("</span>")
        }
        html.raw("</figcaption>\n")
        if legend { html.raw(legendHTML) }
        html.raw("</figure>\n")
        return html.text
    }

    /// The SVG with its graph title (the first `<title>`) replaced by the diagram's.
    static func titled(_ svg: String, _ title: String) -> String {
        guard let open = svg.range(of: "<title>"), let close = svg.range(of: "</title>", range: open.upperBound ..< svg.endIndex) else { return svg }
        var result = svg
        result.replaceSubrange(open.upperBound ..< close.lowerBound, with: HTML.escape(title))
        return result
    }

    /// What the line styles and colours mean, drawn with the same classes as the diagrams.
    static let legendHTML: String = {
        func line(_ classes: String, _ dash: String, _ label: String) -> String {
            "<li><svg width=\"34\" height=\"10\" aria-hidden=\"true\"><g class=\"\(classes)\"><path d=\"M1,5 L30,5\" stroke=\"#64748b\" stroke-width=\"1.6\" fill=\"none\"\(dash)/>"
                + "<polygon points=\"27,2 33,5 27,8\" fill=\"#64748b\" stroke=\"#64748b\"/></g></svg> \(label)</li>"
        }
        return "<ul class=\"diagram-legend\">"
            + line("dep declared-imported", "", "declared and imported")
            + line("dep declared-only", " stroke-dasharray=\"5,2\"", "declared in Package.swift, never imported")
            + line("dep imported-only", " stroke-dasharray=\"1,3\"", "imported, not declared")
            + line("dep violation", "", "breaks a rule (labelled with it)")
            + "<li><span class=\"legend-swatch\" aria-hidden=\"true\"></span> a box's colour is its layer; click a box for its page</li>"
            + "</ul>\n"
    }()
}
