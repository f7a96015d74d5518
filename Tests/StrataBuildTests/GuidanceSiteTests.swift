import Foundation
import StrataBuild
import StrataCore
import Testing

/// Guidance blocks in a built site, on the realistic guide fixture (`sites/guide`): pages,
/// callouts, catalog, cross-references, exports, and every error path.
@Suite struct GuidanceSiteTests {
    static let warning =
        "Content/guides/services.md:4:1: warning: LAST_VERIFIED 2026-03-01 is 245 days before 2026-11-01; pages are "
        + "stale after 120 days (guidance.stale_after); verify the page and update the date [metadata.stale]"

    struct Exported: Decodable {
        struct Block: Decodable {
            var id: String
            var kind: String
            var url: String
        }

        var blocks: [Block]
    }

    func exported(_ project: TemporaryProject) throws -> Exported {
        try JSONDecoder().decode(Exported.self, from: project.files()["guidance.json"] ?? Data())
    }

    /// A wiki page pasted as text: its metadata under a title line is read (and judged for
    /// staleness); page data after the first heading stays prose, with a warning at its line.
    @Test func metadataIsReadBeforeTheBodyAndReportedAfterIt() throws {
        let project = try TemporaryProject(files: [
            "strata.yml": "guidance:\n  as_of: 2026-11-01\n",
            "Content/wiki.md":
                "Skip to content\n\nGE Architecture\n\nOWNER: ana LAST_VERIFIED: 2025-01-01\n\n## "
                + "Layers\n\nText.\n\nOWNER: li LAST_VERIFIED: 2026-10-01\n"
        ])
        let result = project.build()
        #expect(result.outcome == .written)
        #expect(
            TemporaryProject.lines(result) == [
                "Content/wiki.md:5:12: warning: LAST_VERIFIED 2025-01-01 is 669 days before 2026-11-01; pages are "
                    + "stale after 180 days (guidance.stale_after); verify the page and update the date "
                    + "[metadata.stale]",
                "Content/wiki.md:11:1: warning: this paragraph reads as page metadata, but metadata is read only "
                    + "before the page's first heading or guidance block; move it up, or it stays prose "
                    + "[metadata.ignored]"
            ])
        // Titled from its first line, not "Wiki" from its file name; the noise above it goes.
        let wiki = project.text("Output/wiki.html")
        #expect(wiki.contains("<title>GE Architecture · "))
        #expect(!wiki.contains("<p>Skip to content</p>"))
    }

    /// Links into the wiki a page was captured from, mapped by `links:` to a folder of the
    /// content or to a URL, in prose and in READ_ALSO; an unmapped or missing one is reported.
    @Test func capturedWikiLinksAreMappedByLinks() throws {
        let project = try TemporaryProject(files: [
            "strata.yml":
                "links:\n  \"wiki/docs/\": \"guides/\"\n  \"/wiki/adr/\": \"https://wiki.example.com/adr/\"\n",
            "Content/guides/services.md": "# Services\n\n## Errors\n",
            "Content/index.md":
                "# Home\n\nSee [services](wiki/docs/services.md#errors), [an ADR](/wiki/adr/0001.md) and "
                + "[this](wiki/docs/gone.md).\n\nREAD_ALSO: wiki/docs/services.md, wiki/adr/0002.md\n"
        ])
        let result = project.build()
        #expect(result.outcome == .written)
        #expect(
            TemporaryProject.lines(result) == [
                "Content/index.md:3:79: warning: the page 'wiki/docs/gone.md' does not exist (looked for "
                    + "'guides/gone.md' in the content folder, as links: maps it) [link.broken]"
            ])
        let home = project.text("Output/index.html")
        #expect(home.contains(#"href="guides/services.html#errors""#))
        #expect(home.contains(#"href="https://wiki.example.com/adr/0001.md""#))
        // A reading list is links on its page, resolved through links: too; it is no pattern.
        #expect(
            home.contains(
                #"<div class="guidance-callout-links"><ul><li><a "#
                    + #"href="guides/services.html">Services</a></li><li><a "#
                    + #"href="https://wiki.example.com/adr/0002.md">"#
                    + #"https://wiki.example.com/adr/0002.md</a></li></ul></div>"#
            ))
        #expect(project.text("Output/guidance/index.html").isEmpty, "no catalog for a site without patterns")
    }

    @Test func everyBlockHasItsPageAndTheCatalogListsThemAll() throws {
        let project = try TemporaryProject(fixture: "guide")
        let result = project.build()
        #expect(TemporaryProject.lines(result) == [Self.warning])
        let blocks = try exported(project).blocks
        // 10 on the pages (every form of GUIDANCE-FORMAT.md) and 2 in source comments; the
        // five reading lists are links of their pages, not patterns.
        #expect(blocks.count == 12)
        #expect(Dictionary(grouping: blocks, by: \.kind).mapValues(\.count) == ["check": 7, "anti-pattern": 5])
        let files = project.files()
        let catalog = project.text("Output/guidance/index.html")
        #expect(catalog.contains("12 blocks: 7 checks, 5 anti-patterns, from 5 pages and 2 source files."))
        for block in blocks {
            #expect(files["guidance/\(block.id).html"] != nil, "\(block.id) has no page")
            #expect(catalog.contains("href=\"\(block.id).html\""), "\(block.id) is not in the catalog")
        }
        // One page per block, the catalog, and a redirect at each id an earlier Strata
        // derived differently (ids no longer end mid-phrase).
        let redirects = files.filter {
            $0.key.hasPrefix("guidance/")
                && String(decoding: $0.value, as: UTF8.self).contains("http-equiv=\"refresh\"")
        }
        #expect(
            redirects.keys.sorted() == [
                "guidance/guides-persistence-cache-a-type-needs-to-survive-a.html",
                "guidance/guides-services-errors-throwing-transport-errors-urlerror-up-to.html"
            ])
        #expect(files.keys.filter { $0.hasPrefix("guidance/") }.count == blocks.count + 1 + redirects.count)
        #expect(SiteLinks.broken(in: files) == [], "each redirect leads to a block page")
    }

    /// An id an earlier Strata derived (before ids were trimmed of a dangling word) still
    /// works where a team wrote it: in a rule's `see:` and in `READ_ALSO:`.
    @Test func formerIdsStillLeadToTheirBlocks() throws {
        let former = "guides-persistence-cache-a-type-needs-to-survive-a"
        let project = try TemporaryProject(fixture: "guide")
        let config = project.text("strata.yml").replacingOccurrences(
            of: "see: screens-never-call-the-api-client", with: "see: \(former)")
        try project.write("strata.yml", Data(config.utf8))
        try project.write("Content/reading.md", Data("# Reading\n\nREAD_ALSO: \(former)\n".utf8))
        let result = project.build()
        #expect(result.exitCode == 0, "\(TemporaryProject.lines(result))")
        #expect(!TemporaryProject.lines(result).contains { $0.contains(former) }, "\(TemporaryProject.lines(result))")
        let current = try #require(
            project.files().keys.first {
                $0.hasPrefix("guidance/guides-persistence-cache-a-type-needs-to-survive") && !$0.hasSuffix("-a.html")
            })
        #expect(
            project.text("Output/reading.html").contains(String(current.dropFirst("guidance/".count))),
            "the reading list links the block's page")
        // `strata check` reads the same rules.
        let builder = SiteBuilder(project: ProjectFiles(root: project.root, workingDirectory: project.root))
        let check = try builder.checkArchitecture(config: builder.configuration())
        #expect(
            !check.diagnostics.contains { $0.ruleID == "rule.see-not-found" }, "\(check.diagnostics.map(\.description))"
        )
    }

    @Test func everyLinkOfTheSiteResolves() throws {
        let project = try TemporaryProject(fixture: "guide")
        let result = project.build(BuildOptions(strict: false))
        #expect(result.exitCode == 0)
        #expect(SiteLinks.broken(in: project.files()) == [])
    }

    @Test func blocksAreCalloutsWhereTheyWereWrittenWithAPermalink() throws {
        let project = try TemporaryProject(fixture: "guide")
        _ = project.build()
        let screens = project.text("Output/guides/screens.html")
        #expect(
            screens.contains(
                #"<div class="guidance-callout guidance-check guidance-drawn" "#
                    + #"id="block.screens-never-call-the-api-client">"#
            ))
        #expect(
            screens.contains(
                #"<a class="guidance-permalink" href="../guidance/screens-never-call-the-api-client.html""#))
        // Drawn from its parts: the situation as title, IF/THEN rows, applies-to chips.
        #expect(screens.contains(#"<p class="guidance-callout-title">A screen needs data from the network.</p>"#))
        #expect(
            screens.contains(
                #"<div class="guidance-part guidance-if"><dt>If</dt><dd>The screen calls the API client "#
                    + #"directly.</dd></div>"#
            ))
        #expect(
            screens.contains(
                #"<li><a class="chip" href="../layers/ui.html">UI</a></li><li><a class="chip" "#
                    + #"href="../modules/FeedUI.html">FeedUI</a></li>"#
            ))
        #expect(!screens.contains("APPLIES_TO") && !screens.contains("ID:"), "no keyword is left as text")
        // The example stays inside the callout; the quote holding only a block becomes it.
        #expect(screens.contains("<span class=\"hl-comment\">// not APIClient</span>\n}\n</code></pre>\n</div>"))
        #expect(!screens.contains("<blockquote>"))
        // A READ_ALSO written as a plain path becomes a link named by its page's title.
        #expect(
            screens.contains(
                #"<div class="guidance-callout-links"><ul><li><a href="services.html">Services</a></li></ul></div>"#))
        // Code is never a block.
        #expect(screens.contains("<code>CHECK: this is not a block</code>"))
        #expect(screens.contains("<code class=\"language-text\">CHECK: a keyword in a code block\n</code>"))
        let summaries = project.text("Output/guidance.json")
        #expect(
            !summaries.contains("this is not a block") && !summaries.contains("a keyword in a code block")
                && !summaries.contains("this is a string"))
    }

    @Test func aBlockPageShowsPartsExamplesSourceScopeLinksAndBacklinks() throws {
        let project = try TemporaryProject(fixture: "guide")
        _ = project.build()
        let page = project.text("Output/guidance/screens-never-call-the-api-client.html")
        #expect(page.contains("<title>Check: A screen needs data from the network. · Lumen architecture</title>"))
        #expect(
            page.contains(
                #"<div class="guidance-part guidance-if"><dt>If</dt><dd>The screen calls the API client "#
                    + #"directly.</dd></div>"#
            ))
        #expect(
            page.contains(
                #"<pre data-language="swift"><code class="language-swift"><span class="hl-keyword">struct</span> "#
                    + #"<span class="hl-type">FeedScreen</span> {"#
            ), "examples are highlighted")
        #expect(
            page.contains(
                #"<a href="../guides/screens.html#block.screens-never-call-the-api-client">Screens</a>, under <a "#
                    + #"href="../guides/screens.html#loading-data">Loading data</a> (line 12)"#
            ))
        #expect(page.contains(#"<a href="../modules/FeedUI.html" class="scope-module">FeedUI</a> (module)"#))
        #expect(page.contains(#"<a href="../layers/ui.html" class="scope-layer">UI</a> (layer)"#))
        #expect(
            page.contains(#"<li><a href="../index.html">Lumen architecture</a></li>"#),
            "the home page links to the block")
        #expect(
            page.contains(
                "<code class=\"rule-id\">forbid/UI-Infrastructure</code> in strata.yml, which cites this check as "
                    + "its reason"
            ), "strata.yml cites it")
        #expect(page.contains("<dt>Owner</dt><dd>ana, li</dd>"), "the page's metadata")

        let cache = project.text("Output/guidance/cache-writes-keep-server-time.html")
        #expect(
            cache.contains(
                "<code>Sources/Persistence/PhotoStore.swift:8</code>, in the module <a "
                    + "href=\"../modules/Persistence.html\">Persistence</a>"
            ))
        #expect(
            cache.contains(#"<li><a href="../guides/persistence.html">Persistence</a></li>"#),
            "a reading list points from its page")

        let errors = project.text(
            "Output/guidance/guides-screens-errors-showing-error-localizeddescription-to-the-user.html")
        #expect(errors.contains("<dd>Showing <code>error.localizedDescription</code> to the user.</dd>"))
        #expect(
            errors.contains(#"<a href="../guides/services.html#errors">Services</a> <code>services.md#errors</code>"#))
    }

    @Test func everyFormOfALinkToABlockPageIsABacklink() throws {
        let project = try TemporaryProject(files: [
            "Content/index.md":
                "# Home\n\nCHECK: A cache write.\nIF: Always.\nTHEN: Keep the server's time.\nID: keep-time\n",
            "Content/a.md": "# Plain\n\n[x](guidance/keep-time.html)\n",
            "Content/b/c.md": "# Climbing\n\n[x](../guidance/./keep-time.html#top)\n",
            "Content/d.md": "# Dotted\n\n[x](guidance/keep-time.html/.)\n",
            "Content/e.md": "# Encoded\n\n[x](guidance/keep%2Dtime.html)\n",
            "Content/f.md": "# Elsewhere\n\n[x](guidance/keep-time.md) [y](keep-time.html) [z](guidance/index.html)\n"
        ])
        _ = project.build()
        let page = project.text("Output/guidance/keep-time.html")
        for (path, title) in [
            ("a.html", "Plain"), ("b/c.html", "Climbing"), ("d.html", "Dotted"), ("e.html", "Encoded")
        ] {
            #expect(page.contains(#"<li><a href="../\#(path)">\#(title)</a></li>"#), "\(path) links to the block")
        }
        #expect(!page.contains(#"<li><a href="../f.html">"#), "links to other files are not backlinks")
    }

    @Test func stalePagesAreMarkedOnThePageTheBlockAndTheCatalog() throws {
        let project = try TemporaryProject(fixture: "guide")
        _ = project.build()
        #expect(
            project.text("Output/guides/services.html").contains("<dd>2026-03-01 <span class=\"badge badge-stale\""))
        #expect(
            project.text("Output/guidance/guides-services-shape-a-new-service-is-added.html").contains(
                "The page this comes from was last verified on 2026-03-01"))
        #expect(
            project.text("Output/guidance/index.html").contains("2 blocks come from pages last verified too long ago."))
        // Measured against a later day (the option wins over strata.yml), more pages are stale.
        let later = project.build(BuildOptions(asOf: CalendarDate(parsing: "2027-01-20")))
        #expect(
            TemporaryProject.lines(later).contains(
                "Content/guides/persistence.md:4:1: warning: LAST_VERIFIED 2026-08-20 is 153 days before "
                    + "2027-01-20; pages are stale after 120 days (guidance.stale_after); verify the page and "
                    + "update the date [metadata.stale]"
            ))
        #expect(
            project.text("Output/guidance/index.html").contains("7 blocks come from pages last verified too long ago."))
        // A date after the day of the build is most likely a typo.
        let earlier = project.build(BuildOptions(asOf: CalendarDate(parsing: "2026-09-01")))
        #expect(
            TemporaryProject.lines(earlier).contains(
                "Content/guides/screens.md:4:1: warning: LAST_VERIFIED 2026-09-15 is after 2026-09-01, the day this "
                    + "build is measured against [metadata.future-date]"
            ))
    }

    @Test func idsDoNotChangeWhenUnrelatedTextMoves() throws {
        let project = try TemporaryProject(fixture: "guide")
        _ = project.build()
        let before = try exported(project).blocks.map(\.id)
        var screens = project.text("Content/guides/screens.md")
        screens = screens.replacingOccurrences(
            of: "Screens show data and send the user's intent to a service. They never own\ndata.\n",
            with: "A new first paragraph.\n\nScreens never own data.\n\n| a | b |\n| - | - |\n| 1 | 2 |\n")
        try project.write("Content/guides/screens.md", Data(screens.utf8))
        try project.write("Content/aaa-first.md", Data("# A page that sorts first\n\nSome prose.\n".utf8))
        _ = project.build()
        #expect(try exported(project).blocks.map(\.id) == before)
    }

    /// Pages are taken by path (a folder's index first): the first keeps the id.
    @Test func aDuplicateWrittenIDIsAnErrorAtItsLine() throws {
        let project = try TemporaryProject(fixture: "guide")
        try project.write(
            "Content/guides/naming.md",
            Data("# Naming\n\nCHECK: Something else. IF: x THEN: y\nID: screens-never-call-the-api-client\n".utf8))
        let result = project.build()
        #expect(result.outcome == .failed)
        #expect(
            TemporaryProject.lines(result).contains(
                "Content/guides/screens.md:13:1: error: ID: 'screens-never-call-the-api-client' is already the id "
                    + "of the block at Content/guides/naming.md:4; block ids must be unique across the site "
                    + "[guidance.duplicate-id]"
            ))
        #expect(project.files().isEmpty, "nothing is written")
    }

    @Test func brokenReadAlsoAndUnknownAppliesToAreWarningsAtTheirLine() throws {
        let project = try TemporaryProject(fixture: "guide")
        try project.write(
            "Content/guides/naming.md",
            Data(
                """
                # Naming

                CHECK: A thing. IF: x THEN: y
                APPLIES_TO: UI, FeedUl, Nowhere
                READ_ALSO: guides/servces.md, screens.md#nope

                READ_ALSO: https://example.com/ok ../index.md decisions/0001-services.md Content/guides/screens.md \
                screens-never-call-the-api-client

                """.utf8))
        let lines = TemporaryProject.lines(project.build())
        #expect(
            lines.contains(
                "Content/guides/naming.md:4:1: warning: APPLIES_TO: 'FeedUl' is neither a layer of strata.yml nor a "
                    + "module of the package; did you mean 'FeedUI'? [guidance.unknown-applies-to]"
            ))
        #expect(
            lines.contains { $0.hasPrefix("Content/guides/naming.md:4:1: warning: APPLIES_TO: 'Nowhere' is neither") })
        #expect(
            lines.contains(
                "Content/guides/naming.md:5:1: warning: READ_ALSO: 'guides/servces.md' is no page of the site "
                    + "(looked for 'guides/guides/servces.md' and 'guides/servces.md' in the content folder); did "
                    + "you mean 'guides/services.md'? [guidance.read-also-broken]"
            ))
        #expect(
            lines.contains(
                "Content/guides/naming.md:5:1: warning: READ_ALSO: 'screens.md#nope': 'guides/screens.html' has no "
                    + "heading with the id '#nope' [guidance.read-also-broken]"
            ))
        // Every other form resolves: a URL, a path up, from the content root, from the
        // repository root, and a block id.
        #expect(lines.filter { $0.contains("naming.md:7") } == [])
        let strict = project.build(BuildOptions(strict: true))
        #expect(strict.outcome == .failedStrict)
    }

    @Test func badDatesAreDiagnosed() throws {
        let project = try TemporaryProject(fixture: "guide")
        try project.write("Content/guides/naming.md", Data("# Naming\n\nLAST_VERIFIED: last week\n\nText.\n".utf8))
        #expect(
            TemporaryProject.lines(project.build()).contains(
                "Content/guides/naming.md:3:1: warning: LAST_VERIFIED must be a date written YYYY-MM-DD, found "
                    + "'last week' [metadata.invalid-date]"
            ))
        var config = project.text("strata.yml")
        config = config.replacingOccurrences(of: "as_of: 2026-11-01", with: "as_of: 1 Nov 2026")
        try project.write("strata.yml", Data(config.utf8))
        let result = project.build()
        #expect(result.outcome == .failed)
        #expect(
            TemporaryProject.lines(result).contains {
                $0.contains(
                    "error: guidance.as_of must be a date written YYYY-MM-DD, found '1 Nov 2026' [config.invalid-value]"
                )
            })
    }

    @Test func aRuleCitingABlockLinksToItInReports() throws {
        let project = try TemporaryProject(fixture: "guide")
        try project.write(
            "Sources/FeedUI/FeedScreen.swift", Data("import AppCore\nimport FeedService\nimport Networking\n".utf8))
        let run = try SiteBuilder(project: ProjectFiles(root: project.root, workingDirectory: project.root))
            .checkArchitecture(
                config: SiteBuilder(project: ProjectFiles(root: project.root, workingDirectory: project.root))
                    .configuration())
        let forbid = run.analysis.report.violations.first { $0.ruleID == "forbid/UI-Infrastructure" }
        #expect(forbid?.rationale.seeTarget == "guidance/screens-never-call-the-api-client.html")
        _ = project.build()
        #expect(
            project.text("Output/violations.html").contains(
                #"See <a href="guidance/screens-never-call-the-api-client.html">"#))
        #expect(
            project.text("Output/guidance/screens-never-call-the-api-client.html").contains(
                #"as its reason: <span class="status status-broken">Broken</span> <a "#
                    + #"href="../violations.html#forbid/UI-Infrastructure">1 violation</a> in the current code."#
            ))
        #expect(SiteLinks.broken(in: project.files()) == [])
    }
}

