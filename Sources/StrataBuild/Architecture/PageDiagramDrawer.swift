import StrataAnalysis
import StrataCore
import StrataDiagrams
import StrataGraphviz
import StrataMarkdown

/// Draws the diagrams written in pages (` ```mermaid ` flowcharts and ` ```dot ` graphs) at
/// build time through Graphviz, themed like Strata's own, and checks each one that names
/// real modules or layers against the graph: drift is a warning at the diagram's line and is
/// marked on the drawing. A fence whose info string says `nocheck` is drawn unchecked.
struct PageDiagramDrawer: Sendable {
    /// Nil for a project without a graph: diagrams are drawn, not checked.
    let checker: DiagramDriftChecker?
    let siteMap: ArchitectureSiteMap?

    struct Drawn {
        /// Nil when the fence stays code (it could not be read or laid out).
        var html: String?
        var diagnostics: [Diagnostic]
    }

    /// The `index`-th diagram of the page published at `page`.
    func draw(_ block: MarkdownDocument.CodeBlock, page: String, index: Int) -> Drawn {
        let words = block.info.split(separator: " ").dropFirst().map { $0.lowercased() }
        let checks = !words.contains("nocheck")
        let id = GuidanceID.slug(page.hasSuffix(".html") ? String(page.dropLast(5)) : page) + "-diagram-\(index + 1)"
        let title = "Diagram \(index + 1) of the page"
        var diagnostics: [Diagnostic] = []
        var drift: DiagramDrift?
        var dot: String
        var absentEdges: [(String, String)] = []
        if block.language.lowercased() == "mermaid" {
            switch MermaidFlowchart.parse(block.code) {
            case .failure(let failure):
                return Drawn(html: nil, diagnostics: [.warning(
                    "diagram.unreadable", "this Mermaid diagram is shown as code: \(failure.message)", at: Self.line(failure.line, of: block)
                )])
            case .success(let drawn):
                drift = checks ? checker?.check(drawn) : nil
                dot = WrittenDiagram.dot(drawn, drift: drift, id: id, title: title, href: href(from: page), tone: tone)
            }
        } else {
            let structure: (graph: DrawnGraph, isDirected: Bool)
            do {
                structure = try GraphvizRenderer.shared.structure(dot: block.code)
            } catch {
                return Drawn(html: nil, diagnostics: [.warning("diagram.unreadable", "this DOT diagram is shown as code: \(error.message)", at: block.location)])
            }
            drift = checks ? checker?.check(structure.graph) : nil
            (dot, absentEdges) = Self.marked(block.code, structure: structure, drift: drift, tone: tone)
        }
        if let drift { diagnostics += drift.diagnostics(at: block.location) }
        var svg: String
        do {
            svg = GraphvizSVG.inline(try GraphvizRenderer.shared.svg(dot: dot))
        } catch {
            diagnostics.append(.warning("diagram.layout-failed", "this diagram is shown as code: \(error.message)", at: block.location))
            return Drawn(html: nil, diagnostics: diagnostics)
        }
        for (from, to) in absentEdges { svg = Self.markEdge(from, to, in: svg) }
        return Drawn(html: Self.figure(svg: svg, id: id, drift: drift, checks: checks && checker != nil), diagnostics: diagnostics)
    }

    /// The colour class of a module's or a layer's boxes: its layer's tone, as on the
    /// architecture pages.
    func tone(_ name: DiagramDrift.Name) -> String {
        let layer: String? = switch name {
        case .module(let module): checker?.layerOfModule[module]
        case .layer(let layer): layer
        case .unknown: nil
        }
        guard let layer, let index = checker?.layers.firstIndex(of: layer) else { return "tone-none" }
        return "tone-\(index % 8)"
    }

    /// Where a box's module or layer has its page, relative to `page`.
    private func href(from page: String) -> (DiagramDrift.Name) -> String? {
        { [siteMap] name in
            guard let siteMap else { return nil }
            switch name {
            case .module(let module): return SitePath.relativeURL(from: page, to: siteMap.path(of: module))
            case .layer(let layer): return siteMap.path(ofLayer: layer).map { SitePath.relativeURL(from: page, to: $0) }
            case .unknown: return nil
            }
        }
    }

    static func line(_ line: Int, of block: MarkdownDocument.CodeBlock) -> SourceLocation {
        SourceLocation(path: block.location.path, line: block.location.line + 1 + line, column: 1)
    }

