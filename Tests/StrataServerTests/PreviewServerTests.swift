import Foundation
import StrataCore
import StrataTestSupport
import Testing

@testable import StrataServer

/// The server on an ephemeral port, answered from an in-memory site, spoken to over raw
/// sockets (so that traversal attempts reach it exactly as written).
@Suite(.serialized) struct PreviewServerTests {
    static let site: [OutputFile] = [
        OutputFile(path: "index.html", text: "<!DOCTYPE html><html><body><h1>Home</h1></body></html>\n"),
        OutputFile(path: "guides/index.html", text: "<html><body>Guides</body></html>"),
        OutputFile(path: "guides/intro.html", text: "<html><body>Intro</body></html>"),
        OutputFile(path: "404.html", text: "<html><body>Site 404 page</body></html>"),
        OutputFile(path: "assets/strata.css", text: "body{}"),
        OutputFile(path: "assets/strata.js", text: "void 0"),
        OutputFile(path: "assets/favicon.svg", text: "<svg/>"),
        OutputFile(path: "graph.json", text: "{}"),
        OutputFile(path: "files/data.bin", contents: [0, 1, 2])
    ]

    /// Runs `body` against a server on a free port, then stops it and checks it stopped.
    func withServer(
        mount: String = "/", idleTimeout: Duration = .seconds(30), _ body: (Int, LiveReloadHub) async throws -> Void
    ) async throws {
        let hub = LiveReloadHub(site: ServedSite(files: Self.site, buildTag: "test-1"))
        let server = PreviewServer(host: "127.0.0.1", port: 0, mountPath: mount, hub: hub, idleTimeout: idleTimeout)
        let (ports, portSink) = AsyncStream<Int>.makeStream()
        let (stop, stopSink) = AsyncStream<Void>.makeStream()
        let running = Task {
            try await server.run(
                onListening: { portSink.yield($0) },
                background: {
                    for await _ in stop {}
                })
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            Issue.record("the server did not start")
            return
        }
        defer { stopSink.finish() }
        try await body(port, hub)
        stopSink.finish()
        try await running.value
    }

