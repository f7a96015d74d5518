import Foundation
import StrataBuild
import StrataCore
import Testing

/// Which catalogs a build publishes, under which names, and what it says when two of them,
/// or two of their pages, would be published at one place.
@Suite struct DocCCatalogTests {
    static let package = """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "P", targets: [.target(name: "Kit"), .testTarget(name: "KitTests")])
        """

    @Test func aTargetsCatalogIsPublishedAndATestTargetsIsNot() throws {
        let project = try TemporaryProject(files: [
            "Package.swift": Self.package,
            "Sources/Kit/Kit.swift": "public struct Kit {}\n",
            "Sources/Kit/Docs/Kit.docc/Kit.md": "# ``Kit``\n\nThe kit.\n",
            "Sources/Kit/Docs/Kit.docc/Guide.md": "# Guide\n\nHow to.\n",
            "Tests/KitTests/KitTests.swift": "import Kit\n",
            "Tests/KitTests/Tests.docc/Tests.md": "# ``KitTests``\n"
        ])
        let result = project.build()
        #expect(result.exitCode == 0)
        #expect(TemporaryProject.lines(result) == [])
        let files = project.files().keys.filter { $0.hasPrefix("documentation/") }.sorted()
        // The catalog's pages, and the page of the target's one public type.
        #expect(files == ["documentation/Kit/Guide.html", "documentation/Kit/Kit.html", "documentation/Kit/index.html"])
        #expect(project.text("Output/documentation/Kit/index.html").contains("<h1 id=\"kit\">Kit</h1>"))
    }

