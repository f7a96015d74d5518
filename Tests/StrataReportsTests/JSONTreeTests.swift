import Foundation
import Testing
@testable import StrataReports

/// `JSONTree` must give the very bytes `StableJSON` gives, so graph.json does not change
/// when the writer does: each case is encoded both ways and compared.
@Suite struct JSONTreeTests {
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

    func value(_ sample: Sample) -> JSONTree {
        .entries([
            ("name", .string(sample.name)), ("count", .int(sample.count)), ("flag", .bool(sample.flag)), ("note", .optional(sample.note)),
            ("items", .array(sample.items.map(JSONTree.string))),
            ("nested", .array(sample.nested.map { inner in JSONTree.object([("z", .string(inner.z)), ("y", .array(inner.y.map { JSONTree.int($0) }))]) })),
            ("empty", .array([])), ("a_b", .int(sample.a_b)), ("aB", .int(sample.aB)), ("ab", .int(sample.ab)),
            ("a1", .int(sample.a1)), ("a10", .int(sample.a10)), ("a2", .int(sample.a2)),
        ])
    }

    @Test(arguments: [
        "plain", "", "quote \" and back\\slash", "slash / stays", "tab\tnew\nline\rcr", "bell \u{07} nul \u{00} esc \u{1B} us \u{1F}",
        "backspace \u{08} formfeed \u{0C}", "del \u{7F}", "é ü 雪 🙂", "line sep \u{2028} para \u{2029}",
    ])
    func writesTheBytesJSONEncoderWrites(text: String) {
        let sample = Sample(
            name: text, count: -42, flag: true, note: text.isEmpty ? nil : text, items: [text, "b"],
            nested: [Inner(z: text, y: [1, 2]), Inner(z: "", y: [])], empty: [], a_b: 1, aB: 2, ab: 3, a1: 4, a10: 5, a2: 6
        )
        #expect(value(sample).text == StableJSON.text(sample))
    }
}
