import Foundation
import StrataCore
import Testing

@testable import StrataSwiftSource

/// Inputs no one writes on purpose, that editors produce mid-keystroke: the readers must
/// answer (a result or a diagnostic), never crash or hang.
@Suite struct RobustnessTests {
    /// A small deterministic generator, so a failure can be reproduced.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
    }

    @Test func theImportScannerSurvivesRandomSwiftLikeText() throws {
        let pieces = [
            "import ", "@testable ", "@_spi(", ")", "(", "\"", "\"\"\"", "#\"", "\"#", "\\(", "#if X\n", "#else\n",
            "#endif\n",
            "/*", "*/", "//", "\n", " ", "A", ".", "`", "{", "}", "[", "]", "#/", "/#", "public ", "struct ", "é", ";"
        ]
        var generator = Generator(state: 42)
        for _ in 0..<3000 {
            let count = Int.random(in: 1...40, using: &generator)
            let text = (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            let found = try ImportScanner().imports(in: text, path: "F.swift")
            #expect(found.allSatisfy { !$0.module.isEmpty })
            // Comments, and the guidance in them, come from the same lexer.
            let withKeywords = text.replacingOccurrences(of: "A", with: "CHECK: ").replacingOccurrences(
                of: ";", with: " IF: x THEN: ")
            let comments = try ImportScanner().comments(in: Array(withKeywords.utf8), path: "F.swift")
            #expect(comments.allSatisfy { $0.text.hasPrefix("//") || $0.text.hasPrefix("/*") })
            _ = CommentGuidanceExtractor(idPrefix: "M/F").extract(from: comments)
        }
    }

    @Test func theManifestReaderSurvivesEveryTruncationOfARealManifest() throws {
        let manifest = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let reader = ManifestReader(environment: [:])
        var readWhole = false
        for end in 0...lines.count {
            let prefix = lines.prefix(end).joined(separator: "\n")
            switch reader.read(text: prefix, path: "Package.swift", packageDirectory: "/p") {
            case .manifest(let read):
                readWhole = readWhole || read.targets.contains { $0.name == "StrataCore" }
            case .invalid(let diagnostics), .unresolved(let diagnostics):
                #expect(!diagnostics.isEmpty)
            }
        }
        #expect(readWhole, "Strata's own manifest is read from its syntax")
    }
}
