import StrataCore
import StrataSwiftReference
import Testing

@testable import StrataSwiftSource

/// Both scanners, so every case also checks the fast scanner agrees with swift-syntax.
private func scan(_ text: String) -> [SwiftImport] {
    let fast = (try? ImportScanner().imports(in: text, path: "F.swift")) ?? []
    let reference = SyntaxImportScanner().imports(in: text, path: "F.swift")
    #expect(fast == reference, "the fast scanner and swift-syntax disagree")
    return fast
}

@Suite struct ImportScannerTests {
    /// The search for the last "import" goes eight bytes at a time from the end: the last
    /// import is found wherever it falls against those chunks, and "i"s and "im"s that
    /// start no "import" after it are passed over.
    @Test(arguments: 0..<70)
    func theLastImportIsFoundAtEveryOffset(padding: Int) {
        let text = "import A\n" + String(repeating: "i", count: padding) + "\nimport B\nlet iiii = \"im\" // in it\n"
        #expect(scan(text).map(\.module) == ["A", "B"])
        #expect(scan(String(repeating: " ", count: padding) + "import C").map(\.module) == ["C"])
        #expect(scan("import D\n// " + String(repeating: "im", count: padding) + "\n").map(\.module) == ["D"])
        #expect(scan(String(repeating: "imp", count: padding) + "\nimport E").map(\.module) == ["E"])
    }

