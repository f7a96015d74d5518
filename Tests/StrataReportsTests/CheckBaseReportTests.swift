import Foundation
import StrataCore
import StrataTestSupport
import Testing

@testable import StrataReports

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The report writers on a check compared with a base (`strata check --base main`): one new
/// error, one unchanged warning (moved a line since), one violation fixed. Every format is
/// compared with a golden file under `Tests/Fixtures/check-base/`, with the base and
/// without it (`STRATA_UPDATE_GOLDEN=1` rewrites them; then read the diff).
@Suite struct CheckBaseReportTests {
    static let folder = CheckReportWriterTests.fixtures.appendingPathComponent("check-base")
    static let commit = "1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b"

    static let forbid = RuleRationale(name: "UI → Infrastructure", because: "previews must build without the database")

    static let newError = Violation(
        rule: .forbid, severity: .error, message: "'FeedUI' depends on 'Database', which is forbidden",
        modules: ["FeedUI", "Database"],
        evidence: [
            Evidence(
                kind: .declaration, location: SourceLocation(path: "Package.swift", line: 14, column: 58),
                summary: "dependency \"Database\""),
            Evidence(
                kind: .import, location: SourceLocation(path: "Sources/FeedUI/FeedView.swift", line: 2, column: 1),
                summary: "import Database")
        ],
        rationale: forbid, key: "FeedUI -> Database"
    )

    static func unusedWarning(line: Int) -> Violation {
        Violation(
            rule: .unusedDependency, severity: .warning, message: "'App' declares 'Analytics' but never imports it",
            modules: ["App", "Analytics"],
            evidence: [
                Evidence(
                    kind: .declaration, location: SourceLocation(path: "Package.swift", line: line, column: 9),
                    summary: "dependency \"Analytics\"")
            ],
            key: "App -> Analytics"
        )
    }

    static let fixedCycle = Violation(
        rule: .cycle, severity: .error, message: "dependency cycle: APIClient → Database → APIClient",
        modules: ["APIClient", "Database", "APIClient"],
        evidence: [
            Evidence(
                kind: .import, location: SourceLocation(path: "Sources/APIClient/Client.swift", line: 3, column: 1),
                summary: "import Database")
        ],
        key: "APIClient → Database → APIClient"
    )

    static let rules = [
        RuleDescriptor(kind: .cycle, severity: .error),
        RuleDescriptor(kind: .unusedDependency, severity: .warning),
        RuleDescriptor(kind: .forbid, severity: .error, rationale: forbid)
    ]

    /// The report without a base.
    static let plain = CheckReport(
        violations: [unusedWarning(line: 9), newError], rules: rules, moduleCount: 4,
        documentationBaseURL: "https://docs.acme.test/")

    /// The same report compared with `main`, where this branch left it.
    static func compared(annotatesUnchanged: Bool = false, projectExisted: Bool = true) -> CheckReport {
        var report = plain
        let base = projectExisted ? [unusedWarning(line: 7), fixedCycle] : []
        report.comparison = BaseComparison(
            ref: "main", commit: commit, isMergeBase: true, projectExisted: projectExisted, baseViolations: base,
            currentViolations: report.violations, entry: CheckReport.entry(for:))
        report.comparison?.annotatesUnchanged = annotatesUnchanged
        return report
    }

    static let files: [(name: String, format: CheckReportFormat)] = [
        ("check.txt", .text), ("check.json", .json), ("check.sarif", .sarif), ("check.xml", .junit),
        ("check.github", .github), ("check.md", .markdown), ("check.codequality.json", .codequality),
        ("check.checkstyle.xml", .checkstyle)
    ]

    @Test(arguments: files.map(\.name))
    func everyFormatMatchesItsGoldenFile(file: String) throws {
        let format = try #require(Self.files.first { $0.name == file }?.format)
        for (folder, report) in [("with-base", Self.compared()), ("without-base", Self.plain)] {
            let text = format.write(report, toolVersion: "1.2.3")
            try Golden.check(text, Self.folder.appendingPathComponent("\(folder)/\(file)"))
        }
    }

    /// Without a base, a writer writes what it wrote before `--base` existed: the words of
    /// the comparison appear nowhere.
    @Test(arguments: CheckReportFormat.allCases)
    func withoutABaseNothingIsSaid(format: CheckReportFormat) {
        for report in [CheckReportWriterTests.report, Self.plain] {
            let text = format.write(report, toolVersion: "1.2.3")
            for word in ["baselineState", "\"state\"", "\"base\"", "since main", "already at", "strata/base"] {
                #expect(!text.contains(word), "\(format): \(word)")
            }
        }
    }

