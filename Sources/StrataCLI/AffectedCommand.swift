import ArgumentParser
import Foundation
import StrataBuild
import StrataCore
import StrataGit
import StrataReports

/// `strata affected --since <ref>`: the modules a change can affect, for testing only those.
struct AffectedCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, names, json
        case swiftTest = "swift-test"
        case xcodebuild
    }

    static let configuration = CommandConfiguration(
        commandName: "affected",
        abstract: "List the modules whose files changed since a git ref, and every module that depends on them.",
        discussion: """
            Changes are the commits since the ref and the working tree's (staged, unstaged and new files). When the \
            ref is a branch, they start where the current branch left it (their merge base), as a pull request's do.
            A module changed when one of its source files, another file in its folder, or the manifest or project \
            that declares it changed; every module that uses a changed one, directly or not, is affected too.
            Formats: text, names (one per line), json, swift-test (the expression for swift test --filter; nothing \
            when no package test target is affected), xcodebuild (-only-testing: arguments, one per line).
            """
    )

    @OptionGroup var projectOptions: ProjectOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The git ref to compare with: a branch (from where the current branch left it), a tag or a commit.",
            valueName: "ref"))
    var since: String

    @Option(
        name: [.customShort("f"), .long],
        help: ArgumentHelp("Output format: text, names, json, swift-test or xcodebuild.", valueName: "format"))
    var format: Format = .text

    @Option(name: .long, help: ArgumentHelp(ManifestMode.help, valueName: "mode"))
    var manifest: ManifestMode = .auto

    @Option(
        name: [.customShort("o"), .long],
        help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    @Flag(name: .shortAndLong, help: "Do not say what was read.")
    var quiet = false

    func run() throws {
        let project = try projectOptions.projectFiles()
        let (changes, start) = try DiagnosticPrinter.exitingOnBadInput {
            () throws -> ([String], AffectedWriter.Since) in
            let repository = try GitRepository.containing(project.root.path)
            let (commit, isMergeBase) = try repository.start(of: since)
            let start = AffectedWriter.Since(ref: since, commit: commit, isMergeBase: isMergeBase)
            return (try repository.changedPaths(since: start.commit), start)
        }
        let builder = SiteBuilder(
            project: project,
            options: BuildOptions(
                configPath: projectOptions.config, manifestMode: manifest, platform: projectOptions.platform))
        let loaded = try builder.requiredGraph(project: project)
        DiagnosticPrinter.printAll(loaded.diagnostics)
        if !quiet { FileHandle.standardError.write(Data((loaded.summary + "\n").utf8)) }
        // Git names files from the repository's top; so does the graph in this style.
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let graph = ReportPaths(style: .repository, project: project, workingDirectory: cwd).apply(to: loaded.graph)
        // A changed manifest or project: its targets whose declarations differ at the start,
        // read from git, are the changed ones (else every target it declares is).
        let changedSet = Set(changes)
        var before: ModuleGraph?
        if graph.nodes.contains(where: { $0.location.map { changedSet.contains($0.path) } ?? false }) {
            let reader = ArchitectureReader(
                project: project, projectOptions: projectOptions, manifest: manifest, workingDirectory: cwd)
            before = try? Self.graph(at: start.commit, project: project, reader: reader, cwd: cwd)
        }
        let affected = AffectedModules(graph: graph, changedPaths: changes, before: before)
        let writer = AffectedWriter()
        let text: String =
            switch format {
            case .text: writer.text(affected, since: start)
            case .names: writer.names(affected)
            case .json: writer.json(affected, since: start)
            case .swiftTest: writer.swiftTestFilter(affected)
            case .xcodebuild: writer.xcodebuildArguments(affected)
            }
        try CommandOutput.write(text, to: output)
    }

    /// The module graph at `commit`, paths from the repository's top.
    static func graph(at commit: String, project: ProjectFiles, reader: ArchitectureReader, cwd: URL) throws
        -> ModuleGraph
    {
        let repository = try GitRepository.containing(project.root.path)
        let snapshot = try GitSnapshot(repository: repository, projectFolder: project.root.path)
        defer { snapshot.remove() }
        let paths = ReportPaths(style: .repository, project: project, workingDirectory: cwd).projectPaths
        return try reader.architecture(at: commit, in: snapshot).graph.mappingPaths(paths)
    }
}
