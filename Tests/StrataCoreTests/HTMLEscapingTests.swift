import StrataCore
import Testing

@Suite struct HTMLEscapingTests {
    @Test func escapesTheFourSpecialsAndKeepsEverythingElse() {
        #expect(HTMLEscaping.escape("a < b && c > \"d\" 'e'") == "a &lt; b &amp;&amp; c &gt; &quot;d&quot; 'e'")
        #expect(HTMLEscaping.escape("naïve → <café> 日本 🇫🇷&") == "naïve → &lt;café&gt; 日本 🇫🇷&amp;")
        #expect(HTMLEscaping.escape("plain text, nothing to do") == "plain text, nothing to do")
        #expect(HTMLEscaping.escape("") == "")
        #expect(HTMLEscaping.escape("&amp;") == "&amp;amp;", "text is escaped as it is, entities included")
    }

    /// The byte-level form appends what `escape` returns, to whatever is already there.
    @Test func appendingBytesEscapesAsEscapeDoes() {
        for text in ["a < b && c > \"d\"", "naïve → <café> 🇫🇷&", "", "<", "plain"] {
            var out = Array("x".utf8)
            var copy = text
            copy.withUTF8 { HTMLEscaping.append($0, to: &out) }
            #expect(String(decoding: out, as: UTF8.self) == "x" + HTMLEscaping.escape(text))
        }
    }
}