    @Test func textKeepsTheDiagnosticLinesAndAddsNotes() {
        let text = CheckTextWriter().write(Self.compared())
        let plain = CheckTextWriter().write(Self.plain)
        // Every line written without a base is there with it, in the same order.
        let lines = text.split(separator: "\n")
        #expect(plain.split(separator: "\n").allSatisfy { lines.contains($0) })
        #expect(text.contains("Package.swift:9:9: note: already at main (where this branch left it, 1a2b3c4d5e6f)\n"))
        #expect(
            text.contains(
                "Sources/APIClient/Client.swift:3:1: note: fixed since main: dependency cycle: APIClient → Database → "
                    + "APIClient [cycle]\n"))
        let absent = CheckTextWriter().write(Self.compared(projectExisted: false))
        #expect(absent.contains("strata: note: the project did not exist at main"))
        #expect(!absent.contains("already at"))
    }

    @Test func jsonValidatesAndCarriesTheStates() throws {
        let schema = try PublishedSchemaTests.schema("check-report")
        for report in [Self.compared(), Self.compared(projectExisted: false), Self.plain] {
            #expect(schema.validate(try JSONValue.parse(CheckJSONWriter().write(report))) == [])
        }
        let json = try JSONValue.parse(CheckJSONWriter().write(Self.compared()))
        guard case .array(let violations)? = json["violations"] else {
            Issue.record("no violations")
            return
        }
        #expect(violations.map { $0["state"] } == [.string("unchanged"), .string("new")])
        #expect(
            json["base"]?["counts"]
                == .object(["new": .integer(1), "unchanged": .integer(1), "fixed": .integer(1)]))
        #expect(json["base"]?["merge_base"] == .bool(true))
        // A fixed violation has the shape of the others, without a state.
        let broken =
            #"{"version": 1, "summary": {"errors": 0, "warnings": 0, "modules": 0, "baselined": 0}, "#
            + #""violations": [], "stale_baseline": [], "rules": [], "base": {"ref": "main", "commit": "1a2b3c4", "#
            + #""merge_base": false, "project_existed": true, "counts": {"new": 0, "unchanged": 0, "fixed": 1}, "#
            + #""fixed": [{"rule": "cycle", "kind": "cycle", "severity": "error", "message": "m", "modules": [], "#
            + #""key": "k", "evidence": [], "state": "new"}]}}"#
        #expect(!schema.validate(try JSONValue.parse(broken)).isEmpty)
        #expect(
            !schema.validate(
                try JSONValue.parse(broken.replacingOccurrences(of: #", "state": "new""#, with: #", "state": "old""#))
            ).isEmpty)
    }

    @Test func sarifMarksBaselineStateAndCarriesNewResultsOnly() throws {
        let schema = try CheckReportWriterTests().sarifSchema()
        func results(_ report: CheckReport) throws -> [JSONValue] {
            let sarif = try JSONValue.parse(SARIFWriter(toolVersion: "1").write(report))
            #expect(schema.validate(sarif) == [])
            guard case .array(let runs)? = sarif["runs"], case .array(let results)? = runs.first?["results"] else {
                return []
            }
            return results
        }
        let new = try results(Self.compared())
        #expect(new.map { $0["baselineState"] } == [.string("new")])
        #expect(new.first?["ruleId"] == .string("forbid/UI-Infrastructure"))
        let all = try results(Self.compared(annotatesUnchanged: true))
        #expect(all.map { $0["baselineState"] } == [.string("unchanged"), .string("new")])
        // Without a base, every result and no state.
        #expect(try results(Self.plain).map { $0["baselineState"] } == [nil, nil])
    }

    @Test func githubAnnotatesNewViolationsAndSaysWhatItLeftOut() {
        let lines = GitHubActionsWriter().write(Self.compared()).split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("::error file=Package.swift,line=14,col=58,title=Strata forbid/UI-Infrastructure::"))
        #expect(lines[1] == "::notice title=Strata::1 unchanged violation not annotated; 1 fixed since main")
        let all = GitHubActionsWriter().write(Self.compared(annotatesUnchanged: true)).split(separator: "\n")
        #expect(
            all.first?.hasPrefix(
                "::warning file=Package.swift,line=9,col=9,title=Strata unused-dependency (unchanged since main)::")
                == true)
        #expect(all.last == "::notice title=Strata::1 fixed since main")
        let absent = GitHubActionsWriter().write(Self.compared(projectExisted: false))
        #expect(
            absent.hasSuffix(
                "::notice title=Strata::the project did not exist at main (where this branch left it, 1a2b3c4d5e6f), "
                    + "so every violation is new\n"))
    }

    @Test func markdownSplitsNewFixedAndUnchanged() {
        let text = CheckMarkdownWriter().write(Self.compared())
        let sections = ["### New since main", "### Fixed since main", "### Unchanged", "### Evidence"]
        let places = sections.compactMap { text.range(of: $0)?.lowerBound }
        #expect(places.count == sections.count)
        #expect(places == places.sorted())
        #expect(text.contains("<details><summary>1 violation already at main</summary>"))
        // The evidence is the new violation's only.
        #expect(!text.contains("<summary>unused-dependency"))
        let none = CheckMarkdownWriter().write(Self.compared(projectExisted: false))
        #expect(none.contains("The project did not exist at main, so every violation is new."))
        #expect(!none.contains("### Unchanged") && !none.contains("### Fixed"))
    }

    @Test func xmlFormatsKeepToTheirGrammarsAndCodeQualityToItsFingerprints() throws {
        let report = Self.compared()
        let junit = Data(JUnitWriter().write(report).utf8)
        #expect(XMLGrammar.xunitJUnit10.problems(in: junit) == [])
        let counter = JUnitCounter()
        let parser = XMLParser(data: junit)
        parser.delegate = counter
        #expect(parser.parse())
        #expect(counter.failureMessages == ["'FeedUI' depends on 'Database', which is forbidden (new since main)"])
        #expect(XMLGrammar.checkstyle.problems(in: Data(CheckstyleWriter().write(report).utf8)) == [])

        let compared = try JSONValue.parse(CodeQualityWriter().write(report))
        let plain = try JSONValue.parse(CodeQualityWriter().write(Self.plain))
        #expect(CodeQualityFormat.problems(in: compared) == [])
        guard case .array(let issues) = compared, case .array(let plainIssues) = plain else {
            Issue.record("no issues")
            return
        }
        #expect(issues.map { $0["fingerprint"] } == plainIssues.map { $0["fingerprint"] })
        #expect(
            issues.map { $0["description"] } == [
                .string("'App' declares 'Analytics' but never imports it (unchanged since main) [unused-dependency]"),
                .string(
                    "'FeedUI' depends on 'Database', which is forbidden (new since main) [forbid/UI-Infrastructure]")
            ])
    }
}
