import Foundation
import Testing

@testable import StrataSwiftSource

/// The one-pass check that keeps pathological nesting away from swift-syntax.
@Suite struct SwiftNestingCheckTests {
    let check = SwiftNestingCheck()

    @Test func bracketsInStringsCommentsAndRegexesDoNotCount() {
        let brackets = String(repeating: "[", count: 100)
        for code in [
            "let s = \"\(brackets)\"", "// \(brackets)", "/* \(brackets) /* nested */ \(brackets) */",
            "let r = #\"\(brackets)\"#",
            "let m = \"\"\"\n\(brackets)\n\"\"\"", "let s = \"unterminated \(brackets)\nlet x = 1"
        ] {
            #expect(check.check(code) == nil, "\(code.prefix(20))")
        }
    }

    @Test func interpolationsCountAsBracketsAndReturnToTheirString() {
        // Closed interpolations leave nothing open; the string after them is still a string.
        #expect(check.check("let s = \"a \\(f([1, 2])) [[[[[[[[[[[[[[[ b\"") == nil)
        #expect(check.check("let s = #\"a \\#(x) \\(not) ((((\"#") == nil)
        let deep = "let s = " + String(repeating: "\"\\(", count: 300) + "1" + String(repeating: ")\"", count: 300)
        #expect(check.check(deep)?.reason == "brackets nest more than 200 deep")
    }

    @Test func eachLimitIsReportedWhereItIsPassed() {
        #expect(
            check.check("let x =\n  " + String(repeating: "[", count: 13))
                == .init(reason: "square brackets nest more than 12 deep", line: 2, column: 15))
        #expect(
            check.check(String(repeating: "(", count: 49))
                == .init(reason: "49 brackets are never closed (at most 48)", line: 1, column: 49))
        #expect(
            check.check(String(repeating: "#if A\n", count: 65))
                == .init(reason: "#if blocks nest more than 64 deep", line: 65, column: 1))
        #expect(
            check.check(String(repeating: "{", count: 201) + String(repeating: "}", count: 201))?.reason
                == "brackets nest more than 200 deep")
        // Closed, they are fine: depth, not count, is what costs.
        #expect(
            check.check(String(repeating: "#if A\n#endif\n", count: 500) + String(repeating: "[[[]]]", count: 1000))
                == nil)
    }

    /// No real code comes near the limits: every Swift file of Strata passes.
    @Test func strataOwnSourcesPass() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var checked = 0
        for folder in ["Sources", "Tests"] {
            let enumerator = FileManager.default.enumerator(
                at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                guard url.pathExtension == "swift" else { continue }
                #expect(check.check(try String(contentsOf: url, encoding: .utf8)) == nil, "\(url.path)")
                checked += 1
            }
        }
        #expect(checked > 100)
    }

    /// Found in review: text swift-syntax reads as code that the check took for a string
    /// or a comment, so the brackets in it went uncounted.
    @Test(arguments: [
        "// a comment\rlet a = ",  // swift-syntax ends a line comment at a carriage return
        "let s = \"unterminated\rlet a = ",  // and a one-line string
        "let r = /\"/; let a = ",  // a quote in a regex literal opens no string
        "let r = #/\"\"\"/#; let a = ",  // nor in an extended one
        "let r = /\"\\/\"/; let a = ",  // an escaped slash does not end the regex
        "let s = \"\\([)\"\"\"\n let a = "  // an interpolation ends at the ) that balances its (
    ])
    func bracketsAfterWhatIsNotAStringOrCommentAreCounted(prefix: String) {
        let code = prefix + String(repeating: "[", count: 30) + String(repeating: "]", count: 30)
        #expect(check.check(code)?.reason == "square brackets nest more than 12 deep", "\(prefix.debugDescription)")
    }
}
