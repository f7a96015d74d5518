import Hummingbird
import Testing

@testable import StrataServer

@Suite struct RequestTargetTests {
    @Test(arguments: [
        ("/", ""),
        ("/index.html", "index.html"),
        ("/guides/", "guides/"),
        ("/guides", "guides"),
        ("/a/b.html?x=1#top", "a/b.html"),
        ("/caf%C3%A9.html", "café.html"),
        ("/with%20space.png", "with space.png"),
        ("http://127.0.0.1:8000/a.html", "a.html"),
        ("/%252e%252e/x", "%2e%2e/x")  // decoded once: a literal name, not a traversal
    ])
    func paths(raw: String, expected: String) {
        #expect(RequestTarget.parse(raw) == .path(expected))
    }

    @Test(arguments: [
        "/../etc/passwd",
        "/a/../../etc/passwd",
        "/a/..",
        "/./index.html",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/%2E%2E/secret",
        "/.%2e/secret",
        "/a/%2e%2e%2f%2e%2e%2fetc/passwd",
        "/..%2fetc%2fpasswd",
        "/..%5cetc%5cpasswd",
        "/a%00.html",
        "//etc/passwd",
        "/%2fetc/passwd",
        "/%2Fetc%2Fpasswd",
        "http://host//etc/passwd"
    ])
    func traversalIsRefused(raw: String) {
        guard case .refused(let status, _) = RequestTarget.parse(raw) else {
            Issue.record("'\(raw)' was not refused")
            return
        }
        #expect(status == 403)
    }

    @Test(arguments: ["/%zz", "/%4", "/%c0%ae%c0%ae/etc", "*", "etc/passwd", ""])
    func malformedIsRefused(raw: String) {
        guard case .refused(let status, _) = RequestTarget.parse(raw) else {
            Issue.record("'\(raw)' was not refused")
            return
        }
        #expect(status == 400)
    }

    @Test func contentTypes() {
        #expect(MediaType.ofSiteFile("index.html").description == "text/html; charset=utf-8")
        #expect(MediaType.ofSiteFile("assets/strata.css").description == "text/css; charset=utf-8")
        #expect(MediaType.ofSiteFile("assets/strata.js").description == "text/javascript; charset=utf-8")
        #expect(MediaType.ofSiteFile("graph.json").description == "application/json")
        #expect(MediaType.ofSiteFile("img/Logo.SVG").description == "image/svg+xml")
        #expect(MediaType.ofSiteFile("llms.txt").description == "text/plain; charset=utf-8")
        #expect(MediaType.ofSiteFile("fonts/a.woff2").description == "font/woff2")
        #expect(MediaType.ofSiteFile("Makefile").description == "application/octet-stream")
        // What Hummingbird's table lacks, and names written in capitals.
        #expect(MediaType.ofSiteFile("img/photo.avif").description == "image/avif")
        #expect(MediaType.ofSiteFile("notes/README.MD").description == "text/markdown; charset=utf-8")
        #expect(MediaType.ofSiteFile(".hidden").description == "application/octet-stream")
        #expect(MediaType.ofSiteFile("archive.unknown").description == "application/octet-stream")
    }

    @Test func scriptGoesBeforeTheLastBodyClose() {
        let html = Array("<html><body><p>&lt;/body&gt; in text</p></BODY></html>".utf8)
        let injected = String(decoding: LiveReloadScript.inject(into: html, buildTag: "s-1"), as: UTF8.self)
        #expect(
            injected
                == "<html><body><p>&lt;/body&gt; in text</p><script src=\"/__strata/live.js\" data-build=\"s-1\" "
                + "defer></script>\n</BODY></html>"
        )
        let fragment = String(
            decoding: LiveReloadScript.inject(into: Array("<p>hi</p>".utf8), buildTag: "s-2"), as: UTF8.self)
        #expect(fragment.hasPrefix("<p>hi</p><script src=\"/__strata/live.js\" data-build=\"s-2\""))
    }

    @Test func lookupServesFolderIndexesAndRedirectsBareFolders() {
        let site = ServedSite(files: ["index.html": [1], "guides/index.html": [2], "a.html": [3]], buildTag: "t")
        #expect(site.lookup("") == .file("index.html"))
        #expect(site.lookup("guides/") == .file("guides/index.html"))
        #expect(site.lookup("guides") == .redirect("guides/"))
        #expect(site.lookup("a.html") == .file("a.html"))
        #expect(site.lookup("a.html/") == .notFound)
        #expect(site.lookup("missing.html") == .notFound)
    }

    @Test func eventsAreOneLineJSON() {
        let text = LiveReloadHub.event("failed", build: "s-3", failure: ["a.md:1:2: error: bad \"x\"\nnext"])
        #expect(
            text
                == "event: failed\ndata: {\"build\":\"s-3\",\"diagnostics\":[\"a.md:1:2: error: bad "
                + "\\\"x\\\"\\nnext\"]}\n\n"
        )
    }
}
