import Foundation
import StrataCore
import StrataTestSupport
import Testing

@testable import StrataServer

/// The search index in the preview: made once, when first asked for, off the threads that
/// answer requests, and replaced quietly when a build changes it but no page.
@Suite struct DeferredFileTests {
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func increment() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }
    }

    @Test func requestsArrivingTogetherShareOneMaking() async {
        let made = Counter()
        let file = DeferredFile {
            made.increment()
            Thread.sleep(forTimeInterval: 0.1)  // on DeferredFile's own queue, not the pool
            return Array("index".utf8)
        }
        let results = await withTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<8 { group.addTask { await file.contents() } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8 && results.allSatisfy { $0 == Array("index".utf8) })
        #expect(await file.contents() == Array("index".utf8))
        #expect(made.count == 1)
    }

    @Test func aNewIndexWithTheSamePagesIsServedWithoutAReload() async throws {
        var first = ServedSite(files: ["index.html": Array("<p>home</p>".utf8)], buildTag: "t-1")
        first.deferred["search-index.js"] = DeferredFile { Array("old".utf8) }
        let hub = LiveReloadHub(site: first)
        var events = hub.subscribe().makeAsyncIterator()
        #expect(await events.next()?.contains("event: hello") == true)
        hub.replaceDeferred(["search-index.js": DeferredFile { Array("new".utf8) }])
        #expect(await hub.current.contents(of: "search-index.js") == Array("new".utf8))
        #expect(hub.current.buildTag == "t-1")
        hub.finishAll()
        #expect(await events.next() == nil, "no reload was sent")
    }
}
