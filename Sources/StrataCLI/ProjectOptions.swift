import ArgumentParser
import Foundation
import StrataBuild

/// Options every command that reads a project shares.
struct ProjectOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The configuration file (default: strata.yml in the project folder, if present).", valueName: "file"))
    var config: String?

    @Option(name: [.customShort("C"), .customLong("project")], help: ArgumentHelp("The project folder (default: the current folder).", valueName: "folder"))
    var project: String?

    func projectFiles() -> ProjectFiles {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let root = project.map { URL(fileURLWithPath: $0, relativeTo: cwd) } ?? cwd
        return ProjectFiles(root: root, workingDirectory: cwd)
    }
}
