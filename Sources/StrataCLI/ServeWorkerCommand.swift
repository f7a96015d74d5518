import ArgumentParser
import Foundation
import StrataBuild
import StrataCore
import StrataSearch

/// `strata serve-worker`: the builder process `strata serve` starts, so that nothing a
/// rebuild meets (a reader's crash, say) can take the server down. It builds on each
/// request read from standard input and answers on standard output (see `PreviewWire`),
/// keeping what one build can reuse for the next; it ends when its input ends.
struct ServeWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve-worker",
        abstract: "The builder process of strata serve (not for direct use).",
        shouldDisplay: false
    )

    @OptionGroup var projectOptions: ProjectOptions

    @Option(name: .long) var baseURL: String?
    @Flag(name: .long) var strict = false
    @Option(name: .long) var manifest: ManifestMode = .auto
    @Option(name: .long) var asOf: CalendarDate?

    func run() throws {
        // Ctrl-C reaches the whole process group: the server decides when this ends, by
        // closing its input.
        signal(SIGINT, SIG_IGN)
        signal(SIGPIPE, SIG_IGN)
        Self.dieWithParent()
        let project = try projectOptions.projectFiles(announce: false)
        let options = BuildOptions(
            configPath: projectOptions.config, baseURL: baseURL, strict: strict, manifestMode: manifest, asOf: asOf,
            platform: projectOptions.platform)
        let memory = BuildMemory()
        let reader = PreviewWireReader(descriptor: 0)
        var sent: [String: OutputFile] = [:]
        while let request = reader.decode(PreviewWire.Request.self) {
            Self.crashForTests(changed: request.changed)
            memory.noteChanges(request.changed)
            let (result, files, searchIndex) = SiteBuilder(project: project, options: options, memory: memory)
                .renderSiteDeferringSearch()
            let succeeded = result.outcome == .written
            var changedFiles: [OutputFile] = []
            var removed: [String] = []
            if succeeded {
                // The last file given for a path is the one, as `strata build` writes it.
                var now: [String: OutputFile] = [:]
                now.reserveCapacity(files.count)
                for file in files { now[file.path] = file }
                changedFiles = now.keys.sorted().compactMap { path in
                    guard let file = now[path], sent[path] != file else { return nil }
                    return file
                }
                removed = sent.keys.filter { now[$0] == nil }.sorted()
                sent = now
            }
            let message = PreviewWire.Build(
                succeeded: succeeded, pages: result.pageCount, pagesRendered: memory.statistics.pagesRendered,
                diagramsLaidOut: result.diagrams.laidOut,
                diagnostics: result.diagnostics.map(PreviewWire.WireDiagnostic.init),
                packageFolders: memory.packageFolders.map { project.url($0).standardizedFileURL.path },
                files: changedFiles.map(PreviewWire.FileHeader.init), removed: removed,
                searchIndexFollows: succeeded && searchIndex != nil
            )
            var bytes = PreviewWire.line(message)
            for file in changedFiles { bytes += file.contents }
            guard writeAll(bytes, to: 1) else { return }
            // The index comes after: the server publishes the pages without waiting for it.
            if succeeded, let searchIndex {
                let index = searchIndex()
                guard
                    writeAll(
                        PreviewWire.line(PreviewWire.SearchIndex(path: index.path, size: index.contents.count))
                            + index.contents, to: 1)
                else { return }
            }
        }
    }

    /// Ends this process when the server that started it is gone, however it went: a
    /// builder stuck in a build would otherwise outlive it. (Not `PR_SET_PDEATHSIG`, which
    /// fires when the *thread* that started the process ends, and dispatch threads do.)
    static func dieWithParent() {
        let parent = getppid()
        let watcher = Thread {
            while true {
                sleep(1)
                if getppid() != parent { _exit(0) }
            }
        }
        watcher.name = "strata-builder-watch"
        watcher.start()
    }

    /// For tests of a builder that crashes or hangs: in a debug build, with
    /// `STRATA_TEST_CRASH_ON` naming a file, a rebuild for a change to that file ends the
    /// process as a crash would; with `STRATA_TEST_HANG_ON`, it never ends.
    static func crashForTests(changed: [String]) {
        #if DEBUG
            if let name = ProcessInfo.processInfo.environment["STRATA_TEST_HANG_ON"],
                changed.contains(where: { $0.hasSuffix("/" + name) })
            {
                while true { sleep(60) }
            }
            if let name = ProcessInfo.processInfo.environment["STRATA_TEST_CRASH_ON"],
                changed.contains(where: { $0.hasSuffix("/" + name) })
            {
                // The runtime's crash handler would answer a signal sent this way and go on.
                signal(SIGSEGV, SIG_DFL)
                raise(SIGSEGV)
            }
        #endif
    }
}
