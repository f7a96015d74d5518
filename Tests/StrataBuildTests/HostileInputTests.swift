import Foundation
import StrataBuild
import StrataCore
import StrataTestSupport
import Testing

/// Inputs made to break Strata (issue 22's hostile-input campaign): each once crashed,
/// hung or grew without bound, and must now be a located diagnostic in bounded time.
@Suite(.timeLimit(.minutes(5))) struct HostileInputTests {
    static let manifest =
        "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"A\", targets: "
        + "[.target(name: \"A\")])\n"

    /// 10,000 nested `[` in Package.swift overflowed swift-syntax's stack (SIGSEGV).
    @Test func aManifestNestedTenThousandDeepIsAnError() throws {
        let deep =
            "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"A\", targets: "
            + "[.target(name: \"A\", dependencies: "
            + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + ")])\n"
        let project = try TemporaryProject(files: [
            "Package.swift": deep, "Sources/A/A.swift": "let a = 1\n", "Content/index.md": "# A\n"
        ])
        let result = project.build()
        #expect(result.exitCode == 2)
        #expect(
            TemporaryProject.lines(result) == [
                "Package.swift:3:88: error: square brackets nest more than 12 deep; Strata does not read a manifest "
                    + "nested this deep [manifest.too-deep]"
            ])
    }

    /// 2,000 nested string interpolations in a source whose comments hold guidance: the
    /// import lexer recursed until the stack ran out (SIGSEGV).
    @Test func aSourceWithThousandsOfNestedInterpolationsIsAnError() throws {
        let source =
            "// CHECK: a rule. IF: x. THEN: y.\nlet x = " + String(repeating: "\"\\(", count: 2_000) + "1"
            + String(repeating: ")\"", count: 2_000) + "\n"
        let project = try TemporaryProject(files: [
            "Package.swift": Self.manifest, "Sources/A/A.swift": source, "Content/index.md": "# A\n"
        ])
        let result = project.build()
        #expect(result.exitCode == 2)
        #expect(
            TemporaryProject.lines(result).contains(
                "Sources/A/A.swift:2:\(9 + 3 * 100 + 1): error: string interpolations nest more than 100 deep here; "
                    + "Strata reads no further in this file (Strata's limit: 100 string interpolations open at "
                    + "once) [source.too-deep]"
            ))
    }

    /// Swift blocks that swift-syntax would parse in exponential or cubic time, or not at
    /// all, are highlighted by the lexer like any others, at once, every character kept.
    @Test(.timeLimit(.minutes(5))) func swiftBlocksNestedPastTheParsersReachAreHighlighted() throws {
        let page =
            "# Code\n\n```swift\nlet x = " + String(repeating: "[", count: 22) + String(repeating: "]", count: 22)
            + "\n```\n\n```swift\nlet y = " + String(repeating: "\\(", count: 320)
            + "\n```\n\n```swift\nlet fine = [[1]]\n```\n"
        let project = try TemporaryProject(files: ["Content/index.md": page])
        let result = project.build()
        #expect(result.exitCode == 0)
        #expect(TemporaryProject.lines(result) == [])
        let html = project.text("Output/index.html")
        #expect(html.contains("<span class=\"hl-keyword\">let</span> x = " + String(repeating: "[", count: 22)))
        #expect(html.contains("<span class=\"hl-keyword\">let</span> y = " + String(repeating: "\\(", count: 320)))
        #expect(html.contains("<span class=\"hl-keyword\">let</span> fine"))
    }

    /// `CHECK: a [[[[…`: every `[` scanned to the end for every other (400 took 7 s, 800 a
    /// minute). A line of 20,000 is now read at once.
    @Test func aGuidanceLineOfUnclosedBracketsIsReadInLinearTime() throws {
        let page =
            "# Rules\n\nCHECK: a " + String(repeating: "[", count: 20_000) + "\n\nREAD_ALSO: "
            + String(repeating: "[", count: 20_000) + "\n"
        let project = try TemporaryProject(files: ["Content/index.md": page])
        let result = project.build()
        #expect(result.outcome == .written, "\(TemporaryProject.lines(result))")
    }

    /// A target named `../../../../../outside/PWNED` wrote its module page outside the
    /// output folder and the project. Its page now has a safe name inside `modules/`.
    @Test func aTargetNamedLikeAPathStaysInsideTheSite() throws {
        let manifest = """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "W", targets: [.target(name: "../../../../../outside/PWNED", path: \
            "Sources/W"), .target(name: "index", path: "Sources/I")])
            """
        let project = try TemporaryProject(files: [
            "work/Package.swift": manifest, "work/Sources/W/W.swift": "let w = 1\n",
            "work/Sources/I/I.swift": "let i = 1\n", "work/Content/index.md": "# W\n"
        ])
        let result = SiteBuilder(
            project: ProjectFiles(root: project.url("work"), workingDirectory: project.url("work"))
        ).build()
        #expect(result.outcome == .written, "\(TemporaryProject.lines(result))")
        let everything = project.files(in: ".").keys.sorted()
        #expect(everything.allSatisfy { $0.hasPrefix("work/") }, "\(everything.filter { !$0.hasPrefix("work/") })")
        let pages = everything.filter { $0.hasPrefix("work/Output/modules/") }
        let hashed =
            "work/Output/modules/outside-PWNED-" + String(SHA256.hex("../../../../../outside/PWNED").prefix(10))
            + ".html"
        #expect(pages.contains(hashed), "\(pages)")
        // A module named `index` does not take the modules' index page.
        #expect(
            pages.contains("work/Output/modules/index.html")
                && pages.contains { $0.hasPrefix("work/Output/modules/index-") })
        #expect(project.text(hashed).contains("../../../../../outside/PWNED"))
    }

    /// A link in Content/ to a file outside the project was copied into the site: a
    /// `~/.ssh` or `.env` link ended up published. It is refused unless allowed.
    @Test func linksLeadingOutOfTheProjectAreRefusedUnlessAllowed() throws {
        let outside = try TemporaryProject(files: [".env": "SECRET=1\n", "notes/page.md": "# Elsewhere\n"])
        let project = try TemporaryProject(files: [
            "Content/index.md": "# Home\n", "docs/shared.md": "# Shared\n", "Theme/templates/.keep": "",
            ".env": "TOKEN=2\n"
        ])
        try FileManager.default.createSymbolicLink(
            atPath: project.url("Content/env.txt").path, withDestinationPath: outside.url(".env").path)
        try FileManager.default.createSymbolicLink(
            atPath: project.url("Content/notes").path, withDestinationPath: outside.url("notes").path)
        // A link that stays inside the project is followed as before.
        try FileManager.default.createSymbolicLink(
            atPath: project.url("Content/shared.md").path, withDestinationPath: "../docs/shared.md")
        // A hidden file of the project itself is not published through a link either.
        try FileManager.default.createSymbolicLink(
            atPath: project.url("Content/token.txt").path, withDestinationPath: "../.env")
        let refused = project.build()
        #expect(refused.exitCode == 2)
        #expect(
            TemporaryProject.lines(refused).map { $0.components(separatedBy: ", ").first ?? $0 } == [
                "Content/env.txt:1:1: error: this symbolic link leads outside the project",
                "Content/notes:1:1: error: this symbolic link leads outside the project",
                "Content/token.txt:1:1: error: this symbolic link leads to a hidden file"
            ])
        #expect(TemporaryProject.lines(refused).allSatisfy { $0.hasSuffix("[content.outside-link]") })
        #expect(!FileManager.default.fileExists(atPath: project.url("Output").path))

        // Only the command line allows it (`--allow-read`), a folder at a time; a hidden
        // file only when named itself.
        try FileManager.default.removeItem(at: project.url("Content/token.txt"))
        let allowedReads = [outside.url("notes"), outside.url(".env")]
        let allowed = SiteBuilder(
            project: ProjectFiles(root: project.root, workingDirectory: project.root, allowedReads: allowedReads)
        ).build()
        #expect(allowed.outcome == .written, "\(TemporaryProject.lines(allowed))")
        #expect(project.text("Output/env.txt") == "SECRET=1\n")
        #expect(project.text("Output/notes/page.html").contains("Elsewhere"))
        #expect(project.text("Output/shared.html").contains("Shared"))
    }

    @Test func aThemeAssetLinkedFromOutsideIsRefused() throws {
        let outside = try TemporaryProject(files: ["id_rsa": "PRIVATE KEY\n"])
        let project = try TemporaryProject(files: ["Content/index.md": "# Home\n", "strata.yml": "theme: Theme\n"])
        let defaultTheme = TemporaryProject.fixtures.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Themes/default")
        try FileManager.default.copyItem(at: defaultTheme, to: project.url("Theme"))
        try FileManager.default.createSymbolicLink(
            atPath: project.url("Theme/assets/key.txt").path, withDestinationPath: outside.url("id_rsa").path)
        let result = project.build()
        #expect(result.exitCode == 2)
        #expect(
            TemporaryProject.lines(result).first?.hasPrefix(
                "Theme/assets/key.txt:1:1: error: this symbolic link leads outside the project") == true,
            "\(TemporaryProject.lines(result))")
        #expect(TemporaryProject.lines(result).first?.hasSuffix("[theme.outside-link]") == true)
    }

    /// A theme asset whose name is not UTF-8 was left out of the site without a word (the
    /// listing dropped it); a project theme is now listed by its bytes, in a stable order,
    /// and its folders and files published as before.
    @Test(.enabled(if: TestScratch.takesNamesThatAreNotUTF8, "APFS and HFS+ take only UTF-8 names"))
    func aThemeAssetThatCannotBeNamedIsAnError() throws {
        let project = try TemporaryProject(files: ["Content/index.md": "# Home\n", "strata.yml": "theme: Theme\n"])
        let defaultTheme = TemporaryProject.fixtures.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Themes/default")
        try FileManager.default.copyItem(at: defaultTheme, to: project.url("Theme"))
        // A link to a file elsewhere in the project is published, as in the content.
        try project.write("Shared/brand.css", Data("a { color: teal }\n".utf8))
        try FileManager.default.createSymbolicLink(
            atPath: project.url("Theme/assets/brand.css").path,
            withDestinationPath: project.url("Shared/brand.css").path)
        let clean = project.build()
        #expect(clean.exitCode == 0, "\(TemporaryProject.lines(clean))")
        #expect(project.text("Output/assets/strata.css").contains("--border"))
        #expect(project.text("Output/assets/brand.css") == "a { color: teal }\n")
        let raw: [UInt8] =
            Array(project.url("Theme/assets").path.utf8) + Array("/logo".utf8) + [0xE9] + Array(".svg".utf8) + [0]
        let made = raw.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        }
        #expect(made >= 0)
        close(made)
        let result = project.build()
        #expect(result.exitCode == 2)
        #expect(
            TemporaryProject.lines(result) == [
                "Theme/assets/logo\\xE9.svg:1:1: error: this name is not valid UTF-8 (shown with its bad bytes as "
                    + "\\x..); rename it with a UTF-8 name [theme.file-name]"
            ])
    }

    /// A file name holding a line break printed a second, well-formed diagnostic line that
    /// CI problem matchers read. Every text form keeps one diagnostic on one line.
    @Test func aFileNameCannotForgeADiagnosticLine() throws {
        let name = "x\nContent/index.md:1:1: error: forged [yaml.syntax]\r\u{1B}[2J.md"
        let project = try TemporaryProject(files: [
            "Content/index.md": "# Home\n", "Content/" + name: "---\ntitle: [\n---\n"
        ])
        let result = project.build()
        #expect(result.exitCode == 2)
        let printed = result.diagnostics.map(\.description).joined(separator: "\n")
        #expect(printed.split(separator: "\n", omittingEmptySubsequences: false).count == result.diagnostics.count)
        // The path's own colons are escaped too: no reader can take `index.md:1:1` for the place.
        #expect(
            printed.hasPrefix(
                #"Content/x\nContent/index.md\u{3A}1\u{3A}1\u{3A} error\u{3A} forged "#
                    + #"[yaml.syntax]\r\u{1B}[2J.md:3:1: error: invalid YAML"#
            ),
            "\(printed)"
        )
    }

    /// Layer pages printed where `strata.yml` declares each layer as seen from the folder
    /// Strata ran in: builds differed by current folder, and leaked absolute paths.
    @Test func theSiteIsTheSameFromAnyCurrentFolder() throws {
        let project = try TemporaryProject(fixture: "guide")
        var sites: [[String: Data]] = []
        for folder in [project.root, project.root.deletingLastPathComponent(), URL(fileURLWithPath: "/proc")] {
            let result = SiteBuilder(project: ProjectFiles(root: project.root, workingDirectory: folder)).build()
            #expect(result.outcome == .written, "\(TemporaryProject.lines(result))")
            sites.append(project.files())
        }
        #expect(sites[0].count > 20)
        for site in sites.dropFirst() {
            #expect(site.keys.sorted() == sites[0].keys.sorted())
            #expect(site.filter { sites[0][$0.key] != $0.value }.keys.sorted() == [])
        }
        #expect(
            !sites[2].values.contains { String(decoding: $0, as: UTF8.self).contains(project.root.path) },
            "no absolute path leaks into the site")
    }

    /// Pages were dropped with exit 0: a name that is not UTF-8 (Foundation's listing
    /// skips it) and a path longer than PATH_MAX. Both are now errors at their place.
    @Test func pagesThatCannotBeNamedOrReachedAreErrorsNotSilentlyDropped() throws {
        let project = try TemporaryProject(files: ["Content/index.md": "# Home\n"])
        // APFS and HFS+ take only UTF-8 names: there, only the long path is tried.
        let badName = TestScratch.takesNamesThatAreNotUTF8
        if badName {
            let raw: [UInt8] =
                Array(project.url("Content").path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".md".utf8) + [0]
            let made = raw.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
            }
            #expect(made >= 0)
            close(made)
        }
        // 22 folders of 199 bytes: the deepest page's path is longer than PATH_MAX (4,096).
        var folder = open(project.url("Content").path, O_RDONLY | O_DIRECTORY)
        for level in 0..<22 {
            let name = "d\(level)" + String(repeating: "x", count: 197)
            #expect(mkdirat(folder, name, 0o755) == 0)
            let next = openat(folder, name, O_RDONLY | O_DIRECTORY)
            close(folder)
            folder = next
        }
        let page = openat(folder, "deep.md", O_WRONLY | O_CREAT, 0o644)
        close(page)
        close(folder)

        let result = project.build()
        #expect(result.exitCode == 2)
        let lines = TemporaryProject.lines(result)
        #expect(
            !badName
                || lines.contains(
                    "Content/caf\\xE9.md:1:1: error: this name is not valid UTF-8 (shown with its bad bytes as \\x..); "
                        + "rename it with a UTF-8 name [content.file-name]"
                ), "\(lines)")
        #expect(
            lines.contains {
                $0.contains("error: cannot read this: its path is longer than the system allows (")
                    && $0.hasSuffix("bytes) [io.read]")
            }, "\(lines)")
    }

    /// A Swift file whose name is not UTF-8 was left out of its target without a word: its
    /// imports, and any layering violation in it, vanished from the graph with exit 0.
    /// Other files with such names (not Swift) are none of Strata's business.
    @Test(.enabled(if: TestScratch.takesNamesThatAreNotUTF8, "APFS and HFS+ take only UTF-8 names"))
    func swiftFilesThatCannotBeNamedAreErrorsNotSilentlyDropped() throws {
        let project = try TemporaryProject(files: [
            "Package.swift": Self.manifest, "Sources/A/A.swift": "let a = 1\n", "Content/index.md": "# A\n"
        ])
        for name in ["B\u{E9}.swift", "notes\u{E9}.txt"] {
            let raw: [UInt8] =
                Array(project.url("Sources/A").path.utf8) + [UInt8(ascii: "/")]
                + name.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) } + [0]  // Latin-1 bytes
            let made = raw.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
            }
            #expect(made >= 0)
            close(made)
        }
        // A folder so named hides every Swift file in it; an asset catalog so named holds none.
        for name in ["Vi\u{E9}ws", "Art\u{E9}.xcassets"] {
            let raw: [UInt8] =
                Array(project.url("Sources/A").path.utf8) + [UInt8(ascii: "/")]
                + name.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) } + [0]
            let made = raw.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { mkdir($0.baseAddress!, 0o755) }
            }
            #expect(made == 0)
        }
        let result = project.build()
        #expect(result.exitCode == 2)
        #expect(
            TemporaryProject.lines(result) == [
                "Sources/A/B\\xE9.swift:1:1: error: this Swift file's name is not valid UTF-8 (shown with its bad "
                    + "bytes as \\x..); rename it with a UTF-8 name [source.file-name]",
                "Sources/A/Vi\\xE9ws:1:1: error: this folder's name is not valid UTF-8 (shown with its bad bytes as "
                    + "\\x..), so the Swift files in it cannot be read; rename it with a UTF-8 name [source.file-name]"
            ])
    }

    /// A `strata.yml` or `Package.swift` that is a link looping on itself was ignored as if
    /// absent: the layers, or the whole graph, disappeared with exit 0.
    @Test(arguments: ["strata.yml", "Package.swift"])
    func aManifestOrConfigurationThatLoopsIsAnError(name: String) throws {
        let project = try TemporaryProject(files: ["Content/index.md": "# Home\n"])
        try FileManager.default.createSymbolicLink(atPath: project.url(name).path, withDestinationPath: name)
        let result = project.build()
        #expect(result.exitCode == 2)
        #expect(
            TemporaryProject.lines(result) == [
                "\(name):1:1: error: cannot read this file: Too many levels of symbolic links [io.read]"
            ])
    }

    // MARK: Growth a small input could trigger

    /// 1,000 broken READ_ALSO targets took over two minutes (every one sorted and compared
    /// every page and block); "did you mean" is now asked at most 500 times a build.
    @Test func brokenReadAlsoTargetsCostLinearTime() throws {
        let blocks = (0..<1_000).map { "CHECK: rule \($0). IF: x. THEN: y.\nREAD_ALSO: missing-\($0)\n\n" }.joined()
        let project = try TemporaryProject(files: [
            "Content/index.md": "# Home\n\n" + blocks, "Content/missing-1.md": "# Near\n"
        ])
        let result = project.build()
        let broken = result.diagnostics.filter { $0.ruleID == "guidance.read-also-broken" }
        #expect(broken.count == 999)
        #expect(
            broken.first?.message.contains("did you mean 'missing-1.md'?") == true, "\(broken.first?.message ?? "")")
    }

    /// 20,000 headings alike tried every number before theirs (65 s).
    @Test func manyHeadingsAlikeGetTheirIDsInLinearTime() throws {
        let project = try TemporaryProject(files: [
            "Content/index.md": "# Home\n\n" + String(repeating: "## Same\n\n", count: 20_000)
        ])
        let result = project.build()
        #expect(result.outcome == .written)
        #expect(project.text("Output/index.html").contains("id=\"same-19999\""))
    }

    /// A metadata paragraph of 10,000 pairs counted lines from the top for every pair (85 s).
    @Test func aHugeMetadataParagraphIsReadInLinearTime() throws {
        let pairs = (0..<10_000).map { "KEY\($0): value \($0)\n" }.joined()
        let project = try TemporaryProject(files: ["Content/index.md": "# Home\n\n" + pairs + "\nBody.\n"])
        let result = project.build()
        #expect(result.outcome == .written, "\(TemporaryProject.lines(result).prefix(3))")
        #expect(project.text("Output/index.html").contains("data-key=\"KEY9999\""))
    }

    /// 400 layers took 23 s and 1,000 over two minutes: what each layer may use was worked
    /// out again per matrix cell, every layer below each was named on the pages, and the
    /// matrix had a million cells. Now the matrix stops at 60 layers and lists at 12 (100
    /// layers show it here).
    @Test func hundredsOfLayersStayReadableAndLinear() throws {
        let count = 100
        let layers = (0..<count).map { "  - name: L\($0)\n    modules: [M\($0)]\n" }.joined()
        let targets = (0..<count).map { ".target(name: \"M\($0)\")" }.joined(separator: ", ")
        var files = [
            "Content/index.md": "# Home\n", "strata.yml": "layers:\n" + layers,
            "Package.swift":
                "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", targets: "
                + "[\(targets)])\n"
        ]
        for index in 0..<count { files["Sources/M\(index)/M.swift"] = "let m = 1\n" }
        let project = try TemporaryProject(files: files)
        let result = project.build()
        #expect(result.outcome == .written, "\(TemporaryProject.lines(result).prefix(3))")
        let overview = project.text("Output/modules/index.html")
        #expect(overview.contains("There are 100 layers, too many for a matrix"))
        #expect(!overview.contains("class=\"layer-matrix\""))
        #expect(project.text("Output/layers/l99.html").contains(" and 87 more"))
    }

    /// Every page of a folder of 10,000 listed all 10,000 in its sidebar (5.7 GB); a page
    /// now lists the 11 entries around itself, and the folder's whole list is one script.
    @Test func aFolderOfThousandsOfPagesListsAWindowOfThem() throws {
        var files = ["Content/index.md": "# Home\n"]
        for index in 0..<400 {
            files["Content/many/p\(String(format: "%04d", index)).md"] = "# Page \(String(format: "%04d", index))\n"
        }
        let project = try TemporaryProject(files: files)
        let result = project.build()
        #expect(result.outcome == .written)
        let middle = project.text("Output/many/p0200.html")
        let entries = middle.components(separatedBy: "class=\"nav-item").count - 1
        #expect(entries == 1 + 1 + 11 + 2, "\(entries) sidebar entries")
        #expect(middle.contains("aria-current=\"page\">Page 0200<"))
        #expect(middle.contains("… 195 earlier pages") && middle.contains("… 194 more pages"))
        #expect(
            middle.contains(
                "<ul class=\"nav-list\" data-nav-list=\"many\" data-nav-root=\"../\" data-nav-count=\"400\">"))
        #expect(middle.contains("<script src=\"../strata-nav/many/index.js\" defer></script>"))
        #expect(project.text("Output/index.html").contains("… 389 more pages"))
        let list = project.text("Output/strata-nav/many/index.js")
        #expect(
            list.hasPrefix(
                "(window.strataNav = window.strataNav || {})[\"many\"] = [\n[\"Page 0000\",\"many/p0000.html\",0],\n"))
        #expect(list.components(separatedBy: "\n").count - 3 == 400)
    }

    /// The same window for the top level: a flat content folder of many pages.
    @Test func aFlatContentFolderListsAWindowToo() throws {
        var files = ["Content/index.md": "# Home\n"]
        for index in 0..<300 {
            files["Content/p\(String(format: "%03d", index)).md"] = "# Page \(String(format: "%03d", index))\n"
        }
        let project = try TemporaryProject(files: files)
        #expect(project.build().outcome == .written)
        let middle = project.text("Output/p150.html")
        #expect(middle.components(separatedBy: "class=\"nav-item").count - 1 == 11 + 2)
        #expect(middle.contains("aria-current=\"page\">Page 150<"))
        #expect(
            middle.contains("<ul class=\"nav-list\" data-nav-list=\"/\" data-nav-root=\"\" data-nav-count=\"301\">"))
        #expect(project.text("Output/strata-nav/index.js").contains("[\"Page 299\",\"p299.html\",0]"))
    }

    /// A 50 MB page took over two minutes and 2.2 GB. Pages past 10 MB are refused.
    @Test func aPageOfManyMegabytesIsRefused() throws {
        let line = "A paragraph of words that goes on, with [a link](index.md) and `code`.\n\n"
        let project = try TemporaryProject(files: [
            "Content/index.md": "# Home\n",
            "Content/big.md": String(repeating: line, count: 10_100_000 / line.utf8.count)
        ])
        let result = project.build()
        #expect(result.exitCode == 2)
        #expect(
            TemporaryProject.lines(result).first?.hasPrefix(
                "Content/big.md:1:1: error: this page is 10 MB (a page that size is a book no browser shows well): "
                    + "split it (Strata's limit: 10000000 bytes in one page) [content.too-large]"
            ) == true)
    }
}
