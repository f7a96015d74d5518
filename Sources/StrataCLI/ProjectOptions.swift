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

    /// The project folder: `-C`, else the working folder or the one above it that holds the
    /// project (`ProjectLocator`), which is then named on standard error.
    func projectFiles(announce: Bool = true) -> ProjectFiles {
        Self.projectFiles(folder: project, announce: announce)
    }

    /// The project folder for `-C folder` (nil when not given).
    static func projectFiles(folder project: String?, announce: Bool = true) -> ProjectFiles {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        if let project { return ProjectFiles(root: URL(fileURLWithPath: project, relativeTo: cwd), workingDirectory: cwd) }
        let found = ProjectLocator.locate(from: cwd)
        let files = ProjectFiles(root: found.root, workingDirectory: cwd)
        if announce, let reason = found.reason {
            FileHandle.standardError.write(Data("strata: reading the project at \(found.shown(from: cwd)) (\(reason))\n".utf8))
        }
        return files
    }
}
