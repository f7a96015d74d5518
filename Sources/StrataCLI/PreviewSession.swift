import Foundation
import StrataBuild
import StrataCore
import StrataSearch
import StrataServer
import Synchronization

/// The rebuild side of `strata serve`: a builder process (`strata serve-worker`) builds the
/// site in memory and keeps what each build can reuse; this hands every good build to the
/// server's hub, or every failed one's diagnostics to the overlay while the last good site
/// stays served. Should the builder crash, or be killed, the server stays up: the crash is
/// shown like a failed build, and the next change starts a new builder.
final class PreviewSession: @unchecked Sendable {
    let project: ProjectFiles
    let options: BuildOptions
    let hub: LiveReloadHub
    /// Identifies this server run, so a browser that reconnects to a restarted server reloads.
    let session: String
    private var buildNumber = 0
    private var lastDiagnostics: [Diagnostic] = []
    private let queue = DispatchQueue(label: "strata.rebuild")
    /// The builder, while one runs, and the site as it has sent it so far.
    private var builder: Builder?
    private var builderSite: [String: [UInt8]] = [:]
    private var builderCopies: [String: FileCopy] = [:]
    /// The builder's process id, for `stop` and the watchdog, which do not wait for the queue.
    private let running = Mutex<Int32?>(nil)
    /// A build taking longer than this is taken for a builder that hangs: it is killed, and
    /// reported as a crash is.
    static let buildDeadline: Duration = .seconds(600)
    /// A rebuild still running when newer changes arrive is stopped once it has run this
    /// many times as long as the slowest build so far, and at least `shortestHang`: it is
    /// taken for one that hangs, and the newer changes are built at once instead of after
    /// `buildDeadline`.
    static let hangFactor = 3
    static let shortestHang: Duration = .seconds(10)
    /// The rebuild under way (its builder's process and when it began), the slowest build
    /// so far, and the builder stopped for newer changes, if any; read by the watcher's side.
    private let underWay = Mutex<(pid: Int32, since: ContinuousClock.Instant)?>(nil)
    private let slowestBuild = Mutex<Duration>(.zero)
    private let superseded = Mutex<Int32?>(nil)

    struct Builder {
        let process: Process
        let input: FileHandle
        let reader: PreviewWireReader
    }

    init(project: ProjectFiles, options: BuildOptions) {
        self.project = project
        self.options = options
        self.session = String(UInt32.random(in: 0 ... .max), radix: 36)
        let building = Array(Self.buildingPage.utf8)
        self.hub = LiveReloadHub(
            site: ServedSite(files: ["index.html": building, "404.html": building], buildTag: "\(session)-0"))
    }

    /// What one build did, for the line printed per rebuild.
    struct Outcome {
        var succeeded: Bool
        var siteChanged: Bool
        var milliseconds: Double
        var pages: Int
        var pagesRendered: Int
        var diagramsLaidOut: Int
        var diagnostics: [Diagnostic]
        var diagnosticsChanged: Bool
        /// The folders of the packages the module graph was read from, absolute.
        var packageFolders: [String] = []
    }

