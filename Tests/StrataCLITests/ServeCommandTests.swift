import Foundation
import StrataTestSupport
import Testing

/// `strata serve` as a user runs it: the real executable on an ephemeral port, a real
/// project folder edited underneath it, and a browser's view through HTTP and the event
/// stream.
@Suite struct ServeCommandTests {
    /// A running `strata serve`, its output read line by line.
    final class Server: Sendable {
        let process: LiveProcess
        let port: Int

        private init(process: LiveProcess, port: Int) {
            self.process = process
            self.port = port
        }

        /// Starts `strata serve --port 0` in `folder` and waits for its first build.
        static func start(in folder: URL, arguments: [String] = [], environment: [String: String] = [:]) async throws
            -> Server
        {
            let process = try LiveProcess(
                CommandLineTests.executable, ["serve", "--port", "0"] + arguments, in: folder, environment: environment)
            let line = try await process.line(containing: "Serving at http://127.0.0.1:")
            guard let portText = line.split(separator: ":").last?.split(separator: "/").first, let port = Int(portText)
            else {
                _ = await process.stop(with: SIGKILL)
                throw ChildProcess.Failure("no port in '\(line)'")
            }
            // The port is bound before the first build; wait for the build too.
            try await waitUntil(
                "the first build of strata serve; it printed: \(process.stdout)\(process.stderr)",
                timeout: .seconds(120)
            ) {
                let output = process.stdout
                return output.contains("Built ") || output.contains("The first build failed")
            }
            return Server(process: process, port: port)
        }

        var stdout: String { process.stdout }
        var stderr: String { process.stderr }

        /// The first output line containing `text` (after `skipping` earlier ones), waiting for it.
        @discardableResult
        func waitForLine(containing text: String, skipping: Int = 0) async throws -> String {
            try await process.line(containing: text, skipping: skipping)
        }

        /// Sends SIGINT (Ctrl-C) and returns the exit status.
        func interrupt() async -> Int32? {
            await process.stop(with: SIGINT)
        }

