@testable import StrataBuild
import Testing

@Suite struct ByteSearchTests {
    @Test(arguments: [
        ("CHECK: x", "CHECK:", true), ("// a CHECK:", "CHECK:", true), ("CHECK", "CHECK:", false), ("", "CHECK:", false),
        ("CCCHECK:", "CHECK:", true), ("CHEC K:", "CHECK:", false), ("@_exported import A", "@_exported", true), ("@_export", "@_exported", false),
        ("x", "", true),
    ])
    func findsTheWordWhereverItIs(text: String, word: String, expected: Bool) {
        #expect(ByteSearch.contains(Array(text.utf8), Array(word.utf8)) == expected)
    }
}
