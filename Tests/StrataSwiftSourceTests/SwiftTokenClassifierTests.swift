import Foundation
import SwiftIDEUtils
import SwiftParser
import SwiftSyntax
import Testing
@testable import StrataSwiftSource

/// The highlighter's own walk must classify exactly as swift-syntax's `classifications`,
/// which it replaces for speed.
@Suite struct SwiftTokenClassifierTests {
    func library(_ tree: SourceFileSyntax) -> [SwiftTokenClassifier.ClassifiedRange] {
        tree.classifications.map { .init(kind: $0.kind, start: $0.range.lowerBound.utf8Offset, end: $0.range.upperBound.utf8Offset) }
    }

    @Test(arguments: [
        "",
        "   \n// only a comment\n",
        "@MainActor @available(iOS 17, macOS 14.0, *) public final class A<T: Hashable>: B, @unchecked Sendable where T == Int {}",
        "#if DEBUG && os(Linux)\nlet x = 1\n#elseif canImport(Foundation)\n#else\n#endif",
        "precedencegroup P { associativity: left higherThan: AdditionPrecedence }\ninfix operator <~>: P",
        "func f(_ a: Int, label b: inout [String: Int]?) -> some Collection { g(x: 1, 2, y: $0) }",
        "let s = \"a\\(b)c\" + #\"raw\"# + \"\"\"\n  multi\n  \"\"\"; let r = /a+b/; let p = <#placeholder#>",
        "x.y.z = Foo.Bar<Baz>.qux(); let `class` = 0x1F + 1.5e3 + 'c'",
        "struct { func ( -> }} unbalanced \" string",
        "/** doc */ /// line\n/* block */ // comment\nimport struct Foundation.URL",
    ])
    func snippetsClassifyAsSwiftSyntaxDoes(code: String) {
        let tree = Parser.parse(source: code)
        #expect(SwiftTokenClassifier.classify(tree) == library(tree))
    }

    /// Every Swift file of Strata's sources: real code of every shape. One test case per
    /// file, so that they spread over the cores with the rest of the suite. The tests' own
    /// files, which added a third of the time, are left out.
    static let strataFiles: [String] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var files: [String] = []
        for folder in ["Sources"] {
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                if url.pathExtension == "swift" { files.append(url.path) }
            }
        }
        return files.sorted()
    }()

    @Test func everyStrataFileIsCompared() {
        #expect(Self.strataFiles.count > 100)
    }

    @Test(arguments: strataFiles)
    func strataSourcesClassifyAsSwiftSyntaxDoes(path: String) throws {
        let tree = Parser.parse(source: try String(contentsOfFile: path, encoding: .utf8))
        #expect(SwiftTokenClassifier.classify(tree) == library(tree))
    }
}
