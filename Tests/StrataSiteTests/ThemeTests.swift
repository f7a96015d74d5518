import StrataCore
import StrataTemplates
import Testing

@testable import StrataSite

@Suite struct ThemeTests {
    func file(_ path: String, _ text: String) -> (path: String, contents: [UInt8]) {
        (path, Array(text.utf8))
    }

    var minimal: [(path: String, contents: [UInt8])] {
        [
            file(
                "templates/page.mustache",
                "<title>{{page.title}}</title>{{#nav}}{{>partials/item}}{{/nav}}|{{{page.contentHTML}}}|{{root}}"),
            file(
                "templates/partials/item.mustache",
                "[{{title}}{{#hasChildren}}:{{#children}}{{>partials/item}}{{/children}}{{/hasChildren}}]"),
            file("templates/404.mustache", "404 {{root}}"),
            file("assets/x.css", "body{}"),
            file("README.md", "ignored")
        ]
    }

    /// The template engine keeps its own figures (it depends on no Strata module); the site
    /// hands it Strata's reading limits, and the two must agree.
    @Test func theEngineBoundsAreTheReadingLimits() {
        #expect(Theme.bounds == TemplateBounds.standard)
        #expect(Theme.id(of: .partialIncludes) == "template.too-slow")
        #expect(Theme.id(of: .outputBytes) == "template.too-large")
        #expect(Theme.id(of: .partialDepth) == "template.too-deep")
        #expect(Theme.id(of: nil) == "theme.template")
    }

    @Test func rendersPagesNavigationAndAssets() throws {
        let theme = try Theme(files: minimal, displayPath: "Themes/t")
        let pages = [
            Page(
                sourcePath: "index.md", outputPath: "index.html", title: "Home <&>", isSectionIndex: true,
                contentHTML: "<p>hi</p>"),
            Page(sourcePath: "g/a.md", outputPath: "g/a.html", title: "A"),
            Page(sourcePath: "h/index.md", outputPath: "h/index.html", title: "H", isSectionIndex: true),
            Page(sourcePath: "h/b.md", outputPath: "h/b.html", title: "B")
        ]
        let files = try SiteRenderer(config: StrataConfig(site: SiteSettings(baseURL: "/docs/")), theme: theme).render(
            pages: pages)
        let byPath = Dictionary(
            uniqueKeysWithValues: files.map { ($0.path, String(decoding: $0.contents, as: UTF8.self)) })
        // A closed section lists no children. Sections on the way to the page are open, and
        // so are sections without a page of their own (G), which could not be opened otherwise.
        #expect(byPath["index.html"] == "<title>Home &lt;&amp;&gt;</title>[Home &lt;&amp;&gt;][G:[A]][H:]|<p>hi</p>|")
        #expect(byPath["g/a.html"] == "<title>A</title>[Home &lt;&amp;&gt;][G:[A]][H:]||../")
        #expect(byPath["h/b.html"] == "<title>B</title>[Home &lt;&amp;&gt;][G:[A]][H:[B]]||../")
        #expect(byPath["404.html"] == "404 /docs/")
        #expect(byPath["assets/x.css"] == "body{}")
        #expect(byPath["README.md"] == nil)
    }

