import ArgumentParser
import Foundation
import StrataBuild
import StrataCore
import StrataReports

/// `strata graph`: prints the module graph.
struct GraphCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, dot, svg, mermaid
    }

    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print the module graph read from Package.swift and the imports in the sources.",
        discussion: """
            Formats: text (a readable list), json (everything, with evidence), dot (Graphviz), svg (the DOT laid out \
            by Graphviz), mermaid.
            Edges are 'declared+imported', 'declared' (in the manifest, never imported) or 'imported' \
            (with a relation: undeclared, transitive, reexported, via-product, sdk, unresolved).
            """
    )

    @OptionGroup var projectOptions: ProjectOptions

    @Option(
        name: [.customShort("f"), .long],
        help: ArgumentHelp("Output format: text, json, dot, svg or mermaid.", valueName: "format"))
    var format: Format = .text

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Show only this module and the modules within --depth of it, both ways. Repeatable: the neighbourhoods "
                + "of several modules.",
            valueName: "module"))
    var focus: [String] = []

    @Option(
        name: .long, help: ArgumentHelp("How many edges away from --focus to go (default: no limit).", valueName: "n"))
    var depth: Int?

    @Flag(name: .shortAndLong, help: "Do not say what was read.")
    var quiet = false

    @Flag(name: .long, help: "Leave out test targets.")
    var hideTests = false

    @Flag(name: .long, help: "Leave out external products, toolchain modules and unknown modules.")
    var hideExternal = false

    @Flag(name: .long, help: "Leave out toolchain and OS modules (Foundation, XCTest, Glibc…).")
    var hideSDK = false

    @Option(name: .long, help: ArgumentHelp(ManifestMode.help, valueName: "mode"))
    var manifest: ManifestMode = .auto

    @Option(
        name: [.customShort("o"), .long],
        help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "How file paths are shown: repository (relative to the git top level), relative (to the current folder) "
                + "or absolute.",
            valueName: "style"))
    var paths: PathStyle = .repository

    func validate() throws {
        if let depth, depth < 0 { throw ValidationError("--depth must be 0 or more") }
        if depth != nil, focus.isEmpty { throw ValidationError("--depth needs --focus") }
    }

    func run() throws {
        let project = try projectOptions.projectFiles()
        let builder = SiteBuilder(
            project: project,
            options: BuildOptions(
                configPath: projectOptions.config, manifestMode: manifest, platform: projectOptions.platform))
        let loaded = try builder.requiredGraph(project: project)
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
                DiagnosticPrinter.printAll(
                    unknown.map { name in
                        let hint =
                            (names.first { $0.lowercased() == name.lowercased() }
                            ?? Suggestion.closest(to: name, in: names)).map { "; did you mean '\($0)'?" } ?? ""
                        return .error("usage", "--focus: no module named '\(name)' in the graph\(hint)")
                    })
                throw ExitCode(2)
            }
            graph = graph.focused(on: focus, depth: depth)
        }
        let text: String =
            switch format {
            case .json: GraphJSONWriter().write(graph)
            case .dot: GraphDOTWriter().write(graph, name: graph.packages.first?.name ?? "modules")
            case .svg:
                try DiagnosticPrinter.exitingOnBadInput {
                    try StandaloneDiagram.svg(
                        dot: GraphDOTWriter().write(graph, name: graph.packages.first?.name ?? "modules"))
                }
            case .mermaid: GraphMermaidWriter().write(graph)
            case .text: GraphTextWriter().write(graph)
            }
        try CommandOutput.write(text, to: output)
    }
}

extension ManifestMode: ExpressibleByArgument {}
