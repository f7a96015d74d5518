import Foundation
import StrataTestSupport
import Testing

/// `strata serve` as a user runs it: the real executable on an ephemeral port, a real
/// project folder edited underneath it, and a browser's view through HTTP and the event
/// stream.
@Suite(.serialized) struct ServeCommandTests {
    /// A running `strata serve`, its output read line by line.
    final class Server: @unchecked Sendable {
        let process = Process()
        private let lock = NSLock()
        private var output = ""
        private var errors = ""
        private(set) var port = 0

        init(in folder: URL, arguments: [String] = []) throws {
            process.executableURL = CommandLineTests.executable
            process.arguments = ["serve", "--port", "0"] + arguments
            process.currentDirectoryURL = folder
            let out = Pipe()
            let err = Pipe()
            process.standardOutput = out
            process.standardError = err
            out.fileHandleForReading.readabilityHandler = { [weak self] handle in
                let text = String(decoding: handle.availableData, as: UTF8.self)
                self?.lock.withLock { self?.output += text }
            }
            err.fileHandleForReading.readabilityHandler = { [weak self] handle in
                let text = String(decoding: handle.availableData, as: UTF8.self)
                self?.lock.withLock { self?.errors += text }
            }
            try process.run()
            guard let line = waitForLine(containing: "Serving at http://127.0.0.1:", timeout: 60),
                  let portText = line.split(separator: ":").last?.split(separator: "/").first, let port = Int(portText)
            else {
                process.terminate()
                throw RawHTTP.Failure(description: "strata serve did not start: \(stdout) \(stderr)")
            }
            self.port = port
            // The port is bound before the first build; wait for the build too.
            let deadline = Date().addingTimeInterval(60)
            while !stdout.contains("Built ") && !stdout.contains("The first build failed") && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.02)
            }
        }

        deinit {
            if process.isRunning { process.terminate() }
        }

        var stdout: String { lock.withLock { output } }
        var stderr: String { lock.withLock { errors } }

        /// The first output line containing `text` (after `skipping` earlier ones), waiting for it.
        @discardableResult
        func waitForLine(containing text: String, skipping: Int = 0, timeout: TimeInterval = 20) -> String? {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                let matches = stdout.split(separator: "\n").filter { $0.contains(text) }
                if matches.count > skipping { return String(matches[skipping]) }
                Thread.sleep(forTimeInterval: 0.02)
            }
            return nil
        }

        /// Sends SIGINT (Ctrl-C) and returns the exit status.
        func interrupt() -> Int32? {
            kill(process.processIdentifier, SIGINT)
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
            return process.isRunning ? nil : process.terminationStatus
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
        "Content/logo.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n",
    ]

    @Test func servesTheSiteAndReloadsAfterAChange() throws {
        let root = try project(Self.basicProject)
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try Server(in: root)
        let events = try RawHTTP.EventStream(port: server.port)
        let hello = try #require(events.next("hello"))

        let guide = try RawHTTP.request(port: server.port, target: "/guide.html")
        #expect(guide.status == 200)
        #expect(guide.text.contains("First version."))
        #expect(guide.text.contains("/__strata/live.js"))
        #expect(try RawHTTP.request(port: server.port, target: "/logo.svg").headers["content-type"] == "image/svg+xml")
        #expect(try RawHTTP.request(port: server.port, target: "/assets/strata.css").headers["content-type"] == "text/css; charset=utf-8")
        let missing = try RawHTTP.request(port: server.port, target: "/no/such/page.html")
        #expect(missing.status == 404)
        #expect(missing.text.contains("Page not found"))
        #expect(try RawHTTP.request(port: server.port, target: "/..%2f..%2fstrata.yml").status == 403)

        try write(root, "Content/guide.md", "# Guide\n\nSecond version.\n")
        let reload = try #require(events.next("reload"))
        #expect(reload != hello)
        #expect(try RawHTTP.request(port: server.port, target: "/guide.html").text.contains("Second version."))
        let line = try #require(server.waitForLine(containing: "Rebuilt in"))
        #expect(line.contains("(Content/guide.md changed): 1 of 2 pages rendered"), "\(line)")

        // Serving never writes the output folder.
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Output").path))
        #expect(server.interrupt() == 0)
        #expect(server.stdout.hasSuffix("Stopped.\n"))
    }

    @Test func aBrokenChangeShowsTheOverlayAndKeepsTheLastGoodSite() throws {
        let root = try project(Self.basicProject)
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try Server(in: root)
        let events = try RawHTTP.EventStream(port: server.port)
        #expect(events.next("hello") != nil)

        try write(root, "Content/guide.md", "---\ntitle: [unclosed\n---\n# Guide\n")
        let failed = try #require(events.next("failed"))
        #expect(failed.contains("Content/guide.md:3:1: error: invalid YAML"), "\(failed)")
        #expect(failed.contains("error:"))
        #expect(server.waitForLine(containing: "Rebuild failed (Content/guide.md changed)") != nil)
        #expect(server.stderr.contains("Content/guide.md:3:1: error: invalid YAML"))
        // The last good site is still served.
        #expect(try RawHTTP.request(port: server.port, target: "/guide.html").text.contains("First version."))
        // A page opened now shows the overlay at once.
        let late = try RawHTTP.EventStream(port: server.port)
        #expect(late.next("hello")?.contains("Content/guide.md:3:1: error: invalid YAML") == true)

        try write(root, "Content/guide.md", "# Guide\n\nFixed.\n")
        #expect(events.next("reload") != nil)
        #expect(late.next("reload") != nil)
        #expect(try RawHTTP.request(port: server.port, target: "/guide.html").text.contains("Fixed."))
        #expect(server.interrupt() == 0)
    }

    /// A local package outside the project (`.package(path: "../Shared")`) is part of the
    /// graph, so its sources are watched too.
    @Test func aLocalPackageOutsideTheProjectIsWatched() throws {
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
            let package = Package(name: "Shared", products: [.library(name: "Shared", targets: ["Shared"])], targets: [.target(name: "Shared")])
            """,
            "Shared/Sources/Shared/Shared.swift": "public let shared = 1\n",
        ])
        defer { try? FileManager.default.removeItem(at: work) }
        let root = work.appendingPathComponent("App")
        let server = try Server(in: root)
        let events = try RawHTTP.EventStream(port: server.port)
        #expect(events.next("hello") != nil)
        #expect(try !RawHTTP.request(port: server.port, target: "/modules/Shared.html").text.contains("Dispatch"))
        try write(work, "Shared/Sources/Shared/Shared.swift", "import Dispatch\npublic let shared = 1\n")
        #expect(events.next("reload") != nil, "\(server.stdout)")
        #expect(try RawHTTP.request(port: server.port, target: "/modules/Shared.html").text.contains("Dispatch"))
        #expect(server.interrupt() == 0)
    }

    @Test func aConfigurationOutsideTheProjectIsWatched() throws {
        let work = try project([
            "App/Content/index.md": "# Home\n",
            "Shared/strata.yml": "site:\n  title: First title\n",
        ])
        defer { try? FileManager.default.removeItem(at: work) }
        let server = try Server(in: work.appendingPathComponent("App"), arguments: ["--config", "../Shared/strata.yml"])
        let events = try RawHTTP.EventStream(port: server.port)
        #expect(events.next("hello") != nil)
        #expect(try RawHTTP.request(port: server.port, target: "/index.html").text.contains("First title"))
        try write(work, "Shared/strata.yml", "site:\n  title: Second title\n")
        #expect(events.next("reload") != nil, "\(server.stdout)")
        #expect(try RawHTTP.request(port: server.port, target: "/index.html").text.contains("Second title"))

        // Its folder removed and made again: watching goes on by polling, and says so.
        try FileManager.default.removeItem(at: work.appendingPathComponent("Shared"))
        #expect(server.waitForLine(containing: "Watching by polling from now on: the folder of") != nil, "\(server.stdout)")
        try FileManager.default.createDirectory(at: work.appendingPathComponent("Shared"), withIntermediateDirectories: true)
        try write(work, "Shared/strata.yml", "site:\n  title: Third title\n")
        let deadline = Date().addingTimeInterval(20)
        var third = false
        while !third, Date() < deadline {
            third = try RawHTTP.request(port: server.port, target: "/index.html").text.contains("Third title")
            if !third { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(third, "\(server.stdout)")
        #expect(server.interrupt() == 0)
    }

    @Test func aFailedFirstBuildServesAnErrorPageUntilFixed() throws {
        let root = try project(["Content/index.md": "---\ntitle: [\n---\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try Server(in: root)
        #expect(server.stdout.contains("The first build failed"))
        let page = try RawHTTP.request(port: server.port, target: "/")
        #expect(page.text.contains("The site has not built yet"))
        let events = try RawHTTP.EventStream(port: server.port)
        #expect(events.next("hello")?.contains("Content/index.md:3:1: error: invalid YAML") == true)
        try write(root, "Content/index.md", "# Home\n")
        #expect(events.next("reload") != nil)
        let fixed = try RawHTTP.request(port: server.port, target: "/").text
        #expect(fixed.contains(">Home</h1>") && !fixed.contains("has not built yet"), "\(fixed)")
        #expect(server.interrupt() == 0)
    }

    @Test func theIncrementalSiteEqualsACleanBuild() throws {
        let root = try project(Self.basicProject)
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try Server(in: root)
        let events = try RawHTTP.EventStream(port: server.port)
        #expect(events.next("hello") != nil)
        try write(root, "Content/guide.md", "# A guide renamed\n\nSee [home](index.md).\n")
        #expect(events.next("reload") != nil)
        try write(root, "Content/extra.md", "# Extra\n")
        #expect(events.next("reload") != nil)

        // The search index is made when first asked for, from the latest build.
        let paths = ["/", "/guide.html", "/extra.html", "/404.html", "/assets/strata.css", "/logo.svg", "/search-index.js", "/sitemap.xml"]
        let served = try paths.map { try RawHTTP.request(port: server.port, target: $0).text }
        #expect(server.interrupt() == 0)

        let build = try CommandLineTests().strata(["build"], in: root)
        #expect(build.status == 0)
        for (path, text) in zip(paths, served) {
            let file = path == "/" ? "index.html" : String(path.dropFirst())
            let built = try String(contentsOf: root.appendingPathComponent("Output/" + file), encoding: .utf8)
            // Served pages differ from built ones only by the live-reload script.
            let stripped = text.replacingOccurrences(of: #"<script src="/__strata/live.js" data-build="[^"]*" defer></script>\n"#, with: "", options: .regularExpression)
            #expect(stripped == built, "\(path)")
            #expect(!built.contains("__strata"))
        }
    }

    @Test func aBusyPortIsAClearErrorWithExitCode2() throws {
        let root = try project(Self.basicProject)
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try Server(in: root)
        let second = try CommandLineTests().strata(["serve", "--port", String(server.port)], in: root)
        #expect(second.status == 2)
        #expect(second.stderr.contains("error: port \(server.port) on 127.0.0.1 is already in use"), "\(second.stderr)")
        #expect(second.stderr.contains("--port \(server.port + 1)"))
        #expect(server.interrupt() == 0)
    }

    @Test func badOptionsExitWith2() throws {
        let root = try project(Self.basicProject)
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try CommandLineTests().strata(["serve", "--port", "70000"], in: root)
        #expect(run.status == 2)
        #expect(run.stderr.contains("--port must be between 0 and 65535"))
        let missing = try CommandLineTests().strata(["serve", "--port", "0", "-C", "no-such-folder"], in: root)
        #expect(missing.status == 2)
        #expect(missing.stderr == "strata: error: the project folder 'no-such-folder' does not exist [usage]\n")
        let host = try CommandLineTests().strata(["serve", "--port", "0", "--host", "192.0.2.1"], in: root)
        #expect(host.status == 2)
        #expect(host.stderr.contains("error: cannot listen on 192.0.2.1:0: Cannot assign requested address"))
    }
}
