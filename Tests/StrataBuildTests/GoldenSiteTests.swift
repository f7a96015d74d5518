import Foundation
import StrataBuild
import StrataCore
import Testing

/// Builds fixture sites and compares every page byte for byte with the expected output kept
/// in `Tests/Fixtures/sites/<name>.expected`. Run with `STRATA_UPDATE_GOLDEN=1` to rewrite
/// the expected files after an intended change, and review the diff.
@Suite struct GoldenSiteTests {
    @Test func basicSiteMatchesTheGoldenFilesAndIsReproducible() throws {
        try compareWithGolden(fixture: "basic", warnings: [])
    }

    /// A realistic architecture guide: a package of seven modules in five layers, six pages
    /// with a dozen guidance blocks in every form, metadata (one page stale against the
    /// pinned date), examples, READ_ALSO between pages, blocks in source comments and a rule
    /// citing a block.
    @Test func guideSiteMatchesTheGoldenFilesAndIsReproducible() throws {
        try compareWithGolden(
            fixture: "guide",
            warnings: [
                "Content/guides/services.md:4:1: warning: LAST_VERIFIED 2026-03-01 is 245 days before 2026-11-01; "
                    + "pages are stale after 120 days (guidance.stale_after); verify the page and update the date "
                    + "[metadata.stale]"
            ])
    }

    /// Guidance as teams write it: a wiki page captured as text (title and "Skip to content"
    /// lines above its metadata, `// CORRECT` examples, `EXAMPLE: above`, wiki links mapped
    /// with `links:`), a rule set by headings and one by list items, and every way to label
    /// an example; and the team's drawings of the architecture, a Mermaid flowchart and a
    /// DOT graph, drawn and checked against the code (their drift warnings).
    @Test func guidanceFormsSiteMatchesTheGoldenFiles() throws {
        try compareWithGolden(
            fixture: "guidance-forms",
            warnings: [
                "Content/diagrams.md:8:1: warning: the diagram draws ProfileUI → FeedService, and the code has no "
                    + "such dependency [diagram.drift]",
                "Content/diagrams.md:10:1: warning: the diagram draws 'Cache', which is no module or layer of the "
                    + "project; write `nocheck` after the fence's language to leave the diagram unchecked "
                    + "[diagram.drift]",
                "Content/diagrams.md:15:1: warning: the diagram leaves out Service → Core, which the code has "
                    + "(Package.swift:16) [diagram.drift]",
                // Names as people write them are read as the modules they mean, and the warning
                // says so; the call flow and the deployment in the same page are left alone.
                "Content/drawn-by-people.md:9:1: warning: the diagram draws ProfileUI ('Profile' in the diagram) → "
                    + "FeedService ('feed_service' in the diagram), and the code has no such dependency "
                    + "[diagram.drift]",
                "Content/wiki.md:5:71: warning: LAST_VERIFIED 2026-03-26 is 220 days before 2026-11-01; pages are "
                    + "stale after 120 days (guidance.stale_after); verify the page and update the date "
                    + "[metadata.stale]"
            ])
    }

    /// The four architecture styles of Content/checking/styles.md, clean and with planted
    /// violations: their component diagrams, component pages, layer pages and violations.
    @Test(arguments: [
        "swiftui-first", "swiftui-first-violations", "puddles", "puddles-violations",
        "view-contracts", "view-contracts-violations", "responder-mvvm", "responder-mvvm-violations"
    ])
    func architectureStyleSitesMatchTheGoldenFiles(fixture: String) throws {
        try compareWithGolden(
            project: TemporaryProject(check: fixture),
            expectedFolder: TemporaryProject.fixtures.appendingPathComponent("check/\(fixture).site"), warnings: []
        )
    }

