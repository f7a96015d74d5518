import Foundation
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

    /// More boxes or arrows than this in one written diagram are not drawn: past it, the
    /// diagram is unreadable anyway, and a few lines of Mermaid (`A & … --> B & …`) can ask
    /// Graphviz for a hundred thousand arrows.
    static let maximumNodes = 400
    static let maximumEdges = 1_500
    /// A written diagram's code, in bytes, past which it stays code.
    static let maximumBytes = 100_000

    /// The `index`-th diagram of the page published at `page`.
    /// - Parameter inFull: false when the build's layout work is spent (`DiagramBudget`): the
    ///   diagram is then drawn simplified, with a warning.
    func draw(_ block: MarkdownDocument.CodeBlock, page: String, index: Int, inFull: Bool = true) -> Drawn {
        let words = block.info.split(separator: " ").dropFirst().map { $0.lowercased() }
        let checks = !words.contains("nocheck")
        let id = GuidanceID.slug(page.hasSuffix(".html") ? String(page.dropLast(5)) : page) + "-diagram-\(index + 1)"
        let title = "Diagram \(index + 1) of the page"
        let isMermaid = block.language.lowercased() == "mermaid"
        let drawn: DrawnGraph
        switch read(block) {
        case .unreadable(let unreadable): return unreadable
        case .graph(let graph): drawn = graph
        }
        let drift = checks ? checker?.check(drawn) : nil
        var diagnostics = drift?.diagnostics(at: block.location) ?? []
        var svg: String
        do {
            let size = drawn.nodes.count + drawn.edges.count
            if !ReadingLimits.diagramLayout.allows(size) || !inFull {
                var simplified =
                    inFull
                    ? ReadingLimits.diagramLayout.exceeded(
                        at: block.location,
                        "this diagram has \(drawn.nodes.count) boxes and \(drawn.edges.count) arrows, too many to "
                            + "lay out in reasonable time; it is drawn simplified: boxes in rows, in the order "
                            + "written, without its groups or arrow labels"
                    )
                    : ReadingLimits.diagramLayoutWork.exceeded(
                        at: block.location,
                        "the diagrams before this one (pages in the order of their paths) used the layout work one "
                            + "build spends on diagrams; it is drawn simplified: boxes in rows, in the order "
                            + "written, without its groups or arrow labels"
                    )
                simplified.severity = .warning
                diagnostics.append(simplified)
                svg = try GraphvizRenderer.shared.svg(
                    dot: WrittenDiagram.simplifiedDOT(drawn, id: id, title: title), adjusting: Self.written)
            } else if isMermaid {
                let dot = WrittenDiagram.dot(
                    drawn, drift: drift, id: id, title: title, href: href(from: page), tone: tone)
                svg = try GraphvizRenderer.shared.svg(dot: dot, adjusting: Self.written)
            } else {
                svg = try GraphvizRenderer.shared.svg(
                    dot: block.code, adjusting: adjustments(for: drawn, drift: drift, id: id, page: page))
            }
        } catch {
            diagnostics.append(
                .warning("diagram.layout-failed", "this diagram is shown as code: \(error.message)", at: block.location)
            )
            return Drawn(html: nil, diagnostics: diagnostics)
        }
        // Labels drawn beside their arrows (`xlabel`, as LayoutSafety makes them in a graph
        // with groups) are placed without regard to each other: moved off any text they cover.
        svg = Self.withSafeLinks(LabelSpreader.spread(GraphvizSVG.inline(svg)))
        return Drawn(
            html: Self.figure(svg: svg, id: id, drift: drift, checks: checks && checker != nil),
            diagnostics: diagnostics)
    }

    /// A graph an author wrote, laid out clear of Graphviz's crashes (`LayoutSafety`).
    static let written: GraphAdjustments = {
        var adjustments = GraphAdjustments()
        adjustments.isWritten = true
        return adjustments
    }()

    /// A diagram fence read: its boxes and arrows, or why it stays code.
    enum Read {
        case graph(DrawnGraph)
        case unreadable(Drawn)
    }

    /// Reads a diagram fence (no layout), within the bounds of a written diagram.
    func read(_ block: MarkdownDocument.CodeBlock) -> Read {
        let isMermaid = block.language.lowercased() == "mermaid"
        func unreadable(_ reason: String, at location: SourceLocation) -> Read {
            .unreadable(
                Drawn(
                    html: nil,
                    diagnostics: [
                        .warning(
                            "diagram.unreadable",
                            "this \(isMermaid ? "Mermaid" : "DOT") diagram is shown as code: \(reason)", at: location)
                    ]))
        }
        guard block.code.utf8.count <= Self.maximumBytes else {
            return unreadable("it is larger than \(Self.maximumBytes / 1000) KB", at: block.location)
        }
        let drawn: DrawnGraph
        if isMermaid {
            switch MermaidFlowchart.parse(block.code, maximumEdges: Self.maximumEdges) {
            case .failure(let failure): return unreadable(failure.message, at: Self.line(failure.line, of: block))
            case .success(let graph): drawn = graph
            }
        } else {
            // Counted before Graphviz reads it: `{…} -> {…}` multiplies, and cgraph would make
            // every one of the arrows before their number could be checked.
            let arrows = DOTEdgeCount.count(in: block.code, limit: Self.maximumEdges)
            if arrows > Self.maximumEdges {
                return unreadable(
                    "it makes more than \(Self.maximumEdges) arrows; written diagrams are drawn up to "
                        + "\(Self.maximumNodes) boxes and \(Self.maximumEdges) arrows",
                    at: block.location)
            }
            do {
                drawn = try GraphvizRenderer.shared.structure(dot: block.code).graph
            } catch {
                return unreadable(error.message, at: block.location)
            }
        }
        if drawn.nodes.count > Self.maximumNodes || drawn.edges.count > Self.maximumEdges {
            return unreadable(
                "it has \(drawn.nodes.count) boxes and \(drawn.edges.count) arrows; written diagrams are drawn up "
                    + "to \(Self.maximumNodes) boxes and \(Self.maximumEdges) arrows",
                at: block.location
            )
        }
        return .graph(drawn)
    }

    /// The layout work a fence costs when laid out in full: n² for n boxes, arrows and arrow
    /// labels (dot places a label as a box of its own: 220 labelled arrows took eight times
    /// as long as 220 bare ones), or 0 when it is not laid out in full whatever the budget
    /// (it stays code, or is past the bound of one diagram and drawn simplified).
    func layoutWork(of block: MarkdownDocument.CodeBlock) -> Int {
        guard case .graph(let drawn) = read(block) else { return 0 }
        guard ReadingLimits.diagramLayout.allows(drawn.nodes.count + drawn.edges.count) else { return 0 }
        let size = drawn.nodes.count + drawn.edges.count + drawn.edges.filter { !($0.label ?? "").isEmpty }.count
        return size * size
    }

    /// What a DOT diagram gets on the graph Graphviz read: Strata's look as defaults, the
    /// tone and link of each box that names a module or layer, and the drift marks.
    func adjustments(for drawn: DrawnGraph, drift: DiagramDrift?, id: String, page: String) -> GraphAdjustments {
        var adjustments = Self.written
        adjustments.id = "svg.\(id)"
        adjustments.graphDefaults = [("fontname", "Helvetica"), ("fontsize", "12"), ("bgcolor", "transparent")]
        adjustments.nodeDefaults = [
            ("shape", "box"), ("style", "rounded,filled"), ("fontname", "Helvetica"), ("fontsize", "11"),
            ("height", "0.3"),
            ("margin", "0.12,0.04"), ("color", "#64748b"), ("fillcolor", "#eef2f7")
        ]
        adjustments.edgeDefaults = [
            ("arrowsize", "0.6"), ("color", "#64748b"), ("fontname", "Helvetica"), ("fontsize", "9")
        ]
        let link = href(from: page)
        for node in drawn.nodes {
            var classes = ["written-node"]
            var attributes: [(String, String)] = []
            switch drift?.names[node.id] {
            case .module(let module)?:
                classes += ["module", tone(.module(module))]
                if let target = link(.module(module)) { attributes.append(("href", target)) }
            case .layer(let layer)?:
                classes += ["layer-box", tone(.layer(layer))]
                if let target = link(.layer(layer)) { attributes.append(("href", target)) }
            case .unknown?:
                if drift?.isChecked == true {
                    classes.append("drift-unknown")
                    attributes += [("color", WrittenDiagram.absentColor), ("style", "dashed"), ("penwidth", "1.5")]
                }
            case nil:
                break
            }
            adjustments.nodeAttributes[node.id] = [("class", classes.joined(separator: " "))] + attributes
        }
        for edge in drawn.edges {
            adjustments.edgeClasses[GraphAdjustments.edgeKey(edge.from, edge.to)] = "dep written-edge"
        }
        for finding in drift?.findings ?? [] {
            switch finding {
            case .absent(let from, let to, _, _):
                for edge in drawn.edges where drift?.names[edge.from]?.text == from && drift?.names[edge.to]?.text == to
                {
                    adjustments.edgeClasses[GraphAdjustments.edgeKey(edge.from, edge.to)] =
                        "dep written-edge drift-absent"
                }
            case .missing(let from, let to, _):
                guard let source = drawn.nodes.first(where: { drift?.names[$0.id]?.text == from }),
                    let target = drawn.nodes.first(where: { drift?.names[$0.id]?.text == to })
                else { continue }
                adjustments.addedEdges.append(
                    (
                        source.id, target.id,
                        [("class", "dep drift-missing"), ("style", "dotted"), ("color", WrittenDiagram.missingColor)]
                    ))
            case .unknown:
                break
            }
        }
        return adjustments
    }

    /// The SVG with every link that would run script (`javascript:`, `data:`, however its
    /// characters are written) sent nowhere: an author's DOT may say `URL=` or `href=`
    /// anywhere, HTML labels included, and Markdown pages never run script.
    static func withSafeLinks(_ svg: String) -> String {
        var result = ""
        result.reserveCapacity(svg.utf8.count)
        var rest = Substring(svg)
        while let attribute = rest.range(of: "href=\"") {
            result += rest[..<attribute.upperBound]
            rest = rest[attribute.upperBound...]
            guard let close = rest.firstIndex(of: "\"") else { break }
            let value = String(rest[..<close])
            result += URLSafety.isScript(Self.decodingEntities(value)) ? "#" : value
            rest = rest[close...]
        }
        return result + rest
    }

    /// `&#106;avascript:` → `javascript:`: numeric and the five XML entities.
    static func decodingEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            guard let semicolon = after.prefix(12).firstIndex(of: ";") else {
                result += "&"
                rest = after
                continue
            }
            let name = after[..<semicolon]
            var decoded: String?
            switch name {
            case "amp": decoded = "&"
            case "lt": decoded = "<"
            case "gt": decoded = ">"
            case "quot": decoded = "\""
            case "apos": decoded = "'"
            default:
                if name.hasPrefix("#x") || name.hasPrefix("#X"), let value = UInt32(name.dropFirst(2), radix: 16),
                    let scalar = Unicode.Scalar(value)
                {
                    decoded = String(Character(scalar))
                } else if name.hasPrefix("#"), let value = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(value)
                {
                    decoded = String(Character(scalar))
                }
            }
            if let decoded {
                result += decoded
                rest = after[after.index(after: semicolon)...]
            } else {
                result += "&"
                rest = after
            }
        }
        return result + rest
    }

    /// The colour class of a module's or a layer's boxes: its layer's tone, as on the
    /// architecture pages.
    func tone(_ name: DiagramDrift.Name) -> String {
        let layer: String? =
            switch name {
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
                caption.append(
                    "<span class=\"drift-holds\">Checked against the code: every box and arrow holds.</span>")
            } else {
                if !absent.isEmpty {
                    caption.append(
                        "<span class=\"drift-absent-note\">Drawn, not in the code (red, dashed): "
                            + HTMLEscaping.escape(absent.joined(separator: ", ")) + ".</span>")
                }
                if !missing.isEmpty {
                    caption.append(
                        "<span class=\"drift-missing-note\">In the code, not drawn (grey, dotted): "
                            + HTMLEscaping.escape(missing.joined(separator: ", ")) + ".</span>")
                }
                if !unknown.isEmpty {
                    caption.append(
                        "<span class=\"drift-unknown-note\">No module or layer (red border): "
                            + HTMLEscaping.escape(unknown.joined(separator: ", ")) + ".</span>")
                }
            }
        } else if checks {
            switch drift?.unchecked {
            case .callFlow?:
                caption.append("A flow of calls, not of dependencies, so it is not checked against the code.")
            case .mostlyOther?:
                caption.append("Most of its boxes are not modules or layers, so it is not checked against the code.")
            default: caption.append("Names no module or layer, so it is not checked against the code.")
            }
        }
        var html =
            "<figure class=\"diagram written-diagram\" id=\"diagram.\(id)\">\n<div class=\"diagram-frame\" "
            + "role=\"group\" aria-label=\"A diagram of the page\">\n\(svg)</div>\n"
        if !caption.isEmpty { html += "<figcaption>" + caption.joined(separator: " ") + "</figcaption>\n" }
        return html + "</figure>\n"
    }
}
