import Foundation
import StrataCore

/// The write boundary: every build replaces its output folder, so the folder must be one
/// Strata may replace. Named in strata.yml (which a pull request can change), it must
/// resolve, symbolic links included, inside the project root and not be the root; named by
/// `--output` on the command line it may be anywhere (the person running Strata asked).
/// Either way it must not be, contain or lie inside a folder Strata reads as input.
struct OutputBoundary {
    let project: ProjectFiles
    /// The output folder as the configuration or the command line gives it.
    let output: String
    /// Whether `--output` named it.
    let isFromCommandLine: Bool
    /// Where `output:` is in strata.yml (nil for the command line or the default).
    let location: SourceLocation?

    init(project: ProjectFiles, output: String, isFromCommandLine: Bool, location: SourceLocation?) {
        self.project = project
        self.output = output
        self.isFromCommandLine = isFromCommandLine
        self.location = location
    }

    /// The boundary of a configured build.
    init(project: ProjectFiles, config: StrataConfig) {
        let fromCommandLine = config.commandLine.namesOutput
        self.init(
            project: project, output: config.outputDirectory, isFromCommandLine: fromCommandLine,
            location: fromCommandLine
                ? nil : config.outputLocation ?? config.sourcePath.map { SourceLocation(path: $0) }
        )
    }

    /// The real path of `path`: its nearest existing ancestor resolved by `realpath`, the
    /// rest appended as written (they do not exist yet, so no link can hide in them).
    static func resolved(_ path: String) -> String {
        var existing = URL(fileURLWithPath: path).standardizedFileURL.path
        var rest: [String] = []
        while existing != "/" {
            if let real = realpath(existing, nil) {
                defer { free(real) }
                let base = String(cString: real)
                return rest.isEmpty ? base : (base == "/" ? "" : base) + "/" + rest.reversed().joined(separator: "/")
            }
            rest.append((existing as NSString).lastPathComponent)
            existing = (existing as NSString).deletingLastPathComponent
        }
        return "/" + rest.reversed().joined(separator: "/")
    }

    static func contains(_ outer: String, _ inner: String) -> Bool {
        inner == outer || outer == "/" || inner.hasPrefix(outer + "/")
    }

    /// Checks the output folder against the project root and `inputs` (a description and
    /// a path relative to the project root, or absolute), before anything is written.
    func check(inputs: [(String, String)]) throws {
        let target = Self.resolved(project.url(output).path)
        let root = Self.resolved(project.root.path)
        if !isFromCommandLine {
            guard target != root, Self.contains(root, target) else {
                let why = target == root ? "is the project folder itself" : "resolves to \(target), outside the project"
                throw Diagnostic.error(
                    "config.output-outside",
                    "the output folder '\(output)' \(why); output: in strata.yml must name a folder inside the project "
                        + "(a folder elsewhere can only be chosen with --output on the command line)",
                    at: location
                )
            }
        }
        for (name, path) in inputs {
            let input = Self.resolved(project.url(path).path)
            // The project root holds the output folder, as it must; every other input may not.
            if input == root, target != root, Self.contains(root, target) { continue }
            guard Self.contains(target, input) || Self.contains(input, target) else { continue }
            let relation = target == input ? "is" : Self.contains(target, input) ? "contains" : "lies inside"
            throw Diagnostic.error(
                "output.overlaps-input",
                "the output folder '\(output)' \(relation) \(name) ('\(path)'); every build replaces the output "
                    + "folder, "
                    + "so it must be a folder of its own, apart from everything Strata reads",
                at: location
            )
        }
    }

    /// The folders the module graph was read from: each package's and each target's.
    static func sourceFolders(_ packages: [PackageSources]) -> [(String, String)] {
        packages.flatMap { package in
            [("package '\(package.manifest.name)'", package.directory)]
                + package.targets.compactMap { target in target.folder.map { ("the sources of '\(target.name)'", $0) } }
        }
    }
}
