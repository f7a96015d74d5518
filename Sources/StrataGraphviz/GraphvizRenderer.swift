import CGraphviz
import Foundation
import StrataCore

/// Lays out a DOT graph with Graphviz's `dot` engine and renders it as SVG, in process
/// through libgvc. Graphviz keeps global state, so every call goes through one lock.
///
/// Only Graphviz's own plugins are loaded (the `dot` layout and the core SVG renderer), not
/// the Pango text plugin the system configuration would add: text is then measured with
/// Graphviz's built-in font metrics, so the same DOT gives the same SVG on every machine,
/// whatever fonts it has, and layout is several times faster. DOT is read with an ID
/// discipline of Strata's own (see `strata_read_dot` in CGraphviz), because cgraph's default
/// orders clusters by the memory address of their names.
package final class GraphvizRenderer: @unchecked Sendable {
    /// The one renderer of the process.
    package static let shared = GraphvizRenderer()

    private let lock = NSLock()
    private let context: OpaquePointer?
    /// Why the pinned plugins could not be loaded, when Graphviz fell back to its system
    /// configuration (text is then measured with whatever fonts the machine has).
    package let pluginNote: String?
    /// Kept alive for the process: Graphviz points into them.
    private let symbols: UnsafeMutablePointer<lt_symlist_t>?

    private init() {
        var note: String?
        let plugins = Self.loadPlugins()
        switch plugins {
        case .success(let list):
            let table = UnsafeMutablePointer<lt_symlist_t>.allocate(capacity: list.count + 1)
            for (index, plugin) in list.enumerated() {
                table[index] = lt_symlist_t(name: UnsafePointer(strdup(plugin.name)), address: plugin.address)
            }
            table[list.count] = lt_symlist_t(name: nil, address: nil)
            symbols = table
            context = gvContextPlugins(table, 0)
        case .failure(let reason):
            note = reason.reason
            symbols = nil
            context = gvContext()
        }
        pluginNote = note
        let version = context.flatMap { gvcVersion($0) }.map { String(cString: $0) } ?? "unknown"
        identity = "graphviz \(version); \(note == nil ? "pinned plugins" : "system plugins")"
    }

    /// What the SVG depends on besides the DOT: the Graphviz release and whether its own
    /// plugins (and so its own font metrics) are in use. Layout caches key on it.
    package let identity: String

    /// Graphviz's plugin libraries, found beside libgvc itself.
    private static func loadPlugins() -> Result<[(name: String, address: UnsafeMutableRawPointer)], PluginProblem> {
        guard let libraryFolder = libgvcFolder() else {
            return .failure(PluginProblem("cannot tell where libgvc is installed"))
        }
        let folder = libraryFolder + "/graphviz"
        var found: [(String, UnsafeMutableRawPointer)] = []
        for plugin in ["core", "dot_layout"] {
            let candidates = [
                "libgvplugin_\(plugin).so.6", "libgvplugin_\(plugin).6.dylib", "libgvplugin_\(plugin).dylib",
                "libgvplugin_\(plugin).so"
            ]
            guard let handle = candidates.lazy.compactMap({ dlopen(folder + "/" + $0, RTLD_NOW | RTLD_LOCAL) }).first
            else {
                return .failure(PluginProblem("no Graphviz \(plugin) plugin in \(folder)"))
            }
            let symbol = "gvplugin_\(plugin)_LTX_library"
            guard let address = dlsym(handle, symbol) else {
                return .failure(PluginProblem("\(symbol) is missing from the \(plugin) plugin"))
            }
            found.append((symbol, address))
        }
        return .success(found)
    }

    /// The folder libgvc was loaded from: its plugins are in `graphviz/` beside it. Linux
    /// says in /proc/self/maps, macOS's loader through `dladdr`; else the usual install
    /// prefixes are tried.
    private static func libgvcFolder() -> String? {
        #if canImport(Darwin)
            // RTLD_DEFAULT is (void *)-2 on Darwin; Homebrew's prefix differs by architecture.
            if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: -2), "gvContext") {
                var info = Dl_info()
                if dladdr(symbol, &info) != 0, let file = info.dli_fname {
                    return (String(cString: file) as NSString).deletingLastPathComponent
                }
            }
        #endif
        // /proc files report a size of 0, so they are read to their end, not by size.
        if let data = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile(),
            let maps = String(data: data, encoding: .utf8)
        {
            for line in maps.split(separator: "\n") where line.contains("/libgvc.") {
                guard let slash = line.firstIndex(of: "/") else { continue }
                return (String(line[slash...]) as NSString).deletingLastPathComponent
            }
        }
        return [
            "/opt/homebrew/lib", "/usr/local/lib", "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib"
        ].first { FileManager.default.fileExists(atPath: $0 + "/graphviz") }
    }

    /// The SVG Graphviz draws for `dot`, exactly as it writes it.
    package func svg(dot: String) throws(GraphvizError) -> String {
        try svg(dot: dot, adjusting: GraphAdjustments())
    }
}