    /// Builds on a thread of its own (never on Swift's cooperative pool, where the server
    /// answers requests), then publishes the result. Returns nil at once when the task is
    /// cancelled (Ctrl-C): the server stops without waiting for the build to end.
    func rebuild(changed: [String]) async -> Outcome? {
        let waiter = OneShot<Outcome?>()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiter.wait(with: continuation)
                queue.async { waiter.resume(self.rebuildNow(changed: changed)) }
            }
        } onCancel: {
            waiter.resume(nil)
        }
    }

    /// Newer changes arrived: a rebuild under way that runs far longer than any build before
    /// it (`hangFactor`, `shortestHang`) is stopped then, so that they are built now.
    func newerChangesArrived() {
        guard let build = underWay.withLock({ $0 }) else { return }
        let limit = max(Self.shortestHang, slowestBuild.withLock { $0 } * Self.hangFactor)
        let wait = max(.zero, build.since + limit - ContinuousClock.now)
        let seconds = Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            underWay.withLock { current in
                guard let current, current.pid == build.pid, current.since == build.since else { return }
                superseded.withLock { $0 = build.pid }
                kill(build.pid, SIGKILL)
            }
        }
    }

    /// Ends the builder at once, whatever it is doing (the server is stopping).
    func stop() {
        running.withLock { pid in
            if let pid { kill(pid, SIGKILL) }
            pid = nil
        }
    }

    private func rebuildNow(changed: [String]) -> Outcome {
        let started = ContinuousClock.now
        var outcome: Outcome
        do {
            outcome = try build(changed: changed)
        } catch let failure as BuilderFailure {
            outcome = Outcome(
                succeeded: false, siteChanged: false, milliseconds: 0, pages: 0, pagesRendered: 0, diagramsLaidOut: 0,
                diagnostics: [failure.diagnostic], diagnosticsChanged: true)
            lastDiagnostics = []
            // A rebuild stopped for newer changes is followed at once by theirs.
            if failure.diagnostic.ruleID != Self.supersededID {
                if buildNumber == 0 {
                    hub.publish(
                        ServedSite(
                            files: [
                                "index.html": Array(Self.failurePage.utf8), "404.html": Array(Self.failurePage.utf8)
                            ], buildTag: "\(session)-0"))
                }
                hub.publishFailure([failure.diagnostic.description])
            }
        } catch {
            outcome = Outcome(
                succeeded: false, siteChanged: false, milliseconds: 0, pages: 0, pagesRendered: 0, diagramsLaidOut: 0,
                diagnostics: [], diagnosticsChanged: false)
        }
        let elapsed = (ContinuousClock.now - started).components
        outcome.milliseconds = Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) / 1e15
        return outcome
    }

    static let supersededID = "serve.build-superseded"

    /// Why the builder gave no build: it crashed, was killed, or could not start.
    struct BuilderFailure: Error {
        var diagnostic: Diagnostic
    }

    private func build(changed: [String]) throws -> Outcome {
        let fresh = builder == nil
        let builder = try self.builder ?? startBuilder()
        self.builder = builder
        if fresh { (builderSite, builderCopies) = ([:], [:]) }
        // A new builder has nothing to reuse: it builds everything.
        let request = PreviewWire.line(PreviewWire.Request(changed: fresh ? [] : changed))
        let pid = builder.process.processIdentifier
        let watchdog = DispatchWorkItem { [self] in
            running.withLock { running in if running == pid { kill(pid, SIGKILL) } }
        }
        let seconds = Double(Self.buildDeadline.components.seconds)
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: watchdog)
        defer { watchdog.cancel() }
        let since = ContinuousClock.now
        // A builder started after one was stopped builds everything, more slowly than any
        // rebuild before it: it is not stopped in turn.
        let restarted = superseded.withLock { stopped in
            defer { stopped = nil }
            return stopped != nil
        }
        if !restarted { underWay.withLock { $0 = (pid, since) } }
        defer { underWay.withLock { $0 = nil } }
        guard (try? builder.input.write(contentsOf: request)) != nil,
            let build = builder.reader.decode(PreviewWire.Build.self)
        else {
            throw crash(of: builder, changed: changed)
        }
        // The build is done; only its files follow, and they are never stopped.
        underWay.withLock { $0 = nil }
        let took = ContinuousClock.now - since
        slowestBuild.withLock { $0 = max($0, took) }
        var site = builderSite
        var copies = builderCopies
        for file in build.files {
            if let copy = file.copy {
                (site[file.path], copies[file.path]) = (nil, copy)
                continue
            }
            guard let bytes = builder.reader.read(file.size) else { throw crash(of: builder, changed: changed) }
            (site[file.path], copies[file.path]) = (bytes, nil)
        }
        for path in build.removed { (site[path], copies[path]) = (nil, nil) }
        if build.succeeded { (builderSite, builderCopies) = (site, copies) }

        let diagnostics = build.diagnostics.map(\.diagnostic)
        let diagnosticsChanged = diagnostics != lastDiagnostics
        lastDiagnostics = diagnostics
        var outcome = Outcome(
            succeeded: build.succeeded, siteChanged: false, milliseconds: 0, pages: build.pages,
            pagesRendered: build.pagesRendered, diagramsLaidOut: build.diagramsLaidOut,
            diagnostics: diagnostics, diagnosticsChanged: diagnosticsChanged, packageFolders: build.packageFolders
        )
        let current = hub.current
        if build.succeeded {
            var served = ServedSite(files: site, copies: copies, buildTag: "\(session)-\(buildNumber + 1)")
            let index = PendingFile()
            if build.searchIndexFollows { served.deferred[SearchIndex.path] = DeferredFile { index.wait() } }
            // The builder sends only what differs from its last good build, which is what is
            // served; a new builder sends everything, so only then is the site compared.
            let filesChanged =
                fresh
                ? served.files != current.files || served.copies != current.copies
                : !build.files.isEmpty || !build.removed.isEmpty
            outcome.siteChanged = filesChanged || current.failure != nil || buildNumber == 0
            if outcome.siteChanged {
                buildNumber += 1
                hub.publish(served)
            } else {
                hub.replaceDeferred(served.deferred)
            }
            // The pages are out; the index follows, before the builder takes another request.
            if build.searchIndexFollows {
                guard let header = builder.reader.decode(PreviewWire.SearchIndex.self),
                    let bytes = builder.reader.read(header.size)
                else {
                    index.fulfil([])
                    throw crash(of: builder, changed: changed)
                }
                index.fulfil(bytes)
            }
        } else {
            var shown = diagnostics.filter { $0.severity == .error }
            if shown.isEmpty { shown = diagnostics }  // --strict: the warnings failed it
            if buildNumber == 0 {
                // Nothing good to show yet: every page explains, and reloads once fixed.
                let page = Array(Self.failurePage.utf8)
                hub.publish(ServedSite(files: ["index.html": page, "404.html": page], buildTag: "\(session)-0"))
            }
            hub.publishFailure(shown.map(\.description))
        }
        return outcome
    }

    private func startBuilder() throws -> Builder {
        let process = Process()
        process.executableURL = Self.executable
        var arguments = ["serve-worker", "-C", project.root.path, "--manifest", options.manifestMode.rawValue]
        if let config = options.configPath { arguments += ["--config", config] }
        // The folders the command line allowed, as real paths (the project's own is first).
        for root in project.boundary.roots.dropFirst() { arguments += ["--allow-read", root] }
        if let baseURL = options.baseURL { arguments += ["--base-url", baseURL] }
        if options.strict { arguments.append("--strict") }
        if let asOf = options.asOf { arguments += ["--as-of", asOf.description] }
        if let platform = options.platform { arguments += ["--platform", platform] }
        process.arguments = arguments
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            throw BuilderFailure(
                diagnostic: .error(
                    "serve.builder",
                    "cannot start the builder process (\(Self.executable.path)): \(error.localizedDescription)"))
        }
        running.withLock { $0 = process.processIdentifier }
        return Builder(
            process: process, input: input.fileHandleForWriting,
            reader: PreviewWireReader(descriptor: output.fileHandleForReading.fileDescriptor))
    }

    /// The builder stopped answering: it is reaped, and the next rebuild starts another.
    private func crash(of builder: Builder, changed: [String]) -> BuilderFailure {
        self.builder = nil
        // Out of step or hung, it may still be writing: it is killed, never waited on alive.
        running.withLock { pid in
            if pid == builder.process.processIdentifier { pid = nil }
        }
        kill(builder.process.processIdentifier, SIGKILL)
        try? builder.input.close()
        builder.process.waitUntilExit()
        let after =
            changed.isEmpty
            ? "building the site" : "rebuilding after " + ServeCommand.describe(changed, project: project)
        if superseded.withLock({ $0 == builder.process.processIdentifier }) {
            let slowest = slowestBuild.withLock { $0 }
            let slowestMilliseconds =
                Double(slowest.components.seconds) * 1000 + Double(slowest.components.attoseconds) / 1e15
            return BuilderFailure(
                diagnostic: .warning(
                    Self.supersededID,
                    "the builder was stopped while \(after): newer changes arrived after it had run "
                        + "\(Self.hangFactor) times as long as the slowest build so far "
                        + "(\(ServeCommand.format(slowestMilliseconds))), "
                        + "and at least \(Self.shortestHang.components.seconds) s; they are built now. "
                        + "Should this happen again, `strata build` shows what takes so long"
                ))
        }
        let how =
            builder.process.terminationReason == .uncaughtSignal
            ? "was ended by signal \(builder.process.terminationStatus) "
                + "(\(String(cString: strsignal(builder.process.terminationStatus))))"
            : "exited with status \(builder.process.terminationStatus)"
        return BuilderFailure(
            diagnostic: .error(
                "serve.builder-crashed",
                "the builder \(how) while \(after); this is a bug in Strata, please report it with the file that "
                    + "changed. The last good site is still served, and the next change starts a new builder"
            ))
    }

    /// This executable, to start the builder with.
    static let executable: URL = {
        #if os(Linux)
            if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
                return URL(fileURLWithPath: resolved)
            }
        #endif
        return Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    }()

    static let buildingPage = """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, \
        initial-scale=1"><title>Building · strata serve</title></head>
        <body style="font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">
        <h1>Building the site…</h1>
        <p>Strata is building the site for the first time; this page reloads by itself when it is ready.</p>
        </body>
        </html>

        """

    static let failurePage = """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Build \
        failed · strata serve</title></head>
        <body style="font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">
        <h1>The site has not built yet</h1>
        <p>Strata's first build failed. The errors are shown at the bottom of this page and in the terminal running \
        <code>strata serve</code>;
        this page reloads by itself once they are fixed.</p>
        </body>
        </html>

        """
}

/// A continuation resumed exactly once, by whichever comes first: the result or a cancel.
final class OneShot<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value, Never>?
    private var resumed = false
    private var result: Value?

    func wait(with continuation: CheckedContinuation<Value, Never>) {
        lock.lock()
        if resumed, let value = result {
            lock.unlock()
            continuation.resume(returning: value)
            return
        }
        self.continuation = continuation
        lock.unlock()
    }

    func resume(_ value: Value) {
        lock.lock()
        guard !resumed else {
            lock.unlock()
            return
        }
        resumed = true
        result = value
        let waiting = continuation
        continuation = nil
        lock.unlock()
        waiting?.resume(returning: value)
    }
}

/// A file one thread waits for and another gives: the search index, which the builder sends
/// after the pages.
final class PendingFile: @unchecked Sendable {
    private let condition = NSCondition()
    private var bytes: [UInt8]?

    func fulfil(_ contents: [UInt8]) {
        condition.withLock {
            bytes = contents
            condition.broadcast()
        }
    }

    /// Waits (on `DeferredFile`'s own queue, never the cooperative pool) for the bytes.
    func wait() -> [UInt8] {
        condition.withLock {
            while bytes == nil { condition.wait() }
            return bytes ?? []
        }
    }
}
