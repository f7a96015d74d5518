import Foundation
import StrataBuild
import StrataCore
import StrataServer
import StrataSite

/// The rebuild side of `strata serve`: builds the site in memory, keeps what each build
/// can reuse (`BuildMemory`), and hands every good build to the server's hub, or every
/// failed one's diagnostics to the overlay while the last good site stays served.
final class PreviewSession: @unchecked Sendable {
    let project: ProjectFiles
    let options: BuildOptions
    let memory = BuildMemory()
    let hub: LiveReloadHub
    /// Identifies this server run, so a browser that reconnects to a restarted server reloads.
    let session: String
    private var buildNumber = 0
    private var lastDiagnostics: [Diagnostic] = []
    private let queue = DispatchQueue(label: "strata.rebuild")

    init(project: ProjectFiles, options: BuildOptions) {
        self.project = project
        self.options = options
        self.session = String(UInt32.random(in: 0 ... .max), radix: 36)
        let building = Array(Self.buildingPage.utf8)
        self.hub = LiveReloadHub(site: ServedSite(files: ["index.html": building, "404.html": building], buildTag: "\(session)-0"))
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

    private func rebuildNow(changed: [String]) -> Outcome {
        let started = ContinuousClock.now
        memory.noteChanges(changed)
        let (result, files, searchIndex) = SiteBuilder(project: project, options: options, memory: memory).renderSiteDeferringSearch()
        let diagnosticsChanged = result.diagnostics != lastDiagnostics
        lastDiagnostics = result.diagnostics
        var outcome = Outcome(
            succeeded: result.outcome == .written, siteChanged: false, milliseconds: 0, pages: result.pageCount,
            pagesRendered: memory.rendering.renderedCount, diagramsLaidOut: result.diagrams.laidOut,
            diagnostics: result.diagnostics, diagnosticsChanged: diagnosticsChanged
        )
        outcome.packageFolders = memory.packageFolders.map { project.url($0).standardizedFileURL.path }
        let current = hub.current
        if outcome.succeeded {
            var site = ServedSite(files: files, buildTag: "\(session)-\(buildNumber + 1)")
            if let searchIndex { site.deferred[SearchIndex.path] = DeferredFile { searchIndex().contents } }
            outcome.siteChanged = site.files != current.files || current.failure != nil || buildNumber == 0
            if outcome.siteChanged {
                buildNumber += 1
                hub.publish(site)
            } else {
                hub.replaceDeferred(site.deferred)
            }
        } else {
            var shown = result.diagnostics.filter { $0.severity == .error }
            if shown.isEmpty { shown = result.diagnostics }  // --strict: the warnings failed it
            if buildNumber == 0 {
                // Nothing good to show yet: every page explains, and reloads once fixed.
                let page = Array(Self.failurePage.utf8)
                hub.publish(ServedSite(files: ["index.html": page, "404.html": page], buildTag: "\(session)-0"))
            }
            hub.publishFailure(shown.map(\.description))
        }
        let elapsed = (ContinuousClock.now - started).components
        outcome.milliseconds = Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) / 1e15
        return outcome
    }

    static let buildingPage = """
    <!DOCTYPE html>
    <html lang="en">
    <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Building · strata serve</title></head>
    <body style="font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">
    <h1>Building the site…</h1>
    <p>Strata is building the site for the first time; this page reloads by itself when it is ready.</p>
    </body>
    </html>

    """

    static let failurePage = """
    <!DOCTYPE html>
    <html lang="en">
    <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Build failed · strata serve</title></head>
    <body style="font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">
    <h1>The site has not built yet</h1>
    <p>Strata's first build failed. The errors are shown at the bottom of this page and in the terminal running <code>strata serve</code>;
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