/// Changes made to a graph an author wrote, on the graph Graphviz read (never by editing
/// its text, which comments, strings and HTML labels make unsafe to edit): Strata's look
/// as defaults the author's own attributes override, attributes set on named nodes, classes
/// added to edges, arrows added, and the graph's id.
package struct GraphAdjustments: Sendable {
    /// Graph, node and edge attributes the graph gets when it does not declare them.
    package var graphDefaults: [(String, String)] = []
    package var nodeDefaults: [(String, String)] = []
    package var edgeDefaults: [(String, String)] = []
    /// Node name → attributes set on it.
    package var nodeAttributes: [String: [(String, String)]] = [:]
    /// (tail, head) → a class added to every such edge.
    package var edgeClasses: [String: String] = [:]
    /// Arrows added, with their attributes.
    package var addedEdges: [(tail: String, head: String, attributes: [(String, String)])] = []
    /// The graph's id, which every id in its SVG starts with.
    package var id: String?
    /// Whether an author wrote the graph (a page's Mermaid or DOT), rather than Strata: it is
    /// then laid out in the form `LayoutSafety` makes, clear of Graphviz 2.42's crashes.
    package var isWritten = false

    package init() {}

    package static func edgeKey(_ tail: String, _ head: String) -> String { tail + "\u{0}" + head }
}

extension GraphvizRenderer {
    /// The SVG of `dot` with `adjustments` made to the graph Graphviz read.
    package func svg(dot: String, adjusting adjustments: GraphAdjustments) throws(GraphvizError) -> String {
        lock.lock()
        defer { lock.unlock() }
        guard let context else { throw GraphvizError(message: "Graphviz could not start (gvContext failed)") }
        GraphvizMessages.start()
        defer { GraphvizMessages.stop() }
        guard let graph = dot.withCString({ strata_read_dot($0) }) else {
            throw GraphvizError(
                message: "Graphviz could not read the diagram: " + GraphvizMessages.text(or: "syntax error"))
        }
        defer { agclose(graph) }
        Self.adjust(graph, adjustments)
        if adjustments.isWritten { try LayoutSafety.prepare(graph) }
        guard gvLayout(context, graph, "dot") == 0 else {
            throw GraphvizError(
                message: "Graphviz could not lay out the diagram: " + GraphvizMessages.text(or: "layout failed"))
        }
        defer { gvFreeLayout(context, graph) }
        var data: UnsafeMutablePointer<CChar>?
        var length = 0
        defer { free(data) }
        guard strata_render_svg(context, graph, &data, &length) == 0, let data else {
            throw GraphvizError(
                message: "Graphviz could not render the diagram as SVG: " + GraphvizMessages.text(or: "no SVG renderer")
            )
        }
        return String(decoding: UnsafeRawBufferPointer(start: data, count: Int(length)), as: UTF8.self)
    }

