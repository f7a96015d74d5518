import Foundation
import StrataTestSupport
import Testing

/// `strata check` as CI runs it, on the fixture apps under `Tests/Fixtures/check`: every
/// report format compared with the expected files in `<fixture>.expected/` (rewrite them
/// with `STRATA_UPDATE_GOLDEN=1` and review the diff).
@Suite struct CheckCommandTests {
    let cli = CommandLineTests()

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/check")

    /// A copy of a fixture in a temporary folder, so reports written there touch nothing else.
    func copy(_ name: String) throws -> URL {
        let destination = TestScratch.path("check")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(name), to: destination)
        return destination
    }

    static let reports: [(format: String, file: String)] = [
        ("json", "check.json"), ("sarif", "check.sarif"), ("junit", "check.xml"), ("github", "check.github"),
        ("markdown", "check.md"),
        ("codequality", "check.codequality.json"), ("checkstyle", "check.checkstyle.xml")
    ]

    @Test(arguments: [
        (
            "layered", Int32(0),
            "strata check: Read 1 package: 8 targets, 8 Swift files.\nstrata check: no violations in 8 modules\n"
        ),
        (
            "layered-violations", Int32(1),
            "strata check: Read 1 package: 10 targets, 11 Swift files.\nstrata check: 7 errors, 5 warnings in 10 "
                + "modules\n"
        ),
        (
            "multi-package", Int32(1),
            "strata check: Read 2 packages: 4 targets, 4 Swift files.\nstrata check: 1 error, 0 warnings in 4 modules\n"
        ),
        (
            "feature-sliced", Int32(1),
            "strata check: Read 1 package: 7 targets, 8 Swift files.\nstrata check: 4 errors, 1 warning in 7 modules\n"
        ),
        // Layers that are folders of one app target (SwiftUI-First), clean and with at least one
        // planted violation of every kind that judges components: layer order, forbid,
        // independent, only-used-by, a type rule, and a reference that closes a cycle. So are
        // the three fixtures after it.
        (
            "swiftui-first", Int32(0),
            "strata check: Read 1 package: 1 target, 11 Swift files.\nstrata check: no violations in 1 module\n"
        ),
        (
            "swiftui-first-violations", Int32(1),
            "strata check: Read 1 package: 1 target, 14 Swift files.\nstrata check: 7 errors, 0 warnings in 1 module\n"
        ),
        // Roles of types in one target (View, View Contract, View Model, Model), clean and planted.
        (
            "view-contracts", Int32(0),
            "strata check: Read 1 package: 1 target, 10 Swift files.\nstrata check: no violations in 1 module\n"
        ),
        (
            "view-contracts-violations", Int32(1),
            "strata check: Read 1 package: 1 target, 12 Swift files.\nstrata check: 9 errors, 0 warnings in 1 module\n"
        ),
        // Puddles: Modules, Components and Providers as folders, Core as a local package.
        (
            "puddles", Int32(0),
            "strata check: Read 2 packages: 3 targets, 6 Swift files.\nstrata check: no violations in 3 modules\n"
        ),
        (
            "puddles-violations", Int32(1),
            "strata check: Read 2 packages: 3 targets, 8 Swift files.\nstrata check: 7 errors, 0 warnings in 3 "
                + "modules\n"
        ),
        // The responder-MVVM rule set: View, View Model, Use Case and Responder as roles of types.
        (
            "responder-mvvm", Int32(0),
            "strata check: Read 1 package: 1 target, 4 Swift files.\nstrata check: no violations in 1 module\n"
        ),
        (
            "responder-mvvm-violations", Int32(1),
            "strata check: Read 1 package: 1 target, 8 Swift files.\nstrata check: 9 errors, 0 warnings in 1 module\n"
        )
    ])
    func everyFormatMatchesItsExpectedFile(fixture: String, status: Int32, summary: String) async throws {
        let folder = try copy(fixture)
        defer { try? FileManager.default.removeItem(at: folder) }
        var arguments = ["check"]
        for report in Self.reports { arguments += ["--report", "\(report.format):reports/\(report.file)"] }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("reports"), withIntermediateDirectories: true)
        let run = try await cli.strata(arguments, in: folder)
        #expect(run.status == status)
        #expect(run.stderr == summary)

        var outputs = [("check.txt", run.stdout)]
        for report in Self.reports {
            outputs.append(
                (
                    report.file,
                    try String(contentsOf: folder.appendingPathComponent("reports/\(report.file)"), encoding: .utf8)
                ))
        }
        let expected = Self.fixtures.appendingPathComponent("\(fixture).expected")
        if ProcessInfo.processInfo.environment["STRATA_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: expected, withIntermediateDirectories: true)
            for (file, text) in outputs { try Data(text.utf8).write(to: expected.appendingPathComponent(file)) }
        }
        for (file, text) in outputs {
            let golden = try String(contentsOf: expected.appendingPathComponent(file), encoding: .utf8)
            #expect(text == golden, "\(fixture): \(file) differs from its expected file")
        }
    }

    @Test func theSameInputGivesTheSameBytes() async throws {
        let folder = try copy("layered-violations")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try await cli.strata(["check", "--format", "sarif"], in: folder)
        let second = try await cli.strata(["check", "--format", "sarif"], in: folder)
        #expect(first.stdout == second.stdout)
        #expect(!first.stdout.isEmpty)
    }

    @Test func baselineHidesRecordedViolationsAndListsStaleOnes() async throws {
        let folder = try copy("layered-violations")
        defer { try? FileManager.default.removeItem(at: folder) }
        let update = try await cli.strata(["check", "--update-baseline", "baseline.json"], in: folder)
        #expect(update.status == 0)
        #expect(update.stdout.isEmpty)
        #expect(update.stderr == "strata: recorded 12 violations in baseline.json\n")
        let baseline = try String(contentsOf: folder.appendingPathComponent("baseline.json"), encoding: .utf8)
        #expect(!baseline.contains("Package.swift:"), "a baseline has no line numbers")
        #expect(baseline.contains(#"{"rule": "layer-order", "key": "FeedUI -> FeedService""#))

        let clean = try await cli.strata(["check", "--baseline", "baseline.json"], in: folder)
        #expect(clean.status == 0)
        #expect(clean.stdout.isEmpty)
        #expect(
            clean.stderr
                == "strata check: Read 1 package: 10 targets, 11 Swift files.\nstrata check: no violations in 10 "
                + "modules; 12 more in the baseline\n"
        )

        // Lines move: the baseline still matches. One violation fixed, one new.
        let cell = folder.appendingPathComponent("Sources/FeedUI/FeedCell.swift")
        try Data("// A cell of the feed.\n\n\nimport Database\n\nimport FeedService\n\nstruct FeedCell {}\n".utf8)
            .write(to: cell)
        try Data("import Models\n\npublic struct ProfileView {}\n".utf8).write(
            to: folder.appendingPathComponent("Sources/ProfileUI/ProfileView.swift"))
        let manifest = folder.appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8).replacingOccurrences(
            of: #"dependencies: ["Models", "FeedUI"]"#, with: #"dependencies: ["Models"]"#)
        try Data(text.utf8).write(to: manifest)
        try Data("import AcmeTestSupport\nimport FeedService\nimport FeedUI\nimport Models\nimport ProfileUI\n".utf8)
            .write(to: folder.appendingPathComponent("Sources/App/main.swift"))
        let changed = try await cli.strata(["check", "--baseline", "baseline.json"], in: folder)
        #expect(changed.status == 0)
        #expect(
            changed.stdout == """
                Sources/App/main.swift:1:1: warning: 'App' is not a test, but depends on the test-support module \
                'AcmeTestSupport' [test-support]
                Sources/App/main.swift:1:1: warning: 'App' imports 'AcmeTestSupport' but does not declare it as a \
                dependency (it builds only because a declared dependency brings it in) [undeclared-import]
                baseline.json:\(line(of: "ProfileUI -> FeedUI", in: baseline)):1: warning: the baseline records \
                independent/*UI 'ProfileUI -> FeedUI', which no longer happens; remove the entry (or run \
                --update-baseline) [baseline.stale]

                """)
        #expect(
            changed.stderr
                == "strata check: Read 1 package: 10 targets, 11 Swift files.\nstrata check: 0 errors, 2 warnings "
                + "in 10 modules; 11 more in the baseline; 1 baseline entry no longer matches\n"
        )

        let strict = try await cli.strata(["check", "--baseline", "baseline.json", "--strict"], in: folder)
        #expect(strict.status == 1)
    }

    func line(of key: String, in text: String) -> Int {
        (text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(key) } ?? -1) + 1
    }

    @Test func warningsAloneExitZeroUnlessStrict() async throws {
        let folder = try cli.project([
            "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "P", targets: [.target(name: "A", dependencies: ["B"]), .target(name: "B")])
            """,
            "Sources/A/A.swift": "struct A {}\n",
            "Sources/B/B.swift": "struct B {}\n"
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let relaxed = try await cli.strata(["check"], in: folder)
        #expect(relaxed.status == 0)
        #expect(
            relaxed.stdout
                == "Package.swift:3:78: warning: 'A' declares a dependency on 'B' but none of its files imports it "
                + "[unused-dependency]\n"
        )
        let strict = try await cli.strata(["check", "--strict", "--quiet"], in: folder)
        #expect(strict.status == 1)
        #expect(strict.stderr.isEmpty)
    }

    @Test(arguments: [
        (
            "layers:\n  - name: Core\n    modules: [Modles]\n",
            "strata.yml:3:15: error: 'Modles' in layer 'Core' matches no module of the graph [layer.unmatched-pattern]"
        ),
        (
            "layers:\n  - name: Core\n    modules: [Models]\n    may_use: [UI]\n",
            "strata.yml:4:14: error: layer 'Core' may use 'UI', which is not a declared layer [config.unknown-layer]"
        ),
        (
            "layers:\n  - name: A\n    modules: [Models]\n    may_use: [B]\n  - name: B\n    modules: [App]\n    "
                + "may_use: [A]\n",
            "strata.yml:4:14: error: may_use goes round in a circle: A → B → A; layers must stack [config.layer-cycle]"
        ),
        (
            "rules:\n  layer_ordr: error\n",
            "strata.yml:2:3: error: unknown key 'layer_ordr' in rules; did you mean 'layer_order'? [config.unknown-key]"
        ),
        (
            "rules:\n  cycle: fatal\n",
            "strata.yml:2:10: error: cycle must be error, warning or off, not 'fatal' [config.invalid-value]"
        ),
        (
            "rules:\n  forbid:\n    - from: App\n",
            "strata.yml:3:7: error: a forbid: rule needs both from: and to: (a layer name, a module name or a glob, "
                + "or a list of them) [config.invalid-value]"
        ),
        (
            "rules:\n  forbid:\n    - { from: App, to: Modles }\n",
            "strata.yml:3:24: error: 'Modles' in forbid: matches no module of the graph; did you mean 'Models'? "
                + "[rule.unmatched-pattern]"
        ),
        (
            "rules:\n  forbid:\n    - { from: App, to: Models, see: guides/nowhere.md }\n",
            "strata.yml:3:37: error: see: 'guides/nowhere.md' is neither a page of the content folder, a guidance "
                + "block's id, nor an http(s) URL [rule.see-not-found]"
        ),
        (
            "layers:\n  - name: Core\n    modules: [Models]\n  - name: Live\n    modules: [App, \"M*\"]\n",
            "strata.yml:5:20: error: module 'Models' is matched by 2 layers: 'Core' (strata.yml (modules: Models)), "
                + "'Live' (strata.yml (modules: M*)) [layer.ambiguous]"
        )
    ])
    func badConfigurationExitsTwoWithItsLine(config: String, diagnostic: String) async throws {
        let folder = try cli.project([
            "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "P", targets: [.target(name: "Models"), .executableTarget(name: "App", \
            dependencies: ["Models"])])
            """,
            "Sources/Models/M.swift": "struct M {}\n",
            "Sources/App/main.swift": "import Models\n",
            "strata.yml": config
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("reports"), withIntermediateDirectories: true)
        let run = try await cli.strata(["check", "--report", "sarif:reports/out.sarif"], in: folder)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix(diagnostic + "\n"), "\(run.stderr)")
        #expect(
            !FileManager.default.fileExists(atPath: folder.appendingPathComponent("reports/out.sarif").path),
            "no report from a check that could not run")
    }

    @Test func badUsageExitsTwo() async throws {
        let folder = try copy("layered")
        defer { try? FileManager.default.removeItem(at: folder) }
        let format = try await cli.strata(["check", "--report", "sarrif:out.sarif"], in: folder)
        #expect(format.status == 2)
        #expect(format.stderr.contains("--report: unknown format 'sarrif'; did you mean 'sarif'?"))
        let missing = try await cli.strata(["check", "--baseline", "nowhere.json"], in: folder)
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("nowhere.json"))
        try Data("{\"violations\": 3}".utf8).write(to: folder.appendingPathComponent("bad.json"))
        let invalid = try await cli.strata(["check", "--baseline", "bad.json"], in: folder)
        #expect(invalid.status == 2)
        #expect(invalid.stderr.hasPrefix("bad.json:1:1: error: a baseline needs \"version\" and a \"violations\" list"))
        let empty = try await cli.strata(["check"], in: try cli.project(["Content/index.md": "# Docs\n"]))
        #expect(empty.status == 2)
        #expect(
            empty.stderr.contains(
                "nothing to check: no Package.swift and no Xcode project in the project folder or below it, and no "
                    + "packages: or projects: in strata.yml; run Strata in the folder of a package or an app, or "
                    + "list them under packages: and projects: [package.missing-manifest]"
            ))
        // An Xcode project is read; one that is not a project is an error at its place.
        let app = try await cli.strata(
            ["check"],
            in: try cli.project([
                "Content/index.md": "# Docs\n", "iOS/Shop.xcodeproj/project.pbxproj": "// !$*UTF8*$!\n{}\n"
            ]))
        #expect(app.status == 2)
        #expect(
            app.stderr.hasPrefix(
                "iOS/Shop.xcodeproj/project.pbxproj:2:1: error: this file has no PBXProject object (its "
                    + "rootObject), so it is not an Xcode project file [xcode.invalid-project]\n"
            ), "\(app.stderr)")
    }

    /// Content/checking/styles.md shows each architecture style's strata.yml and what the
    /// check prints for its planted variant: it must stay what the fixtures are.
    @Test(arguments: [
        ("swiftui-first", "App"), ("view-contracts", "Items"), ("puddles", "PuddlesApp"), ("responder-mvvm", "Login")
    ])
    func theArchitectureStylesPageShowsTheFixturesAsTheyAre(fixture: String, module: String) throws {
        let page = try String(
            contentsOf: Self.fixtures.deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
                .appendingPathComponent("Content/checking/styles.md"),
            encoding: .utf8
        )
        let configuration = try String(
            contentsOf: Self.fixtures.appendingPathComponent("\(fixture)/strata.yml"), encoding: .utf8)
        let report = try String(
            contentsOf: Self.fixtures.appendingPathComponent("\(fixture)-violations.expected/check.txt"),
            encoding: .utf8)
        #expect(
            page.contains("```yaml\n" + configuration.trimmingCharacters(in: .newlines) + "\n```"),
            "\(fixture): strata.yml differs from the page")
        #expect(
            page.contains("```text\n" + report.trimmingCharacters(in: .newlines) + "\n```"),
            "\(fixture): the report differs from the page")

        // The page shows the component diagram of the planted variant's golden site.
        let site = try String(
            contentsOf: Self.fixtures.appendingPathComponent("\(fixture)-violations.site/modules/\(module).html"),
            encoding: .utf8)
        let marker = try #require(site.range(of: "id=\"svg.components-\(module)\""))
        let start = try #require(site[..<marker.lowerBound].range(of: "<svg", options: .backwards))
        let end = try #require(site[marker.upperBound...].range(of: "</svg>"))
        let svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + site[start.lowerBound..<end.upperBound] + "\n"
        let image = Self.fixtures.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Content/checking/images/\(fixture).svg")
        if ProcessInfo.processInfo.environment["STRATA_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(
                at: image.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(svg.utf8).write(to: image)
        }
        #expect(
            try String(contentsOf: image, encoding: .utf8) == svg,
            "\(fixture): Content/checking/images/\(fixture).svg differs from the golden site's diagram")
        #expect(page.contains("](images/\(fixture).svg)"), "\(fixture): the page does not show its diagram")
    }
}
