import Foundation
import StrataTestSupport
import Testing

/// A fixture site built by the real `strata` binary, for the browser tests, and where they
/// keep their screenshots (`.build/test-artifacts/browser/`, which CI keeps as artifacts).
struct BrowserFixture {
    let work: URL
    let project: URL

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let artifacts = repository.appendingPathComponent(".build/test-artifacts/browser")

    /// Copies `Tests/Fixtures/sites/<name>` and builds it with `arguments`.
    init(site name: String, arguments: [String] = []) throws {
        let fixture = Self.repository.appendingPathComponent("Tests/Fixtures/sites/\(name)")
        work = FileManager.default.temporaryDirectory.appendingPathComponent("strata-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        project = work.appendingPathComponent(name)
        try FileManager.default.copyItem(at: fixture, to: project)
        let run = try CommandLineTests().strata(["build", "--quiet"] + arguments, in: project)
        guard run.status == 0 else { throw RawHTTP.Failure(description: "strata build failed: \(run.stderr)") }
    }

    func remove() { try? FileManager.default.removeItem(at: work) }

    /// Builds the guide fixture and opens a browser on it for `body`; afterwards, the page
    /// must have logged no script error.
    static func withGuide(_ body: (BrowserFixture, HeadlessBrowser, BrowserPage) throws -> Void) throws {
        let site = try BrowserFixture(site: "guide")
        defer { site.remove() }
        let browser = try HeadlessBrowser()
        defer { browser.close() }
        let page = try browser.newPage()
        try body(site, browser, page)
        #expect(page.errors.isEmpty, "\(page.errors)")
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
    /// Strings from a JS expression that returns an array of strings.
    func strings(_ expression: String) throws -> [String] {
        (try evaluate(expression) as? [Any] ?? []).map { "\($0)" }
    }

    func string(_ expression: String) throws -> String {
        try evaluate(expression).map { "\($0)" } ?? ""
    }

    /// Searches for `query` as a reader would: empties the box with Escape if it is being
    /// used, else focuses it with "/", types the query, and waits until the list shows the
    /// results of exactly that query. Returns them as "Kind|Title|href" lines.
    @discardableResult
    func search(_ query: String) throws -> [String] {
        let focused = "document.activeElement && document.activeElement.id === 'search-input'"
        while try evaluate("\(focused) && document.activeElement.value !== ''") as? Bool == true {
            try press("Escape")
        }
        if try evaluate(focused) as? Bool != true {
            try press("/")
            try waitFor(focused)
        }
        try type(query)
        let literal = String(decoding: try JSONSerialization.data(withJSONObject: [query]), as: UTF8.self)
        try waitFor("document.querySelector('.search-results').dataset.query === \(literal)[0]")
        return try strings("""
            Array.from(document.querySelectorAll('.search-result')).map(r => r.querySelector('.search-kind').textContent + '|' + r.querySelector('.search-title').textContent + '|' + r.getAttribute('href'))
            """)
    }
}
