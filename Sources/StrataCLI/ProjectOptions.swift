import ArgumentParser
import Foundation
import StrataBuild

/// Options every command that reads a project shares.
struct ProjectOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The configuration file (default: strata.yml in the project folder, if present).", valueName: "file"))
    var config: String?

    @Option(
        name: [.customShort("C"), .customLong("project")],
        help: ArgumentHelp("The project folder (default: the current folder, or the folder above it that holds the project).", valueName: "folder")
    )
    var project: String?

    @Option(
        name: .customLong("allow-read"),
        help: ArgumentHelp(
            "Also read this folder outside the project (a sibling package, a shared theme, where links lead). Repeatable; strata.yml cannot.",
            valueName: "folder"
        )
    )
    var allowRead: [String] = []

    /// The project folder: `-C`, else the working folder or the one above it that holds the
    /// project (`ProjectLocator`), which is then named on standard error.
    func projectFiles(announce: Bool = true) -> ProjectFiles {
        Self.projectFiles(folder: project, allowRead: allowRead, announce: announce)
    }

    /// The project folder for `-C folder` (nil when not given), with what else it may read
    /// (`--allow-read`, relative to the working folder).
    static func projectFiles(folder project: String?, allowRead: [String] = [], announce: Bool = true) -> ProjectFiles {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let allowed = allowRead.map { URL(fileURLWithPath: $0, relativeTo: cwd) }
        if let project {
            return ProjectFiles(root: URL(fileURLWithPath: project, relativeTo: cwd), workingDirectory: cwd, allowedReads: allowed)
        }
        let found = ProjectLocator.locate(from: cwd)
        let files = ProjectFiles(root: found.root, workingDirectory: cwd, allowedReads: allowed)
        if announce, let reason = found.reason {
            FileHandle.standardError.write(Data("strata: reading the project at \(found.shown(from: cwd)) (\(reason))\n".utf8))
        }
        return files
    }
}
