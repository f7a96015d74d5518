import StrataCore
import Testing

@testable import StrataSearch

@Suite struct SearchIndexTests {
    // MARK: Page text

    @Test func pageTextIsCutAtHeadingsWithIDs() {
        let html = """
            <p>Before any heading, <em>emphasis</em> &amp; an entity&#39;s &#x41;.</p>
            <h2 id="install">Install<a class="heading-anchor" href="#install" aria-label="Link to this \
            section">#</a></h2>
            <p>Run <code>make</code>.</p><svg><text>diagram label</text><svg><title>nested</title></svg></svg>
            <h3 id="on-linux">On Linux</h3><ul><li>apt-get</li><li>sudo</li></ul>
            <h4 id="deeper">Deeper</h4><p>still Linux</p>
            <script>var hidden = "no";</script><button>Copy</button>
            """
        let text = PageText(html: html)
        #expect(text.sections.map(\.id) == [nil, "install", "on-linux"])
        #expect(text.sections[0].text == "Before any heading, emphasis & an entity's A.")
        #expect(text.sections[1].heading == "Install", "the heading's self-link is not text")
        #expect(text.sections[1].text == "Run make.", "inline elements do not split words")
        #expect(text.sections[2].heading == "On Linux")
        #expect(text.sections[2].text == "apt-get sudo Deeper still Linux", "h4 and deeper stay in their section")
        #expect(!text.sections.map(\.text).joined().contains("diagram"))
        #expect(!text.sections.map(\.text).joined().contains("hidden"))
    }

    /// A DocC page's line above its body says what kind of page it is, not what it says: its
    /// text is no part of the excerpt.
    @Test func theLineAboveADocCPageIsNotText() {
        let html =
            "<div class=\"docc-page-info\"><span class=\"docc-eyebrow\">Article</span><span>Swift 5.9+</span>"
            + "</div>\n<p>The abstract.</p>"
        #expect(PageText(html: html).sections.first?.text == "The abstract.")
    }

