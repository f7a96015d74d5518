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

    @Option(
        name: .long,
        help: ArgumentHelp("The address to listen on (default: 127.0.0.1, this machine only).", valueName: "address"))
    var host = "127.0.0.1"

    @Option(
        name: [.customShort("p"), .long],
        help: ArgumentHelp("The port to listen on; 0 picks a free one (default: 8000).", valueName: "port"))
    var port = 8000

    @Flag(
        name: .long,
        help: "Look for changes by polling instead of file-system events (for network or container mounts).")
    var poll = false

    @Flag(name: .long, help: "Fail a rebuild on any warning, such as a broken link, and show it in the browser.")
    var strict = false

    @Option(name: .long, help: ArgumentHelp(ManifestMode.help, valueName: "mode"))
    var manifest: ManifestMode = .auto

    @Option(name: .long, help: ArgumentHelp("Measure LAST_VERIFIED against this day (YYYY-MM-DD).", valueName: "date"))
    var asOf: CalendarDate?

    func validate() throws {
        guard (0...65535).contains(port) else {
            throw ValidationError("--port must be between 0 and 65535, not \(port)")
        }
        guard !host.isEmpty else { throw ValidationError("--host must not be empty") }
    }

    func run() async throws {
        // Writing to a builder that just died must fail with EPIPE, not end the server
        // (SwiftNIO ignores SIGPIPE process-wide on Linux only).
        signal(SIGPIPE, SIG_IGN)
        let project = try projectOptions.projectFiles()
        // Everything else can be fixed while the server runs; a mistyped folder cannot.
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: project.root.path, isDirectory: &isFolder), isFolder.boolValue
        else {
            DiagnosticPrinter.printAll([
                .error("usage", "the project folder '\(projectOptions.project ?? project.root.path)' does not exist")
            ])
            throw ExitCode(2)
        }
        // The configuration decides what to watch and where the site is mounted; when it
        // does not load, the project folder is watched and the error shown in the browser.
        let config = try? ConfigureStage(project: project, options: BuildOptions(configPath: projectOptions.config))
            .run()
        let mount = Self.mountPath(baseURL: config?.site.baseURL ?? "/")
        // An absolute base URL would send the preview's 404 page to the published site.
        let baseURL = config.map { Self.isAbsolute($0.site.baseURL) } == true ? mount : nil
        let options = BuildOptions(
            configPath: projectOptions.config, baseURL: baseURL, strict: strict, manifestMode: manifest, asOf: asOf,
            platform: projectOptions.platform)
        let session = PreviewSession(project: project, options: options)

        // Watching starts before the first build, so a save during it is not missed.
        let watched = Self.watchedFolders(project: project, config: config)
        // The configuration is watched by name wherever it is (`--config ../shared/strata.yml`).
        let configFile = project.url(projectOptions.config ?? "strata.yml").path
        let watcher = FileWatcher(
            roots: watched,
            files: [configFile],
            excluding: Self.excludedFolders(project: project, config: config),
            options: {
                var o = FileWatcher.Options()
                o.forcePolling = poll
                return o
            }()
        )
        watcher.start()
        if let reason = watcher.fallbackReason { CommandOutput.line("Watching by polling: \(reason).") }

        // The port is taken before the first build, so a busy port is reported at once;
        // until the build is done, pages say it is building.
        let server = PreviewServer(host: host, port: port, mountPath: mount, hub: session.hub)
        let displayHost = host.contains(":") ? "[\(host)]" : host
        do {
            try await server.run(
                onListening: { bound in
                    CommandOutput.line("Serving at http://\(displayHost):\(bound)\(mount) (Ctrl-C to stop)")
                },
                background: {
                    guard let first = await session.rebuild(changed: []) else { return }
                    DiagnosticPrinter.printAll(first.diagnostics)
                    if first.succeeded {
                        CommandOutput.line(
                            "Built \(first.pages) page\(first.pages == 1 ? "" : "s") in "
                                + "\(Self.format(first.milliseconds))."
                        )
                    } else {
                        CommandOutput.line("The first build failed; serving an error page until it is fixed.")
                    }
                    var noticed = false
                    // inotify can give way to polling later (a watched file's folder went away).
                    var pollingAnnounced = watcher.fallbackReason != nil
                    // A rebuild that hangs is stopped when newer changes arrive (PreviewSession).
                    let inbox = ChangeInbox(ignoring: OwnOutputFiles(), arrived: { session.newerChangesArrived() })
                    async let collecting: Void = inbox.collect(from: watcher)
                    // Local packages outside the project (`.package(path: "../Shared")`) are
                    // watched as the graph names them.
                    var packageWatchers: [String: FileWatcher] = [:]
                    defer {
                        watcher.stop()
                        for extra in packageWatchers.values { extra.stop() }
                        session.stop()
                    }
                    func watchPackages(of outcome: PreviewSession.Outcome) {
                        let watchedRoots = watched + Array(packageWatchers.keys)
                        for folder in outcome.packageFolders
                        where !watchedRoots.contains(where: { folder == $0 || folder.hasPrefix($0 + "/") }) {
                            let extra = FileWatcher(
                                roots: [folder], excluding: [folder + "/.build"], options: watcher.options)
                            extra.start()
                            packageWatchers[folder] = extra
                            Task { await inbox.collect(from: extra, endsInbox: false) }
                        }
                    }
                    watchPackages(of: first)
                    while let batch = await inbox.next() {
                        guard let outcome = await session.rebuild(changed: batch) else { return }
                        watchPackages(of: outcome)
                        Self.report(outcome, changed: batch, project: project)
                        if !noticed, batch.contains(configFile),
                            let notice = Self.restartNotice(
                                project: project, options: options, watched: watched, mount: mount)
                        {
                            CommandOutput.line(notice)
                            noticed = true
                        }
                        if !pollingAnnounced, let reason = watcher.fallbackReason {
                            CommandOutput.line("Watching by polling from now on: \(reason).")
                            pollingAnnounced = true
                        }
                    }
                    await collecting
                })
        } catch let error as PreviewServerError {
            watcher.stop()
            DiagnosticPrinter.printAll([.error("serve.port", error.description)])
            throw ExitCode(2)
        }
        watcher.stop()
        CommandOutput.line("Stopped.")
    }

    /// What the configuration now says that a running server cannot follow.
    static func restartNotice(project: ProjectFiles, options: BuildOptions, watched: [String], mount: String) -> String?
    {
        guard
            let config = try? ConfigureStage(project: project, options: BuildOptions(configPath: options.configPath))
                .run()
        else { return nil }
        let now = mountPath(baseURL: config.site.baseURL)
        if now != mount {
            return "The site's base URL now starts with \(now); restart strata serve to serve it there."
        }
        let folders = watchedFolders(project: project, config: config)
        if let unwatched = folders.first(where: { !watched.contains($0) }) {
            return "strata.yml now names \(unwatched), outside the project folder; restart strata serve to watch it."
        }
        return nil
    }

    // MARK: Reporting

    static func report(_ outcome: PreviewSession.Outcome, changed: [String], project: ProjectFiles) {
        let what = describe(changed, project: project)
        if outcome.diagnosticsChanged { DiagnosticPrinter.printAll(outcome.diagnostics) }
        guard outcome.succeeded else {
            if outcome.diagnostics.contains(where: { $0.ruleID == PreviewSession.supersededID }) {
                CommandOutput.line(
                    "Stopped the rebuild (\(what)) after \(format(outcome.milliseconds)): newer changes arrived; "
                        + "building them now."
                )
                return
            }
            CommandOutput.line(
                "Rebuild failed (\(what)) in \(format(outcome.milliseconds)); still serving the last good site.")
            return
        }
        guard outcome.siteChanged else {
            CommandOutput.line("No change to the site (\(what)).")
            return
        }
        var line =
            "Rebuilt in \(format(outcome.milliseconds)) (\(what)): \(outcome.pagesRendered) of \(outcome.pages) "
            + "pages rendered"
        if outcome.diagramsLaidOut > 0 {
            line += ", \(outcome.diagramsLaidOut) diagram\(outcome.diagramsLaidOut == 1 ? "" : "s") laid out"
        }
        let warnings = outcome.diagnostics.filter { $0.severity == .warning }.count
        if warnings > 0 { line += ", \(warnings) warning\(warnings == 1 ? "" : "s")" }
        CommandOutput.line(line + ".")
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
        var inputs = [config.contentDirectory] + PackageRoots.watchedFolders(config.packages ?? [])
        // An Xcode project's sources sit around it: its folder's parent is watched.
        inputs += PackageRoots.watchedFolders(config.projects ?? []).map { entry in
            guard entry.hasSuffix(".xcodeproj") || entry.hasSuffix(".xcworkspace") else { return entry }
            let parts = entry.split(separator: "/").dropLast()
            return parts.isEmpty ? "." : parts.joined(separator: "/")
        }
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

    static func isAbsolute(_ baseURL: String) -> Bool {
        baseURL.range(of: "://") != nil
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
