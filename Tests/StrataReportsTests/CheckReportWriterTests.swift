import Foundation
import StrataCore
import Testing

@testable import StrataReports

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The report writers on a report with awkward text in it: quotes, markup, newlines,
/// percent signs, commas and colons, spaces in paths.
@Suite struct CheckReportWriterTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static let report: CheckReport = {
        let forbid = RuleRationale(
            name: "UI → Infrastructure", because: "previews must build <fast> & \"alone\"", see: "guides/previews.md",
            seeTarget: "guides/previews.html#no-database")
        let violations = [
            Violation(
                rule: .forbid, severity: .error, message: "'FeedUI' depends on 'Database' | 100% wrong, really: yes",
                modules: ["FeedUI", "Database"],
                evidence: [
                    Evidence(
                        kind: .declaration, location: SourceLocation(path: "Package.swift", line: 14, column: 58),
                        summary: "dependency \"Database\""),
                    Evidence(
                        kind: .import, location: SourceLocation(path: "Sources/Feed UI/A b.swift", line: 2, column: 1),
                        summary: "import Database"),
                    Evidence(
                        kind: .import, location: SourceLocation(path: "Sources/Feed UI/C.swift", line: 3, column: 1),
                        summary: "@testable import Database")
                ],
                rationale: forbid, key: "FeedUI -> Database"
            ),
            Violation(
                rule: .unusedDependency, severity: .warning, message: "'A' declares 'B'\nbut never imports it",
                modules: ["A", "B"],
                evidence: [
                    Evidence(
                        kind: .declaration, location: SourceLocation(path: "Package.swift", line: 3, column: 9),
                        summary: "dependency \"B\"")
                ],
                key: "A -> B"
            )
        ]
        return CheckReport(
            violations: violations, baselinedCount: 2,
            staleBaselineEntries: [
                BaselineEntry(rule: "cycle", key: "X → Y → X", location: SourceLocation(path: "baseline.json", line: 4))
            ],
            rules: [
                RuleDescriptor(kind: .layerOrder, severity: .error),
                RuleDescriptor(kind: .unusedDependency, severity: .warning),
                RuleDescriptor(kind: .unassignedModule, severity: .off),
                RuleDescriptor(kind: .forbid, severity: .error, rationale: forbid)
            ],
            moduleCount: 5, documentationBaseURL: "https://docs.acme.test/"
        )
    }()

    func sarifSchema() throws -> JSONSchemaValidator {
        let text = try String(
            contentsOf: Self.fixtures.appendingPathComponent("schemas/sarif-2.1.0-emitted.json"), encoding: .utf8)
        return JSONSchemaValidator(root: try JSONValue.parse(text))
    }

    @Test func sarifValidatesAgainstTheSchema() throws {
        let text = SARIFWriter(toolVersion: "1.2.3").write(Self.report)
        let sarif = try JSONValue.parse(text)
        #expect(try sarifSchema().validate(sarif) == [])
        let result = sarif["runs"].flatMap { if case .array(let runs) = $0 { runs.first } else { nil } }?["results"]
        guard case .array(let results)? = result else {
            Issue.record("no results")
            return
        }
        #expect(results.count == 2)
        #expect(results[0]["ruleId"] == .string("forbid/UI-Infrastructure"))
        #expect(results[0]["ruleIndex"] == .integer(3))
        #expect(results[0]["level"] == .string("error"))
        #expect(results[1]["level"] == .string("warning"))
        #expect(text.contains(#""uri" : "Sources/Feed%20UI/A%20b.swift""#))
        #expect(text.contains(#""helpUri" : "https://docs.acme.test/guides/previews.html#no-database""#))
        #expect(
            text.contains(#""text" : "previews must build <fast> & \"alone\" See guides/previews.html#no-database.""#))
        #expect(text.contains(#""level" : "none""#), "a rule that is off is listed as disabled")
    }

    @Test func theValidatorRejectsBrokenSARIF() throws {
        let schema = try sarifSchema()
        let broken = [
            #"{"version": "2.1.0", "runs": [{"tool": {"driver": {}}}]}"#,
            #"{"version": "2.0.0", "runs": []}"#,
            #"{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "S"}}, "results": [{"ruleId": "x"}]}]}"#,
            #"{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "S"}}, "results": [{"message": {"text": "#
                + #""m"}, "level": "fatal"}]}]}"#,
            #"{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "S"}}, "results": [{"message": {"text": "#
                + #""m"}, "locations": [{"physicalLocation": {"region": {"startLine": 0}}}]}]}]}"#,
            #"{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "S", "rules": [{"id": "a", "helpUri": "#
                + #""relative/page.html"}]}}}]}"#,
            #"{"version": "2.1.0", "runs": [], "extra": true}"#
        ]
        for text in broken {
            #expect(!schema.validate(try JSONValue.parse(text)).isEmpty, "\(text)")
        }
    }

    @Test(arguments: ["layered", "layered-violations", "multi-package", "feature-sliced"])
    func everyFixtureReportIsValid(fixture: String) throws {
        let folder = Self.fixtures.appendingPathComponent("check/\(fixture).expected")
        let sarif = try String(contentsOf: folder.appendingPathComponent("check.sarif"), encoding: .utf8)
        #expect(try sarifSchema().validate(try JSONValue.parse(sarif)) == [])
        let junit = try Data(contentsOf: folder.appendingPathComponent("check.xml"))
        let parser = XMLParser(data: junit)
        let counter = JUnitCounter()
        parser.delegate = counter
        #expect(parser.parse(), "\(fixture): JUnit must parse as XML")
        #expect(XMLGrammar.xunitJUnit10.problems(in: junit) == [], "\(fixture)")
        let json = try JSONValue.parse(
            try String(contentsOf: folder.appendingPathComponent("check.json"), encoding: .utf8))
        if case .integer(let errors)? = json["summary"]?["errors"] {
            #expect(counter.failures == errors)
        } else {
            Issue.record("no error count in the JSON report")
        }
    }

    @Test func junitIsWellFormedAndCountsErrorsAsFailures() throws {
        let text = JUnitWriter().write(Self.report)
        let parser = XMLParser(data: Data(text.utf8))
        let counter = JUnitCounter()
        parser.delegate = counter
        #expect(parser.parse())
        #expect(counter.failures == 1)
        #expect(
            counter.suites == ["layer-order", "unused-dependency", "forbid/UI-Infrastructure"],
            "rules that are off are not test suites")
        #expect(counter.failureMessages == ["'FeedUI' depends on 'Database' | 100% wrong, really: yes"])
        #expect(text.contains("because: previews must build &lt;fast&gt; &amp; &quot;alone&quot;"))
    }

    @Test func junitKeepsToJenkinsXunitSchema() {
        #expect(XMLGrammar.xunitJUnit10.problems(in: Data(JUnitWriter().write(Self.report).utf8)) == [])
        // The grammar is not a formality: the shape Strata wrote before, with the place of a
        // violation on its test case, breaks it.
        let old =
            #"<testsuites><testsuite name="r" tests="1" failures="1" errors="0"><testcase name="k" "#
            + #"file="Package.swift" line="3"><failure message="m"/></testcase></testsuite></testsuites>"#
        #expect(
            XMLGrammar.xunitJUnit10.problems(in: Data(old.utf8)) == [
                "testsuites/testsuite/testcase: the attribute 'file' is not allowed",
                "testsuites/testsuite/testcase: the attribute 'line' is not allowed"
            ])
    }

    /// A failure's text says what is wrong before the evidence: GitLab shows the text, not
    /// the message attribute.
    @Test func junitFailureTextStartsWithTheDiagnostic() {
        let text = JUnitWriter().write(Self.report)
        #expect(
            text.contains(
                #"""
                <failure type="forbid/UI-Infrastructure" message="'FeedUI' depends on 'Database' | 100% wrong, \#
                really: yes">Package.swift:14:58: error: 'FeedUI' depends on 'Database' | 100% wrong, really: yes \#
                [forbid/UI-Infrastructure]
                because: previews must build &lt;fast&gt; &amp; &quot;alone&quot;
                see: guides/previews.html#no-database
                Package.swift:14:58: dependency &quot;Database&quot;
                """#), "\(text)")
        #expect(text.contains("\nSources/Feed UI/A b.swift:2:1: import Database\n"))
    }

    @Test func checkstyleAndCodeQualityKeepToTheirFormats() throws {
        let checkstyle = CheckstyleWriter().write(Self.report)
        #expect(XMLGrammar.checkstyle.problems(in: Data(checkstyle.utf8)) == [])
        #expect(
            checkstyle.contains(
                #"<error line="14" column="58" severity="error" message="'FeedUI' depends on 'Database' | 100% "#
                    + #"wrong, really: yes" source="strata.forbid/UI-Infrastructure"/>"#
            ), "\(checkstyle)")
        #expect(
            !XMLGrammar.checkstyle.problems(
                in: Data(
                    #"<checkstyle><file name="a"><error line="0" severity="fatal" message="m"/></file></checkstyle>"#
                        .utf8)
            ).isEmpty)

        let quality = try JSONValue.parse(CodeQualityWriter().write(Self.report))
        #expect(CodeQualityFormat.problems(in: quality) == [])
        guard case .array(let issues) = quality else { return }
        #expect(issues.count == 3, "two violations and the stale baseline entry")
        #expect(issues.first?["severity"] == .string("major"))
        #expect(issues.first?["location"]?["path"] == .string("Package.swift"))
        #expect(
            !CodeQualityFormat.problems(
                in: try JSONValue.parse(
                    #"[{"description": "d", "check_name": "c", "fingerprint": "f", "severity": "bad", "location": "#
                        + #"{"path": "/abs", "lines": {"begin": 0}}}]"#
                )
            ).isEmpty)
    }

    /// A reason written over several lines (`because: |`) is whole where a format can hold
    /// lines, and folded onto its line where it cannot.
    @Test func multiLineReasonsStayWholeOrFold() throws {
        let because = "previews must build\n  without the database;\nsee the ADR"
        let rationale = RuleRationale(name: "UI → Infrastructure", because: because)
        let violation = Violation(
            rule: .forbid, severity: .error, message: "'FeedUI' depends on 'Database': " + because,
            modules: ["FeedUI", "Database"],
            evidence: [
                Evidence(
                    kind: .declaration, location: SourceLocation(path: "Sources/Odd\nName.swift", line: 2, column: 1),
                    summary: "import Database")
            ],
            rationale: rationale, key: "FeedUI -> Database"
        )
        let report = CheckReport(
            violations: [violation], rules: [RuleDescriptor(kind: .forbid, severity: .error, rationale: rationale)],
            moduleCount: 2)
        let folded = "'FeedUI' depends on 'Database': previews must build without the database; see the ADR"
        // Text: one line; the file name's own line break stays visible.
        #expect(
            CheckTextWriter().write(report)
                == "Sources/Odd\\nName.swift:2:1: error: \(folded) [forbid/UI-Infrastructure]\n")
        #expect(CheckMarkdownWriter().write(report).contains("| error | `forbid/UI-Infrastructure` | \(folded) |"))
        #expect(CheckstyleWriter().write(report).contains("message=\"\(JUnitWriter().xml(folded))\""))
        // JUnit: the attribute is one line, the text keeps the reason whole.
        let junit = JUnitWriter().write(report)
        #expect(junit.contains("message=\"\(JUnitWriter().xml(folded))\""))
        #expect(junit.contains("because: previews must build\n  without the database;\nsee the ADR\n"))
        // JSON and SARIF carry the message as it is.
        #expect(CheckJSONWriter().write(report).contains(#"previews must build\n  without the database;\nsee the ADR"#))
        #expect(
            SARIFWriter(toolVersion: "1").write(report).contains(
                #"previews must build\n  without the database;\nsee the ADR"#))
        #expect(
            GitHubActionsWriter().write(report).contains("previews must build%0A  without the database;%0Asee the ADR"))
    }

    @Test func githubCommandsEscapeWhatWouldEndThem() {
        let text = GitHubActionsWriter().write(Self.report)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(
            lines[0]
                == "::error file=Package.swift,line=14,col=58,title=Strata forbid/UI-Infrastructure::'FeedUI' "
                + "depends on 'Database' | 100%25 wrong, really: yes%0ASources/Feed UI/A b.swift:2:1: import "
                + "Database%0ASources/Feed UI/C.swift:3:1: @testable import Database"
        )
        #expect(
            lines[1]
                == "::warning file=Package.swift,line=3,col=9,title=Strata unused-dependency::'A' declares "
                + "'B'%0Abut never imports it"
        )
        #expect(
            lines[2].hasPrefix(
                "::warning file=baseline.json,line=4,title=Strata baseline.stale::the baseline records cycle 'X → Y "
                    + "→ X'"
            ))
    }

    /// A line break in a message must not end the line early and start a second one that
    /// reads like a diagnostic of its own: prose is folded onto the line.
    @Test func textHasOneLinePerViolationAndANotePerFurtherEvidence() {
        #expect(
            CheckTextWriter().write(Self.report) == """
                Package.swift:14:58: error: 'FeedUI' depends on 'Database' | 100% wrong, really: yes \
                [forbid/UI-Infrastructure]
                Sources/Feed UI/A b.swift:2:1: note: import Database
                Sources/Feed UI/C.swift:3:1: note: @testable import Database
                Package.swift:3:9: warning: 'A' declares 'B' but never imports it [unused-dependency]
                baseline.json:4:1: warning: the baseline records cycle 'X → Y → X', which no longer happens; remove \
                the entry (or run --update-baseline) [baseline.stale]

                """)
    }

    @Test func markdownKeepsTablesIntact() {
        let text = CheckMarkdownWriter().write(Self.report)
        #expect(
            text.contains(
                "**Failed**: 1 error, 1 warning in 5 modules; 2 more in the baseline; 1 baseline entry no longer "
                    + "matches."
            ))
        #expect(
            text.contains(
                "| error | `forbid/UI-Infrastructure` | 'FeedUI' depends on 'Database' \\| 100% wrong, really: yes "
                    + "| `Package.swift:14:58` |"
            ))
        #expect(
            text.contains(
                "| warning | `unused-dependency` | 'A' declares 'B' but never imports it | `Package.swift:3:9` |"))
        #expect(text.contains("- Because: previews must build \\<fast\\> & \"alone\""))
        #expect(text.contains("### Baseline entries that no longer match"))
    }

    @Test func jsonCarriesEverything() throws {
        let json = try JSONValue.parse(CheckJSONWriter().write(Self.report))
        #expect(
            json["summary"]
                == .object([
                    "errors": .integer(1), "warnings": .integer(1), "modules": .integer(5), "baselined": .integer(2)
                ]))
        guard case .array(let violations)? = json["violations"],
            case .array(let evidence)? = violations.first?["evidence"]
        else {
            Issue.record("no violations")
            return
        }
        #expect(evidence.count == 3)
        #expect(violations.first?["see"] == .string("guides/previews.html#no-database"))
        #expect(violations.first?["key"] == .string("FeedUI -> Database"))
    }
}

/// Counts what a JUnit file holds, as a CI system reading it would.
final class JUnitCounter: NSObject, XMLParserDelegate {
    var failures = 0
    var suites: [String] = []
    var failureMessages: [String] = []

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if elementName == "failure" {
            failures += 1
            failureMessages.append(attributes["message"] ?? "")
        }
        if elementName == "testsuite" { suites.append(attributes["name"] ?? "") }
    }
}
