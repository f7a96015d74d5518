import Testing

@testable import StrataBuild

/// Which link destinations are URLs with a scheme (left alone) and which are paths of the
/// content (resolved and checked).
@Suite struct LinkSchemeTests {
    @Test(arguments: ["https://swift.org", "mailto:a@b.c", "x-man-page://ls", "git+ssh:host", "a.b-c+d:x", "HTTP://X"])
    func urlsHaveASchemeAndAreLeftAlone(destination: String) {
        #expect(LinkResolver.hasScheme(destination))
    }

    @Test(arguments: ["guide.md", "guide.md#a:b", "1http://x", ":x", "a b:c", "dir/c:d.md", "_x:y", "#frag"])
    func pathsHaveNoScheme(destination: String) {
        #expect(!LinkResolver.hasScheme(destination))
    }

    @Test func aSchemeOfLettersBeyondASCIIIsReadAsItWas() {
        #expect(LinkResolver.hasScheme("été:x"), "letters, as Character.isLetter says")
        #expect(!LinkResolver.hasScheme("é€:x"))
    }
}
