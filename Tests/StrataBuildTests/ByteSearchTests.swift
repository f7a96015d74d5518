import Testing

@testable import StrataBuild

@Suite struct ByteSearchTests {
    @Test(arguments: [
        ("CHECK: x", "CHECK:", true), ("// a CHECK:", "CHECK:", true), ("CHECK", "CHECK:", false),
        ("", "CHECK:", false),
        ("CCCHECK:", "CHECK:", true), ("CHEC K:", "CHECK:", false), ("@_exported import A", "@_exported", true),
        ("@_export", "@_exported", false),
        ("x", "", true)
    ])
    func findsTheWordWhereverItIs(text: String, word: String, expected: Bool) {
        for anchor in word.utf8.indices.map({ word.utf8.distance(from: word.utf8.startIndex, to: $0) }) {
            #expect(
                ByteSearch.contains(Array(text.utf8), Array(word.utf8), anchor: anchor) == expected, "anchor \(anchor)")
        }
        if word.isEmpty { #expect(ByteSearch.contains(Array(text.utf8), []) == expected) }
    }

    @Test func linesAreCountedAsEditorsNumberThem() {
        for text in [
            "", "a", "a\n", "a\nb", "\n\n", String(repeating: "line\n", count: 37),
            String(repeating: "x", count: 17) + "\n" + String(repeating: "\n", count: 9),
            // Past the 255 blocks of 32 bytes a lane counts before it is summed.
            String(repeating: "\n", count: 32 * 255 + 33), String(repeating: "ab\ncd\n\n", count: 5_000) + "tail"
        ] {
            let expected =
                text.isEmpty
                ? 0
                : text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
            #expect(PackageGraphLoader.lineCount(Array(text.utf8)) == expected, "\(text.debugDescription)")
        }
    }
}
