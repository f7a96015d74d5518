import Foundation
import StrataBuild
import StrataCore
import Testing

@Suite struct LinkCheckTests {
    @Test func brokenLinksAreWarningsAtTheirLine() throws {
        let project = try TemporaryProject(fixture: "broken-links")
        let result = project.build()
        #expect(result.exitCode == 0)
        #expect(
            TemporaryProject.lines(result) == [
                "Content/index.md:3:30: warning: the page 'missing.md' does not exist (looked for 'missing.md' in "
                    + "the content folder) [link.broken]",
                "Content/index.md:4:1: warning: 'sub/page.md' has no heading with the id '#nowhere' [link.anchor]",
                "Content/index.md:4:38: warning: the file 'files/report.pdf' does not exist (looked for "
                    + "'files/report.pdf' in the content folder) [link.broken]",
                "Content/index.md:6:1: warning: '../../README.md' leads outside the content folder [link.outside]",
                "Content/index.md:6:28: warning: this page has no heading with the id '#links-1'; did you mean "
                    + "'#links'? [link.anchor]"
            ])
        let html = project.text("Output/index.html")
        #expect(html.contains("<a href=\"sub/page.html#here\">fine</a>"))
        #expect(html.contains("<a href=\"missing.md\">no page</a>"))
        #expect(html.contains("<a href=\"mailto:a@b.c\">mail</a>"))
    }

    /// A block drawn from its parts (its paragraphs hold nothing else) stands in for the
    /// Markdown it was written in: the links of that Markdown are still checked, once each.
    @Test func linksInCalloutsDrawnFromTheirPartsAreChecked() throws {
        let project = try TemporaryProject(files: [
            "strata.yml": "site:\n  title: T\n",
            "Content/index.md":
                "# Home\n\nCHECK: Views stay thin\nIF: a view needs data\nTHEN: ask [the store](missing-page.md) "
                + "and [the guide](guide.md)\n",
            "Content/guide.md": "# Guide\n"
        ])
        let result = project.build()
        #expect(
            TemporaryProject.lines(result) == [
                "Content/index.md:5:11: warning: the page 'missing-page.md' does not exist (looked for "
                    + "'missing-page.md' in the content folder) [link.broken]"
            ])
        #expect(project.text("Output/index.html").contains("guidance-callout"), "drawn as a callout")
    }

    @Test func strictModeFailsWithExitOneAndWritesNothing() throws {
        let project = try TemporaryProject(fixture: "broken-links")
        let result = project.build(BuildOptions(strict: true))
        #expect(result.exitCode == 1)
        #expect(result.diagnostics.count == 5)
        #expect(!FileManager.default.fileExists(atPath: project.url("Output").path))
    }

    @Test func linksToFoldersHTMLFilesAndEncodedNames() throws {
        let project = try TemporaryProject(files: [
            "Content/index.md": "[g](guides/) [h](guides/intro.html#setup) [s](my%20notes.md) [r](/guides/README.md)",
            "Content/guides/README.md": "# Guides",
            "Content/guides/intro.md": "## Setup",
            "Content/my notes.md": "Notes"
        ])
        let result = project.build()
        #expect(TemporaryProject.lines(result) == [])
        let html = project.text("Output/index.html")
        #expect(html.contains("<a href=\"guides/index.html\">g</a>"))
        #expect(html.contains("<a href=\"guides/intro.html#setup\">h</a>"))
        #expect(html.contains("<a href=\"my%20notes.html\">s</a>"))
        #expect(html.contains("<a href=\"guides/index.html\">r</a>"))
    }

    @Test func anchorsMatchIgnoringCaseAsOnGitHubAndAreRewrittenToTheRealID() throws {
        let project = try TemporaryProject(files: [
            "Content/index.md": "## Macro Roles\n\n[here](#Macro-Roles) [there](other.md#Deep-Dive)",
            "Content/other.md": "## Deep dive"
        ])
        let result = project.build()
        #expect(TemporaryProject.lines(result) == [])
        let html = project.text("Output/index.html")
        #expect(html.contains("<a href=\"#macro-roles\">here</a>"))
        #expect(html.contains("<a href=\"other.html#deep-dive\">there</a>"))
    }
}
