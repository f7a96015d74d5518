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

    /// The search results as "Kind|Title|href" lines, once the list shows `expected` (a
    /// substring of one of them) or says there are none.
    func searchResults(waitingFor expected: String) throws -> [String] {
        let literal = String(decoding: try JSONSerialization.data(withJSONObject: [expected]), as: UTF8.self)
        try waitFor("""
            Array.from(document.querySelectorAll('.search-result')).some(r => (r.querySelector('.search-kind').textContent + '|' + r.querySelector('.search-title').textContent + '|' + r.getAttribute('href')).includes(\(literal)[0]))
            || document.querySelector('.search-empty') !== null
            """)
        return try strings("""
            Array.from(document.querySelectorAll('.search-result')).map(r => r.querySelector('.search-kind').textContent + '|' + r.querySelector('.search-title').textContent + '|' + r.getAttribute('href'))
            """)
    }

    /// Focuses the search box with "/" and types `query` in place of what it held.
    func search(_ query: String) throws {
        // Escape closes the list, and again empties the box and leaves it.
        while try evaluate("document.activeElement && document.activeElement.id === 'search-input'") as? Bool == true {
            try press("Escape")
        }
        try press("/")
        try waitFor("document.activeElement && document.activeElement.id === 'search-input'")
        try type(query)
    }
}
