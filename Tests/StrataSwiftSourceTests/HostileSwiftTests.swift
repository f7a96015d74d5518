import StrataCore
import Testing

@testable import StrataSwiftSource

/// Issue 45, items 6–9, 11 and the manifest part of 16: Swift text built to crash, stall or
/// exhaust the readers. Each input is the smallest that did (crashes checked by hand with
/// the binary: a test that crashes the test process proves nothing), generated here.
@Suite struct HostileSwiftTests {
    static let package = "let package = Package(name: \"A\", targets: [.target(name: \"A\")])\n"

    func read(_ body: String) -> ManifestReader.Result {
        ManifestReader(environment: [:]).read(
            text: "// swift-tools-version:5.9\nimport PackageDescription\n" + body + Self.package,
            path: "Package.swift", packageDirectory: "/p"
        )
    }

    func errors(_ result: ManifestReader.Result) -> [Diagnostic] {
        if case .invalid(let errors) = result { return errors }
        return []
    }

    /// Chains with no bracket, each of which overflowed the stack of a debug build (in the
    /// parser, the location converter or the interpreter) at this length: refused as
    /// `manifest.too-deep`, and the reading finishes.
    static let chains: [(String, String)] = [
        (
            "Array<",
            "let x: " + String(repeating: "Array<", count: 1_400) + "Int" + String(repeating: ">", count: 1_400)
                + " = []\n"
        ),
        ("() ->", "let x: " + String(repeating: "() -> ", count: 10_000) + "Int\n"),
        (" + 1", "let x = 1" + String(repeating: " + 1", count: 1_000) + "\n"),
        ("?", "let x = y" + String(repeating: "?", count: 1_500) + ".z\n"),
        ("!", "let x = y" + String(repeating: "!", count: 1_500) + "\n"),
        ("[0]", "let x = y" + String(repeating: "[0]", count: 1_500) + "\n"),
        (" as Int", "let x = 1" + String(repeating: " as Int", count: 1_500) + "\n"),
        ("f()", "let x = f" + String(repeating: "()", count: 3_000) + "\n"),
        (".b", "let x = y" + String(repeating: ".b", count: 1_500) + "\n"),
        ("try", "let x = " + String(repeating: "try ", count: 20_000) + "y\n"),
        ("? :", "let x = a" + String(repeating: " ? a", count: 1_000) + String(repeating: " : b", count: 1_000) + "\n"),
        ("else if", "func f() {\n if a {}" + String(repeating: " else if a {}", count: 20_000) + "\n}\n")
    ]

    @Test(.timeLimit(.minutes(5)), arguments: chains)
    func manifestChainsWithoutBracketsAreRefusedAsTooDeep(_ name: String, _ body: String) {
        let found = errors(read(body))
        #expect(found.map(\.ruleID) == ["manifest.too-deep"], "\(name)")
        #expect((3...4).contains(found.first?.location?.line ?? 0), "\(name)")
    }

    /// The same chains (and nested `[`, `#if`, interpolations) in a source read for its
    /// symbols: `source.too-deep` at its place, no symbols, and the reading finishes.
    static let sourceOnly: [(String, String)] = [
        ("[", "let x = " + String(repeating: "[", count: 800) + String(repeating: "]", count: 800) + "\n"),
        ("#if", String(repeating: "#if A\n", count: 10_000) + String(repeating: "#endif\n", count: 10_000)),
        ("?", "let x = y" + String(repeating: "?", count: 50_000) + ".z\n")
    ]
    static let sourceCases: [(String, String)] = chains + sourceOnly

    @Test(.timeLimit(.minutes(5)), arguments: sourceCases)
    func sourceChainsAreRefusedAsTooDeep(_ name: String, _ body: String) {
        let symbols = SymbolExtractor().symbols(in: "struct A {}\n" + body, path: "F.swift")
        #expect(symbols.diagnostics.map(\.ruleID) == ["source.too-deep"], "\(name)")
        #expect(symbols.diagnostics.first?.location?.path == "F.swift")
        #expect(symbols.declarations.isEmpty)
    }