extension GuidanceSiteTests {
    @Test func scriptURLsNeverReachAPage() throws {
        let project = try TemporaryProject(fixture: "guide")
        try project.write(
            "Content/guides/naming.md",
            Data(
                ("# Naming\n\nANTI_PATTERN: Clicking [this](java&#9;script:alert%281%29). FIX: Not.\nREAD_ALSO: "
                    + "javascript:alert(document.domain)//\n").utf8))
        let result = project.build()
        #expect(
            TemporaryProject.lines(result).contains(
                "Content/guides/naming.md:4:1: warning: READ_ALSO: 'javascript:alert(document.domain)//' is a "
                    + "script URL, which no page links to [guidance.read-also-broken]"
            ))
        for (path, data) in project.files()
        where path.hasSuffix(".html") || path.hasSuffix(".json") || path.hasSuffix(".txt") {
            let text = String(decoding: data, as: UTF8.self).lowercased()
            #expect(
                !text.contains("href=\"javascript") && !text.contains("href=\"java\tscript")
                    && !text.contains("](javascript"), "\(path)")
        }
    }

    @Test func anchorsAndLinksInBlocksFollowTheSiteWideIDs() throws {
        let project = try TemporaryProject(fixture: "guide")
        try project.write(
            "Content/c.md",
            Data(
                """
                # C

                ## S

                CHECK: Foo. IF: a THEN: b

                CHECK: Foo. IF: a THEN: b

                CHECK: Foo 2. IF: a THEN: [see the picture](images/x.png) and [the top](#s)

                READ_ALSO: c.md#block.c-s-foo-2-2

                """.utf8))
        try project.write("Content/images/x.png", Data([0x89, 0x50]))
        let result = project.build()
        #expect(
            !TemporaryProject.lines(result).contains { $0.hasPrefix("Content/c.md") },
            "\(TemporaryProject.lines(result))")
        #expect(
            try exported(project).blocks.map(\.id).filter { $0.hasPrefix("c-s") } == [
                "c-s-foo", "c-s-foo-2", "c-s-foo-2-2"
            ])
        let page = project.text("Output/guidance/c-s-foo-2-2.html")
        #expect(page.contains(#"<a href="../images/x.png">see the picture</a>"#))
        #expect(page.contains(#"<a href="../c.html#s">the top</a>"#))
        #expect(SiteLinks.broken(in: project.files()) == [])
    }
}

