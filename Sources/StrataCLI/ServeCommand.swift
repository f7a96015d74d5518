import ArgumentParser
import Foundation
import StrataBuild
import StrataCore
import StrataServer
import StrataWatch

/// `strata serve`: builds the site in memory, serves it, and rebuilds and reloads the
/// browser whenever an input changes. Never writes the output folder.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Preview the site: serve it locally, rebuild on every change and reload the browser.",
        discussion: """
        Serves the site from memory (the output folder is not touched) on http://127.0.0.1:8000 \
        by default. Watches the content folder, the theme, the configuration and the package's \
        manifests and sources; each change rebuilds what it affects and reloads open pages, \
        keeping their scroll position. A build that fails keeps the last good site served and \
        shows its errors in the browser. Ctrl-C stops the server.
        """
    )

    @OptionGroup var projectOptions: ProjectOptions

    @Option(name: .long, help: ArgumentHelp("The address to listen on (default: 127.0.0.1, this machine only).", valueName: "address"))
    var host = "127.0.0.1"

    @Option(name: [.customShort("p"), .long], help: ArgumentHelp("The port to listen on; 0 picks a free one (default: 8000).", valueName: "port"))
    var port = 8000

    @Flag(name: .long, help: "Look for changes by polling instead of file-system events (for network or container mounts).")
    var poll = false

    @Flag(name: .long, help: "Fail a rebuild on any warning, such as a broken link, and show it in the browser.")
    var strict = false

    @Option(name: .long, help: ArgumentHelp("How to read manifests for the module graph: syntax, swiftpm or auto.", valueName: "mode"))
    var manifest: ManifestMode = .auto

    @Option(name: .long, help: ArgumentHelp("Measure LAST_VERIFIED against this day (YYYY-MM-DD).", valueName: "date"))
    var asOf: CalendarDate?

    func validate() throws {
        guard (0 ... 65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535, not \(port)") }
        guard !host.isEmpty else { throw ValidationError("--host must not be empty") }
    }

    func run() async throws {
        let project = projectOptions.projectFiles()
        let options = BuildOptions(configPath: projectOptions.config, strict: strict, manifestMode: manifest, asOf: asOf)
        let builder = SiteBuilder(project: project, options: options)
        // The configuration decides what to watch and where the site is mounted; when it
        // does not load, the project folder is watched and the error shown in the browser.
        let config = try? builder.configuration()
        let session = PreviewSession(project: project, options: options)
        let console = Console()

        let first = await session.rebuild(changed: [])
        DiagnosticPrinter.printAll(first.diagnostics)
        if first.succeeded {
            console.line("Built \(first.pages) page\(first.pages == 1 ? "" : "s") in \(Self.format(first.milliseconds)).")
        } else {
            console.line("The first build failed; serving an error page until it is fixed.")
        }

        let watcher = FileWatcher(
            roots: Self.watchedFolders(project: project, config: config),
            excluding: Self.excludedFolders(project: project, config: config),
            options: { var o = FileWatcher.Options(); o.forcePolling = poll; return o }()
        )
        watcher.start()
        if let reason = watcher.fallbackReason { console.line("Watching by polling: \(reason).") }

        let mount = Self.mountPath(baseURL: config?.site.baseURL ?? "/")
        let server = PreviewServer(host: host, port: port, mountPath: mount, hub: session.hub)
        let displayHost = host.contains(":") ? "[\(host)]" : host
        do {
            try await server.run(onListening: { bound in
                console.line("Serving at http://\(displayHost):\(bound)\(mount) (Ctrl-C to stop)")
            }, background: {
                for await batch in watcher.batches {
                    let outcome = await session.rebuild(changed: batch)
                    Self.report(outcome, changed: batch, project: project, console: console)
                }
            })
        } catch let error as PreviewServerError {
            watcher.stop()
            DiagnosticPrinter.printAll([.error("serve.port", error.description)])
            throw ExitCode(2)
        }
        watcher.stop()
        console.line("Stopped.")
    }

    // MARK: Reporting

    static func report(_ outcome: PreviewSession.Outcome, changed: [String], project: ProjectFiles, console: Console) {
        let what = describe(changed, project: project)
        if outcome.diagnosticsChanged { DiagnosticPrinter.printAll(outcome.diagnostics) }
        guard outcome.succeeded else {
            console.line("Rebuild failed (\(what)) in \(format(outcome.milliseconds)); still serving the last good site.")
            return
        }
        guard outcome.siteChanged else {
            console.line("No change to the site (\(what)).")
            return
        }
        var line = "Rebuilt in \(format(outcome.milliseconds)) (\(what)): \(outcome.pagesRendered) of \(outcome.pages) pages rendered"
        if outcome.diagramsLaidOut > 0 { line += ", \(outcome.diagramsLaidOut) diagram\(outcome.diagramsLaidOut == 1 ? "" : "s") laid out" }
        let warnings = outcome.diagnostics.filter { $0.severity == .warning }.count
        if warnings > 0 { line += ", \(warnings) warning\(warnings == 1 ? "" : "s")" }
        console.line(line + ".")
    }

    /// `Content/a.md changed`, `3 files changed: Content/a.md, …`.
    static func describe(_ paths: [String], project: ProjectFiles) -> String {
        let root = project.root.path + "/"
        let shown = paths.map { $0.hasPrefix(root) ? project.display(String($0.dropFirst(root.count))) : $0 }
        switch shown.count {
        case 0: return "nothing changed"
        case 1: return "\(shown[0]) changed"
        case 2, 3: return "\(shown.joined(separator: ", ")) changed"
        default: return "\(shown.count) files changed: \(shown.prefix(2).joined(separator: ", ")), …"
        }
    }

    static func format(_ milliseconds: Double) -> String {
        milliseconds < 1000 ? "\(Int(milliseconds.rounded())) ms" : String(format: "%.2f s", milliseconds / 1000)
    }

    // MARK: What to watch

    /// The project folder, plus any configured input folder outside it.
    static func watchedFolders(project: ProjectFiles, config: StrataConfig?) -> [String] {
        let root = project.root.path
        var folders = [root]
        guard let config else { return folders }
        var inputs = [config.contentDirectory] + (config.packages ?? [])
        if let theme = config.themeDirectory { inputs.append(theme) }
        for input in inputs {
            let path = project.url(input).path
            if path != root, !path.hasPrefix(root + "/"), !folders.contains(path) { folders.append(path) }
        }
        return folders
    }

    static func excludedFolders(project: ProjectFiles, config: StrataConfig?) -> [String] {
        var excluded = [".build", "Output", "node_modules"].map { project.url($0).path }
        if let output = config?.outputDirectory { excluded.append(project.url(output).path) }
        return excluded
    }

    /// The path part of `base_url` (`https://example.com/docs/` → `/docs/`).
    static func mountPath(baseURL: String) -> String {
        var path = baseURL
        if let scheme = path.range(of: "://") {
            let rest = path[scheme.upperBound...]
            path = rest.firstIndex(of: "/").map { String(rest[$0...]) } ?? "/"
        }
        if !path.hasPrefix("/") { path = "/" + path }
        return path.hasSuffix("/") ? path : path + "/"
    }
}

/// Lines to standard output, written at once (not buffered), so a terminal or a test
/// reading through a pipe sees each as it happens.
struct Console: Sendable {
    func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}
