import ArgumentParser
import Foundation
import StrataBuild
import StrataCore
import StrataReports

/// What `strata graph` was asked for, as plain values: parsed by the argument parser
/// (`GraphCommand`) or, for the common forms, by `GraphFastPath` without it.
struct GraphOptions: Equatable {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, dot, svg, mermaid
    }

    var config: String?
    var project: String?
    /// `--allow-read`: folders outside the project that may be read.
    var allowRead: [String] = []
    var format: Format = .text
    var focus: [String] = []
    var depth: Int?
    var quiet = false
    var hideTests = false
    var hideExternal = false
    var hideSDK = false
    var manifest: ManifestMode = .auto
    var output: String?
    var paths: PathStyle = .repository

    func run() throws {
        // The sources are scanned on every core once the manifests are read.
        WorkerThreads.start()
        let project = try ProjectOptions.projectFiles(folder: project, allowRead: allowRead)
        var buildOptions = BuildOptions(configPath: config, manifestMode: manifest)
        buildOptions.readsSiteDetails = false
        let builder = SiteBuilder(project: project, options: buildOptions)
        let loaded = try DiagnosticPrinter.exitingOnBadInput { () throws -> PackageGraphLoader.Loaded in
            let config = try builder.configuration()
            guard let found = try builder.loadGraph(config: config) else {
                throw Diagnostic.error("package.missing-manifest", PackageRoots.nothingFoundMessage(project: project, config: config), at: nil)
            }
            return found
        }
        DiagnosticPrinter.printAll(loaded.diagnostics)
        if !quiet { FileHandle.standardError.write(Data((loaded.summary + "\n").utf8)) }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        var graph = ReportPaths(style: paths, project: project, workingDirectory: cwd).apply(to: loaded.graph)
        if hideTests { graph = graph.filtered { !$0.isTest } }
        if hideExternal { graph = graph.filtered { $0.isTarget } }
        if hideSDK { graph = graph.filtered { $0.kind != .sdk } }
        if !focus.isEmpty {
            let names = graph.nodes.map(\.id)
            let unknown = focus.filter { graph.node($0) == nil }
            guard unknown.isEmpty else {
                DiagnosticPrinter.printAll(unknown.map { name in
                    let hint = (names.first { $0.lowercased() == name.lowercased() } ?? Suggestion.closest(to: name, in: names)).map { "; did you mean '\($0)'?" } ?? ""
                    return .error("usage", "--focus: no module named '\(name)' in the graph\(hint)")
                })
                throw ExitCode(2)
            }
            graph = graph.focused(on: focus, depth: depth)
        }
        let text: String = switch format {
        case .json: GraphJSONWriter().write(graph)
        case .dot: GraphDOTWriter().write(graph, name: graph.packages.first?.name ?? "modules")
        case .svg: try DiagnosticPrinter.exitingOnBadInput { try StandaloneDiagram.svg(dot: GraphDOTWriter().write(graph, name: graph.packages.first?.name ?? "modules")) }
        case .mermaid: GraphMermaidWriter().write(graph)
        case .text: GraphTextWriter().write(graph)
        }
        try CommandOutput.write(text, to: output)
    }
}

extension ManifestMode: ExpressibleByArgument {}
