import StrataCore
import Testing

@testable import StrataMarkdown

/// DocC pages drawn as HTML: asides, layout, media, tutorials, settings kept out of the
/// body, unknown directives shown with a warning, and `doc:` links with titles.
@Suite struct DocCRenderingTests {
    func document(_ markdown: String, path: String = "A.md") -> MarkdownDocument {
        MarkdownParser.parse(markdown, path: path, options: MarkdownOptions(docc: true))
    }

    func body(
        _ markdown: String, path: String = "A.md", targets: [String: DocCRendering.Target] = [:],
        files: [String: String] = [:]
    ) -> String {
        document(markdown, path: path).renderHTML(
            resolveLink: { $0.destination.hasPrefix("doc:") ? String($0.destination.dropFirst(4)) + ".html" : nil },
            docc: DocCRendering(target: { targets[$0.destination] }, code: { files[$0.destination] }))
    }

    /// The body without the line above it (eyebrow and availability).
    func content(
        _ markdown: String, path: String = "A.md", targets: [String: DocCRendering.Target] = [:],
        files: [String: String] = [:]
    ) -> String {
        let html = body(markdown, path: path, targets: targets, files: files)
        guard let end = html.range(of: "</div>\n") else { return html }
        return String(html[end.upperBound...])
    }

    @Test func asidesOfEveryKindAreCallouts() {
        #expect(
            content("> Note: Plain strings.")
                == "<div class=\"docc-aside docc-aside-note\"><p class=\"docc-aside-title\">Note</p>\n"
                + "<p>Plain strings.</p>\n</div>\n")
        #expect(content("> tip: Any case.").contains("docc-aside-tip\"><p class=\"docc-aside-title\">Tip</p>"))
        #expect(
            content("> Mutating variant: Two words.").contains("<p class=\"docc-aside-title\">Mutating Variant</p>"))
        for kind in ["Important", "Warning", "Experiment", "Attention", "Bug", "Precondition", "SeeAlso", "Throws"] {
            #expect(content("> \(kind): Text.").contains("docc-aside docc-aside-\(kind.lowercased())"))
        }
        #expect(content("> Not a kind: a quote.") == "<blockquote>\n<p>Not a kind: a quote.</p>\n</blockquote>\n")
    }

    @Test func metadataIsReadAndKeptOutOfTheBody() {
        let page = document(
            """
            # ``Kit``

            @Metadata {
                @DisplayName("Kit, Displayed")
                @TitleHeading("Framework")
                @PageKind(article)
                @Available("Swift", introduced: "5.9", deprecated: "6.0")
                @PageImage(purpose: icon, source: "icon.png", alt: "An icon")
                @CallToAction(url: "https://example.com", purpose: download)
                @DocumentationExtension(mergeBehavior: override)
            }

            @Options {
                @AutomaticSeeAlso(disabled)
                @TopicsVisualStyle(detailedGrid)
            }

            The abstract.
            """)
        let info = page.doccInfo
        #expect(info?.symbol == "Kit")
        #expect(info?.displayName == "Kit, Displayed")
        #expect(info?.title == "Kit, Displayed")
        #expect(info?.eyebrow == "Framework")
        #expect(info?.pageKind == "article")
        #expect(info?.availability == [.init(platform: "Swift", introduced: "5.9", deprecated: "6.0")])
        #expect(info?.pageImages == [.init(purpose: "icon", source: "icon.png", alt: "An icon")])
        #expect(info?.callToAction == .init(label: "Download", destination: "https://example.com"))
        #expect(info?.mergeBehavior == "override")
        #expect(info?.automaticSeeAlso == false)
        #expect(info?.topicsVisualStyle == "detailedGrid")
        #expect(info?.abstract == "The abstract.")
        #expect(page.doccDiagnostics.isEmpty)
        let html = page.renderHTML()
        #expect(
            html
                == "<div class=\"docc-page-info\"><img class=\"docc-icon\" src=\"icon.png\" alt=\"An icon\">"
                + "<span class=\"docc-eyebrow\">Framework</span><span class=\""
                + "docc-availability\">Swift 5.9+, deprecated in 6.0</span></div>\n<p class=\"docc-call-to-action\">"
                + "<a class=\"docc-button\" href=\"https://example.com\">Download</a></p>\n<p>The abstract.</p>\n")
        // The picture the metadata names is checked like any link.
        #expect(page.links.map(\.destination) == ["icon.png", "https://example.com"])
    }

    /// As DocC reads it: the abstract is the paragraph right after the title, or there is none;
    /// a paragraph after a declaration or a heading is not one.
    @Test func theAbstractIsOnlyTheParagraphRightAfterTheTitle() {
        let none = document(
            "# ``Kit/Undocumented``\n\n@Metadata {\n    @TitleHeading(\"Structure\")\n}\n\n"
                + "```swift\nstruct Undocumented\n```\n\nAvailability: iOS 16+\n\n"
                + "### first()\n\nThe member's comment.\n")
        #expect(none.doccInfo?.abstract == nil)
        let some = document("# Guide\n\n<!-- a note -->\n\nWhat it says.\n\n## More\n\nText.\n")
        #expect(some.doccInfo?.abstract == "What it says.")
    }

    @Test func rowsColumnsTabsSmallAndLinksAreDrawn() {
        let html = content(
            """
            @Row(numberOfColumns: 4) {
                @Column(size: 3) {
                    Wide.
                }
                @Column {
                    Narrow.
                }
            }

            @TabNavigator {
                @Tab("One") {
                    First.
                }
            }

            @Small {
                Fine print.
            }

            @Links(visualStyle: compactGrid) {
                - <doc:Other>
            }
            """, targets: ["doc:Other": .init(title: "The Other Page", abstract: "What it says.")])
        #expect(
            html == """
                <div class="docc-row" style="--docc-columns: 4">
                <div class="docc-column" style="--docc-span: 3">
                <p>Wide.</p>
                </div>
                <div class="docc-column" style="--docc-span: 1">
                <p>Narrow.</p>
                </div>
                </div>
                <div class="docc-tabs">
                <section class="docc-tab"><p class="docc-tab-title">One</p>
                <p>First.</p>
                </section>
                </div>
                <div class="docc-small">
                <p>Fine print.</p>
                </div>
                <div class="docc-links docc-links-compact-grid">
                <ul>
                <li><a href="Other.html">The Other Page</a> <span class="docc-abstract">What it says.</span></li>
                </ul>
                </div>

                """)
    }

    @Test func commentsAndHTMLCommentsAreLeftOut() {
        #expect(content("@Comment {\n    Hidden.\n}\n\n<!-- also hidden -->\n\nShown.") == "<p>Shown.</p>\n")
    }

    @Test func anUnknownDirectiveWarnsAndShowsWhatItHolds() {
        let page = document("Intro.\n\n  @Mystery(kind: x) {\n    Still *shown*.\n  }")
        #expect(
            page.doccDiagnostics.map(\.description) == [
                "A.md:3:3: warning: Strata does not know the directive @Mystery; what it holds is shown as it is "
                    + "[docc.unknown-directive]"
            ])
        #expect(
            content("@Mystery(kind: x) {\n    Still *shown*.\n}")
                == "<div class=\"docc-unknown\"><p class=\"docc-unknown-name\"><code>@Mystery(kind: x)</code></p>\n"
                + "<p>Still <em>shown</em>.</p>\n</div>\n")
    }

    @Test func docLinksShowTheirPagesTitle() {
        #expect(
            content("See <doc:Guide> and [this](doc:Guide).", targets: ["doc:Guide": .init(title: "The Guide")])
                == "<p>See <a href=\"Guide.html\">The Guide</a> and <a href=\"Guide.html\">this</a>.</p>\n")
        // Topic groups show each page's abstract under its link.
        #expect(
            content(
                "## Topics\n\n### Basics\n\n- <doc:Guide>", targets: ["doc:Guide": .init(title: "G", abstract: "A.")]
            )
            .contains(
                "<ul class=\"docc-topics docc-topics-list\">\n<li><a href=\"Guide.html\">G</a>"
                    + " <span class=\"docc-abstract\">A.</span></li>"))
    }

    @Test func topicsAreCuratedInOrder() {
        let page = document(
            "# Page\n\nText <doc:NotCurated>.\n\n## Topics\n\n### A\n\n- <doc:One>\n- <doc:Two>\n\n"
                + "## After\n\n<doc:Three>")
        #expect(page.doccInfo?.curated == ["doc:One", "doc:Two"])
    }

    @Test func aTutorialIsDrawnStepByStep() {
        let tutorial = """
            @Tutorial(time: 15) {
                @Intro(title: "First steps") {
                    Make a greeting.

                    @Image(source: "intro.png", alt: "")
                }

                @Section(title: "Say hello") {
                    @ContentAndMedia {
                        Create it.
                    }

                    @Steps {
                        @Step {
                            Write it.

                            @Code(name: "main.swift", file: "hello.swift")
                        }
                    }
                }

                @Assessments {
                    @MultipleChoice {
                        Which?

                        @Choice(isCorrect: true) {
                            This.

                            @Justification(reaction: "Yes") {
                                Because.
                            }
                        }
                    }
                }
            }
            """
        let page = document(tutorial, path: "First.tutorial")
        #expect(page.doccInfo?.tutorialKind == "Tutorial")
        #expect(page.doccInfo?.title == "First steps")
        #expect(page.doccInfo?.estimatedMinutes == "15")
        #expect(page.headings.map(\.id) == ["say-hello"])
        let html = body(tutorial, path: "First.tutorial", files: ["hello.swift": "let a = 1\n"])
        #expect(
            html.hasPrefix(
                "<div class=\"docc-page-info\"><span class=\"docc-eyebrow\">Tutorial</span>"
                    + "<span class=\"docc-time\">15 min</span></div>\n<div class=\"docc-tutorial\">\n"
                    + "<section class=\"docc-intro\">"
            ))
        #expect(html.contains("<section class=\"docc-section\">\n<h2 id=\"say-hello\">Say hello"))
        #expect(
            html.contains(
                "<ol class=\"docc-steps\">\n<li class=\"docc-step\">\n<p>Write it.</p>\n"
                    + "<figure class=\"docc-code\"><figcaption>main.swift</figcaption>\n<pre data-language=\"swift\">"))
        #expect(
            html.contains("<details class=\"docc-justification\"><summary>Yes</summary>\n<p>Because.</p>\n</details>"))
        #expect(html.contains("<div class=\"docc-choice docc-choice-correct\">"))
        #expect(page.doccDiagnostics.isEmpty)
    }

    /// `@Code(file: "hello")` finds `hello.swift`, as DocC finds resources: highlighted by the
    /// name of the file found, not the name written.
    @Test func aCodeFileNamedWithoutItsExtensionIsHighlightedAsTheFileFound() {
        let html = document("@Code(name: \"main\", file: \"hello\")").renderHTML(
            resolveLink: { $0.destination == "hello" ? "../resources/hello.swift" : nil },
            docc: DocCRendering(target: { _ in nil }, code: { $0.destination == "hello" ? "let a = 1\n" : nil }))
        #expect(html.contains("<figcaption>main</figcaption>\n<pre data-language=\"swift\">"), "\(html)")
    }

    @Test func aMissingCodeFileIsSaid() {
        let html = content("@Code(name: \"a.swift\", file: \"gone.swift\")")
        #expect(html.contains("The file <code>gone.swift</code> is not in the catalog."))
    }

    @Test func locationsPointIntoTheFileAsWritten() {
        // The link is inside a column whose indent was taken off: its column is the written one.
        let page = document("@Row {\n    @Column {\n        [x](y.md)\n    }\n}")
        #expect(page.links.map(\.location.description) == ["A.md:3:9"])
    }

    @Test func anOrdinaryPageIsNotReadAsDocC() {
        let html = MarkdownParser.parse("> Note: a quote.\n\n@Row {\n}", path: "a.md").renderHTML()
        #expect(html == "<blockquote>\n<p>Note: a quote.</p>\n</blockquote>\n<p>@Row {\n}</p>\n")
    }
}

