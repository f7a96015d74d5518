import Foundation
import StrataCore
import StrataSwiftReference
import Testing

@testable import StrataSwiftSource

@Suite struct SwiftHighlighterTests {
    let highlighter = SwiftHighlighter()

    func html(_ code: String) -> String {
        highlighter.highlight(code, language: "swift") ?? "(declined)"
    }

    /// The text of the highlighted code, spans removed and entities decoded: always the code.
    /// One pass, so that outputs of hundreds of thousands of spans are checked at once.
    func text(_ html: String) -> String {
        var out: [UInt8] = []
        let bytes = Array(html.utf8)
        var index = 0
        func starts(_ prefix: String, at position: Int) -> Bool {
            guard bytes[position] == prefix.utf8.first else { return false }
            return bytes[position...].starts(with: prefix.utf8)
        }
        while index < bytes.count {
            if starts("<span class=\"", at: index), let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) {
                index = close + 1
            } else if starts("</span>", at: index) {
                index += 7
            } else if let (entity, character) = [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&amp;", "&")].first(
                where: { starts($0.0, at: index) })
            {
                out.append(contentsOf: character.utf8)
                index += entity.utf8.count
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    @Test func everyKindOfToken() {
        let code = """
            /// Loads things.
            @MainActor struct Loader: Sendable {
                let count = 42 // the answer
                var ratio = 0.5
                func load(name: String) async throws -> [Item] { /* later */ return try await Item.all("\\(name)") }
            }
            #if DEBUG
            #endif
            """
        let out = html(code)
        #expect(out.contains("<span class=\"hl-comment\">/// Loads things.</span>"))
        #expect(out.contains("<span class=\"hl-attribute\">@MainActor</span>"))
        #expect(out.contains("<span class=\"hl-keyword\">struct</span> <span class=\"hl-type\">Loader</span>"))
        #expect(out.contains("<span class=\"hl-type\">Sendable</span>"))
        #expect(out.contains("<span class=\"hl-number\">42</span>"))
        #expect(out.contains("<span class=\"hl-number\">0.5</span>"))
        #expect(out.contains("<span class=\"hl-comment\">// the answer</span>"))
        #expect(out.contains("<span class=\"hl-comment\">/* later */</span>"))
        #expect(out.contains("<span class=\"hl-keyword\">async</span> <span class=\"hl-keyword\">throws</span>"))
        #expect(out.contains("<span class=\"hl-type\">Item</span>"))
        #expect(out.contains("<span class=\"hl-string\">&quot;</span>"))
        #expect(out.contains("<span class=\"hl-directive\">#if</span>"))
        #expect(out.contains("func</span> load("), "a function's name stays plain")
        #expect(text(out) == code, "highlighting never changes the code")
    }

    @Test func markupInCodeIsEscaped() {
        let code = "let html = \"<b>&</b>\" // <script>\nlet x = a < b && c > d"
        let out = html(code)
        #expect(!out.contains("<b>") && !out.contains("<script>"))
        #expect(out.contains("&lt;b&gt;&amp;&lt;/b&gt;"))
        #expect(text(out) == code)
    }

    @Test(arguments: [
        "func (", "struct { let", "}}}", "let x = \"unterminated", "/* open comment", "", "\n\n", "🙂 let é = \"ü\"",
        "#if\n"
    ])
    func brokenSnippetsKeepTheirText(code: String) {
        #expect(text(html(code)) == code)
    }

    /// Nesting up to the check's limit is highlighted: the classifier's walk of the tree
    /// must not run out of stack on a worker thread, and no character may be lost.
    @Test func deeplyNestedCodeKeepsItsText() {
        let code =
            "let x = " + String(repeating: "(", count: 190) + "1" + String(repeating: ")", count: 190) + "\n"
            + String(repeating: "func f() { ", count: 190) + String(repeating: "}", count: 190) + "\n"
            + String(repeating: "[", count: 12) + String(repeating: "]", count: 12)
        #expect(highlighter.highlight(code, language: "swift") != nil)
        #expect(text(html(code)) == code)
    }

    @Test func otherLanguagesAreDeclined() {
        #expect(highlighter.highlight("let x = 1", language: "kotlin") == nil)
        #expect(highlighter.highlight("SELECT 1", language: "sql") == nil)
        #expect(highlighter.highlight("let x = 1", language: "Swift") != nil)
    }

    @Test func codeBlocksOfOtherLanguagesAreEscapedPlainly() {
        let block = CodeBlockHTML.render("<p>a & b</p>", language: "html", highlighter: highlighter)
        #expect(
            block
                == "<pre data-language=\"html\"><code class=\"language-html\">&lt;p&gt;a &amp; "
                + "b&lt;/p&gt;</code></pre>\n"
        )
        let plain = CodeBlockHTML.render("x < y", language: "", highlighter: highlighter)
        #expect(plain == "<pre><code>x &lt; y</code></pre>\n")
        let odd = CodeBlockHTML.render("x", language: "c\"onerror=", highlighter: highlighter)
        #expect(odd.contains("data-language=\"c&quot;onerror=\""))
    }

    /// Text that would send swift-syntax's look-ahead into exponential or cubic time (or
    /// off the end of the stack) is highlighted like any other, at once, every character kept.
    @Test(.timeLimit(.minutes(5))) func pathologicalNestingIsHighlightedAtOnce() {
        for code in [
            "let x = " + String(repeating: "[", count: 22) + String(repeating: "]", count: 22),
            "let x: " + String(repeating: "[", count: 18) + "Int" + String(repeating: "]", count: 18),
            "let x = " + String(repeating: "\\(", count: 320),
            "let s = " + String(repeating: "\"\\(", count: 5_000) + String(repeating: ")\"", count: 5_000),
            String(repeating: "#if X\n", count: 2_100),
            String(repeating: "/*", count: 10_000),
            String(repeating: "(", count: 60_000),
            // Openings without a close, each of which would search to the end of its line
            // (or text) if a failed search were not remembered: quadratic, past the time
            // limit at this size.
            String(repeating: "x = /a ", count: 60_000),
            String(repeating: "x = \\/", count: 60_000),
            String(repeating: "#/a ", count: 60_000),
            String(repeating: "<#a ", count: 60_000),
            String(repeating: "@a<", count: 60_000),
            String(repeating: "'\\", count: 60_000),
            (1...400).reversed().map { String(repeating: "#", count: $0) + "/ " }.joined()
                + String(repeating: "x ", count: 60_000),
            // A string whose last byte is an escape's backslash.
            "\"\\", "#\"\\#", "\"\"\"\n\\", "\"\\(x)\\"
        ] {
            let out = html(code)
            #expect(text(out) == code, "every character kept: \(code.prefix(30))")
            // Runs in order, inside the code: callers of `runs` index the code with them.
            let runs = highlighter.runs(code)
            #expect(
                zip(runs, runs.dropFirst()).allSatisfy { $0.end <= $1.start }
                    && runs.allSatisfy { $0.start < $0.end && $0.end <= code.utf8.count })
        }
        let view =
            String(repeating: "VStack { HStack(alignment: .top) { ", count: 15) + "Text(\"[\\(a[b[c]])]\")"
            + String(repeating: " } }", count: 15)
        #expect(html(view).contains("hl-string"))
    }

