import StrataCore
import Testing

@Suite struct JSONStringTests {
    @Test(arguments: [
        ("plain", "\"plain\""),
        ("", "\"\""),
        ("say \"hi\" \\ there", "\"say \\\"hi\\\" \\\\ there\""),
        ("a\nb\rc\td", "\"a\\nb\\rc\\td\""),
        ("bell\u{07}esc\u{1B}", "\"bell\\u0007esc\\u001b\""),
        ("line\u{2028}para\u{2029}end", "\"line\\u2028para\\u2029end\""),
        ("naïve → 𝐚 \u{2027}\u{202A}", "\"naïve → 𝐚 \u{2027}\u{202A}\""),
        ("</script>", "\"</script>\"")
    ])
    func quotesAsJavaScriptReadsIt(text: String, expected: String) {
        #expect(JSONString.quote(text) == expected)
    }
}
