import Foundation
import StrataTestSupport
import Testing

/// A fixture site built by the real `strata` binary, for the browser tests, and where they
/// keep their screenshots (`.build/test-artifacts/browser/`, which CI keeps as artifacts).
struct BrowserFixture {
    let work: URL
    let project: URL

    static let repository = SharedSites.repository
    static let artifacts = repository.appendingPathComponent(".build/test-artifacts/browser")

    /// Copies `Tests/Fixtures/sites/<name>` and builds it with `arguments`.
    static func build(site name: String, arguments: [String] = []) async throws -> BrowserFixture {
        let fixture = Self.repository.appendingPathComponent("Tests/Fixtures/sites/\(name)")
        let work = TestScratch.path("browser")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let site = BrowserFixture(work: work, project: work.appendingPathComponent(name))
        do {
            try FileManager.default.copyItem(at: fixture, to: site.project)
            let run = try await CommandLineTests().strata(["build", "--quiet"] + arguments, in: site.project)
            guard run.status == 0 else { throw RawHTTP.Failure(description: "strata build failed: \(run.stderr)") }
        } catch {
            site.remove()
            throw error
        }
        return site
    }

    /// Writes `files` as a project named `name` and builds it.
    static func build(files: [String: String], name: String) async throws -> BrowserFixture {
        let work = TestScratch.path("browser")
        let site = BrowserFixture(work: work, project: work.appendingPathComponent(name))
        do {
            for (path, text) in files {
                let url = site.project.appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
            let run = try await CommandLineTests().strata(["build", "--quiet"], in: site.project)
            guard run.status == 0 else { throw RawHTTP.Failure(description: "strata build failed: \(run.stderr)") }
        } catch {
            site.remove()
            throw error
        }
        return site
    }

    func remove() { try? FileManager.default.removeItem(at: work) }

    /// The guide fixture, built once per test process for the tests that only read it (it
    /// is removed with the process's scratch folder).
    private static let sharedGuide = Task { try await BrowserFixture.build(site: "guide") }

    /// Opens a tab of the shared browser on the built guide fixture for `body`; afterwards,
    /// the page must have logged no script error. The site must not be changed: other tests
    /// read it at the same time.
    static func withGuide(_ body: (BrowserFixture, HeadlessBrowser, BrowserPage) async throws -> Void) async throws {
        let site = try await sharedGuide.value
        try await SharedBrowser.takingTurns {
            let browser = try await SharedBrowser.shared.browser()
            let page = try await browser.newPage()
            defer { page.close() }
            try await body(site, browser, page)
            #expect(page.errors.isEmpty, "\(page.errors)")
        }
    }

    /// Serves `project` with `strata serve` and hands the shared browser to `body`; the
    /// server is stopped afterwards, whatever happens.
    static func withServedBrowser(
        _ project: URL, _ body: (ServeCommandTests.Server, HeadlessBrowser) async throws -> Void
    ) async throws {
        let server = try await ServeCommandTests.Server.start(in: project)
        do {
            try await SharedBrowser.takingTurns {
                try await body(server, try await SharedBrowser.shared.browser())
            }
        } catch {
            _ = await server.interrupt()
            Issue.record("strata serve printed:\n\(server.stdout)\(server.stderr)")
            throw error
        }
        _ = await server.interrupt()
    }

    /// A page of the built site, opened from disk.
    func url(_ path: String) -> String {
        project.appendingPathComponent("Output").appendingPathComponent(path).absoluteString
    }

    static func screenshotPath(_ name: String) -> String {
        artifacts.appendingPathComponent(name + ".png").path
    }
}

extension BrowserPage {
    /// Loads `url` once and runs `body` in the light, then the dark colour scheme: the
    /// theme's colours follow the emulated scheme at once (they have no transitions), so
    /// the page need not be loaded twice. Records an issue if the colours did not change.
    func inBothColourSchemes(_ url: String, _ body: (String) async throws -> Void) async throws {
        try await emulateColorScheme("light")
        try await navigate(to: url)
        var backgrounds: [String] = []
        for scheme in ["light", "dark"] {
            try await emulateColorScheme(scheme)
            backgrounds.append(try await string("getComputedStyle(document.body).backgroundColor"))
            try await body(scheme)
        }
        #expect(backgrounds[0] != backgrounds[1], "\(url) did not switch to dark colours: \(backgrounds)")
    }

    /// Strings from a JS expression that returns an array of strings.
    func strings(_ expression: String) async throws -> [String] {
        (try await evaluate(expression) as? [Any] ?? []).map { "\($0)" }
    }

    func string(_ expression: String) async throws -> String {
        try await evaluate(expression).map { "\($0)" } ?? ""
    }

    /// Searches for `query` as a reader would: empties the box with Escape if it is being
    /// used, else focuses it with "/", types the query, and waits until the list shows the
    /// results of exactly that query. Returns them as "Kind|Title|href" lines.
    @discardableResult
    func search(_ query: String) async throws -> [String] {
        let focused = "document.activeElement && document.activeElement.id === 'search-input'"
        while try await evaluate("\(focused) && document.activeElement.value !== ''") as? Bool == true {
            try await press("Escape")
        }
        if try await evaluate(focused) as? Bool != true {
            try await press("/")
            try await waitFor(focused)
        }
        try await type(query)
        let literal = String(decoding: try JSONSerialization.data(withJSONObject: [query]), as: UTF8.self)
        try await waitFor("document.querySelector('.search-results').dataset.query === \(literal)[0]")
        return try await strings(
            """
            Array.from(document.querySelectorAll('.search-result')).map(r => \
            r.querySelector('.search-kind').textContent + '|' + r.querySelector('.search-title').textContent + '|' + \
            r.getAttribute('href'))
            """)
    }
}
