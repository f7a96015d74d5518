import ArgumentParser
import Foundation
import StrataBuild
import StrataCore
import StrataGit
import StrataReports

/// `strata diff <range>`: what changed in the architecture between two commits, or between
/// a commit and the working tree.
struct DiffCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, markdown
    }

    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changed in the architecture: modules, layers, dependencies and violations.",
        discussion: """
            The range is A..B (commit A to commit B), A...B (from where B left A, as a pull request's changes), \
            or A alone (A to the working tree; from where the current branch left A when A is a branch).
            Each point is read from git's objects, judged by its own strata.yml; the working tree is not touched.
            Formats: text, json, markdown (for a pull request's comment, with a Mermaid drawing).
            """
    )

    @OptionGroup var projectOptions: ProjectOptions

    @Argument(help: ArgumentHelp("A..B, A...B or A (to the working tree).", valueName: "range"))
    var range: String

    @Option(
        name: [.customShort("f"), .long],
        help: ArgumentHelp("Output format: text, json or markdown.", valueName: "format"))
    var format: Format = .text

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With markdown: a hidden first line (<!-- marker -->) a CI job finds its comment by, to update it.",
            valueName: "text"))
    var marker: String?

    @Option(name: .long, help: ArgumentHelp(ManifestMode.help, valueName: "mode"))
    var manifest: ManifestMode = .auto

    @Option(
        name: [.customShort("o"), .long],
        help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    func validate() throws {
        if range.isEmpty || range.hasPrefix("..") || range == "..." {
            throw ValidationError("the range needs a ref before '..': A..B, A...B or A")
        }
    }

    func run() throws {
        let project = try projectOptions.projectFiles()
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let reader = ArchitectureReader(
            project: project, projectOptions: projectOptions, manifest: manifest, workingDirectory: cwd)
        let (diff, shown, siteURL) = try DiagnosticPrinter.exitingOnBadInput {
            () throws -> (ArchitectureDiff, ArchitectureDiffWriter.Range, String?) in
            let repository = try GitRepository.containing(project.root.path)
            let points = try DiffRange(range, in: repository)
            let snapshot = try GitSnapshot(repository: repository, projectFolder: project.root.path)
            defer { snapshot.remove() }
            let before = try reader.architecture(at: points.from, in: snapshot)
            let after = try points.to.map { try reader.architecture(at: $0, in: snapshot) } ?? reader.workingTree()
            // Paths as a pull request shows them: from the repository's top.
            let paths = ReportPaths(style: .repository, project: project, workingDirectory: cwd).projectPaths
            let diff = ArchitectureDiff(before: before.mappingPaths(paths), after: after.mappingPaths(paths))
            return (diff, points.shown, after.siteBaseURL ?? before.siteBaseURL)
        }
        let writer = ArchitectureDiffWriter()
        let text: String =
            switch format {
            case .text: writer.text(diff, range: shown)
            case .json: writer.json(diff, range: shown)
            case .markdown: writer.markdown(diff, range: shown, siteBaseURL: siteURL, marker: marker)
            }
        try CommandOutput.write(text, to: output)
    }
}

/// The two points `strata diff` compares, resolved to commits (`to` nil: the working tree).
struct DiffRange {
    var from: String
    var to: String?
    var shown: ArchitectureDiffWriter.Range

    init(_ range: String, in repository: GitRepository) throws {
        func short(_ commit: String) -> String { String(commit.prefix(12)) }
        if let dots = range.range(of: "...") {
            let first = String(range[..<dots.lowerBound])
            let second = String(range[dots.upperBound...]).isEmpty ? "HEAD" : String(range[dots.upperBound...])
            let end = try repository.commit(second)
            from = try repository.mergeBase(try repository.commit(first), end)
            to = end
            shown = .init(from: "\(first) (where \(second) left it, \(short(from)))", to: "\(second) (\(short(end)))")
        } else if let dots = range.range(of: "..") {
            let first = String(range[..<dots.lowerBound])
            let second = String(range[dots.upperBound...])
            from = try repository.commit(first)
            to = second.isEmpty ? nil : try repository.commit(second)
            shown = .init(
                from: "\(first) (\(short(from)))", to: to.map { "\(second) (\(short($0)))" } ?? "the working tree")
        } else {
            let (commit, isMergeBase) = try repository.start(of: range)
            from = commit
            shown = .init(
                from: isMergeBase
                    ? "\(range) (where this branch left it, \(short(commit)))" : "\(range) (\(short(commit)))",
                to: "the working tree")
            to = nil
        }
    }
}
