import Foundation
import StrataCore

/// The site being served and the browsers listening for changes. A rebuild publishes a new
/// site (or a failure) here; every open page's event stream hears about it at once.
///
/// Thread-safe: requests read the site from NIO's threads while the rebuild loop publishes.
package final class LiveReloadHub: @unchecked Sendable {
    private let lock = NSLock()
    private var site: ServedSite
    private var listeners: [Int: AsyncStream<String>.Continuation] = [:]
    private var nextListener = 0
    private var finished = false

    package init(site: ServedSite) {
        self.site = site
    }

    /// The site requests are answered from.
    package var current: ServedSite {
        lock.withLock { site }
    }

    /// A successful build: served from now on, and every page reloads.
    package func publish(_ newSite: ServedSite) {
        var published = newSite
        published.failure = nil
        broadcast(Self.event("reload", build: published.buildTag, failure: nil)) { $0 = published }
    }

    /// A build whose files are the same as those served, but whose deferred files (the
    /// search index, which reads more than the pages show) may not be: swapped in quietly,
    /// since no page needs to reload.
    package func replaceDeferred(_ deferred: [String: DeferredFile]) {
        lock.withLock { site.deferred = deferred }
    }

    /// A failed build: the last good site stays, and every page shows the diagnostics.
    package func publishFailure(_ diagnostics: [String]) {
        let tag = lock.withLock { site.buildTag }
        broadcast(Self.event("failed", build: tag, failure: diagnostics)) { $0.failure = diagnostics }
    }

    /// A comment line that keeps proxies from closing idle streams and lets the server
    /// notice browsers that went away.
    package func ping() {
        broadcast(": ping\n\n") { _ in }
    }

    /// A stream of Server-Sent Events text for one browser: first the current state, then
    /// every change until the browser leaves or the server stops.
    package func subscribe() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(8))
        let id: Int? = lock.withLock {
            guard !finished else { return nil }
            let id = nextListener
            nextListener += 1
            listeners[id] = continuation
            continuation.yield("retry: 500\n" + Self.event("hello", build: site.buildTag, failure: site.failure))
            return id
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            self?.lock.withLock { _ = self?.listeners.removeValue(forKey: id) }
        }
        return stream
    }

    /// Ends every stream (the server is stopping); later subscribers get an empty stream.
    package func finishAll() {
        let ending: [AsyncStream<String>.Continuation] = lock.withLock {
            finished = true
            defer { listeners.removeAll() }
            return Array(listeners.values)
        }
        for continuation in ending { continuation.finish() }
    }

    private func broadcast(_ text: String, update: (inout ServedSite) -> Void) {
        let targets: [AsyncStream<String>.Continuation] = lock.withLock {
            update(&site)
            return Array(listeners.values)
        }
        for continuation in targets { continuation.yield(text) }
    }

    static func event(_ name: String, build: String, failure: [String]?) -> String {
        var data = "{\"build\":\(JSONString.quote(build))"
        if let failure {
            data += ",\"diagnostics\":[" + failure.map(JSONString.quote).joined(separator: ",") + "]"
        }
        data += "}"
        return "event: \(name)\ndata: \(data)\n\n"
    }
}
