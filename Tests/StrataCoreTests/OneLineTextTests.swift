import StrataCore
import Testing

/// Text bound for one line of a report: line breaks in prose fold to a space, other
/// controls become visible escapes, and a line can never be ended early.
@Suite struct OneLineTextTests {
    @Test(arguments: [
        ("no breaks", "no breaks"),
        (
            "previews must build\n  without the database;\nsee the ADR",
            "previews must build without the database; see the ADR"
        ),
        ("trailing spaces   \n\tand tabs", "trailing spaces and tabs"),
        ("windows\r\nline ends", "windows line ends"),
        ("blank lines\n\n\nfold once", "blank lines fold once"),
        ("a final break\n", "a final break"),
        ("\nleading break", "leading break"),
        ("a tab\tinside stays visible", "a tab\\tinside stays visible"),
        ("an escape \u{1B}[31m", "an escape \\u{1B}[31m")
    ])
    func foldPutsProseOnOneLine(text: String, folded: String) {
        #expect(OneLineText.fold(text) == folded)
        #expect(!OneLineText.fold(text).contains("\n"))
    }

    @Test func escapeKeepsBreaksVisible() {
        #expect(OneLineText.escape("Sources/Odd\nName.swift") == "Sources/Odd\\nName.swift")
    }
}
