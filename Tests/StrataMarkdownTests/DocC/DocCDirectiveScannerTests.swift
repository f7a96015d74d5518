import StrataCore
import Testing

@testable import StrataMarkdown

/// How a catalog page's block directives are found before cmark reads it: every form of
/// argument and body, code fences left alone, and every line kept at its number.
@Suite struct DocCDirectiveScannerTests {
    func scan(_ text: String) -> DocCDirectiveScanner.Result {
        DocCDirectiveScanner(path: "A.md").scan(text)
    }

    @Test func argumentsAreReadInEveryForm() {
        let directives = scan(
            """
            @Image(source: "a.png", alt: "An \\"A\\", quoted")
            @DisplayName("Name, with a comma")
            @PageKind(sampleCode)
            @TechnologyRoot
            @Available(Swift, introduced: "5.9")
            """
        ).directives
        #expect(directives.map(\.name) == ["Image", "DisplayName", "PageKind", "TechnologyRoot", "Available"])
        #expect(directives[0].argument("source") == "a.png")
        #expect(directives[0].argument("alt") == "An \"A\", quoted")
        #expect(directives[1].unlabeled == "Name, with a comma")
        #expect(directives[2].unlabeled == "sampleCode")
        #expect(directives[3].arguments.isEmpty)
        #expect(directives[4].unlabeled == "Swift")
        #expect(directives[4].argument("introduced") == "5.9")
        #expect(directives.allSatisfy { !$0.hasBody })
    }

    @Test func argumentsMayRunOverSeveralLines() {
        let result = scan("@XcodeRequirement(\n    title: \"Xcode 16\",\n    destination: \"https://x\"\n)\nText.")
        #expect(result.directives.count == 1)
        #expect(result.directives[0].argument("title") == "Xcode 16")
        #expect(result.directives[0].argument("destination") == "https://x")
        // The argument lines become blank; the text after them keeps its line.
        #expect(result.text.split(separator: "\n", omittingEmptySubsequences: false).count == 5)
        #expect(result.text.hasSuffix("\n\n\n\nText."))
    }

    @Test func bodiesNestAndLoseTheirIndent() {
        let result = scan(
            """
            @Row {
                @Column {
                    Some *text*.

                        code
                }
            }
            """)
        #expect(result.directives.map(\.name) == ["Row", "Column"])
        #expect(result.directives[1].parent == 0)
        #expect(result.directives.allSatisfy { $0.hasBody })
        let lines = result.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 7)
        #expect(lines[2] == "Some *text*.")
        #expect(lines[4] == "    code")
        #expect(result.removedIndent[2] == 8)
        #expect(result.diagnostics.isEmpty)
    }

    @Test func codeFencesAreNeverSearched() {
        let result = scan("```swift\n@MainActor\n}\n```\n~~~\n@Image(source: x)\n~~~")
        #expect(result.directives.isEmpty)
        #expect(result.text == "```swift\n@MainActor\n}\n```\n~~~\n@Image(source: x)\n~~~")
    }

    @Test func aBodyOnOneLineHoldsOneDirective() {
        let result = scan("@Metadata { @TechnologyRoot }")
        #expect(result.directives.map(\.name) == ["Metadata", "TechnologyRoot"])
        #expect(result.directives[1].parent == 0)
        #expect(result.diagnostics.isEmpty)
    }

    @Test func mistakesAreWarningsAtTheirLines() {
        let unclosed = scan("Intro.\n\n  @Row {\nText.")
        #expect(
            unclosed.diagnostics.map(\.description) == [
                "A.md:3:3: warning: @Row is never closed: a '}' on a line of its own ends it; it runs to the end of "
                    + "the page [docc.directive]"
            ])
        let open = scan("@Image(source: \"a.png\"")
        #expect(open.directives.isEmpty)
        #expect(
            open.diagnostics.map(\.description) == [
                "A.md:1:1: warning: the arguments of @Image are never closed with ')'; it is shown as text "
                    + "[docc.directive]"
            ])
        let trailing = scan("@Small { text }")
        #expect(trailing.diagnostics.first?.ruleID == "docc.directive")
        let after = scan("@Image(source: a) and more")
        #expect(after.diagnostics.first?.message == "text after @Image(…) is not read: 'and more'")
    }

    @Test func textThatIsNoDirectiveStaysText() {
        let result = scan("Write @Name in prose.\n@ alone\n@1abc\n    @Indented(code: block)")
        #expect(result.directives.isEmpty)
        #expect(result.text == "Write @Name in prose.\n@ alone\n@1abc\n    @Indented(code: block)")
    }

    @Test func aClosingBraceWithNothingOpenIsText() {
        #expect(scan("}\ntext").text == "}\ntext")
    }
}

/// Pages no person writes: reading them stays linear, and says what it left as text.
@Suite struct DocCHostileInputTests {
    @Test func argumentsNeverClosedStopAfterTheirLimit() {
        let text = String(repeating: "@A(\n", count: 20_000)
        let result = DocCDirectiveScanner(path: "A.md").scan(text)
        #expect(result.directives.isEmpty)
        #expect(result.diagnostics.count == 20_000)
        #expect(result.text == text)
    }

    @Test func nestingDeeperThanTheLimitIsText() {
        let depth = 5_000
        let text = String(repeating: "@Row {\n", count: depth) + String(repeating: "}\n", count: depth)
        let document = MarkdownParser.parse(text, path: "A.md", options: MarkdownOptions(docc: true))
        #expect(document.directives.count == DocCDirectiveScanner.depthLimit)
        #expect(document.doccDiagnostics.filter { $0.message.contains("deeper than Strata reads") }.count == 1)
        _ = document.renderHTML()
    }
}