    /// Item 8: each nested `[` doubled the parse (28 took 31 s); now refused at the 13th.
    @Test(.timeLimit(.minutes(5))) func nestedSquareBracketsInASourceAreRefusedAtOnce() {
        let body = "let x = " + String(repeating: "[", count: 28) + String(repeating: "]", count: 28) + "\n"
        let symbols = SymbolExtractor().symbols(in: body, path: "F.swift")
        #expect(
            symbols.diagnostics.map(\.description) == [
                "F.swift:1:21: error: square brackets nest more than 12 deep; Strata reads no further in this file "
                    + "[source.too-deep]"
            ])
    }

    /// Item 9: 6,000 nested interpolations took 1.7 GB on the symbols path.
    @Test(.timeLimit(.minutes(5))) func nestedInterpolationsInASourceAreRefused() {
        let body =
            "let x = " + String(repeating: "\"\\(", count: 6_000) + "1" + String(repeating: ")\"", count: 6_000) + "\n"
        let symbols = SymbolExtractor().symbols(in: body, path: "F.swift")
        #expect(symbols.diagnostics.map(\.ruleID) == ["source.too-deep"])
    }

    /// Real code is far from every limit: Strata's own sources give symbols and no error.
    @Test func ordinaryCodeIsRead() {
        let code = """
            struct A<T: Equatable> { let f: (Int) -> (Int) -> Int; let m: [String: [Int]] }
            func g(_ a: Int?) async throws -> Int { if a == nil { 1 } else if a == 2 { 2 } else { try await h(a ?? 1 \
            > 2 ? 3 : 4) } }
            """
        let symbols = SymbolExtractor().symbols(in: code, path: "F.swift")
        #expect(symbols.diagnostics.isEmpty)
        #expect(symbols.declarations.map(\.name) == ["A"])
    }

    /// Item 11: a string doubled to 512 KiB, then mapped 10,000 times, took 5.2 GB; nested
    /// loops of 1.96 million steps ran 20 s. One budget of bytes and one of steps for the
    /// whole manifest refuse both, where they were passed.
    @Test(.timeLimit(.minutes(5))) func theWholeEvaluationHasABudget() {
        let memory = errors(
            read("var s = \"x\"\nfor _ in 0..<19 { s = s + s }\nlet names = (0..<10000).map { i in s + \"\\(i)\" }\n"))
        #expect(memory.map(\.ruleID) == ["manifest.too-large"])
        #expect(memory.first?.location?.line == 5)
        let time = errors(read("var n = 0\nfor _ in 0..<1400 { for _ in 0..<1400 { n = n + 1 } }\n"))
        #expect(time.map(\.ruleID) == ["manifest.too-slow"])
        #expect(time.first?.location?.line == 4)
    }

    /// Item 16: a second `let package` is Swift's redeclaration error, at the second.
    @Test func aSecondPackageIsRefused() {
        let found = errors(read(Self.package))
        #expect(
            found.map(\.description) == [
                "Package.swift:4:5: error: invalid redeclaration of 'package' [manifest.syntax]"
            ])
    }

    /// Item 16: bytes that are not UTF-8 are refused at the first, as the compiler does.
    @Test func invalidUTF8IsRefused() {
        let bytes =
            Array("// swift-tools-version:5.9\nlet package = Package(name: \"A".utf8) + [0xFF] + Array("\")\n".utf8)
        guard
            case .invalid(let found) = ManifestReader(environment: [:]).read(
                bytes: bytes, path: "Package.swift", packageDirectory: "/p")
        else {
            Issue.record("accepted")
            return
        }
        #expect(found.map(\.ruleID) == ["manifest.encoding"])
        #expect(found.first?.location == SourceLocation(path: "Package.swift", line: 2, column: 31))
    }

    /// Item 16: Swift's escapes decoded as the compiler decodes them (`\u{A}` became `u{A}`).
    @Test func stringEscapesAreDecoded() throws {
        let interpreter = ManifestInterpreter(
            path: "P", tree: .init(statements: []), conditions: .standard, environment: [:], packageDirectory: "/p"
        )
        #expect(interpreter.unescape(#"a\u{A}b\u{1F600}\0\\\t\n\r\"\'"#) == "a\nb😀\0\\\t\n\r\"'")
        #expect(interpreter.unescape(#"\q\u{zz}"#) == #"\q\u{zz}"#)
        #expect(interpreter.unescape(#"a\nb\#nc\#u{41}"#, pounds: 1) == "a\\nb\nc" + "A")
        let text = "let package = Package(name: \"A\\u{42}\", targets: [.target(name: \"A\")])\n"
        guard
            case .manifest(let manifest) = ManifestReader(environment: [:]).read(
                text: text, path: "P", packageDirectory: "/p")
        else {
            Issue.record("not read")
            return
        }
        #expect(manifest.name == "AB")
    }
}
