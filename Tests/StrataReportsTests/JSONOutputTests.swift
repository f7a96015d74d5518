import Foundation
import Testing

@testable import StrataReports

/// `JSONOutput` must give the very bytes `StableJSON` gives, so graph.json does not change
/// when the writer does: each case is encoded both ways and compared.
@Suite struct JSONOutputTests {
    struct Sample: Encodable {
        var name: String
        var count: Int
        var flag: Bool
        var note: String?
        var items: [String]
        var nested: [Inner]
        var empty: [Inner]
        var a_b: Int
        var aB: Int
        var ab: Int
        var a1: Int
        var a10: Int
        var a2: Int
    }

    struct Inner: Encodable {
        var z: String
        var y: [Int]
    }

    /// The keys in the order `.sortedKeys` gives them (by UTF-8 bytes: "aB" before "a_b",
    /// "a10" before "a2").
    func written(_ sample: Sample) -> String {
        var output = JSONOutput()
        output.object { output in
            output.key("a1")
            output.int(sample.a1)
            output.key("a10")
            output.int(sample.a10)
            output.key("a2")
            output.int(sample.a2)
            output.key("aB")
            output.int(sample.aB)
            output.key("a_b")
            output.int(sample.a_b)
            output.key("ab")
            output.int(sample.ab)
            output.key("count")
            output.int(sample.count)
            output.key("empty")
            output.array { _ in }
            output.key("flag")
            output.bool(sample.flag)
            output.entry("items", strings: sample.items)
            output.entry("name", sample.name)
            output.key("nested")
            output.array { output in
                for inner in sample.nested {
                    output.object { output in
                        output.key("y")
                        output.array { output in
                            for number in inner.y { output.int(number) }
                        }
                        output.entry("z", inner.z)
                    }
                }
            }
            output.entry("note", sample.note)
        }
        return output.text()
    }

    @Test(arguments: [
        "plain", "", "quote \" and back\\slash", "slash / stays", "tab\tnew\nline\rcr",
        "bell \u{07} nul \u{00} esc \u{1B} us \u{1F}",
        "backspace \u{08} formfeed \u{0C}", "del \u{7F}", "é ü 雪 🙂", "line sep \u{2028} para \u{2029}"
    ])
    func writesTheBytesJSONEncoderWrites(text: String) {
        let sample = Sample(
            name: text, count: -42, flag: true, note: text.isEmpty ? nil : text, items: [text, "b"],
            nested: [Inner(z: text, y: [1, 2]), Inner(z: "", y: [])], empty: [], a_b: 1, aB: 2, ab: 3, a1: 4, a10: 5,
            a2: 6
        )
        #expect(written(sample) == StableJSON.text(sample))
    }
}