    @Test func malformedHTMLNeverLosesTheRest() {
        let text = PageText(html: "a < b && c &unknown; d <h2 id=\"x\">X")
        #expect(text.sections.first?.text == "a < b && c &unknown; d")
        #expect(text.sections.last?.heading == "X")
        #expect(PageText(html: "").sections == [PageText.Section(id: nil, heading: "", text: "")])
        #expect(
            PageText(html: "<h2 id=\"r&amp;d\">R&amp;D</h2>").sections.last
                == PageText.Section(id: "r&d", heading: "R&D", text: ""))
        #expect(
            PageText(html: "<p>a<svg class=\"icon\"/>b</p><img class=\"heading-anchor\" src=\"x\"> c").sections.first?
                .text == "ab c", "nothing to skip in a closed tag")
        #expect(PageText(html: "<svg>never closed <p>text</p>").sections.first?.text == "")
        // Raw HTML (`unsafe_html`) full of `<` with no `>` after them is all text, read once.
        let strays = "<p>x</p>" + String(repeating: "<a", count: 50_000)
        #expect(PageText(html: strays).sections.first?.text == "x " + String(repeating: "<a", count: 50_000))
        #expect(
            PageText(html: "<p>x</p><svg><a<a").sections.first?.text == "x", "an element never closed ends the text")
        // Skipped elements end at their own closing tag, whatever its case, nested ones included.
        #expect(PageText(html: "<p>a</p><SVG><svg><text>in</text></Svg><g/></svg> b").sections.first?.text == "a b")
        // Runs of whitespace are one space, wherever they fall in a run of text.
        #expect(
            PageText(html: "  one two\n\t three  four \r\n<b>five</b>\n six ").sections.first?.text
                == "one two three four five six")
        #expect(
            PageText(html: "<h2 id=\"h\">  Two \n words </h2>x").sections.last
                == PageText.Section(id: "h", heading: "Two words", text: "x"))
    }

    /// Text is read eight bytes at a time where it can be: whatever its spacing and wherever
    /// its markup falls, it must read as text collapsed by hand. Inline tags (`b`, the
    /// highlighter's spans) do not split words; entities are decoded.
    @Test func textReadInWordsIsTextCollapsedByHand() {
        var numbers = FixedNumbers(seed: 0x9E37_79B9_7F4A_7C15)
        func next(_ bound: Int) -> Int { numbers.next(below: bound) }
        let characters: [String] = ["a", "b", "Z", "é", "🙂", " ", " ", " ", "\n", "\t", "\r", "\u{1}", "-"]
        let markup: [(html: String, text: String)] = [
            ("<b>", ""), ("</b>", ""), ("<span class=\"hl-keyword\">", ""), ("</span>", ""),
            ("<span class=\"hl-x y\">", ""),
            ("<span class=\"hl-\">", ""), ("&amp;", "&"), ("&lt;", "<"), ("<span>", ""), ("</spa>", "")
        ]
        for round in 0..<4000 {
            var html = ""
            var text = ""
            for _ in 0..<next(24) {
                if next(5) == 0 {
                    let piece = markup[next(markup.count)]
                    html += piece.html
                    text += piece.text
                } else {
                    let piece = (0..<1 + next(12)).map { _ in characters[next(characters.count)] }.joined()
                    html += piece
                    text += piece
                }
            }
            // By scalars: "\r\n" is one Character.
            let collapsed = text.unicodeScalars.split(whereSeparator: { " \n\t\r".unicodeScalars.contains($0) }).map {
                String(String.UnicodeScalarView($0))
            }
            .joined(separator: " ")
            #expect(PageText(html: html).sections.first?.text == collapsed, "round \(round): \(html.debugDescription)")
        }
    }

    // MARK: Terms

    @Test func termsAreLowerCaseWordsWithCamelCaseParts() {
        #expect(
            SearchTokenizer.terms("The StrataSwiftSource module") == [
                "strataswiftsource", "strata", "swift", "source", "module"
            ])
        #expect(
            SearchTokenizer.terms("HTMLRenderer, JSONString!") == [
                "htmlrenderer", "html", "renderer", "jsonstring", "json", "string"
            ])
        #expect(
            SearchTokenizer.terms("swift-syntax 603 x") == ["swift", "syntax", "603"], "one-letter words are dropped")
        #expect(SearchTokenizer.terms("Ünïcode ÉTÉ naïve") == ["ünïcode", "été", "naïve"])
        #expect(SearchTokenizer.terms("the and of to") == [], "stop words")
        // Folded as the script folds a query: composed, lower case, final sigma as sigma.
        #expect(SearchTokenizer.terms("ΟΔΟΣ οδός") == ["οδοσ", "οδόσ"])
        #expect(SearchTokenizer.terms("e\u{301}te\u{301}") == ["été"])
        #expect(SearchTokenizer.terms("İstanbul") == ["stanbul"], "lower case first, then split, as JavaScript does")
        #expect(SearchTokenizer.terms(String(repeating: "a", count: 40)) == [], "too long to be a word")
        #expect(
            SearchTokenizer.terms(String(repeating: "Ab", count: 20)) == Array(repeating: "ab", count: 20),
            "a word too long still has its parts")
        #expect(
            SearchTokenizer.terms("IfThen 7 X1 a2B") == ["ifthen", "7", "x1", "a2b"],
            "stop words are no parts; digits are neither case")
        #expect(SearchTokenizer.terms("iOS URLSession") == ["ios", "os", "urlsession", "url", "session"])
    }

    /// The ASCII rules, written plainly: words are runs of letters and digits; each one, and
    /// each camel-case part of it, is a term when it has two characters or more (or is one
    /// digit), 32 at most, and is no stop word. The tokenizer folds eight bytes at a time and
    /// may read past a word's end; it must agree with this wherever a word falls in the text.
    static func plainASCIITerms(_ text: String) -> [String] {
        func isWord(_ c: Character) -> Bool { c.isASCII && (c.isLetter || c.isNumber) }
        func isUpper(_ c: Character) -> Bool { c.isASCII && c.isUppercase }
        func isLower(_ c: Character) -> Bool { c.isASCII && c.isLowercase }
        var terms: [String] = []
        func add(_ word: [Character]) {
            let lower = String(word).lowercased()
            guard word.count <= 32, word.count >= 2 || word.first?.isNumber == true,
                !SearchTokenizer.stopWords.contains(lower)
            else { return }
            terms.append(lower)
        }
        for run in text.split(whereSeparator: { !isWord($0) }) {
            let word = Array(run)
            add(word)
            var parts: [[Character]] = []
            var start = 0
            for position in word.indices.dropFirst() {
                let next: Character? = position + 1 < word.count ? word[position + 1] : nil
                if (isLower(word[position - 1]) && isUpper(word[position]))
                    || (isUpper(word[position - 1]) && isUpper(word[position]) && next.map(isLower) == true)
                {
                    parts.append(Array(word[start..<position]))
                    start = position
                }
            }
            if !parts.isEmpty {
                parts.append(Array(word[start...]))
                parts.forEach(add)
            }
        }
        return terms
    }

    @Test func asciiTermsFollowThePlainRulesWhereverAWordEnds() {
        var numbers = FixedNumbers(seed: 0x2545_F491_4F6C_DD1D)
        func next(_ bound: Int) -> Int { numbers.next(below: bound) }
        let alphabet = Array("abcxyzABCXYZ0189 -_.,\n\t()[]/@#`'")
        let stopWords = Array(SearchTokenizer.stopWords)
        for round in 0..<3000 {
            var text = ""
            for _ in 0..<next(12) {
                switch next(6) {
                case 0: text += stopWords[next(stopWords.count)].uppercased()
                case 1: text += String(repeating: "Ab", count: 1 + next(20))
                case 2: text += String(repeating: "q", count: 25 + next(15)) + " "
                default: text += String((0..<1 + next(18)).map { _ in alphabet[next(alphabet.count)] })
                }
            }
            #expect(SearchTokenizer.terms(text) == Self.plainASCIITerms(text), "round \(round): \(text)")
        }
    }

    /// Words beside punctuation beyond ASCII (`Rust’s`, `“quoted”`, `a — b`) are cut there
    /// without Unicode's slow path; whatever the mix, the terms are the rule's own.
    @Test func textBeyondASCIIFollowsTheUnicodeRuleWhereverItIsCut() {
        var numbers = FixedNumbers(seed: 0x9E37_79B9_7F4A_7C15)
        func next(_ bound: Int) -> Int { numbers.next(below: bound) }
        // ASCII; separators of every block cut early (quotes, dashes, no-break space, box
        // drawing, arrows, a check mark, emoji and its variation selector); what must stay
        // in a word (accented and combining letters, Greek final sigma, Cyrillic, Kelvin,
        // Ohm, circled and superscript digits, squared letters); and what composes across a
        // cut (a combining acute, a long solidus overlay after an arrow).
        let alphabet = Array(
            "abXY09 -.’‘“”—–…\u{A0}·─└✓→≠⊂🚧\u{FE0F}🄰①²ªµéΩΣςКирK\u{212A}\u{2126}\u{301}\u{338}İ_")
        for round in 0..<4000 {
            let text = String((0..<next(24)).map { _ in alphabet[next(alphabet.count)] })
            #expect(SearchTokenizer.terms(text) == SearchTokenizer.unicodeTerms(text), "round \(round): \(text)")
        }
        #expect(
            SearchTokenizer.terms("Rust’s “ownership” — HTMLRenderer’s") == [
                "rust", "ownership", "htmlrenderer", "html", "renderer"
            ])
        #expect(SearchTokenizer.separates("’"), "a closing quote cuts")
        #expect(!SearchTokenizer.separates("é") && !SearchTokenizer.separates("①"), "letters and digits never cut")
    }

    // MARK: Encoding

    /// The script's decoder, in Swift: the test reads what the writer wrote the way the theme does.
    func decode(_ text: String) -> [Int] {
        var numbers: [Int] = []
        var value = 0
        var previous = -1
        for byte in text.utf8 {
            guard let digit = SearchIndexWriter.digits.firstIndex(of: byte) else { return [-1] }
            if digit >= 32 {
                value = value * 32 + digit - 32
                continue
            }
            value = value * 32 + digit
            previous = previous < 0 ? value : previous + value + 1
            numbers.append(previous)
            value = 0
        }
        return numbers
    }

    @Test(arguments: [[0], [5], [31], [32], [1023], [1024], [40000], [0, 1, 2, 3], [3, 40, 41, 2000, 2001, 70000]])
    func postingListsRoundTrip(numbers: [Int]) {
        #expect(decode(SearchIndexWriter.encode(numbers)) == numbers)
    }

    @Test func densePostingsTakeOneCharacterEach() {
        #expect(SearchIndexWriter.encode(Array(0..<10)) == "0000000000")
        #expect(SearchIndexWriter.encode([31]) == "v")
        #expect(SearchIndexWriter.encode([32]) == "x0")
    }

    func record(
        _ kind: SearchRecord.Kind, _ title: String, _ path: String, text: String = "", context: String = "",
        parent: Int? = nil
    ) -> SearchRecord {
        SearchRecord(
            kind: kind, title: title, path: path, context: context, text: text, excerpt: String(text.prefix(20)),
            parent: parent)
    }

    @Test func titleAndTextMatchesAreKeptApart() throws {
        let records = [
            record(.page, "Graph basics", "graph.html", text: "A module graph"),
            record(
                .section, "Layers", "graph.html#layers", text: "modules in layers", context: "Graph basics", parent: 0),
            record(.page, "Modules", "modules.html", text: "graph of modules")
        ]
        let terms = SearchIndexWriter().encodedTerms(records).split(separator: "|").map {
            $0.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        }
        let byTerm = Dictionary(uniqueKeysWithValues: terms.map { ($0[0], (decode($0[1]), decode($0[2]))) })
        #expect(byTerm["graph"]?.0 == [0])
        #expect(byTerm["graph"]?.1 == [1, 2], "a section's page title counts as its text")
        #expect(byTerm["modules"]?.0 == [2])
        #expect(byTerm["modules"]?.1 == [1])
        #expect(byTerm["layers"]?.0 == [1])
        #expect(terms.map { $0[0] } == terms.map { $0[0] }.sorted(), "sorted for bisection")
        let wide = SearchIndexWriter().encodedTerms([record(.page, "ａａ 𝐚𝐚 zz", "w.html")]).split(separator: "|").map {
            String($0.prefix { $0 != " " })
        }
        #expect(
            wide == ["zz", "𝐚𝐚", "ａａ"],
            "JavaScript's order: UTF-16 code units, so U+1D41A (a surrogate pair) before U+FF41")
        #expect(byTerm["a"] == nil)
    }

    /// The terms are merged and sorted by shards of their first byte, on every core; put end
    /// to end, the shards must still be one list in JavaScript's order, with every record of
    /// every term.
    @Test func termsFromEveryShardComeOutInOneOrder() {
        let words = [
            "zebra", "2024", "alpha", "9lives", "éclair", "ζήτα", "Zulu", "0x1f", "mid", "ａａ", "𝐚𝐚", "été", "b2b"
        ]
        let records = words.enumerated().map {
            record(.page, $0.element, "p\($0.offset).html", text: words[($0.offset + 1) % words.count])
        }
        let terms = SearchIndexWriter().encodedTerms(records).split(separator: "|").map {
            $0.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        }
        let names = terms.map { $0[0] }
        #expect(
            names == names.sorted { Array($0.utf16).lexicographicallyPrecedes(Array($1.utf16)) },
            "JavaScript's order across shards")
        #expect(Set(names) == Set(SearchTokenizer.terms(words.joined(separator: " "))))
        for term in terms {
            let titled = Set(decode(term[1]))
            let texted = Set(decode(term[2]))
            let expectedTitles = Set(
                records.indices.filter { SearchTokenizer.terms(records[$0].title).contains(term[0]) })
            #expect(titled == expectedTitles, "\(term[0])")
            #expect(
                texted
                    == Set(records.indices.filter { SearchTokenizer.terms(records[$0].text).contains(term[0]) })
                    .subtracting(expectedTitles), "\(term[0])")
        }
    }

    @Test func theIndexIsAScriptWithRecordsByNumber() {
        var module = record(.module, "Core", "modules/Core.html", context: "Module · layer Base")
        module.uses = ["Foundation"]
        module.usedBy = ["UI"]
        var ui = record(.module, "UI", "modules/UI.html")
        ui.uses = ["Core"]
        let records = [
            record(.page, "Say \"hi\"", "a.html", text: "</script>"),
            record(.section, "Part", "a.html#part", parent: 0), module, ui
        ]
        let script = SearchIndexWriter().write(records)
        #expect(script.hasPrefix("window.strataSearchIndex = {\"version\":1,\"docs\":[\n"))
        #expect(script.contains("[0,\"Say \\\"hi\\\"\",\"a.html\",\"\",\"</script>\"]"))
        #expect(script.contains("[1,\"Part\",\"#part\",0,\"\"]"), "a section names its page by number")
        #expect(
            script.contains("[3,\"Core\",\"modules/Core.html\",\"Module · layer Base\",\"\",[\"Foundation\"],[3]]"),
            "modules of the site by number, others by name")
        #expect(script.hasSuffix("\"};\n"))
    }

    /// "What references X": a type's record names the types its code uses and what
    /// references it, by name, and links to its row on its component's page.
    @Test func typesOfComponentsAreFoundWithWhatReferencesThem() {
        let graph = ModuleGraph(nodes: [ModuleNode(id: "App", kind: .regular, package: "App")], edges: [], packages: [])
        let ui = ComponentGraph.ComponentID(module: "App", layer: "UI")
        let data = ComponentGraph.ComponentID(module: "App", layer: "Data")
        var model = ArchitectureModel(
            graph: graph, layers: [], assignments: [:], report: CheckReport(violations: [], rules: [], moduleCount: 1),
            settings: DiagramSettings())
        let at = StrataCore.SourceLocation(path: "App/UI/FeedScreen.swift", line: 2, column: 5)
        model.components = ComponentGraph(
            components: [
                ComponentGraph.Component(
                    module: "App", layer: "Data",
                    types: [
                        ComponentGraph.Member(name: "FeedStore", layer: "Data", origin: "types: '*Store'", kind: .class)
                    ]),
                ComponentGraph.Component(
                    module: "App", layer: "UI",
                    types: [ComponentGraph.Member(name: "Feed Screen", layer: "UI", origin: "file", kind: .struct)])
            ],
            references: [
                ComponentGraph.Reference(
                    from: ui, fromType: "Feed Screen", to: data, toType: "FeedStore", kind: .type, location: at)
            ],
            layeredModules: ["App"]
        )
        let file = SearchIndex.file(
            pages: [], catalog: GuidanceCatalog(), architecture: (model, ArchitectureSiteMap(layers: [])))
        let script = String(decoding: file.contents, as: UTF8.self)
        #expect(
            script.contains(
                "[5,\"App · Data\",\"components/App/Data.html\",\"Component · layer Data\",\"1 type: FeedStore\"]"))
        #expect(
            script.contains(
                "[6,\"FeedStore\",\"components/App/Data.html#type-FeedStore\",\"class · App · "
                    + "Data\",\"\",[],[\"Feed Screen\"]]"
            ))
        #expect(
            script.contains(
                "[6,\"Feed Screen\",\"components/App/UI.html#type-Feed-Screen\",\"struct · App · "
                    + "UI\",\"\",[\"FeedStore\"],[]]"
            ))
    }
}

/// A fixed sequence of numbers (xorshift), so a generated test that fails fails again.
struct FixedNumbers {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(below bound: Int) -> Int {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Int(state % UInt64(bound))
    }
}