    /// A package whose target has a DocC catalog using every directive Strata reads: the
    /// catalog's articles and tutorials published beside the architecture, and the warnings
    /// for what it cannot resolve (an unknown directive, a missing article, code file and snippet).
    @Test func doccCatalogSiteMatchesTheGoldenFiles() throws {
        let catalog = "Sources/Greeter/Greeter.docc/"
        try compareWithGolden(
            project: TemporaryProject(docc: "greeter"),
            expectedFolder: TemporaryProject.fixtures.appendingPathComponent("docc/greeter.expected"),
            warnings: [
                catalog + "Articles/GettingStarted.md:20:168: warning: no article or tutorial of the catalog 'Greeter' "
                    + "is named 'Missing-Article' [docc.link]",
                catalog + "Articles/GettingStarted.md:44:1: warning: Strata does not know the directive @Custom; what "
                    + "it holds is shown as it is [docc.unknown-directive]",
                catalog + "Articles/GettingStarted.md:52:95: warning: no documented symbol is named 'Greeter/wave()' "
                    + "(Strata documents the declarations of the libraries it reads at the access api: sets, public "
                    + "by default) [docc.symbol-link]",
                catalog + "Articles/GettingStarted.md:58:1: warning: no snippet 'Greeter/Snippets/missing': looked "
                    + "for Snippets/missing.swift, in the Snippets folder beside the package's Package.swift "
                    + "[docc.snippet]",
                catalog + "Tutorials/First Steps.tutorial:26:17: warning: the file 'missing.swift' does not exist "
                    + "(looked for 'Tutorials/missing.swift', and for a file of that name anywhere in the catalog "
                    + "'Greeter') [link.broken]"
            ])
    }

    private func compareWithGolden(fixture: String, warnings: [String]) throws {
        try compareWithGolden(
            project: TemporaryProject(fixture: fixture),
            expectedFolder: TemporaryProject.fixtures.appendingPathComponent("sites/\(fixture).expected"),
            warnings: warnings
        )
    }

    private func compareWithGolden(project: TemporaryProject, expectedFolder: URL, warnings: [String]) throws {
        let first = project.build()
        #expect(first.exitCode == 0)
        #expect(TemporaryProject.lines(first) == warnings)
        let firstFiles = project.files()
        let second = project.build()
        #expect(second.exitCode == 0)
        #expect(project.files() == firstFiles, "two builds of the same input differ")

        // Theme assets are checked against Themes/default separately; pages are compared here.
        // The layout cache holds the same SVG the pages carry inline.
        let pages = firstFiles.filter { !$0.key.hasPrefix("assets/") && !$0.key.hasPrefix(".strata-cache/") }
        if ProcessInfo.processInfo.environment["STRATA_UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.removeItem(at: expectedFolder)
            for (path, data) in pages {
                let url = expectedFolder.appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url)
            }
        }
        let expected = GoldenFiles.read(expectedFolder)
        #expect(Set(pages.keys) == Set(expected.keys))
        for (path, data) in pages.sorted(by: { $0.key < $1.key }) {
            let actual = String(decoding: data, as: UTF8.self)
            let wanted = expected[path].map { String(decoding: $0, as: UTF8.self) }
            #expect(actual == wanted, "\(path) differs from \(expectedFolder.path)/\(path)")
        }
    }

    @Test func defaultThemeAssetsAreCopiedVerbatim() throws {
        let project = try TemporaryProject(fixture: "basic")
        #expect(project.build().exitCode == 0)
        let themeAssets = GoldenFiles.read(
            TemporaryProject.fixtures.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                "Themes/default/assets")
        )
        let built = project.files().filter { $0.key.hasPrefix("assets/") }
        #expect(!themeAssets.isEmpty)
        #expect(Dictionary(uniqueKeysWithValues: themeAssets.map { ("assets/" + $0.key, $0.value) }) == built)
    }
}

enum GoldenFiles {
    static func read(_ folder: URL) -> [String: Data] {
        var result: [String: Data] = [:]
        let base = folder.standardizedFileURL
        guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey])
        else { return result }
        for case let file as URL in enumerator
        where (try? file.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
            result[String(file.standardizedFileURL.path.dropFirst(base.path.count + 1))] = try? Data(contentsOf: file)
        }
        return result
    }
}
