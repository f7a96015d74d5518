import StrataCore
import Testing

/// How a label, a code block's first comment or a fence's info string says whether an
/// example is good, bad or ok.
@Suite struct ExampleVerdictTests {
    @Test(arguments: [
        ("👎 No Good", ExampleVerdict.bad, nil as String?),
        ("👍 Good", .good, nil),
        ("👌 Ok", .ok, nil),
        ("π No Good", .bad, nil),
        ("**Bad:**", .bad, nil),
        ("Good: through the service", .good, "through the service"),
        ("CORRECT — Owning an @Observable ViewModel", .good, "Owning an @Observable ViewModel"),
        ("Wrong", .bad, nil),
        ("Incorrect:", .bad, nil),
        ("Don't", .bad, nil),
        ("Do not call the API from the view:", .bad, "call the API from the view"),
        ("Avoid:", .bad, nil),
        ("Acceptable", .ok, nil),
        ("Do:", .good, nil),
        ("✅", .good, nil),
        ("❌ a global", .bad, "a global")
    ])
    func labelsGiveTheirVerdictAndCaption(text: String, verdict: ExampleVerdict, caption: String?) {
        let label = ExampleVerdict.label(text)
        #expect(label?.verdict == verdict, "\(text)")
        #expect(label?.caption == caption, "\(text)")
    }

    @Test(arguments: [
        "Goodness knows why this works.", "Doing it twice is fine.", "Do this first, then the rest",
        "Prefer composition over inheritance",
        "Okay", "This is good",
        "The good parts of the design, with a much longer explanation than any label would ever have in it",
        "Right-click the file to see it:", "Bad request handling looks like this in the app",
        "Avoid force unwraps in the view layer"
    ])
    func sentencesAreNoLabels(text: String) {
        // "Okay" alone is a label; the others are prose.
        if text == "Okay" {
            #expect(ExampleVerdict.label(text)?.verdict == .ok)
        } else {
            #expect(ExampleVerdict.label(text) == nil, "\(text)")
        }
    }

    @Test func aCodeBlocksFirstCommentLabelsItOnlyWhenItShouts() {
        #expect(
            ExampleVerdict.label(ofCode: "// CORRECT — @Observable (Swift 5.9+)\n@Observable\nfinal class A {}\n")
                == .init(verdict: .good, caption: "@Observable (Swift 5.9+)"))
        #expect(ExampleVerdict.label(ofCode: "// WRONG\nlet x = 1\n")?.verdict == .bad)
        #expect(ExampleVerdict.label(ofCode: "// ❌ a global\n")?.verdict == .bad)
        #expect(ExampleVerdict.label(ofCode: "/* BAD */ let x = 1\n")?.verdict == .bad)
        #expect(
            ExampleVerdict.label(ofCode: "// do the work first\nwork()\n") == nil, "a lower-case comment is a comment")
        #expect(ExampleVerdict.label(ofCode: "let good = 1\n") == nil)
        #expect(ExampleVerdict.label(ofCode: "") == nil)
    }

    @Test func theFenceInfoStringNamesAVerdictAfterTheLanguage() {
        #expect(ExampleVerdict.verdict(ofInfo: "swift bad") == .bad)
        #expect(ExampleVerdict.verdict(ofInfo: "swift good") == .good)
        #expect(ExampleVerdict.verdict(ofInfo: "swift ok") == .ok)
        #expect(ExampleVerdict.verdict(ofInfo: "swift wrong") == .bad)
        #expect(ExampleVerdict.verdict(ofInfo: "bad") == nil, "a lone word is the language")
        #expect(ExampleVerdict.verdict(ofInfo: "swift") == nil)
    }

    /// Emoji often carry a variation selector (U+FE0F) after the mark.
    @Test func marksWithAVariationSelectorGiveTheirVerdict() {
        #expect(ExampleVerdict.label("✔️ With a store")?.verdict == .good)
        #expect(ExampleVerdict.label("⚠️")?.verdict == .ok)
        #expect(ExampleVerdict.label("❌ Singleton")?.verdict == .bad)
    }

    /// A verdict with words after it names the example, or is set off from them.
    @Test func aVerdictFollowedByWordsIsALabelWhenSetOffOrNamingTheExample() {
        #expect(ExampleVerdict.label("Bad example")?.verdict == .bad)
        #expect(ExampleVerdict.label("Correct way")?.caption == "way")
        #expect(
            ExampleVerdict.label("Bad request handling looks like this:")?.verdict == .bad,
            "a line ending in a colon introduces the code")
        #expect(ExampleVerdict.label(ofCode: "/* BAD */ let x = 1\n")?.verdict == .bad)
    }
}