    /// Each form as the runs it gets: `kind:text`, plain text left out.
    func runs(_ code: String) -> [String] {
        let bytes = Array(code.utf8)
        return highlighter.runs(code).map {
            "\($0.kind.className):" + String(decoding: bytes[$0.start..<$0.end], as: UTF8.self)
        }
    }

    @Test(
        arguments: [
            // Comments, nested; doc comments.
            ("a /* x /* y */ z */ b // c", ["comment:/* x /* y */ z */", "comment:// c"]),
            ("/// Doc\n/** Block */", ["comment:/// Doc", "comment:/** Block */"]),
            // Strings: escapes, interpolation (nested), multi-line, raw, continued lines.
            (#"let s = "a\"b""#, ["keyword:let", #"string:"a\"b""#]),
            (#"f("x\(g("y\(z)"))w")"#, [#"string:"x"#, #"string:"y"#, #"string:""#, #"string:w""#]),
            ("\"\"\"\n  text \\(n)\n  \"\"\"", ["string:\"\"\"\n  text ", "string:\n  \"\"\""]),
            (##"#"raw \(x) "quoted""#"##, [#"string:"raw \(x) "quoted"""#]),
            (##"#"a\#(b)c"#"##, [#"string:"a"#, #"string:c""#]),
            ("\"\"\"\nline \\\nnext\n\"\"\"", ["string:\"\"\"\nline ", "string:\nnext\n\"\"\""]),
            (#"let u = "unterminated"#, ["keyword:let", #"string:"unterminated"#]),
            // Numbers: hex, binary, exponents, underscores; ranges and tuple members are not fractions.
            ("0x1F + 0b1010 + 1_000.5e-3 + 0o17", ["number:0x1F", "number:0b1010", "number:1_000.5e-3", "number:0o17"]),
            ("1..<5; t.0.1", ["number:1", "number:5", "number:0", "number:1"]),
            // Regular expressions, and division.
            ("let r = /a+b/; let q = x / y / z", ["keyword:let", "string:/a+b/", "keyword:let"]),
            ("let r = #/a/b/#", ["keyword:let", "string:#/a/b/#"]),
            // Attributes, `#if` lines, macros, availability.
            ("@MainActor @objc(name) func f()", ["attribute:@MainActor", "attribute:@objc", "keyword:func"]),
            (
                "#if os(Linux) && DEBUG\n#elseif true\n#endif",
                [
                    "directive:#if", "directive:os", "directive:Linux", "directive:DEBUG", "directive:#elseif",
                    "keyword:true", "directive:#endif"
                ]
            ),
            ("#Preview { } ; #selector(f)", ["type:Preview"]),
            (
                "@available(iOS 17.0, *) func f()",
                ["attribute:@available", "keyword:iOS", "number:17", "number:0", "keyword:func"]
            ),
            ("if #available(macOS 14, *) {}", ["keyword:if", "keyword:macOS", "number:14"]),
            // Keywords, capitalised names as types, members, labels.
            ("let x: Int = Foo.bar(Baz())", ["keyword:let", "type:Int", "type:Foo", "type:Baz"]),
            (
                "x.default; y.init(); T.self; T.Type",
                ["keyword:init", "type:T", "keyword:self", "type:T", "keyword:Type"]
            ),
            (
                "a.contains(where: f); d[k, default: 0]; func g(in x: Int, for: Int)",
                ["number:0", "keyword:func", "type:Int", "type:Int"]
            ),
            ("`class` + `Self`", []),
            // Contextual keywords where they are keywords, names where they are names.
            (
                "final class A { lazy var b = 1; override func c() async throws {} }",
                [
                    "keyword:final", "keyword:class", "type:A", "keyword:lazy", "keyword:var", "number:1",
                    "keyword:override", "keyword:func", "keyword:async", "keyword:throws"
                ]
            ),
            ("let open = true; let async = x.some; copy = set", ["keyword:let", "keyword:true", "keyword:let"]),
            ("var v: Int { get set }", ["keyword:var", "type:Int", "keyword:get", "keyword:set"]),
            (
                "var v: Int { get { 1 } set(n) { } }",
                ["keyword:var", "type:Int", "keyword:get", "number:1", "keyword:set"]
            ),
            ("func f() -> some View { await g() }", ["keyword:func", "keyword:some", "type:View", "keyword:await"]),
            ("for package in packages {}", ["keyword:for", "keyword:in"]),
            ("nonisolated(unsafe) var x = 0", ["keyword:nonisolated", "keyword:var", "number:0"]),
            ("actor Counter {}", ["keyword:actor", "type:Counter"]),
            // Types in lower case, where only the place tells.
            (
                "let m: mode_t; typealias T = stat; func f(_ s: stat) -> uid_t",
                [
                    "keyword:let", "type:mode_t", "keyword:typealias", "type:T", "type:stat", "keyword:func",
                    "type:stat", "type:uid_t"
                ]
            ),
            // Placeholders and dollar names stay plain.
            ("f(<#value#>, $0)", [])
        ] as [(String, [String])])
    func everySyntaxForm(code: String, expected: [String]) {
        #expect(runs(code) == expected, "\(code)")
        #expect(text(html(code)) == code)
    }

    /// Every fourth Swift file of Strata's sources (sorted by path): real code of every
    /// shape. swift-syntax's classification, unoptimised as a test build has it, costs about
    /// 30 ms a file, so the test takes a quarter of the files; `make accuracy` compares every
    /// file of Strata and of the machine's packages with the optimised build.
    static let strataFiles: [String] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let enumerator = FileManager.default.enumerator(
            at: root.appendingPathComponent("Sources"), includingPropertiesForKeys: nil)
        var files: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "swift" { files.append(url.path) }
        }
        files.sort()
        return stride(from: 0, to: files.count, by: 4).map { files[$0] }
    }()

    /// The lexer against swift-syntax's classification on Strata's own sources (a quarter
    /// of them, see `strataFiles`).
    @Test func strataSourcesAreColouredAsSwiftSyntaxColoursThem() throws {
        #expect(Self.strataFiles.count > 60)
        var agreement = HighlightAgreement()
        for path in Self.strataFiles {
            let code = try String(contentsOfFile: path, encoding: .utf8)
            let reference = try #require(SyntaxHighlighter().runs(code))
            agreement.add(
                code: code, name: URL(fileURLWithPath: path).lastPathComponent, runs: highlighter.runs(code),
                reference: reference)
        }
        // Which files fall in the quarter moves as files are added; any quarter is over 150,000.
        #expect(agreement.compared > 150_000)
        #expect(agreement.fraction >= 0.999, "\(agreement.report.prefix(20).joined(separator: "\n"))")
    }
}