    private static func adjust(_ graph: UnsafeMutablePointer<Agraph_t>, _ adjustments: GraphAdjustments) {
        func declare(_ kind: Int32, _ pairs: [(String, String)]) {
            for (name, value) in pairs {
                // An attribute the author declared keeps the author's default.
                let existing = name.withCString { agattr(graph, kind, UnsafeMutablePointer(mutating: $0), nil) }
                guard existing == nil else { continue }
                name.withCString { key in
                    value.withCString { text in
                        _ = agattr(
                            graph, kind, UnsafeMutablePointer(mutating: key), UnsafeMutablePointer(mutating: text))
                    }
                }
            }
        }
        declare(Int32(AGRAPH), adjustments.graphDefaults)
        declare(Int32(AGNODE), adjustments.nodeDefaults)
        declare(Int32(AGEDGE), adjustments.edgeDefaults)
        func set(_ object: UnsafeMutableRawPointer, _ name: String, _ value: String) {
            name.withCString { key in
                value.withCString { text in
                    "".withCString { empty in
                        _ = agsafeset(
                            object, UnsafeMutablePointer(mutating: key), UnsafeMutablePointer(mutating: text),
                            UnsafeMutablePointer(mutating: empty))
                    }
                }
            }
        }
        func get(_ object: UnsafeMutableRawPointer, _ name: String) -> String {
            name.withCString { key in agget(object, UnsafeMutablePointer(mutating: key)) }.map { String(cString: $0) }
                ?? ""
        }
        if let id = adjustments.id { set(UnsafeMutableRawPointer(graph), "id", id) }
        func node(_ name: String) -> UnsafeMutablePointer<Agnode_t>? {
            name.withCString { agnode(graph, UnsafeMutablePointer(mutating: $0), 0) }
        }
        for name in adjustments.nodeAttributes.keys.sorted() {
            guard let found = node(name) else { continue }
            for (attribute, value) in adjustments.nodeAttributes[name] ?? [] {
                set(UnsafeMutableRawPointer(found), attribute, value)
            }
        }
        if !adjustments.edgeClasses.isEmpty {
            var current = agfstnode(graph)
            while let tail = current {
                var edge = agfstout(graph, tail)
                while let out = edge {
                    let from = agnameof(UnsafeMutableRawPointer(tail)).map { String(cString: $0) } ?? ""
                    let to =
                        strata_edge_head(out).flatMap { agnameof(UnsafeMutableRawPointer($0)) }.map {
                            String(cString: $0)
                        } ?? ""
                    if let added = adjustments.edgeClasses[GraphAdjustments.edgeKey(from, to)] {
                        let existing = get(UnsafeMutableRawPointer(out), "class")
                        set(UnsafeMutableRawPointer(out), "class", existing.isEmpty ? added : existing + " " + added)
                    }
                    edge = agnxtout(graph, out)
                }
                current = agnxtnode(graph, tail)
            }
        }
        for added in adjustments.addedEdges {
            guard let tail = node(added.tail), let head = node(added.head), let edge = agedge(graph, tail, head, nil, 1)
            else { continue }
            for (attribute, value) in added.attributes { set(UnsafeMutableRawPointer(edge), attribute, value) }
        }
    }

    /// The boxes and arrows a DOT graph declares, as Graphviz reads them (no layout): each
    /// node with its `label` (its name when it has none), each edge from tail to head, with
    /// its `label` when it has one. For
    /// the drift check of diagrams written in pages.
    package func structure(dot: String) throws(GraphvizError) -> (graph: DrawnGraph, isDirected: Bool) {
        lock.lock()
        defer { lock.unlock() }
        GraphvizMessages.start()
        defer { GraphvizMessages.stop() }
        guard let graph = dot.withCString({ strata_read_dot($0) }) else {
            throw GraphvizError(
                message: "Graphviz could not read the diagram: " + GraphvizMessages.text(or: "syntax error"))
        }
        defer { agclose(graph) }
        var drawn = DrawnGraph()
        var node = agfstnode(graph)
        while let current = node {
            let name = agnameof(UnsafeMutableRawPointer(current)).map { String(cString: $0) } ?? ""
            var label =
                "label".withCString { key in
                    agget(UnsafeMutableRawPointer(current), UnsafeMutablePointer(mutating: key))
                }.map { String(cString: $0) } ?? ""
            if label.isEmpty || label == "\\N" { label = name }
            drawn.nodes.append(DrawnGraph.Node(id: name, label: label))
            var edge = agfstout(graph, current)
            while let out = edge {
                let tail =
                    strata_edge_tail(out).flatMap { agnameof(UnsafeMutableRawPointer($0)) }.map { String(cString: $0) }
                    ?? ""
                let head =
                    strata_edge_head(out).flatMap { agnameof(UnsafeMutableRawPointer($0)) }.map { String(cString: $0) }
                    ?? ""
                var edgeDrawn = DrawnGraph.Edge(from: tail, to: head, hasArrow: agisdirected(graph) != 0)
                let edgeLabel =
                    "label".withCString { key in
                        agget(UnsafeMutableRawPointer(out), UnsafeMutablePointer(mutating: key))
                    }.map { String(cString: $0) } ?? ""
                if !edgeLabel.isEmpty { edgeDrawn.label = edgeLabel }
                drawn.edges.append(edgeDrawn)
                edge = agnxtout(graph, out)
            }
            node = agnxtnode(graph, current)
        }
        return (drawn, agisdirected(graph) != 0)
    }
}

private struct PluginProblem: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}

/// A diagram Graphviz could not draw.
package struct GraphvizError: Error, Equatable, Sendable, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}

/// Graphviz reports problems through a C callback with no context pointer; the messages of
/// the call in progress are kept here, under the renderer's lock.
private enum GraphvizMessages {
    nonisolated(unsafe) static var collected: [String] = []

    static func start() {
        collected = []
        _ = agseterr(AGWARN)
        _ = agseterrf { message in
            if let message { GraphvizMessages.collected.append(String(cString: message)) }
            return 0
        }
    }

    static func stop() {
        _ = agseterrf(nil)
        _ = agreseterrors()
    }

    static func text(or fallback: String) -> String {
        let text = collected.joined().split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: "; ")
        return text.isEmpty ? fallback : text
    }
}