    /// The sidebar made from the pre-rendered entries (`navHTML`, `childrenHTML`), each
    /// rendered once per folder, is the same on every page as the tree recursed page by page.
    @Test func preRenderedNavigationMatchesTheRecursiveForm() throws {
        let item =
            #"<li{{#isCurrent}} class="current"{{/isCurrent}}>{{#hasURL}}<a "#
            + #"href="{{url}}">{{title}}</a>{{/hasURL}}{{#isOpen}}<ul>CHILDREN</ul>{{/isOpen}}</li>"#
        func theme(page: String, children: String) throws -> Theme {
            try Theme(
                files: [
                    file("templates/page.mustache", "<nav>\(page)</nav>{{root}}"),
                    file(
                        "templates/partials/nav-item.mustache",
                        item.replacingOccurrences(of: "CHILDREN", with: children)),
                    file("templates/404.mustache", "<nav>\(page)</nav>")
                ], displayPath: "Themes/t")
        }
        let recursive = try theme(
            page: "{{#nav}}{{>partials/nav-item}}{{/nav}}", children: "{{#children}}{{>partials/nav-item}}{{/children}}"
        )
        let prerendered = try theme(page: "{{{navHTML}}}", children: "{{{childrenHTML}}}")
        let pages = [
            Page(sourcePath: "index.md", outputPath: "index.html", title: "Home", isSectionIndex: true),
            Page(sourcePath: "h/index.md", outputPath: "h/index.html", title: "H", isSectionIndex: true),
            Page(sourcePath: "h/a.md", outputPath: "h/a.html", title: "A"),
            Page(sourcePath: "h/b.md", outputPath: "h/b.html", title: "B"),
            Page(sourcePath: "h/deep/c.md", outputPath: "h/deep/c.html", title: "C"),
            Page(sourcePath: "g/x.md", outputPath: "g/x.html", title: "X")
        ]
        let config = StrataConfig(site: SiteSettings(baseURL: "/docs/"))
        func render(_ theme: Theme) throws -> [String: String] {
            Dictionary(
                uniqueKeysWithValues: try SiteRenderer(config: config, theme: theme).render(pages: pages).map {
                    ($0.path, String(decoding: $0.contents, as: UTF8.self))
                })
        }
        let expected = try render(recursive)
        #expect(try render(prerendered) == expected)
        // Each page marks itself, and only itself, in the shared entries.
        #expect(
            expected["h/a.html"]?.contains(
                #"<li class="current"><a href="a.html">A</a></li><li><a href="b.html">B</a></li>"#) == true)
        #expect(
            expected["h/b.html"]?.contains(
                #"<li><a href="a.html">A</a></li><li class="current"><a href="b.html">B</a></li>"#) == true)
        #expect(expected["h/deep/c.html"]?.contains(#"<li class="current"><a href="c.html">C</a></li>"#) == true)
        #expect(expected["404.html"]?.contains(#"<a href="/docs/g/x.html">X</a>"#) == true)
    }

    @Test func missingTemplatesAreReported() {
        #expect {
            try Theme(files: [file("templates/page.mustache", "x")], displayPath: "Themes/t")
        } throws: { error in
            let diagnostics = (error as? DiagnosticsError)?.diagnostics ?? []
            return diagnostics.map(\.ruleID) == ["theme.missing-template"]
                && diagnostics[0].message.contains("404.mustache")
        }
    }

    @Test func templateSyntaxErrorsPointAtTheirLine() {
        var files = minimal
        files[0] = file("templates/page.mustache", "line one\n{{#open}}never closed\n")
        #expect {
            try Theme(files: files, displayPath: "Themes/t")
        } throws: { error in
            let diagnostic = (error as? DiagnosticsError)?.diagnostics.first
            return diagnostic?.ruleID == "theme.template"
                && diagnostic?.location?.path == "Themes/t/templates/page.mustache"
        }
    }

    /// Every mistake of a theme at once: a template that does not parse does not hide a
    /// partial missing elsewhere, and is not itself reported as missing.
    @Test func everyTemplateProblemIsReportedTogether() {
        let files = [
            file("templates/page.mustache", "{{>partials/item}}\n{{#open}}\n"),
            file("templates/partials/item.mustache", "{{#a}}"),
            file("templates/404.mustache", "{{>partials/gone}}")
        ]
        #expect {
            try Theme(files: files, displayPath: "Themes/t")
        } throws: { error in
            let lines = ((error as? DiagnosticsError)?.diagnostics ?? []).map {
                "\($0.location?.path ?? ""):\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)"
            }
            return lines == [
                "Themes/t/templates/page.mustache:2:1 template does not parse: 'open' is opened here but never "
                    + "closed with '{{/open}}'",
                "Themes/t/templates/partials/item.mustache:1:1 template does not parse: 'a' is opened here but "
                    + "never closed with '{{/a}}'",
                "Themes/t/templates/404.mustache:1:1 there is no template 'partials/gone' in the theme (looked for "
                    + "templates/partials/gone.mustache)"
            ]
        }
    }
}
