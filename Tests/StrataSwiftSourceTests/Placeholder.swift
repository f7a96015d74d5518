import Foundation
import Testing
@testable import StrataSwiftSource

@Test func debugDiff() throws {
    guard let files = ProcessInfo.processInfo.environment["DIFF_FILES"] else { return }
    for file in files.split(separator: ":") {
        let text = try String(contentsOfFile: String(file), encoding: .utf8)
        let a = ImportScanner().imports(in: text, path: "f")
        let b = SyntaxImportScanner().imports(in: text, path: "f")
        print("== \(file)")
        for x in a where !b.contains(x) { print("fast only: \(x)") }
        for x in b where !a.contains(x) { print("syntax only: \(x)") }
    }
}