extension GuidanceSiteTests {
    /// A content file where Strata writes one of its own would silently be lost.
    @Test func contentFilesWhereStrataWritesItsOwnAreCollisions() throws {
        let project = try TemporaryProject(fixture: "guide")
        try project.write("Content/llms.txt", Data("mine\n".utf8))
        try project.write("Content/guidance/screens-never-call-the-api-client.html", Data("<p>mine</p>\n".utf8))
        let result = project.build()
        #expect(result.outcome == .failed)
        let lines = TemporaryProject.lines(result)
        #expect(
            lines.contains(
                "Content/llms.txt:1:1: error: Strata writes a file of its own as 'llms.txt'; rename this one "
                    + "[content.collision]"
            ))
        #expect(
            lines.contains(
                "Content/guidance/screens-never-call-the-api-client.html:1:1: error: Strata writes a file of its "
                    + "own as 'guidance/screens-never-call-the-api-client.html'; rename this one [content.collision]"
            ))
    }

    /// The sitemap and the search index are Strata's too, in a build and in the preview,
    /// where the index is only made when a browser asks for it.
    @Test func contentFilesNamedLikeTheSitemapOrSearchIndexAreCollisions() throws {
        let files = [
            "Content/index.md": "# Home\n", "Content/sitemap.xml": "<urlset/>\n", "Content/search-index.js": "mine\n"
        ]
        // Without an absolute base URL Strata writes no sitemap: the project's own is copied.
        let relative = try TemporaryProject(files: [
            "Content/index.md": "# Home\n", "Content/sitemap.xml": "<urlset/>\n"
        ])
        #expect(relative.build().outcome == .written)
        #expect(relative.text("Output/sitemap.xml") == "<urlset/>\n")
        let project = try TemporaryProject(
            files: files.merging(["strata.yml": "site:\n  base_url: https://docs.example.test/\n"]) { $1 })
        let expected = [
            "Content/search-index.js:1:1: error: Strata writes a file of its own as 'search-index.js'; rename this "
                + "one [content.collision]",
            "Content/sitemap.xml:1:1: error: Strata writes a file of its own as 'sitemap.xml'; rename this one "
                + "[content.collision]"
        ]
        let built = project.build()
        #expect(built.outcome == .failed)
        #expect(TemporaryProject.lines(built) == expected)
        let previewed = SiteBuilder(project: ProjectFiles(root: project.root, workingDirectory: project.root))
            .renderSiteDeferringSearch()
        #expect(previewed.result.outcome == .failed && previewed.files.isEmpty && previewed.searchIndex == nil)
        #expect(TemporaryProject.lines(previewed.result) == expected)
    }

    /// `strata guidance` reads pages and sources only: a broken theme does not stop it.
    @Test func theCatalogIsReadWithoutRenderingTheSite() throws {
        let project = try TemporaryProject(fixture: "guide")
        try project.write("strata.yml", Data((project.text("strata.yml") + "theme: NoSuchTheme\n").utf8))
        let builder = SiteBuilder(project: ProjectFiles(root: project.root, workingDirectory: project.root))
        let config = try builder.configuration()
        #expect(throws: (any Error).self) { try builder.render(config: config) }
        let guidance = try builder.guidance(config: config)
        #expect(guidance.catalog.entries.count == 17)
        #expect(guidance.diagnostics.map(\.description) == [Self.warning])
    }
}
