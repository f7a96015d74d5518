import Foundation
import StrataBuild
import StrataCore
import Testing

/// The architecture in the built site: a page per module, the module index and the
/// violations page, on the fixture app that breaks every rule.
@Suite struct ArchitecturePagesTests {
    @Test func violationsDoNotFailTheBuildButAreAllOnThePage() throws {
        let project = try TemporaryProject(check: "layered-violations")
        let result = project.build(BuildOptions(strict: true))
        #expect(result.outcome == .written, "\(TemporaryProject.lines(result))")
        let page = project.text("Output/violations.html")
        for heading in [
            "Dependency against the layer order", "Dependency cycle", "Import without a declared dependency",
            "Declared dependency that is never imported", "Module, file or type without a layer",
            "Test support used by production code",
            "Forbidden dependency: UI → Infrastructure", "Dependency between independent modules: *UI",
            "Use of a protected module: Database"
        ] {
            #expect(page.contains(">\(heading)</h2>"), "\(heading)")
        }
        #expect(page.contains("7 errors, 5 warnings in 10 modules"))
        // Written by the theme's templates, which escape apostrophes too.
        #expect(page.contains("&#39;FeedUI&#39; (UI) depends on &#39;FeedService&#39; (Service), a layer above it"))
        #expect(page.contains(#"<a href="guides/previews.html#no-database">guides/previews.md#no-database</a>"#))
        #expect(
            page.contains(#"<a href="modules/feed-ui.html">FeedUI</a>"#), "a module with a Content page links to it")
        #expect(page.contains(#"<a href="modules/Database.html">Database</a>"#))
    }

    @Test func everyModuleHasAPageAndAModulesContentPageKeepsItsText() throws {
        let project = try TemporaryProject(check: "layered-violations")
        _ = project.build()
        let files = project.files()
        for module in [
            "APIClient", "AcmeTestSupport", "App", "Database", "FeedService", "FeedServiceTests", "Legacy", "Models",
            "ProfileUI"
        ] {
            #expect(files["modules/\(module).html"] != nil, "\(module)")
        }
        #expect(files["modules/FeedUI.html"] == nil, "FeedUI is documented by modules/feed-ui.md")
        let feed = project.text("Output/modules/feed-ui.html")
        #expect(feed.contains("The feed’s views.") || feed.contains("The feed's views."))
        #expect(feed.contains(#"<h2 id="violations">Violations</h2>"#))
        #expect(feed.contains(#"<h2 id="depends-on">Depends on</h2>"#))
        #expect(feed.contains("Sources/FeedUI/FeedCell.swift:2:1"))
        let database = project.text("Output/modules/Database.html")
        #expect(database.contains("Infrastructure (from strata.yml (modules: Database))"))
        #expect(database.contains(#"<a href="feed-ui.html">FeedUI</a>"#))
        #expect(
            database.contains("dependency &quot;Models&quot;"), "each edge shows the manifest line that declares it")
        let index = project.text("Output/modules/index.html")
        #expect(index.contains(#"<a href="Models.html">Models</a>"#))
        // The sidebar stays small however many modules there are: generated module pages are
        // reached from the index (and have breadcrumbs back to it), not listed on every page.
        let sidebar =
            (database.components(separatedBy: "<nav").dropFirst().first ?? "").components(separatedBy: "</nav>").first
            ?? ""
        #expect(!sidebar.contains("Legacy.html"))
        #expect(sidebar.contains("index.html\">Architecture overview<"))
        #expect(!sidebar.contains("layers/"), "layer pages are reached from the overview")
        #expect(
            database.contains(#"<a href="index.html">Architecture overview</a>"#),
            "the breadcrumb leads back to the overview")
    }

    /// Every relative link of the generated pages points at a file of the site.
    @Test func generatedLinksResolve() throws {
        let project = try TemporaryProject(check: "layered-violations")
        _ = project.build()
        let files = project.files()
        let pages = files.keys.filter { $0 == "violations.html" || ($0.hasPrefix("modules/") && $0.hasSuffix(".html")) }
        #expect(pages.count == 14, "the violations, the overview, the map, the matrix and 10 modules")
        #expect(SiteLinks.broken(in: files, pages: pages.sorted()) == [])
    }

    @Test func contentPagesCanLinkToGeneratedPages() throws {
        let project = try TemporaryProject(check: "layered")
        try project.write(
            "Content/overview.md",
            Data("# Overview\n\nSee [the violations](violations.html) and [Models](modules/Models.html).\n".utf8))
        let result = project.build(BuildOptions(strict: true))
        #expect(result.outcome == .written, "\(TemporaryProject.lines(result))")
        #expect(project.text("Output/overview.html").contains(#"<a href="violations.html">the violations</a>"#))
    }

    @Test func layerConflictsFailTheBuild() throws {
        let project = try TemporaryProject(check: "layered")
        try project.write(
            "Content/modules/feed-ui.md", Data("---\nmodule: FeedUI\nlayer: Service\n---\n# FeedUI\n".utf8))
        let result = project.build()
        #expect(result.outcome == .failed)
        #expect(
            TemporaryProject.lines(result).contains(
                "Content/modules/feed-ui.md:3:1: error: module 'FeedUI' is in layer 'UI' by strata.yml (modules: "
                    + "*UI), but in 'Service' by layer: on its page [layer.conflict]"
            ))
    }

    @Test func aContentPageWhereAGeneratedPageGoesIsACollision() throws {
        let project = try TemporaryProject(check: "layered")
        try project.write("Content/violations.md", Data("# Mine\n".utf8))
        let result = project.build()
        #expect(result.outcome == .failed)
        #expect(
            TemporaryProject.lines(result).contains {
                $0.hasPrefix("Content/violations.md:1:1: error: this page would be published as 'violations.html'")
            })
    }

    @Test func theSameProjectBuildsTheSameBytes() throws {
        let first = try TemporaryProject(check: "layered-violations")
        let second = try TemporaryProject(check: "layered-violations")
        _ = first.build()
        _ = second.build()
        #expect(first.files() == second.files())
        #expect(first.files()["violations.html"] != nil)
    }
}
