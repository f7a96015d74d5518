import Foundation
import StrataBuild
import StrataCore
import Testing

/// A site from the code alone: a package without a content folder gets an architecture site
/// that opens at a generated home page, as does a content folder without an `index.md`; a
/// content folder named in strata.yml must exist.
@Suite struct CodeOnlySiteTests {
    static let package = [
        "Package.swift": """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "Shop", targets: [
            .target(name: "Models"),
            .target(name: "Cart", dependencies: ["Models"]),
        ])
        """,
        "Sources/Models/M.swift": "public struct Item {}\n",
        "Sources/Cart/C.swift": "import Models\n"
    ]

    @Test func aPackageWithoutContentGetsAnArchitectureSiteWithAHome() throws {
        let project = try TemporaryProject(files: Self.package)
        let result = project.build()
        #expect(result.outcome == .written, "\(TemporaryProject.lines(result))")
        #expect(result.diagnostics.isEmpty, "\(TemporaryProject.lines(result))")
        let home = project.text("Output/index.html")
        #expect(home.contains("<p>2 modules; strata check: no violations in 2 modules.</p>"), "\(home)")
        #expect(home.contains(#"<li><a href="modules/index.html">Architecture overview</a>"#))
        #expect(home.contains(#"<a href="violations.html">Violations</a>"#))
        #expect(FileManager.default.fileExists(atPath: project.url("Output/modules/Cart.html").path))
        #expect(!FileManager.default.fileExists(atPath: project.url("Output/sitemap.xml").path), "no absolute base URL")
    }

    @Test func anEmptyContentFolderGetsAGeneratedHome() throws {
        let project = try TemporaryProject(files: ["Content/.keep": ""])
        let result = project.build()
        #expect(result.outcome == .written, "\(TemporaryProject.lines(result))")
        #expect(project.text("Output/index.html").contains("This site has no pages yet."))
    }

    @Test func pagesWithoutAnIndexAreListedOnTheGeneratedHome() throws {
        let project = try TemporaryProject(files: [
            "strata.yml":
                "site:\n  title: Shop\n  description: How the shop is built.\n  base_url: https://docs.shop.test/\n",
            "Content/guide.md": "---\ndescription: Start here.\n---\n# Guide\n",
            "Content/deep/page.md": "# Deep\n"
        ])
        let result = project.build()
        #expect(result.outcome == .written, "\(TemporaryProject.lines(result))")
        let home = project.text("Output/index.html")
        #expect(home.contains("<h1>Shop</h1>"))
        #expect(home.contains(#"<p class="lead">How the shop is built.</p>"#))
        #expect(home.contains(#"<li><a href="guide.html">Guide</a>: Start here.</li>"#), "\(home)")
        #expect(
            project.text("Output/sitemap.xml").contains("<loc>https://docs.shop.test/</loc>"),
            "the home page is in the sitemap")
    }

    @Test func aContentFolderNamedInTheConfigurationMustExist() throws {
        let project = try TemporaryProject(files: Self.package.merging(["strata.yml": "content: Docs\n"]) { $1 })
        let result = project.build()
        #expect(result.outcome == .failed)
        #expect(
            TemporaryProject.lines(result) == [
                "Docs:1:1: error: the content folder 'Docs' does not exist; create it or set 'content:' in "
                    + "strata.yml [content.missing]"
            ])
    }

    @Test func withoutCodeOrContentThereIsNothingToBuild() throws {
        let project = try TemporaryProject(files: ["README.md": "# Hi\n"])
        let result = project.build()
        #expect(result.outcome == .failed)
        #expect(
            TemporaryProject.lines(result).first?.contains("[content.missing]") == true,
            "\(TemporaryProject.lines(result))")
    }
}
