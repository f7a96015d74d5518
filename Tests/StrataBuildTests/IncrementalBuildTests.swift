import Foundation
import StrataBuild
import StrataCore
import Testing

/// `strata serve` rebuilds with a `BuildMemory`; after every kind of change its site must be
/// byte for byte the site a clean build makes of the same files, and it must have redone
/// only the work the change called for.
@Suite struct IncrementalBuildTests {
    final class Session {
        let project: TemporaryProject
        /// Files are written just before each build, so counting re-reads needs every stamp
        /// to count as settled at once.
        let memory = BuildMemory(settleTime: .zero)
        let options = BuildOptions()
        /// How the latest incremental build drew its diagrams.
        var diagrams: DiagramStatistics?

        init(_ project: TemporaryProject) {
            self.project = project
        }

        var files: ProjectFiles { ProjectFiles(root: project.root, workingDirectory: project.root) }

        /// Applies a change, rebuilds with memory, and checks the result against a clean build.
        @discardableResult
        func change(
            _ description: String, paths: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation,
            _ edit: () throws -> Void
        ) throws -> BuildMemory.Statistics {
            try edit()
            memory.noteChanges(paths.map { project.url($0).standardizedFileURL.path })
            let incremental = SiteBuilder(project: files, options: options, memory: memory).renderSite()
            diagrams = incremental.result.diagrams
            let clean = SiteBuilder(project: files, options: options).renderSite()
            #expect(
                incremental.result.diagnostics == clean.result.diagnostics, "\(description): diagnostics",
                sourceLocation: sourceLocation)
            #expect(
                incremental.result.outcome == clean.result.outcome, "\(description): outcome",
                sourceLocation: sourceLocation)
            let incrementalFiles = Dictionary(uniqueKeysWithValues: incremental.files.map { ($0.path, $0.contents) })
            let cleanFiles = Dictionary(uniqueKeysWithValues: clean.files.map { ($0.path, $0.contents) })
            #expect(
                incrementalFiles.keys.sorted() == cleanFiles.keys.sorted(), "\(description): the same files",
                sourceLocation: sourceLocation)
            let different = cleanFiles.keys.filter { incrementalFiles[$0] != cleanFiles[$0] }.sorted()
            #expect(
                different.isEmpty, "\(description): these files differ from a clean build: \(different)",
                sourceLocation: sourceLocation)
            return memory.statistics
        }

        func append(_ path: String, _ text: String) throws {
            let url = project.url(path)
            let old = try String(contentsOf: url, encoding: .utf8)
            try (old + text).write(to: url, atomically: true, encoding: .utf8)
        }

        func replace(_ path: String, _ old: String, with new: String) throws {
            let url = project.url(path)
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(text.contains(old), "\(path) has '\(old)'")
            try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
        }
    }

    @Test func everyKindOfChangeGivesTheCleanBuild() throws {
        let session = Session(try TemporaryProject(fixture: "guide"))
        let first = try session.change("first build", paths: []) {}
        #expect(first.graphReloaded)
        let pageCount = session.memory.statistics.pagesRendered
        #expect(pageCount > 20)

        let body = try session.change("a paragraph added", paths: ["Content/guides/naming.md"]) {
            try session.append("Content/guides/naming.md", "\nOne more paragraph about names.\n")
        }
        #expect(body.pagesParsed == 1)
        #expect(body.bodiesRendered == 1)
        #expect(!body.graphReloaded)
        #expect((session.diagrams?.count ?? 0) > 0)
        #expect(session.diagrams?.laidOut == 0, "no output folder: every layout came from the previous build's memory")
        #expect(
            session.memory.statistics.pagesRendered < 5,
            "only the page and what shows its text (\(session.memory.statistics.pagesRendered))")

        try session.change("a title changed (navigation on every page)", paths: ["Content/guides/naming.md"]) {
            try session.replace("Content/guides/naming.md", "# Naming", with: "# Naming things")
        }
        #expect(session.memory.statistics.pagesRendered >= pageCount - 1)

        try session.change("a heading other pages link to changed", paths: ["Content/guides/services.md"]) {
            try session.append("Content/guides/services.md", "\n## A new section\n\nText.\n")
        }
        try session.change("a page added", paths: ["Content/guides/new-page.md"]) {
            try session.project.write(
                "Content/guides/new-page.md",
                Data("# New page\n\nSee [naming](naming.md#types) and [nowhere](missing.md).\n".utf8))
        }
        try session.change("a link target appears", paths: ["Content/guides/missing.md"]) {
            try session.project.write("Content/guides/missing.md", Data("# Missing no more\n".utf8))
        }
        try session.change("a guidance block added", paths: ["Content/guides/new-page.md"]) {
            try session.append(
                "Content/guides/new-page.md", "\nCHECK: A page is added. IF: It is new. THEN: Link it from the index.\n"
            )
        }
        try session.change("a page removed", paths: ["Content/guides/missing.md"]) {
            try FileManager.default.removeItem(at: session.project.url("Content/guides/missing.md"))
        }

        try session.change("lines added to a source file", paths: ["Sources/ProfileUI/ProfileScreen.swift"]) {
            try session.append("Sources/ProfileUI/ProfileScreen.swift", "\n// More lines, no new import.\n\n")
        }
        #expect(session.diagrams?.laidOut == 0, "the diagrams do not depend on line counts, so none is laid out again")

        let source = try session.change(
            "an import added in a source file", paths: ["Sources/ProfileUI/ProfileScreen.swift"]
        ) {
            try session.replace(
                "Sources/ProfileUI/ProfileScreen.swift", "import AppCore", with: "import AppCore\nimport Networking")
        }
        #expect(source.graphReloaded)
        #expect(source.sourcesScanned == 1, "only the changed file is read again")
        #expect(source.pagesParsed == 0)

        try session.change("a source file added", paths: ["Sources/FeedUI/FeedRow.swift"]) {
            try session.project.write(
                "Sources/FeedUI/FeedRow.swift", Data("import Persistence\n\nstruct FeedRow {}\n".utf8))
        }
        try session.change("the manifest changed", paths: ["Package.swift"]) {
            try session.replace(
                "Package.swift", #".target(name: "ProfileUI", dependencies: ["AppCore"]),"#,
                with: #".target(name: "ProfileUI", dependencies: ["AppCore", "FeedService"]),"#)
        }
        try session.change("the configuration changed", paths: ["strata.yml"]) {
            try session.replace("strata.yml", "title: Lumen architecture", with: "title: Lumen, the architecture")
        }
        try session.change("a page of numbered conventions", paths: ["Content/guides/conventions.md"]) {
            try session.project.write(
                "Content/guides/conventions.md",
                Data("# Conventions\n\n## Conventions\n\n1. Name a view model after its screen.\n".utf8))
        }
        // Nothing in the page changed, but what makes a rule set did: it is read again.
        try session.change("the rule-set headings changed", paths: ["strata.yml"]) {
            try session.replace(
                "strata.yml", "  stale_after: 120\n", with: "  stale_after: 120\n  rule_sets: [Rules, Conventions]\n")
        }
        try session.change("a theme added", paths: ["strata.yml", "Theme/templates/page.mustache"]) {
            try session.project.write(
                "Theme/templates/page.mustache",
                Data("<html><body><nav>{{#nav}}{{title}} {{/nav}}</nav>{{{page.contentHTML}}}</body></html>\n".utf8))
            try session.project.write("Theme/templates/404.mustache", Data("<html><body>Not here</body></html>\n".utf8))
            try session.append("strata.yml", "theme: Theme\n")
        }
        try session.change("a theme template changed", paths: ["Theme/templates/page.mustache"]) {
            try session.replace("Theme/templates/page.mustache", "<nav>", with: "<nav class=\"site\">")
        }
    }

    @Test func aBrokenChangeFailsAndTheFixRecovers() throws {
        let session = Session(try TemporaryProject(fixture: "guide"))
        try session.change("first build", paths: []) {}
        try session.change("broken front matter", paths: ["Content/guides/naming.md"]) {
            try session.project.write("Content/guides/naming.md", Data("---\ntitle: [unclosed\n---\n# Naming\n".utf8))
        }
        let broken = SiteBuilder(project: session.files, memory: session.memory).renderSite()
        #expect(broken.result.outcome == .failed)
        #expect(broken.files.isEmpty)
        try session.change("fixed", paths: ["Content/guides/naming.md"]) {
            try session.project.write(
                "Content/guides/naming.md", Data("---\ntitle: Naming\n---\n# Naming\n\nBack.\n".utf8))
        }
        try session.change("broken manifest", paths: ["Package.swift"]) {
            try session.append("Package.swift", "\nlet broken = (\n")
        }
        try session.change("manifest fixed", paths: ["Package.swift"]) {
            try session.replace("Package.swift", "\nlet broken = (\n", with: "\n")
        }
    }

    @Test func aFileChangedJustBeforeItWasReadIsReadAgain() throws {
        // On a file system with coarse times, a second save in the same tick, at the same
        // size, keeps the stamp; so a freshly changed file is not trusted until it settles.
        let project = try TemporaryProject(fixture: "guide")
        let memory = BuildMemory()
        let files = ProjectFiles(root: project.root, workingDirectory: project.root)
        _ = SiteBuilder(project: files, memory: memory).renderSite()
        _ = SiteBuilder(project: files, memory: memory).renderSite()
        #expect(memory.statistics.pagesParsed > 0, "files written a moment ago are read again")
        let settled = BuildMemory(settleTime: .zero)
        _ = SiteBuilder(project: files, memory: settled).renderSite()
        _ = SiteBuilder(project: files, memory: settled).renderSite()
        #expect(settled.statistics.pagesParsed == 0)
    }

    @Test func nothingChangedRendersNothing() throws {
        let session = Session(try TemporaryProject(fixture: "guide"))
        try session.change("first build", paths: []) {}
        let again = try session.change("a file outside the inputs", paths: ["README.md"]) {
            try session.project.write("README.md", Data("# Readme\n".utf8))
        }
        #expect(again.pagesParsed == 0)
        #expect(again.bodiesRendered == 0)
        #expect(session.memory.statistics.pagesRendered == 0)
    }

    /// A DocC catalog's pages go through the same memo: an edit to one article parses that
    /// article alone, and the rebuilt site is the clean build's.
    @Test func aCatalogArticleEditedIsTheOnlyCatalogPageParsed() throws {
        let session = Session(try TemporaryProject(docc: "greeter"))
        try session.change("first build", paths: []) {}
        let article = "Sources/Greeter/Greeter.docc/Articles/Layouts.md"
        let edited = try session.change("an article edited", paths: [article]) {
            try session.replace(article, "Arrange content", with: "Lay out content")
        }
        #expect(edited.pagesParsed == 1)
        let untouched = try session.change("nothing in the catalog changed", paths: ["README.md"]) {
            try session.project.write("README.md", Data("# Readme\n".utf8))
        }
        #expect(untouched.pagesParsed == 0)
        #expect(untouched.bodiesRendered == 0)
    }
}
