import ArgumentParser
import StrataBuild

/// `strata graph`: prints the module graph.
struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print the module graph read from Package.swift and the imports in the sources.",
        discussion: """
        Formats: text (a readable list), json (everything, with evidence), dot (Graphviz), svg (the DOT laid out by Graphviz), mermaid.
        Edges are 'declared+imported', 'declared' (in the manifest, never imported) or 'imported' \
        (with a relation: undeclared, transitive, reexported, via-product, sdk, unresolved).
        """
    )

    @OptionGroup var projectOptions: ProjectOptions

    @Option(name: [.customShort("f"), .long], help: ArgumentHelp("Output format: text, json, dot, svg or mermaid.", valueName: "format"))
    var format: GraphOptions.Format = .text

    @Option(name: .long, help: ArgumentHelp("Show only this module and the modules within --depth of it, both ways. Repeatable: the neighbourhoods of several modules.", valueName: "module"))
    var focus: [String] = []

    @Option(name: .long, help: ArgumentHelp("How many edges away from --focus to go (default: no limit).", valueName: "n"))
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

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    @Option(name: .long, help: ArgumentHelp("How file paths are shown: repository (relative to the git top level), relative (to the current folder) or absolute.", valueName: "style"))
    var paths: PathStyle = .repository

    func validate() throws {
        if let depth, depth < 0 { throw ValidationError("--depth must be 0 or more") }
        if depth != nil, focus.isEmpty { throw ValidationError("--depth needs --focus") }
    }

    /// The options as plain values.
    var options: GraphOptions {
        GraphOptions(
            config: projectOptions.config, project: projectOptions.project, allowRead: projectOptions.allowRead, format: format, focus: focus, depth: depth, quiet: quiet,
            hideTests: hideTests, hideExternal: hideExternal, hideSDK: hideSDK, manifest: manifest, output: output, paths: paths
        )
    }

    func run() throws {
        try options.run()
    }

    /// The options the argument parser reads from `arguments` (after `graph`), validated.
    static func options(parsing arguments: [String]) throws -> GraphOptions {
        try parse(arguments).options
    }
}