        /// Sends SIGINT and expects a clean stop (exit 0); a failure shows what it printed.
        func expectStops(sourceLocation: SourceLocation = #_sourceLocation) async {
            let status = await interrupt()
            #expect(
                status == 0,
                Comment(
                    rawValue: "strata serve ended with \(status.map(String.init) ?? "no exit within 30 s"); it "
                        + "printed:\n\(stdout)\(stderr)\(process.hangReport)"),
                sourceLocation: sourceLocation)
        }
    }

    func project(_ files: [String: String]) throws -> URL {
        try CommandLineTests().project(files)
    }

    func write(_ root: URL, _ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent(path))
    }

    static let basicProject = [
        "strata.yml": "site:\n  title: Preview test\n",
        "Content/index.md": "# Home\n\nSee the [guide](guide.md).\n",
        "Content/guide.md": "# Guide\n\nFirst version.\n",
        "Content/logo.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n"
    ]

    @Test func servesTheSiteAndReloadsAfterAChange() async throws {
        let root = try project(Self.basicProject)
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try await Server.start(in: root)
        let events = try await RawHTTP.EventStream.open(port: server.port)
        let hello = try await events.next("hello")

        let guide = try await RawHTTP.request(port: server.port, target: "/guide.html")
        #expect(guide.status == 200)
        #expect(guide.text.contains("First version."))
        #expect(guide.text.contains("/__strata/live.js"))
        #expect(
            try await RawHTTP.request(port: server.port, target: "/logo.svg").headers["content-type"] == "image/svg+xml"
        )
        #expect(
            try await RawHTTP.request(port: server.port, target: "/assets/strata.css").headers["content-type"]
                == "text/css; charset=utf-8")
        let missing = try await RawHTTP.request(port: server.port, target: "/no/such/page.html")
        #expect(missing.status == 404)
        #expect(missing.text.contains("Page not found"))
        #expect(try await RawHTTP.request(port: server.port, target: "/..%2f..%2fstrata.yml").status == 403)

        try write(root, "Content/guide.md", "# Guide\n\nSecond version.\n")
        let reload = try await events.next("reload")
        #expect(reload != hello)
        #expect(try await RawHTTP.request(port: server.port, target: "/guide.html").text.contains("Second version."))
        let line = try await server.waitForLine(containing: "Rebuilt in")
        #expect(line.contains("(Content/guide.md changed): 1 of 2 pages rendered"), "\(line)")
        // Saved again with the same text: the site is the same, and nothing reloads.
        try write(root, "Content/guide.md", "# Guide\n\nSecond version.\n")
        try await server.waitForLine(containing: "No change to the site (Content/guide.md changed).")

        // Serving never writes the output folder.
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Output").path))
        await server.expectStops()
        #expect(server.stdout.hasSuffix("Stopped.\n"))
    }

    /// `strata serve > serve.log` in the project folder: the server's own lines change a file
    /// it watches, and taken for edits they would each start a rebuild whose line changes the
    /// file again, without end. Its own output is not an edit; an edit still rebuilds.
    @Test func itsOwnLogInTheProjectIsNotAnEdit() async throws {
        let root = try project(Self.basicProject)
        defer { try? FileManager.default.removeItem(at: root) }
        let log = root.appendingPathComponent("serve.log")
        let shell = try LiveProcess(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "exec \"$0\" serve --port 0 > serve.log 2>&1", CommandLineTests.executable.path], in: root)
        let logged = { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
        try await waitUntil("the first build, in serve.log: \(logged())", timeout: .seconds(120)) {
            logged().contains("Built ")
        }
        try write(root, "Content/guide.md", "# Guide\n\nSecond version.\n")
        try await waitUntil("the rebuild after an edit, in serve.log: \(logged())") { logged().contains("Rebuilt in") }
        // Long enough for the watcher to report the lines just written, several times over.
        try await Task.sleep(for: .seconds(1))
        #expect(!logged().contains("serve.log changed"), "\(logged())")
        let status = await shell.stop(with: SIGINT)
        #expect(status == 0, "\(logged())")
    }

    @Test func aBrokenChangeShowsTheOverlayAndKeepsTheLastGoodSite() async throws {
        let root = try project(Self.basicProject)
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try await Server.start(in: root)
        let events = try await RawHTTP.EventStream.open(port: server.port)
        _ = try await events.next("hello")

        try write(root, "Content/guide.md", "---\ntitle: [unclosed\n---\n# Guide\n")
        let failed = try await events.next("failed")
        #expect(failed.contains("Content/guide.md:3:1: error: invalid YAML"), "\(failed)")
        #expect(failed.contains("error:"))
        try await server.waitForLine(containing: "Rebuild failed (Content/guide.md changed)")
        try await waitUntil("the diagnostic on strata serve's standard error; it printed: \(server.stderr)") {
            server.stderr.contains("Content/guide.md:3:1: error: invalid YAML")
        }
        // The last good site is still served.
        #expect(try await RawHTTP.request(port: server.port, target: "/guide.html").text.contains("First version."))
        // A page opened now shows the overlay at once.
        let late = try await RawHTTP.EventStream.open(port: server.port)
        #expect(try await late.next("hello").contains("Content/guide.md:3:1: error: invalid YAML"))

        try write(root, "Content/guide.md", "# Guide\n\nFixed.\n")
        _ = try await events.next("reload")
        _ = try await late.next("reload")
        #expect(try await RawHTTP.request(port: server.port, target: "/guide.html").text.contains("Fixed."))
        await server.expectStops()
    }

    /// Rebuilds run in a builder process: when it crashes (here on purpose, on a change to
    /// crash.md), the server stays up, shows the crash as a failed build over the last good
    /// site, and the next change starts a new builder. A crash used to end `strata serve`.
    @Test func aCrashingRebuildDoesNotTakeTheServerDown() async throws {
        let root = try project(Self.basicProject)
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try await Server.start(in: root, environment: ["STRATA_TEST_CRASH_ON": "crash.md"])
        let events = try await RawHTTP.EventStream.open(port: server.port)
        _ = try await events.next("hello")

        try write(root, "Content/crash.md", "# Crash\n")
        let failed = try await events.next("failed")
        #expect(failed.contains("the builder was ended by signal 11"), "\(failed)")
        #expect(failed.contains("[serve.builder-crashed]"))
        try await server.waitForLine(containing: "Rebuild failed (Content/crash.md changed)")
        #expect(try await RawHTTP.request(port: server.port, target: "/guide.html").text.contains("First version."))

        try write(root, "Content/guide.md", "# Guide\n\nAfter the crash.\n")
        _ = try await events.next("reload")
        #expect(try await RawHTTP.request(port: server.port, target: "/guide.html").text.contains("After the crash."))
        #expect(
            try await RawHTTP.request(port: server.port, target: "/crash.html").status == 200,
            "the new builder built everything")
        await server.expectStops()
    }

    /// A rebuild that hangs (in a debug build, `STRATA_TEST_HANG_ON` makes a change to
    /// hang.md hang the builder) used to hold every later save until the 600 s deadline;
    /// newer changes now stop it once it has run `PreviewSession.shortestHang`, and are built.
    @Test func aHangingRebuildIsStoppedByNewerChanges() async throws {
        let root = try project(Self.basicProject)
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try await Server.start(in: root, environment: ["STRATA_TEST_HANG_ON": "hang.md"])
        let events = try await RawHTTP.EventStream.open(port: server.port)
        _ = try await events.next("hello")

        try write(root, "Content/hang.md", "# Hang\n")
        try await Task.sleep(for: .seconds(1))
        try write(root, "Content/guide.md", "# Guide\n\nAfter the hang.\n")
        // Stopped at 10 s, then one rebuild: well inside the wait, even on a loaded machine.
        _ = try await events.next("reload", timeout: 90)
        #expect(try await RawHTTP.request(port: server.port, target: "/guide.html").text.contains("After the hang."))
        #expect(
            try await RawHTTP.request(port: server.port, target: "/hang.html").status == 200,
            "the new builder built everything")
        try await server.waitForLine(containing: "Stopped the rebuild (Content/hang.md changed) after ")
        #expect(
            server.stderr.contains("warning: the builder was stopped while rebuilding after Content/hang.md changed"),
            "\(server.stderr)")
        #expect(server.stderr.contains("[serve.build-superseded]"))
        await server.expectStops()
    }

    /// A local package outside the project (`.package(path: "../Shared")`), allowed with
    /// `--allow-read` (which the builder process gets too), is part of the graph, so its
    /// sources are watched too.
    @Test func aLocalPackageOutsideTheProjectIsWatched() async throws {
        let work = try project([
            "App/Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "App", dependencies: [.package(path: "../Shared")],
                targets: [.target(name: "App", dependencies: [.product(name: "Shared", package: "Shared")])])
            """,
            "App/Sources/App/App.swift": "import Shared\n",
            "App/Content/index.md": "# Home\n",
            "Shared/Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Shared", products: [.library(name: "Shared", targets: ["Shared"])], targets: \
            [.target(name: "Shared")])
            """,
            "Shared/Sources/Shared/Shared.swift": "public let shared = 1\n"
        ])
        defer { try? FileManager.default.removeItem(at: work) }
        let root = work.appendingPathComponent("App")
        let server = try await Server.start(in: root, arguments: ["--allow-read", "../Shared"])
        let events = try await RawHTTP.EventStream.open(port: server.port)
        _ = try await events.next("hello")
        #expect(try await !RawHTTP.request(port: server.port, target: "/modules/Shared.html").text.contains("Dispatch"))
        try write(work, "Shared/Sources/Shared/Shared.swift", "import Dispatch\npublic let shared = 1\n")
        _ = try await events.next("reload")
        #expect(try await RawHTTP.request(port: server.port, target: "/modules/Shared.html").text.contains("Dispatch"))
        await server.expectStops()
    }

    @Test func aConfigurationOutsideTheProjectIsWatched() async throws {
        let work = try project([
            "App/Content/index.md": "# Home\n",
            "Shared/strata.yml": "site:\n  title: First title\n"
        ])
        defer { try? FileManager.default.removeItem(at: work) }
        let server = try await Server.start(
            in: work.appendingPathComponent("App"), arguments: ["--config", "../Shared/strata.yml"])
        let events = try await RawHTTP.EventStream.open(port: server.port)
        _ = try await events.next("hello")
        #expect(try await RawHTTP.request(port: server.port, target: "/index.html").text.contains("First title"))
        try write(work, "Shared/strata.yml", "site:\n  title: Second title\n")
        _ = try await events.next("reload")
        #expect(try await RawHTTP.request(port: server.port, target: "/index.html").text.contains("Second title"))

        // Its folder removed and made again: watching goes on by polling, and says so.
        try FileManager.default.removeItem(at: work.appendingPathComponent("Shared"))
        try await server.waitForLine(containing: "Watching by polling from now on: the folder of")
        try FileManager.default.createDirectory(
            at: work.appendingPathComponent("Shared"), withIntermediateDirectories: true)
        try write(work, "Shared/strata.yml", "site:\n  title: Third title\n")
        try await waitUntil("the third title to be served; strata serve printed: \(server.stdout)") {
            try await RawHTTP.request(port: server.port, target: "/index.html").text.contains("Third title")
        }
        await server.expectStops()
    }

    @Test func aFailedFirstBuildServesAnErrorPageUntilFixed() async throws {
        let root = try project(["Content/index.md": "---\ntitle: [\n---\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try await Server.start(in: root)
        #expect(server.stdout.contains("The first build failed"))
        let page = try await RawHTTP.request(port: server.port, target: "/")
        #expect(page.text.contains("The site has not built yet"))
        let events = try await RawHTTP.EventStream.open(port: server.port)
        #expect(try await events.next("hello").contains("Content/index.md:3:1: error: invalid YAML"))
        try write(root, "Content/index.md", "# Home\n")
        _ = try await events.next("reload")
        let fixed = try await RawHTTP.request(port: server.port, target: "/").text
        #expect(fixed.contains(">Home</h1>") && !fixed.contains("has not built yet"), "\(fixed)")
        await server.expectStops()
    }

    @Test func theIncrementalSiteEqualsACleanBuild() async throws {
        let root = try project(Self.basicProject)
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try await Server.start(in: root)
        let events = try await RawHTTP.EventStream.open(port: server.port)
        _ = try await events.next("hello")
        try write(root, "Content/guide.md", "# A guide renamed\n\nSee [home](index.md).\n")
        _ = try await events.next("reload")
        try write(root, "Content/extra.md", "# Extra\n")
        _ = try await events.next("reload")

        // The search index is made when first asked for, from the latest build.
        // (No sitemap.xml: the base URL is not absolute.)
        let paths = [
            "/", "/guide.html", "/extra.html", "/404.html", "/assets/strata.css", "/logo.svg", "/search-index.js"
        ]
        var served: [String] = []
        for path in paths { served.append(try await RawHTTP.request(port: server.port, target: path).text) }
        await server.expectStops()

        let build = try await CommandLineTests().strata(["build"], in: root)
        #expect(build.status == 0)
        for (path, text) in zip(paths, served) {
            let file = path == "/" ? "index.html" : String(path.dropFirst())
            let built = try String(contentsOf: root.appendingPathComponent("Output/" + file), encoding: .utf8)
            // Served pages differ from built ones only by the live-reload script.
            let stripped = text.replacingOccurrences(
                of: #"<script src="/__strata/live.js" data-build="[^"]*" defer></script>\n"#, with: "",
                options: .regularExpression)
            #expect(stripped == built, "\(path)")
            #expect(!built.contains("__strata"))
        }
    }

    @Test func aBusyPortIsAClearErrorWithExitCode2() async throws {
        let root = try project(Self.basicProject)
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try await Server.start(in: root)
        let second = try await CommandLineTests().strata(["serve", "--port", String(server.port)], in: root)
        #expect(second.status == 2)
        #expect(second.stderr.contains("error: port \(server.port) on 127.0.0.1 is already in use"), "\(second.stderr)")
        #expect(second.stderr.contains("--port \(server.port + 1)"))
        await server.expectStops()
    }

    @Test func badOptionsExitWith2() async throws {
        let root = try project(Self.basicProject)
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try await CommandLineTests().strata(["serve", "--port", "70000"], in: root)
        #expect(run.status == 2)
        #expect(run.stderr.contains("--port must be between 0 and 65535"))
        let missing = try await CommandLineTests().strata(["serve", "--port", "0", "-C", "no-such-folder"], in: root)
        #expect(missing.status == 2)
        #expect(missing.stderr == "strata: error: the project folder 'no-such-folder' does not exist [usage]\n")
        let host = try await CommandLineTests().strata(["serve", "--port", "0", "--host", "192.0.2.1"], in: root)
        #expect(host.status == 2)
        #expect(host.stderr.contains("error: cannot listen on 192.0.2.1:0: Cannot assign requested address"))
    }
}
