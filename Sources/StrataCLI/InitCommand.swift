import ArgumentParser
import Foundation
import StrataBuild
import StrataCore

/// `strata init`: a commented `strata.yml` with layers proposed from the module graph, and a
/// starter `Content/index.md`, so `strata check` and `strata build` work at once. It never
/// replaces a file: with a `strata.yml` already there it writes nothing.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a strata.yml with layers proposed from the module graph, and a starter Content/index.md.",
        discussion: "Never replaces a file. Exit codes: 0 written; 2 a strata.yml is already there, or bad input."
    )

    @Option(
        name: [.customShort("C"), .customLong("project")],
        help: ArgumentHelp("The project folder (default: the current folder).", valueName: "folder")
    )
    var project: String?

    @Option(name: .long, help: ArgumentHelp(ManifestMode.help, valueName: "mode"))
    var manifest: ManifestMode = .auto

    @Option(name: .long, help: ArgumentHelp(ProjectOptions.platformHelp, valueName: "name"))
    var platform: String?

    @Flag(name: .shortAndLong, help: "Print nothing but diagnostics.")
    var quiet = false

    func run() throws {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let files = ProjectFiles(
            root: project.map { URL(fileURLWithPath: $0, relativeTo: cwd) } ?? cwd, workingDirectory: cwd)
        let configURL = files.url("strata.yml")
        if FileManager.default.fileExists(atPath: configURL.path) {
            DiagnosticPrinter.printAll([
                .error(
                    "init.exists",
                    "strata.yml is already here; strata init never replaces a file (remove it to start again)",
                    at: SourceLocation(path: files.display("strata.yml")))
            ])
            throw ExitCode(2)
        }
        let builder = SiteBuilder(project: files, options: BuildOptions(manifestMode: manifest))
        let loaded = try DiagnosticPrinter.exitingOnBadInput { () throws -> PackageGraphLoader.Loaded? in
            var config = StrataConfig()
            config.platform = try ConfigureStage.platform(fromCommandLine: platform)
            return try builder.loadGraph(config: config)
        }
        // What the graph reading found (a missing local package, say) is said, as by check.
        DiagnosticPrinter.printAll(loaded?.diagnostics ?? [])
        let rootPackage = loaded?.graph.packages.first { $0.isRoot }?.name
        let title = rootPackage ?? files.root.lastPathComponent
        let starter = StarterFiles(title: title, graph: loaded?.graph)
        // The content folder is made first: when it cannot be, nothing has been written.
        let home = files.url("Content/index.md")
        let keepsHome = FileManager.default.fileExists(atPath: home.path)
        if !keepsHome {
            do {
                try FileManager.default.createDirectory(
                    at: home.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                DiagnosticPrinter.printAll([
                    .error(
                        "io.write", "cannot make the content folder: \(error.localizedDescription)",
                        at: SourceLocation(path: files.display("Content")))
                ])
                throw ExitCode(2)
            }
        }
        var written: [String] = []
        try write(starter.configuration, to: configURL, display: files.display("strata.yml"))
        written.append(files.display("strata.yml"))
        if keepsHome {
            if !quiet { CommandOutput.line("Kept \(files.display("Content/index.md")), which is already there.") }
        } else {
            try write(starter.homePage, to: home, display: files.display("Content/index.md"))
            written.append(files.display("Content/index.md"))
        }
        guard !quiet else { return }
        if let loaded { CommandOutput.line(loaded.summary) }
        CommandOutput.line("Wrote \(written.joined(separator: " and ")). Next: strata check, then strata build.")
    }

    /// Writes a new file; one that appeared meanwhile is kept (O_EXCL), not replaced.
    private func write(_ text: String, to url: URL, display: String) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let reason = errno == EEXIST ? "it is already there" : String(cString: strerror(errno))
            DiagnosticPrinter.printAll([
                .error("io.write", "cannot write this file: \(reason)", at: SourceLocation(path: display))
            ])
            throw ExitCode(2)
        }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else {
                DiagnosticPrinter.printAll([
                    .error(
                        "io.write", "cannot write this file: \(String(cString: strerror(errno)))",
                        at: SourceLocation(path: display))
                ])
                throw ExitCode(2)
            }
            offset += count
        }
    }
}