    /// A DOT diagram as written, with drift marked: a box that names nothing real gets a red
    /// dashed border and a left-out dependency a grey dotted arrow, both added before the
    /// graph's closing brace; arrows the code lacks are marked in the SVG (DOT cannot restyle
    /// an edge it has already read).
    static func marked(
        _ dot: String, structure: (graph: DrawnGraph, isDirected: Bool), drift: DiagramDrift?, tone: (DiagramDrift.Name) -> String
    ) -> (String, [(String, String)]) {
        // Strata's look first, so the author's own attributes, written after, win.
        var themed = dot
        if let open = dot.firstIndex(of: "{") {
            themed = String(dot[...open]) + "\n  " + Self.themeDefaults.joined(separator: "\n  ") + "\n" + String(dot[dot.index(after: open)...])
        }
        guard let drift, drift.isChecked, let close = themed.lastIndex(of: "}") else { return (themed, []) }
        var added: [String] = []
        var absent: [(String, String)] = []
        let arrow = structure.isDirected ? " -> " : " -- "
        for node in structure.graph.nodes {
            switch drift.names[node.id] {
            case .module(let module)?: added.append(DOTText.quote(node.id) + " [class=\"written-node module \(tone(.module(module)))\"];")
            case .layer(let layer)?: added.append(DOTText.quote(node.id) + " [class=\"written-node layer-box \(tone(.layer(layer)))\"];")
            case .unknown?, nil:
                added.append(DOTText.quote(node.id) + " [class=\"written-node drift-unknown\", color=\"\(WrittenDiagram.absentColor)\", style=\"dashed\", penwidth=\"1.5\"];")
            }
        }
        for finding in drift.findings {
            switch finding {
            case .missing(let from, let to, _):
                guard let source = structure.graph.nodes.first(where: { drift.names[$0.id]?.text == from }),
                      let target = structure.graph.nodes.first(where: { drift.names[$0.id]?.text == to }) else { continue }
                added.append(DOTText.quote(source.id) + arrow + DOTText.quote(target.id) + " [class=\"dep drift-missing\", style=\"dotted\", color=\"\(WrittenDiagram.missingColor)\"];")
            case .absent(let from, let to, _, _):
                for edge in structure.graph.edges where drift.names[edge.from]?.text == from && drift.names[edge.to]?.text == to {
                    absent.append((edge.from, edge.to))
                }
            case .unknown:
                break
            }
        }
        return (String(themed[..<close]) + added.map { "  " + $0 + "\n" }.joined() + String(themed[close...]), absent)
    }

    /// The defaults a DOT diagram is drawn with, Strata's diagrams' own.
    static let themeDefaults = [
        "graph [fontname=\"Helvetica\", fontsize=\"12\", bgcolor=\"transparent\"];",
        "node [class=\"written-node\", shape=\"box\", style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=\"11\", height=\"0.3\", margin=\"0.12,0.04\", color=\"#64748b\", fillcolor=\"#eef2f7\"];",
        "edge [class=\"dep written-edge\", arrowsize=\"0.6\", color=\"#64748b\", fontname=\"Helvetica\", fontsize=\"9\"];",
    ]

    /// Adds `drift-absent` to the class of the SVG group of the edge `from -> to`.
    static func markEdge(_ from: String, _ to: String, in svg: String) -> String {
        for arrow in ["->", "--"] {
            let title = "<title>" + HTMLEscaping.escape(from + arrow + to) + "</title>"
            guard let titleRange = svg.range(of: title), let classRange = svg.range(of: "class=\"edge", options: .backwards, range: svg.startIndex..<titleRange.lowerBound) else { continue }
            var marked = svg
            marked.insert(contentsOf: " drift-absent", at: classRange.upperBound)
            return marked
        }
        return svg
    }

    /// The figure a page shows: the SVG in the diagram frame, and a caption that says what
    /// the drift check found, in words.
    static func figure(svg: String, id: String, drift: DiagramDrift?, checks: Bool) -> String {
        var caption: [String] = []
        if let drift, drift.isChecked {
            var absent: [String] = []
            var missing: [String] = []
            var unknown: [String] = []
            for finding in drift.findings {
                switch finding {
                case .absent(let from, let to, _, _): absent.append("\(from) → \(to)")
                case .missing(let from, let to, _): missing.append("\(from) → \(to)")
                case .unknown(let label, _, _): unknown.append(label)
                }
            }
            if drift.findings.isEmpty {
                caption.append("<span class=\"drift-holds\">Checked against the code: every box and arrow holds.</span>")
            } else {
                if !absent.isEmpty { caption.append("<span class=\"drift-absent-note\">Drawn, not in the code (red, dashed): " + HTMLEscaping.escape(absent.joined(separator: ", ")) + ".</span>") }
                if !missing.isEmpty { caption.append("<span class=\"drift-missing-note\">In the code, not drawn (grey, dotted): " + HTMLEscaping.escape(missing.joined(separator: ", ")) + ".</span>") }
                if !unknown.isEmpty { caption.append("<span class=\"drift-unknown-note\">No module or layer (red border): " + HTMLEscaping.escape(unknown.joined(separator: ", ")) + ".</span>") }
            }
        } else if checks {
            caption.append("Names no module or layer, so it is not checked against the code.")
        }
        var html = "<figure class=\"diagram written-diagram\" id=\"diagram.\(id)\">\n<div class=\"diagram-frame\" role=\"group\" aria-label=\"A diagram of the page\">\n\(svg)</div>\n"
        if !caption.isEmpty { html += "<figcaption>" + caption.joined(separator: " ") + "</figcaption>\n" }
        return html + "</figure>\n"
    }
}