    /// Lexing stops after the last whole word "import": what follows it is not read, so
    /// interpolations nested too deep after it are no error, words that contain it
    /// ("imports") do not move the stop, and a word the lexer would read as `import`
    /// (after a digit, beside non-ASCII text) still counts.
    @Test func lexingStopsAfterTheLastWholeWordImport() throws {
        let deep = "let y = " + String(repeating: "\"\\(", count: 200) + "1" + String(repeating: ")\"", count: 200)
        #expect(
            try ImportScanner().imports(
                in: "import A\n" + deep + "\n// imports, important, reimport, $import, importé, import_\n",
                path: "F.swift"
            ).map(\.module) == ["A"])
        // With 8 MiB of stack, as in interpolationsNestedTooDeepAreAnErrorNotACrash.
        #expect(throws: Diagnostic.self) {
            try DeepStack.run {
                try ImportScanner().imports(in: "import A\n" + deep + "\n// import\n", path: "F.swift")
            }
        }
        let afterDigit = "import Foundation\nlet x = 1import Bar\n"
        let found = try ImportScanner().imports(in: afterDigit, path: "F.swift").map(\.module)
        #expect(found == ["Foundation", "Bar"])
        #expect(try ImportScanner().imports(in: afterDigit + "// imports\n", path: "F.swift").map(\.module) == found)
    }

    @Test func wordsContainingImportAreNotWhereLexingStops() {
        #expect(
            scan("import A\n// imports, reimport, important\nlet importance = 1, import_ = 2\n").map(\.module) == ["A"])
        #expect(scan("let é = 1\nimport B\n// é\n").map(\.module) == ["B"])
        #expect(scan("let a = \"é\"; import C").map(\.module) == ["C"])
        #expect(scan("/* x */import D").map(\.module) == ["D"])
        #expect(scan("import E;import F").map(\.module) == ["E", "F"])
    }

    @Test func plainAndSubmoduleImports() {
        let found = scan("import Foundation\nimport Darwin.C.stdio\n")
        #expect(found.map(\.module) == ["Foundation", "Darwin"])
        #expect(found[1].path == ["Darwin", "C", "stdio"])
        #expect(found[1].location == SourceLocation(path: "F.swift", line: 2, column: 1))
    }

    @Test(arguments: ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"])
    func kindImports(kind: String) {
        let found = scan("import \(kind) Module.Symbol\n")
        #expect(found.count == 1)
        #expect(found.first?.module == "Module")
        #expect(found.first?.declarationKind == kind)
        #expect(found.first?.path == ["Module", "Symbol"])
    }

    @Test(arguments: [
        "@testable", "@_exported", "@_implementationOnly", "@preconcurrency", "@_spi(Internal)", "@_weakLinked"
    ])
    func attributes(attribute: String) {
        let found = scan("\(attribute) import Module\n")
        #expect(found.first?.attributes == [attribute])
        #expect(found.first?.location.column == 1)
    }

    @Test func severalAttributesAndAttributesOnTheLineBefore() {
        let found = scan("@_spi(A) @_spi( B )\n@preconcurrency\npublic import Module\n")
        #expect(found.first?.attributes == ["@_spi(A)", "@_spi(B)", "@preconcurrency"])
        #expect(found.first?.accessLevel == "public")
        #expect(found.first?.location == SourceLocation(path: "F.swift", line: 1, column: 1))
    }

    @Test(arguments: ["public", "package", "internal", "fileprivate", "private"])
    func accessLevels(level: String) {
        let found = scan("\(level) import Module\n")
        #expect(found.first?.accessLevel == level)
        #expect(found.first?.isExported == false)
    }

    @Test func conditionalImports() {
        let text = """
            #if canImport(Darwin)
            import Darwin
            #elseif os(Linux)
            import Glibc
            #else
            import WinSDK
            #endif
            #if DEBUG
              #if canImport(XCTest) // a comment after the condition
              import XCTest
              #endif
            #endif
            import Always
            """
        let found = scan(text)
        #expect(found.map(\.module) == ["Darwin", "Glibc", "WinSDK", "XCTest", "Always"])
        #expect(found[0].conditions == ["canImport(Darwin)"])
        #expect(found[1].conditions == ["!(canImport(Darwin)) && os(Linux)"])
        #expect(found[2].conditions == ["!(canImport(Darwin)) && !(os(Linux))"])
        #expect(found[3].conditions == ["DEBUG", "canImport(XCTest)"])
        #expect(found[3].condition == "DEBUG && canImport(XCTest)")
        #expect(found[4].isConditional == false)
    }

    @Test func attributesInsideIfBeforeAnImportAreNotItsOwn() {
        let text =
            "#if compiler(>=6.4)\n@diagnose(UnusedImportAccess, as: ignored)\n#endif\n@_spi(Generated) public "
            + "import Runtime\n"
        let found = scan(text)
        #expect(found.first?.attributes == ["@_spi(Generated)"])
        #expect(found.first?.location.line == 1)
        #expect(found.first?.isConditional == false)
    }

    @Test func commentsAreNotImports() {
        let text = """
            // import LineComment
            /* import BlockComment
               /* nested */ import StillComment */
            /// import DocComment
            /** import DocBlock */
            import Real
            """
        #expect(scan(text).map(\.module) == ["Real"])
    }

    @Test func stringsAreNotImports() {
        let text = #"""
            let a = "import InString"
            let b = """
                import InMultiline
                \(value("import InInterpolation"))
                """
            let c = #"import InRaw \(notInterpolated) "still raw"#
            let d = ##"import InRaw2 "# still"##
            let e = "escaped \" import InEscaped"
            import Real
            """#
        #expect(scan(text).map(\.module) == ["Real"])
    }

    @Test func importAsMemberOrLabelIsNotAnImport() {
        let text = """
            func f() { importer.import(x) }
            let x = build(import: 1)
            let y = `import`
            struct S { func g() { self.import() } }
            import Real
            """
        #expect(scan(text).map(\.module) == ["Real"])
    }

    @Test func importsAfterDeclarationsAndOnOneLine() {
        let found = scan("let x = 1\nimport A; import B\n@testable import `C`\n")
        #expect(found.map(\.module) == ["A", "B", "C"])
        #expect(found[1].location == SourceLocation(path: "F.swift", line: 2, column: 11))
    }

    @Test func regexLiteralsAndNonASCIIText() {
        let text = "let r = #/import \\s+ \"(\\w+)/#\nlet s = \"ünïcødé import X\"\nimport Réal\n"
        #expect(scan(text).map(\.module) == ["Réal"])
    }

    @Test func unterminatedInputDoesNotHang() throws {
        #expect(
            try ImportScanner().imports(in: "\"unterminated\nimport A\n/* open", path: "F.swift").map(\.module) == ["A"]
        )
        #expect(try ImportScanner().imports(in: "import", path: "F.swift").isEmpty)
        #expect(try ImportScanner().imports(in: "@", path: "F.swift").isEmpty)
        #expect(try ImportScanner().imports(in: "#if", path: "F.swift").isEmpty)
    }

    /// The lexer follows interpolations by recursion: 20,000 nested ones ran out of stack.
    /// Past 100 levels it stops, with an error where the 101st begins.
    @Test func interpolationsNestedTooDeepAreAnErrorNotACrash() throws {
        let deep =
            "let x = 1\nlet y = " + String(repeating: "\"\\(", count: 20_000) + "1"
            + String(repeating: ")\"", count: 20_000) + "\nimport A\n"
        let reads: [() throws -> Void] = [
            { _ = try ImportScanner().imports(in: deep, path: "F.swift") },
            { _ = try ImportScanner().comments(in: Array(deep.utf8), path: "F.swift") }
        ]
        // With 8 MiB of stack: a debug build's frames for a hundred levels, under the test's,
        // pass the 512 KiB of a Swift concurrency thread on macOS (a release build's do not).
        for read in reads {
            let error = #expect(throws: Diagnostic.self) { try DeepStack.run { try read() } }
            #expect(error?.ruleID == "source.too-deep")
            #expect(error?.location == SourceLocation(path: "F.swift", line: 2, column: 9 + 3 * 100 + 1))
        }
        // A hundred levels are still read.
        let hundred =
            "let y = " + String(repeating: "\"\\(", count: 100) + "1" + String(repeating: ")\"", count: 100)
            + "\nimport A\n"
        #expect(try DeepStack.run { try ImportScanner().imports(in: hundred, path: "F.swift") }.map(\.module) == ["A"])
    }
}