    @Test func aTopLevelCatalogIsNamedByItsPlistThenItsTopPageThenItsFolder() throws {
        let app = try TemporaryProject(files: [
            "App/App.swift": "struct App {}\n",
            "Documentation.docc/Documentation.md": "# ``MyApp``\n\nThe app.\n",
            "Documentation.docc/Article.md": "# An article\n\nSee <doc:MyApp>.\n",
            "Content/index.md": "# Home\n"
        ])
        #expect(app.build().exitCode == 0)
        #expect(app.files()["documentation/MyApp/index.html"] != nil)
        #expect(app.text("Output/documentation/MyApp/Article.html").contains("<a href=\"index.html\">MyApp</a>"))

        let named = try TemporaryProject(files: [
            "Guides.docc/Info.plist": """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>CFBundleName</key>
            <string>Team Guides</string>
            </dict></plist>
            """,
            "Guides.docc/Welcome.md": "# Welcome\n\n@Metadata {\n    @TechnologyRoot\n}\n\nHello.\n",
            "Content/index.md": "# Home\n"
        ])
        #expect(named.build().exitCode == 0)
        #expect(named.files()["documentation/Team Guides/index.html"] != nil)
        #expect(named.files()["documentation/Team Guides/Info.plist"] == nil)

        let plain = try TemporaryProject(files: [
            "Notes.docc/One.md": "# One\n", "Notes.docc/Two.md": "# Two\n", "Content/index.md": "# Home\n"
        ])
        #expect(plain.build().exitCode == 0)
        #expect(
            plain.files().keys.filter { $0.hasPrefix("documentation/") }.sorted() == [
                "documentation/Notes/One.html", "documentation/Notes/Two.html"
            ])
    }

    /// A misspelt `doc:` link is answered with the page's name as its file spells it, which
    /// is what the author types, not the lower-case key links are matched by.
    @Test func aMisspeltDocLinkSuggestsTheNameAsWritten() throws {
        let project = try TemporaryProject(files: [
            "Notes.docc/Getting Started.md": "# Getting started\n\nFirst steps.\n",
            "Notes.docc/Overview.md": "# Overview\n\nSee <doc:Getting-Startd>.\n", "Content/index.md": "# Home\n"
        ])
        let result = project.build()
        #expect(
            TemporaryProject.lines(result) == [
                "Notes.docc/Overview.md:3:5: warning: no article or tutorial of the catalog 'Notes' is named "
                    + "'Getting-Startd'; did you mean 'doc:Getting-Started'? [docc.link]"
            ])
    }

    @Test func twoArticlesOfOneNameAreAnError() throws {
        let project = try TemporaryProject(files: [
            "Notes.docc/A/Same.md": "# One\n", "Notes.docc/B/Same.md": "# Two\n", "Content/index.md": "# Home\n"
        ])
        let result = project.build()
        #expect(result.exitCode == 2)
        #expect(
            TemporaryProject.lines(result) == [
                "Notes.docc/B/Same.md:1:1: error: this page and 'Notes.docc/A/Same.md' would both be published as "
                    + "'documentation/Notes/Same.html' (DocC names a catalog's pages by file name alone); rename one "
                    + "[content.collision]"
            ])
        #expect(project.files().isEmpty, "nothing is written when the build fails")
    }

    @Test func aCatalogPagePublishedWhereAContentPageIsIsAnError() throws {
        let project = try TemporaryProject(files: [
            "Notes.docc/Guide.md": "# Guide\n", "Content/documentation/Notes/Guide.md": "# Mine\n"
        ])
        let result = project.build()
        #expect(result.exitCode == 2)
        #expect(
            TemporaryProject.lines(result) == [
                "Notes.docc/Guide.md:1:1: error: this page and 'Content/documentation/Notes/Guide.md' would both be "
                    + "published as 'documentation/Notes/Guide.html'; rename one [content.collision]"
            ])
    }

    @Test func imagesAndCodeAreFoundByNameAnywhereInTheCatalog() throws {
        let project = try TemporaryProject(files: [
            "Notes.docc/Articles/Guide.md":
                "# Guide\n\n![A picture](picture)\n\n@Image(source: \"picture.png\", alt: \"\")\n",
            "Notes.docc/Resources/picture.png": "png",
            "Notes.docc/Resources/picture~dark.png": "png",
            "Content/index.md": "# Home\n"
        ])
        let result = project.build()
        #expect(TemporaryProject.lines(result) == [])
        let html = project.text("Output/documentation/Notes/Guide.html")
        // The dark variant beside it is shown instead in dark mode.
        #expect(
            html.contains(
                "<img class=\"docc-light-only\" src=\"Resources/picture.png\" alt=\"A picture\" loading=\"lazy\">"
                    + "<img class=\"docc-dark-only\" src=\"Resources/picture~dark.png\" alt=\"A picture\""))
        #expect(
            html.contains(
                "<figure class=\"docc-image\"><img class=\"docc-light-only\" src=\"Resources/picture.png\" alt=\"\""
            ))
        #expect(project.files()["documentation/Notes/Resources/picture~dark.png"] != nil)
    }

    @Test func docLinksToHeadingsResolveAsDocCWritesThem() throws {
        let project = try TemporaryProject(files: [
            "Notes.docc/Guide.md": """
            # Guide

            See [setup](<doc:Other#4.1.-Set-up-the-kit>), <doc:#Trusted-vs.-untrusted>, <doc:Local-heading>.

            Not <doc:Other#Nowhere>.

            ## Trusted vs. untrusted

            ## Local heading
            """,
            "Notes.docc/Other.md": "# Other\n\n## 4.1. Set up the kit\n",
            "Content/index.md": "# Home\n"
        ])
        let result = project.build()
        #expect(
            TemporaryProject.lines(result) == [
                "Notes.docc/Guide.md:5:5: warning: 'Other' has no heading '#Nowhere' [link.anchor]"
            ])
        let html = project.text("Output/documentation/Notes/Guide.html")
        #expect(html.contains("<a href=\"Other.html#41-set-up-the-kit\">setup</a>"))
        #expect(html.contains("<a href=\"Guide.html#trusted-vs-untrusted\">Guide</a>"))
        #expect(html.contains("<a href=\"Guide.html#local-heading\">Guide</a>"))
    }

    @Test func stratasDoccListAddsCatalogsAndSaysWhichAreNotThere() throws {
        let project = try TemporaryProject(files: [
            "strata.yml": "docc:\n  - Docs/Team/Guides.docc\n  - Docs/Gone.docc\n  - Docs/README.md\n",
            "Docs/Team/Guides.docc/Guides.md": "# Guides\n\n@Metadata {\n    @TechnologyRoot\n}\n",
            "Content/index.md": "# Home\n"
        ])
        let result = project.build()
        #expect(result.exitCode == 2)
        #expect(
            TemporaryProject.lines(result) == [
                "strata.yml:4:5: error: docc: 'Docs/README.md' is not a DocC catalog (a folder whose name ends in "
                    + ".docc) [config.invalid-value]"
            ])
        try project.write("strata.yml", Data("docc:\n  - Docs/Team/Guides.docc\n  - Docs/Gone.docc\n".utf8))
        let missing = project.build()
        #expect(missing.exitCode == 2)
        #expect(
            TemporaryProject.lines(missing) == [
                "strata.yml:3:5: error: docc: the catalog 'Docs/Gone.docc' does not exist [config.invalid-value]"
            ])
        try project.write("strata.yml", Data("docc: [Docs/Team/Guides.docc]\n".utf8))
        #expect(project.build().exitCode == 0)
        #expect(project.files()["documentation/Guides/index.html"] != nil)
    }

    @Test func aSnippetIsReadFromThePackagesSnippetsFolderAndAMissingOneIsAWarning() throws {
        let project = try TemporaryProject(files: [
            "Package.swift": Self.package,
            "Sources/Kit/Kit.swift": "public struct Kit {}\n",
            "Sources/Kit/Kit.docc/Kit.md": """
            # ``Kit``

            The kit.

            @Snippet(path: "P/Snippets/Usage/run", slice: "go")

            @Snippet(path: "run", slice: "stop")

            @Snippet(path: "../../Package")
            """,
            "Snippets/Usage/run.swift": "import Kit\n// snippet.go\nKit().go()\n// snippet.end\n",
            "Tests/KitTests/KitTests.swift": "import Kit\n"
        ])
        let result = project.build()
        #expect(result.exitCode == 0)
        let page = project.text("Output/documentation/Kit/index.html")
        #expect(page.contains("<figure class=\"docc-code docc-snippet\"><pre data-language=\"swift\">"))
        #expect(page.contains("go()"))
        #expect(!page.contains("import</span> <span class=\"hl-type\">Kit"))
        #expect(
            TemporaryProject.lines(result) == [
                "Sources/Kit/Kit.docc/Kit.md:7:1: warning: no snippet 'run': looked for Snippets/run.swift, in the "
                    + "Snippets folder beside the package's Package.swift [docc.snippet]",
                "Sources/Kit/Kit.docc/Kit.md:9:1: warning: @Snippet needs a path inside the Snippets folder: "
                    + "path: \"example\" [docc.snippet]"
            ])
    }

    @Test func aDarkVariantIsShownBesideItsPlainImageAndAloneIsTheImage() throws {
        let images = [
            "diagram.png", "diagram~dark@2x.png", "diagram~dark.png", "alone~dark.png", "icon@2x.png",
            "icon~dark@2x.png"
        ]
        var files = [
            "Content/index.md": "# Home\n",
            "Notes.docc/Guide.md": "# Guide\n\n![d](diagram) ![i](icon.png) ![a](alone)\n"
        ]
        for image in images { files["Notes.docc/Resources/" + image] = "png" }
        let project = try TemporaryProject(files: files)
        let result = project.build()
        #expect(TemporaryProject.lines(result) == [])
        let html = project.text("Output/documentation/Notes/Guide.html")
        // The plain file for light, the 1x dark one for dark.
        let dark = "<img class=\"docc-dark-only\" src="
        #expect(
            html.contains("\"Resources/diagram.png\" alt=\"d\" loading=\"lazy\">\(dark)\"Resources/diagram~dark.png\""))
        #expect(
            html.contains("\"Resources/icon@2x.png\" alt=\"i\" loading=\"lazy\">\(dark)\"Resources/icon~dark@2x.png\""))
        // Alone, a dark file is the image in both themes.
        #expect(html.contains("<img src=\"Resources/alone~dark.png\" alt=\"a\" loading=\"lazy\">"))
    }
}