/// `@PageImage`: the icon beside the word above the body, the card on a grid of cards.
@Suite struct DocCPageImageTests {
    @Test func theIconIsDrawnAboveTheBody() {
        let page = MarkdownParser.parse(
            "# Kit\n\n@Metadata {\n    @PageImage(purpose: icon, source: \"kit\", alt: \"Kit's icon\")\n}\n",
            path: "A.md", options: MarkdownOptions(docc: true))
        #expect(
            page.renderHTML(resolveLink: { "Resources/\($0.destination).png" })
                == "<div class=\"docc-page-info\"><img class=\"docc-icon\" src=\"Resources/kit.png\" alt=\"Kit's "
                + "icon\"><span class=\"docc-eyebrow\">Article</span></div>\n")
    }

    @Test func cardsAreDrawnOnlyInGrids() {
        let rendering = DocCRendering(
            target: { _ in DocCRendering.Target(title: "Other", abstract: "Says.", cardImage: "card.png") },
            code: { _ in nil })
        func html(_ markdown: String) -> String {
            MarkdownParser.parse(markdown, path: "A.md", options: MarkdownOptions(docc: true)).renderHTML(
                resolveLink: { _ in "Other.html" }, docc: rendering)
        }
        let grid = html("@Links(visualStyle: compactGrid) {\n    - <doc:Other>\n}")
        #expect(
            grid.contains(
                "<li><img class=\"docc-card-image\" src=\"card.png\" alt=\"\" loading=\"lazy\"><a href=\"Other.html\">"
                    + "Other</a> <span class=\"docc-abstract\">Says.</span></li>"))
        let list = html("@Links(visualStyle: list) {\n    - <doc:Other>\n}")
        #expect(!list.contains("docc-card-image"))
        let topics = html("@Options {\n    @TopicsVisualStyle(detailedGrid)\n}\n\n## Topics\n\n### A\n\n- <doc:Other>")
        #expect(
            topics.contains("<ul class=\"docc-topics docc-topics-detailed-grid\">\n<li><img class=\"docc-card-image\""))
    }
}
