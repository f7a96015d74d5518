import ArgumentParser
import Foundation
import StrataBuild
import StrataCore

/// Options every command that reads a project shares.
struct ProjectOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The configuration file (default: strata.yml in the project folder, if present).", valueName: "file"))
    var config: String?

    @Option(
        name: [.customShort("C"), .customLong("project")],
        help: ArgumentHelp(
            "The project folder (default: the current folder, or the folder above it that holds the project).",
            valueName: "folder")
    )
    var project: String?

    @Option(
        name: .customLong("allow-read"),
        help: ArgumentHelp(
            "Also read this folder outside the project (a sibling package, a shared theme, where links lead). "
                + "Repeatable; strata.yml cannot.",
            valueName: "folder"
        )
    )
    var allowRead: [String] = []

    @Option(name: .long, help: ArgumentHelp(Self.platformHelp, valueName: "name"))
    var platform: String?

    /// The words every command's help gives `--platform`.
    static let platformHelp =
        "The platform to read the project for: macOS, iOS, tvOS, watchOS, visionOS, Linux, Windows or Android "
        + "(default: platform: in strata.yml, else the one the project declares, else macOS)."

    /// The project folder: `-C`, else the working folder or the one above it that holds the
    /// project (`ProjectLocator`), which is then named on standard error; with what else it
    /// may read (`--allow-read`, relative to the working folder). An `--allow-read` that names
    /// nothing is bad usage (exit 2): a mistyped folder would otherwise allow nothing, and
    /// the reads it was meant for would be refused with no word about the option.
    func projectFiles(announce: Bool = true) throws -> ProjectFiles {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let allowed = allowRead.map { URL(fileURLWithPath: $0, relativeTo: cwd) }
        try DiagnosticPrinter.exitingOnBadInput {
            let missing = zip(allowRead, allowed).filter { !FileManager.default.fileExists(atPath: $0.1.path) }
            guard missing.isEmpty else {
                throw DiagnosticsError(
                    missing.map { written, _ -> Diagnostic in
                        .error("usage.allow-read", "--allow-read '\(written)': there is no such file or folder")
                    })
            }
        }
        // Before anything is read, so `strata serve` refuses it too, not its first build.
        try DiagnosticPrinter.exitingOnBadInput { _ = try ConfigureStage.platform(fromCommandLine: platform) }
        if let project {
            return ProjectFiles(
                root: URL(fileURLWithPath: project, relativeTo: cwd), workingDirectory: cwd, allowedReads: allowed)
        }
        let found = ProjectLocator.locate(from: cwd)
        let files = ProjectFiles(root: found.root, workingDirectory: cwd, allowedReads: allowed)
        if announce, let reason = found.reason {
            FileHandle.standardError.write(
                Data("strata: reading the project at \(found.shown(from: cwd)) (\(reason))\n".utf8))
        }
        return files
    }
}
