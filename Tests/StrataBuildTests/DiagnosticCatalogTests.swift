import Foundation
import StrataCore
import Testing

/// The manual lists every diagnostic (`Content/reference/diagnostics.md`): an id the code
/// reports that has no row, or a row whose id the code no longer reports, fails here.
@Suite struct DiagnosticCatalogTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let idPattern = #"[a-z][a-z0-9]*(?:\.[a-z0-9][a-z0-9-]*)*"#

    /// Every Swift source of `Sources/`, as text.
    static func sources() throws -> [String: String] {
        var found: [String: String] = [:]
        let root = repository.appendingPathComponent("Sources")
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            if url.pathExtension == "swift" { found[url.path] = try String(contentsOf: url, encoding: .utf8) }
        }
        return found
    }

    /// The ids the code reports: the first argument of `.error(…)`, `.warning(…)`, `.note(…)`,
    /// `Diagnostic(…)` and the graph builder's `problem(in:…)`, ids given as `ruleID:` or kept
    /// in a `…ID` constant (not a `…DiagramID`), and the reading limits' ids.
    static func reportedIDs() throws -> Set<String> {
        let patterns = try [
            #"(?:\.error|\.warning|\.note|Diagnostic)\(\s*""# + "(\(idPattern))\"",
            #"problem\(\s*in:[^,]+,\s*""# + "(\(idPattern))\"",
            #"ruleID:\s*""# + "(\(idPattern))\"",
            // A diagnostic id kept in a constant (`supersededID`); diagram ids are not diagnostics.
            #"static let \w*(?<!Diagram)ID\s*=\s*""# + "(\(idPattern))\""
        ].map { try NSRegularExpression(pattern: $0) }
        var ids = Set(ReadingLimits.all.map(\.id))
        for text in try sources().values {
            let range = NSRange(text.startIndex..., in: text)
            for pattern in patterns {
                for match in pattern.matches(in: text, range: range) {
                    if let id = Range(match.range(at: 1), in: text) { ids.insert(String(text[id])) }
                }
            }
        }
        return ids
    }

    /// The ids the manual's tables name in their first column.
    static func documentedIDs() throws -> Set<String> {
        let page = try String(
            contentsOf: repository.appendingPathComponent("Content/reference/diagnostics.md"), encoding: .utf8)
        let code = try NSRegularExpression(pattern: "`(\(idPattern))`")
        var ids: Set<String> = []
        for line in page.split(separator: "\n") where line.hasPrefix("| `") {
            let first = String(line.split(separator: "|", omittingEmptySubsequences: true).first ?? "")
            for match in code.matches(in: first, range: NSRange(first.startIndex..., in: first)) {
                if let id = Range(match.range(at: 1), in: first) { ids.insert(String(first[id])) }
            }
        }
        return ids
    }

    @Test func everyIDTheCodeReportsHasARowInTheManual() throws {
        let documented = try Self.documentedIDs()
        let missing = try Self.reportedIDs().subtracting(documented).sorted()
        #expect(missing.isEmpty, "reported but not in Content/reference/diagnostics.md: \(missing)")
    }

    @Test func everyRowOfTheManualNamesAnIDTheCodeReports() throws {
        let all = try Self.sources().values.joined(separator: "\n")
        let stale = try Self.documentedIDs().filter { id in
            !all.contains("\"\(id)\"") && !ReadingLimits.all.contains { $0.id == id }
        }.sorted()
        #expect(stale.isEmpty, "in Content/reference/diagnostics.md but reported nowhere: \(stale)")
    }

    /// The catalog's own reading: the forms above are found, so a new form fails loudly
    /// rather than being skipped.
    @Test func theFormsTheCodeWritesAreFound() throws {
        let reported = try Self.reportedIDs()
        for id in [
            "yaml.alias", "manifest.unknown-target", "manifest.too-deep", "serve.build-superseded", "io.write",
            "tuist.missing-project"
        ] {
            #expect(reported.contains(id), "\(id)")
        }
    }
}