    @Test func servesPagesAndAssetsWithTheirTypes() async throws {
        try await withServer { port, _ in
            let home = try await RawHTTP.request(port: port, target: "/")
            #expect(home.status == 200)
            #expect(home.headers["content-type"] == "text/html; charset=utf-8")
            #expect(home.headers["cache-control"] == "no-store")
            #expect(home.text.contains("<h1>Home</h1>"))
            // The live-reload script is added to served pages only.
            #expect(
                home.text.contains("<script src=\"/__strata/live.js\" data-build=\"test-1\" defer></script>\n</body>"))
            #expect(Int(home.headers["content-length"] ?? "") == home.body.count)

            for (path, type) in [
                ("/assets/strata.css", "text/css; charset=utf-8"),
                ("/assets/strata.js", "text/javascript; charset=utf-8"),
                ("/assets/favicon.svg", "image/svg+xml"), ("/graph.json", "application/json"),
                ("/files/data.bin", "application/octet-stream")
            ] {
                let response = try await RawHTTP.request(port: port, target: path)
                #expect(response.status == 200, "\(path)")
                #expect(response.headers["content-type"] == type, "\(path)")
                #expect(response.headers["x-content-type-options"] == "nosniff")
                #expect(!response.text.contains("__strata"), "the script is only added to HTML")
            }
            #expect(try await RawHTTP.request(port: port, target: "/files/data.bin").body == [0, 1, 2])
            let script = try await RawHTTP.request(port: port, target: "/__strata/live.js")
            #expect(script.status == 200)
            #expect(script.headers["content-type"] == "text/javascript; charset=utf-8")
            #expect(script.text.contains("new EventSource(\"/__strata/events\")"))
        }
    }

    @Test func foldersServeTheirIndexAndBareFoldersRedirect() async throws {
        try await withServer { port, _ in
            let folder = try await RawHTTP.request(port: port, target: "/guides/")
            #expect(folder.status == 200)
            #expect(folder.text.contains("Guides"))
            let bare = try await RawHTTP.request(port: port, target: "/guides?x=1")
            #expect(bare.status == 302)
            #expect(bare.headers["location"] == "/guides/")
            #expect(try await RawHTTP.request(port: port, target: "/guides/intro.html").text.contains("Intro"))
        }
    }

    @Test func missingPathsGetTheSite404Page() async throws {
        try await withServer { port, _ in
            for target in ["/nope.html", "/guides/nope/", "/assets/missing.css", "/index.html/extra"] {
                let response = try await RawHTTP.request(port: port, target: target)
                #expect(response.status == 404, "\(target)")
                #expect(response.text.contains("Site 404 page"), "\(target)")
                #expect(response.headers["content-type"] == "text/html; charset=utf-8")
            }
        }
    }

    @Test func traversalIsRefusedOverTheWire() async throws {
        try await withServer { port, _ in
            for target in [
                "/../../../../etc/passwd", "/guides/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd",
                "/..%2f..%2fetc%2fpasswd",
                "/..%5c..%5cetc%5cpasswd", "//etc/passwd", "/%2fetc%2fpasswd", "/guides/%2e%2e/index.html", "/a%00.html"
            ] {
                let response = try await RawHTTP.request(port: port, target: target)
                #expect(response.status == 403, "\(target) answered \(response.status)")
            }
            #expect(try await RawHTTP.request(port: port, target: "/%zz").status == 400)
        }
    }

    @Test func requestsForOtherHostsAreRefused() async throws {
        // A page on another domain resolving to 127.0.0.1 (DNS rebinding) must not read the preview.
        try await withServer { port, _ in
            for host in ["127.0.0.1", "127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)", "docs.localhost"] {
                #expect(try await RawHTTP.request(port: port, target: "/", host: host).status == 200, "\(host)")
            }
            for host in ["evil.example", "evil.example:\(port)", "127.0.0.1.evil.example"] {
                let response = try await RawHTTP.request(port: port, target: "/", host: host)
                #expect(response.status == 403, "\(host)")
                #expect(!response.text.contains("Home"))
            }
        }
    }

    /// Requests a browser never sends, each of which could make a proxy and the server
    /// disagree on the host, were answered: no Host, two Hosts, a list in one, and a target
    /// in absolute form whose host the rebinding guard never saw.
    @Test func requestsWithoutOneClearHostAreRefused() async throws {
        try await withServer { port, _ in
            #expect(try await RawHTTP.request(port: port, target: "/", host: nil).status == 400)
            #expect(try await RawHTTP.request(port: port, target: "/", headers: ["Host: 127.0.0.1"]).status == 400)
            #expect(
                try await RawHTTP.request(port: port, target: "/", host: "127.0.0.1:\(port), evil.example").status
                    == 400)
            // In absolute form the target's host is the one that counts, as HTTP says.
            for (target, status) in [
                ("http://evil.example/", 403), ("HTTP://evil.example:80/index.html?x", 403), ("//evil.example/", 403),
                ("*", 400)
            ] {
                let response = try await RawHTTP.request(port: port, target: target)
                #expect(response.status == status, "\(target)")
                #expect(!response.text.contains("Home"))
            }
            #expect(try await RawHTTP.request(port: port, target: "http://127.0.0.1:\(port)/").text.contains("Home"))
            #expect(try await RawHTTP.request(port: port, target: "/").status == 200)
        }
    }

    /// A page on another site may link to the preview, but not load from it: a `<script>`
    /// on evil.example reading the search index is refused, and told so by the browser's
    /// own headers; answers carry headers against framing, referrers and cross-origin loads.
    @Test func otherSitesCannotLoadFromThePreview() async throws {
        try await withServer { port, _ in
            let script = try await RawHTTP.request(
                port: port, target: "/graph.json",
                headers: ["Sec-Fetch-Site: cross-site", "Sec-Fetch-Mode: no-cors", "Sec-Fetch-Dest: script"])
            #expect(script.status == 403)
            #expect(!script.text.contains("{}"))
            let opened = try await RawHTTP.request(
                port: port, target: "/",
                headers: ["Sec-Fetch-Site: cross-site", "Sec-Fetch-Mode: navigate", "Sec-Fetch-Dest: document"])
            #expect(opened.status == 200)
            for response in [opened, try await RawHTTP.request(port: port, target: "/missing.html")] {
                #expect(response.headers["content-security-policy"]?.contains("frame-ancestors 'none'") == true)
                #expect(response.headers["x-frame-options"] == "DENY")
                #expect(response.headers["referrer-policy"] == "no-referrer")
                #expect(response.headers["cross-origin-resource-policy"] == "same-origin")
            }
        }
    }

    /// 50 connections sending a request a byte at a time stayed open as long as the client
    /// liked. A connection without a whole request is closed after the idle timeout; an
    /// event stream, once asked for, stays open.
    @Test func slowClientsAreClosedButEventStreamsStay() async throws {
        try await withServer(idleTimeout: .seconds(1)) { port, hub in
            var slow: [RawHTTP.EventStream] = []
            for _ in 0..<50 {
                slow.append(try await RawHTTP.EventStream.open(port: port, sending: "GET / HTTP/1.1\r\nHo"))
            }
            let events = try await RawHTTP.EventStream.open(port: port)
            _ = try await events.next("hello")
            for connection in slow { try await connection.waitForClose(timeout: 30) }
            hub.publish(ServedSite(files: Self.site, buildTag: "test-2"))
            #expect(try await events.next("reload") == "{\"build\":\"test-2\"}")
        }
    }

    /// A request with a body (which the preview never reads) was drained a part at a time,
    /// each part resetting the idle timer: sent a byte at a time, it stayed open for good.
    /// It is answered at once and the connection closed.
    @Test func aRequestWithABodyIsAnsweredAndClosedAtOnce() async throws {
        try await withServer { port, _ in
            for head in [
                "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000000000\r\n\r\nx",
                "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab"
            ] {
                let connection = try await RawHTTP.EventStream.open(port: port, sending: head)
                try await connection.waitForClose(timeout: 10)
            }
            #expect(try await RawHTTP.request(port: port, target: "/").status == 200)
        }
    }

    @Test func aMountWithEscapesIsReachable() async throws {
        try await withServer(mount: "/caf%C3%A9/") { port, _ in
            let home = try await RawHTTP.request(port: port, target: "/caf%C3%A9/")
            #expect(home.text.contains("<h1>Home</h1>"))
            #expect(try await RawHTTP.request(port: port, target: "/caf%C3%A9/guides/intro.html").status == 200)
            #expect(try await RawHTTP.request(port: port, target: "/").headers["location"] == "/caf%C3%A9/")
        }
    }

    @Test func onlyGetAndHeadAreServed() async throws {
        try await withServer { port, _ in
            let head = try await RawHTTP.request(port: port, target: "/", method: "HEAD")
            #expect(head.status == 200)
            #expect(head.headers["content-type"] == "text/html; charset=utf-8")
            let post = try await RawHTTP.request(port: port, target: "/", method: "POST")
            #expect(post.status == 405)
            #expect(post.headers["allow"] == "GET, HEAD")
        }
    }

    @Test func aSiteUnderABaseURLIsMountedThere() async throws {
        try await withServer(mount: "/docs/") { port, _ in
            let root = try await RawHTTP.request(port: port, target: "/")
            #expect(root.status == 302)
            #expect(root.headers["location"] == "/docs/")
            #expect(try await RawHTTP.request(port: port, target: "/docs").headers["location"] == "/docs/")
            #expect(try await RawHTTP.request(port: port, target: "/docs/").text.contains("<h1>Home</h1>"))
            #expect(try await RawHTTP.request(port: port, target: "/docs/guides/intro.html").status == 200)
            #expect(try await RawHTTP.request(port: port, target: "/guides/intro.html").status == 404)
        }
    }

    @Test func browsersHearOfRebuildsAndFailures() async throws {
        try await withServer { port, hub in
            let events = try await RawHTTP.EventStream.open(port: port)
            #expect(try await events.next("hello") == "{\"build\":\"test-1\"}")
            var changed = Self.site
            changed[0] = OutputFile(path: "index.html", text: "<html><body><h1>Changed</h1></body></html>")
            hub.publish(ServedSite(files: changed, buildTag: "test-2"))
            #expect(try await events.next("reload") == "{\"build\":\"test-2\"}")
            #expect(try await RawHTTP.request(port: port, target: "/").text.contains("Changed"))

            // A failed build: the overlay's diagnostics; the last good site stays.
            hub.publishFailure(["Content/a.md:3:1: error: bad front matter [frontmatter.yaml]"])
            #expect(
                try await events.next("failed")
                    == "{\"build\":\"test-2\",\"diagnostics\":[\"Content/a.md:3:1: error: bad front matter "
                    + "[frontmatter.yaml]\"]}"
            )
            #expect(try await RawHTTP.request(port: port, target: "/").text.contains("Changed"))
            // A page opened now learns of the failure as soon as it connects.
            let late = try await RawHTTP.EventStream.open(port: port)
            #expect(try await late.next("hello").contains("bad front matter"))

            hub.publish(ServedSite(files: Self.site, buildTag: "test-3"))
            #expect(try await events.next("reload") == "{\"build\":\"test-3\"}")
            #expect(try await late.next("reload") == "{\"build\":\"test-3\"}")
        }
    }

    /// A large file the build publishes as a copy (`FileCopy`) is read from disk as it is
    /// sent, and served as missing once it is no longer the file the build checked.
    @Test func aCopiedFileIsStreamedFromDiskAndRefusedOnceChanged() async throws {
        let folder = TestScratch.path("served-copy")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("video.bin").resolvingSymlinksInPath()
        var generator = SeededGenerator(seed: 45)
        let bytes = (0..<(CopiedFileBody.chunk * 2 + 777)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try Data(bytes).write(to: file)
        var info = stat()
        #expect(stat(file.path, &info) == 0)
        let copy = FileCopy(source: file.path, size: bytes.count, modified: CopiedFileBody.modified(info))
        try await withServer { port, hub in
            hub.publish(
                ServedSite(
                    files: ["index.html": Array("<html></html>".utf8)], copies: ["media/video.bin": copy],
                    buildTag: "test-2"))
            let response = try await RawHTTP.request(port: port, target: "/media/video.bin")
            #expect(response.status == 200)
            #expect(response.headers["content-length"] == String(bytes.count))
            #expect(response.body == bytes)
            let head = try await RawHTTP.request(port: port, target: "/media/video.bin", method: "HEAD")
            #expect(head.status == 200 && head.body.isEmpty && head.headers["content-length"] == String(bytes.count))
            // Neither a HEAD request nor a GET leaves the file open once answered.
            for _ in 0..<20 {
                _ = try await RawHTTP.request(port: port, target: "/media/video.bin", method: "HEAD")
                _ = try await RawHTTP.request(port: port, target: "/media/video.bin")
            }
            func descriptorsOnTheFile() -> Int {
                let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
                return descriptors.filter {
                    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == file.path
                }.count
            }
            try await waitUntil(
                "the server to close video.bin after 40 requests (\(descriptorsOnTheFile()) still open)",
                timeout: .seconds(30)
            ) { descriptorsOnTheFile() == 0 }

            try Data(bytes + [1]).write(to: file)
            #expect(try await RawHTTP.request(port: port, target: "/media/video.bin").status == 404)
        }
    }

    @Test func stoppingClosesEventStreams() async throws {
        let hub = LiveReloadHub(site: ServedSite(files: Self.site, buildTag: "t"))
        let server = PreviewServer(host: "127.0.0.1", port: 0, hub: hub)
        let (ports, portSink) = AsyncStream<Int>.makeStream()
        let (stop, stopSink) = AsyncStream<Void>.makeStream()
        let running = Task {
            try await server.run(onListening: { portSink.yield($0) }, background: { for await _ in stop {} })
        }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        let events = try await RawHTTP.EventStream.open(port: port)
        _ = try await events.next("hello")
        stopSink.finish()
        try await running.value  // returns: the open stream does not hold the server up
        try await events.waitForClose(timeout: 30)
    }

    @Test(arguments: [
        ("192.0.2.1", "Cannot assign requested address (it is not an address of this machine)"),  // TEST-NET-1
        ("no-such-host.invalid", "no such host")
    ])
    func anAddressThatCannotBeUsedIsAClearError(host: String, reason: String) async throws {
        let server = PreviewServer(
            host: host, port: 0, hub: LiveReloadHub(site: ServedSite(files: Self.site, buildTag: "t")))
        do {
            try await server.run(onListening: { _ in }, background: { try await Task.sleep(for: .seconds(30)) })
            Issue.record("the server started on \(host)")
        } catch let error as PreviewServerError {
            #expect(error == .cannotBind(host: host, port: 0, reason: reason))
            #expect(error.description == "cannot listen on \(host):0: \(reason)")
        }
    }

    @Test func aBusyPortIsAClearError() async throws {
        try await withServer { port, hub in
            let second = PreviewServer(host: "127.0.0.1", port: port, hub: hub)
            var failure: (any Error)?
            do {
                try await second.run(onListening: { _ in }, background: { try await Task.sleep(for: .seconds(30)) })
            } catch {
                failure = error
            }
            let error = try #require(failure as? PreviewServerError)
            #expect(error == .portInUse(host: "127.0.0.1", port: port))
            #expect(error.description.contains("already in use"))
            #expect(error.description.contains("--port \(port + 1)"))
        }
    }
}
