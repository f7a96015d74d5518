import StrataCore
import Testing

@Suite struct SitePathTests {
    @Test(arguments: [
        ("index.html", "guides/intro.html", "guides/intro.html"),
        ("guides/intro.html", "index.html", "../index.html"),
        ("guides/intro.html", "guides/other.html", "other.html"),
        ("a/b/c.html", "a/x/y.html", "../x/y.html"),
        ("a/b/c.html", "a/b/c.html", "c.html"),
        ("index.html", "my page.html", "my%20page.html"),
        ("a/b/c.html", "a/b/", "../b"),
        ("a/b/c.html", "a/b/c.html/", "c.html"),
        ("a//b/c.html", "a/b//d.html", "d.html"),
        ("guides/c#.html", "münchen/straße.html", "../m%C3%BCnchen/stra%C3%9Fe.html"),
        ("a/b/c/d.html", "x.html", "../../../x.html"),
        ("", "", "./")
    ])
    func relativeURLs(from: String, to: String, expected: String) {
        #expect(SitePath.relativeURL(from: from, to: to) == expected)
    }

    @Test func urlPathsEncodeEachSegment() {
        #expect(SitePath.urlPath("guides/intro.html") == "guides/intro.html")
        #expect(SitePath.urlPath("guides/c#.html") == "guides/c%23.html")
        #expect(SitePath.urlPath("a b//naïve/") == "a%20b//na%C3%AFve/")
    }

    @Test func rootPrefixCountsFolders() {
        #expect(SitePath.rootPrefix(from: "index.html") == "")
        #expect(SitePath.rootPrefix(from: "a/b/c.html") == "../../")
    }

    @Test func resolvesDotsAndRefusesToClimbAboveTheRoot() {
        #expect(SitePath.resolve("../x.md", against: "guides") == "x.md")
        #expect(SitePath.resolve("./a/../b.md", against: "") == "b.md")
        #expect(SitePath.resolve("/top.md", against: "deep/down") == "top.md")
        #expect(SitePath.resolve("../../x.md", against: "guides") == nil)
        #expect(SitePath.resolve("b//c/./d.md", against: "a//x/") == "a/x/b/c/d.md", "empty segments dropped")
        #expect(SitePath.resolve("..", against: "a/b") == "a")
        #expect(SitePath.resolve("...md", against: "a") == "a/...md", "only . and .. are special")
        #expect(SitePath.resolve("ü/ß.md", against: "é") == "é/ü/ß.md")
        #expect(SitePath.resolve("", against: "a/b") == "a/b")
    }

    @Test func percentCodingRoundTrips() {
        #expect(SitePath.percentEncode("naïve file#1.md") == "na%C3%AFve%20file%231.md")
        #expect(SitePath.percentDecode("na%C3%AFve%20file%231.md") == "naïve file#1.md")
        #expect(SitePath.percentDecode("100%") == "100%")
    }
}

/// Names that become file names, and the check every written path passes.
@Suite struct SafePageNameTests {
    @Test func plainNamesAreKeptAndOthersSluggedWithAHash() {
        for plain in ["FeedService", "swift-nio", "Core_2", "A.B", "C++Bridge"] {
            #expect(SitePath.pageName(for: plain) == plain)
        }
        for name in [
            "../../outside/PWNED", "a/b", "with space", ".hidden", "index", "map", "matrix", "Index", "MAP", "Matrix",
            "Café", "",
            String(repeating: "x", count: 101), "a\nb"
        ] {
            let page = SitePath.pageName(for: name)
            #expect(page.hasSuffix(String(SHA256.hex(name).prefix(10))), "\(name)")
            #expect(
                SitePath.unsafeReason(page) == nil && !page.contains("/") && !page.hasPrefix("."), "\(name) → \(page)")
        }
        #expect(SitePath.pageName(for: "../../outside/PWNED").hasPrefix("outside-PWNED-"))
        #expect(SitePath.pageName(for: "a/b") != SitePath.pageName(for: "a b"), "two names never share a page")
    }

    @Test func pathsThatLeaveTheSiteAreNamed() {
        #expect(SitePath.unsafeReason("modules/A.html") == nil)
        #expect(SitePath.unsafeReason("../x.html") == "a '..' segment")
        #expect(SitePath.unsafeReason("a/./b") == "a '.' segment")
        #expect(SitePath.unsafeReason("/etc/passwd") == "an absolute path")
        #expect(SitePath.unsafeReason("a//b") == "an empty segment")
        #expect(SitePath.unsafeReason("a\u{0}b") == "a NUL byte")
        #expect(SitePath.unsafeReason("") == "an empty path")
    }
}
