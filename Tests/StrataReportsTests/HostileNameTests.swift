import Foundation
import StrataCore
import Testing

@testable import StrataReports

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Names and paths come from the repository, so a pull request chooses them. Every text
/// format `strata graph` and `strata check` write is tried with each kind of character that
/// could end a line early (and forge a CI command or a diagnostic on the next), drive a
/// terminal, or make a line read otherwise than it parses.
@Suite struct HostileNameTests {
    /// Each hostile piece, and what must never appear raw in a one-line format.
    static let pieces: [(name: String, raw: String)] = [
        ("line feed", "\n"), ("carriage return", "\r"), ("line separator", "\u{2028}"),
        ("paragraph separator", "\u{2029}"), ("escape sequence", "\u{1B}[31m"), ("bell", "\u{07}"),
        ("right-to-left override", "\u{202E}"), ("isolate", "\u{2066}"), ("C1 control", "\u{85}")
    ]

    static func hostile(_ raw: String) -> String { "A\(raw)::error file=FORGED.swift,line=1::forged" }

    static func graph(named name: String) -> ModuleGraph {
        ModuleGraph(
            nodes: [
                ModuleNode(
                    id: name, kind: .regular, package: name, sourcePath: "Sources/\(name)",
                    sourceFiles: ["Sources/\(name)/a.swift"]),
                ModuleNode(id: "B", kind: .regular, package: name)
            ],
            edges: [ModuleEdge(from: "B", to: name, relation: .declaredAndImported)],
            packages: [PackageSummary(name: name, manifestPath: "Package.swift", isRoot: true)]
        )
    }

    static func report(named name: String) -> CheckReport {
        let location = SourceLocation(path: "Sources/\(name).swift", line: 3, column: 1)
        let violation = Violation(
            rule: .layerOrder, severity: .error, message: "'B' depends on '\(name)'", modules: ["B", name],
            evidence: [Evidence(kind: .import, location: location, summary: "import \(name)")],
            key: "B -> \(name)"
        )
        return CheckReport(
            violations: [violation], rules: [RuleDescriptor(kind: .layerOrder, severity: .error)], moduleCount: 2)
    }

    /// No line of `text` starts a GitHub workflow command or a diagnostic other than those
    /// the writer meant, and no raw control of `raw` is left.
    static func expectOneLineSafe(_ text: String, raw: String, format: String, piece: String) {
        // A line feed is how lines end; what matters for it is the check below.
        for scalar in raw.unicodeScalars
        where scalar != "\n" && scalar != "[" && !("0"..."9").contains(scalar) && scalar != "m" {
            #expect(!text.unicodeScalars.contains(scalar), "\(format) keeps a raw \(piece)")
        }
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" }) {
            #expect(!line.hasPrefix("::error file=FORGED"), "\(format) lets a name start a workflow command (\(piece))")
        }
    }

    @Test(arguments: pieces)
    func graphTextAndMermaidAndDOTKeepEveryNameOnItsLine(piece: String, raw: String) {
        let graph = Self.graph(named: Self.hostile(raw))
        Self.expectOneLineSafe(GraphTextWriter().write(graph), raw: raw, format: "graph text", piece: piece)
        Self.expectOneLineSafe(GraphMermaidWriter().write(graph), raw: raw, format: "graph mermaid", piece: piece)
        Self.expectOneLineSafe(
            GraphDOTWriter().write(graph, name: Self.hostile(raw)), raw: raw, format: "graph dot", piece: piece)
    }

    @Test(arguments: pieces)
    func lineFormatsOfCheckKeepEveryNameOnItsLine(piece: String, raw: String) {
        let report = Self.report(named: Self.hostile(raw))
        for format in [CheckReportFormat.text, .github, .markdown] {
            Self.expectOneLineSafe(
                format.write(report, toolVersion: "1"), raw: raw, format: format.rawValue, piece: piece)
        }
    }

    @Test(arguments: pieces)
    func xmlFormatsParseAndShowEveryControl(piece: String, raw: String) throws {
        let report = Self.report(named: Self.hostile(raw))
        for format in [CheckReportFormat.junit, .checkstyle] {
            let text = format.write(report, toolVersion: "1")
            Self.expectOneLineSafe(text, raw: raw, format: format.rawValue, piece: piece)
            let document = try XMLDocument(data: Data(text.utf8))
            #expect(document.rootElement() != nil)
        }
        let junit = try XMLDocument(data: Data(CheckReportFormat.junit.write(report, toolVersion: "1").utf8))
        let names = try junit.nodes(forXPath: "//testcase/@name").compactMap(\.stringValue)
        #expect(names.contains { $0.hasPrefix("B -> A\\") }, "the test case's name shows the control as an escape")
    }

    @Test(arguments: pieces)
    func jsonFormatsRoundTripEveryName(piece: String, raw: String) throws {
        let name = Self.hostile(raw)
        for text in [
            CheckReportFormat.json.write(Self.report(named: name), toolVersion: "1"),
            CheckReportFormat.sarif.write(Self.report(named: name), toolVersion: "1"),
            CheckReportFormat.codequality.write(Self.report(named: name), toolVersion: "1"),
            GraphJSONWriter().write(Self.graph(named: name))
        ] {
            // JSON cannot hold a raw line break or control inside a string; U+2028 and bidi
            // controls are data there, and come back exactly as written.
            for scalar in ["\n", "\r", "\u{1B}"] as [Unicode.Scalar] where raw.unicodeScalars.contains(scalar) {
                #expect(!text.contains(String(scalar) + "::error"), "JSON keeps a raw \(piece) inside a string")
            }
            let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
            #expect(Self.strings(in: value).contains { $0.contains(name) }, "JSON holds the name exactly as written")
        }
    }

    @Test func diagnosticLinesShowBidiControlsAndCannotBeReadAsAnotherPlace() {
        let diagnostic = Diagnostic.warning(
            "link.broken", "no page \u{202E}dm.x",
            at: SourceLocation(path: "a.md:99:1: error: x.md", line: 2, column: 3))
        let line = diagnostic.description
        #expect(
            line == "a.md\\u{3A}99\\u{3A}1\\u{3A} error\\u{3A} x.md:2:3: warning: no page \\u{202E}dm.x [link.broken]")
        #expect(!line.hasPrefix("a.md:99"))
    }

    static func strings(in value: Any) -> [String] {
        switch value {
        case let text as String: [text]
        case let array as [Any]: array.flatMap(strings)
        case let object as [String: Any]: object.values.flatMap(strings) + Array(object.keys)
        default: []
        }
    }
}
