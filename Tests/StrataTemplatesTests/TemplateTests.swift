import Testing

@testable import StrataTemplates

/// The template engine against the Mustache specification's forms (interpolation, sections,
/// inverted sections, comments, standalone lines, partials, delimiters, inheritance) and
/// every way a template can be wrong.
@Suite struct TemplateTests {
    /// Renders `template` (as `main`) with `partials` beside it.
    func render(_ template: String, _ context: TemplateObject = [:], partials: [String: String] = [:]) throws -> String
    {
        var library = TemplateLibrary()
        try library.add(template, named: "main")
        for (name, source) in partials.sorted(by: { $0.key < $1.key }) { try library.add(source, named: name) }
        let bytes = try library.render(context, template: "main").get()
        return String(decoding: bytes, as: UTF8.self)
    }

    func syntaxError(_ template: String) -> TemplateLibrary.Problem? {
        var library = TemplateLibrary()
        do {
            try library.add(template, named: "main")
            return nil
        } catch {
            return error
        }
    }

    // MARK: Interpolation

    @Test func variablesAreEscapedUnlessTripleOrAmpersand() throws {
        let context: TemplateObject = ["html": "<a href=\"x\">Tom & Jerry's</a>"]
        #expect(try render("{{html}}", context) == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
        #expect(try render("{{{html}}}", context) == "<a href=\"x\">Tom & Jerry's</a>")
        #expect(try render("{{&html}}", context) == "<a href=\"x\">Tom & Jerry's</a>")
        #expect(try render("{{ html }}|{{{ html }}}|{{& html }}", ["html": "é<"]) == "é&lt;|é<|é<")
    }

    @Test func valuesOfEveryKindInterpolate() throws {
        let context: TemplateObject = [
            "yes": true, "no": false, "count": 42, "list": .list(["a"]), "object": .object(["x": "y"])
        ]
        #expect(
            try render("{{yes}} {{no}} {{count}} [{{list}}] [{{object}}] [{{missing}}]", context)
                == "true false 42 [] [] []")
    }

    @Test func dottedNamesFindTheFirstPartOutsideAndTheRestInside() throws {
        let context: TemplateObject = ["page": .object(["title": "T", "meta": .object(["key": "k"])]), "title": "outer"]
        #expect(try render("{{page.title}} {{page.meta.key}} {{page.missing.key}}", context) == "T k ")
        // A broken chain does not fall back to an outer name.
        #expect(try render("{{#page}}{{meta.title}}{{/page}}", context) == "")
        #expect(try render("{{#page}}{{title}}/{{#meta}}{{title}}{{/meta}}{{/page}}", context) == "T/T")
    }

    @Test func theImplicitIteratorIsTheCurrentItem() throws {
        #expect(try render("{{#items}}({{.}}){{/items}}", ["items": .list(["a", "<b>", 3])]) == "(a)(&lt;b&gt;)(3)")
    }

    // MARK: Sections

    @Test func sectionsRepeatForListsAndOpenObjects() throws {
        let context: TemplateObject = [
            "items": .list([.object(["name": "one"]), .object(["name": "two"])]),
            "empty": .list([]),
            "person": .object(["name": "Ada"]),
            "on": true, "off": false, "text": "", "zero": 0,
            "name": "outer"
        ]
        #expect(try render("{{#items}}<{{name}}>{{/items}}", context) == "<one><two>")
        #expect(try render("{{#empty}}x{{/empty}}|{{#missing}}x{{/missing}}|{{#off}}x{{/off}}", context) == "||")
        #expect(try render("{{#person}}{{name}}{{/person}} {{#on}}{{name}}{{/on}}", context) == "Ada outer")
        // Text and numbers are values, so a section over them renders (as swift-mustache did).
        #expect(try render("{{#text}}[{{.}}]{{/text}}{{#zero}}<{{.}}>{{/zero}}", context) == "[]<0>")
    }

    @Test func invertedSectionsRenderForNothingFalseAndEmpty() throws {
        let context: TemplateObject = ["empty": .list([]), "off": false, "on": true, "list": .list([1]), "text": "t"]
        #expect(try render("{{^empty}}a{{/empty}}{{^off}}b{{/off}}{{^missing}}c{{/missing}}", context) == "abc")
        #expect(try render("{{^on}}a{{/on}}{{^list}}b{{/list}}{{^text}}c{{/text}}", context) == "")
    }

    @Test func namesAreFoundThroughEveryEnclosingSection() throws {
        let context: TemplateObject = [
            "root": "../",
            "outer": .object(["inner": .list([.object(["title": "x"])])])
        ]
        #expect(try render("{{#outer}}{{#inner}}{{root}}{{title}}{{/inner}}{{/outer}}", context) == "../x")
    }

    // MARK: Comments and standalone lines

    @Test func commentsVanish() throws {
        #expect(try render("a{{! a comment }}b{{!\nover\nlines\n}}c") == "abc")
    }

    @Test func tagsAloneOnTheirLineTakeTheLineWithThem() throws {
        let template = "<ul>\n  {{#items}}\n  <li>{{.}}</li>\n  {{/items}}\n  {{! note }}\n</ul>\n"
        #expect(try render(template, ["items": .list(["a", "b"])]) == "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n")
        // Windows line ends, and a last line with no line end, too.
        #expect(try render("a\r\n{{#on}}\r\nb\r\n{{/on}}\r\nc", ["on": true]) == "a\r\nb\r\nc")
        #expect(try render("a\n{{#on}}b{{/on}}", ["on": true]) == "a\nb")
        #expect(try render("{{#on}}\nb\n  {{/on}}", ["on": true]) == "b\n")
    }

    @Test func tagsSharingALineKeepIt() throws {
        #expect(try render(" {{#on}}x{{/on}} \n", ["on": true]) == " x \n")
        #expect(try render("a {{#on}}\n{{/on}}", ["on": true]) == "a \n")
        #expect(try render("{{name}}\n{{#on}}{{/on}}\n", ["on": true, "name": "n"]) == "n\n\n")
    }

    // MARK: Partials

    @Test func partialsRenderWithTheCallersValues() throws {
        #expect(try render("[{{>item}}]", ["name": "x"], partials: ["item": "<{{name}}>"]) == "[<x>]")
        #expect(try render("{{> partials/item }}", ["name": "x"], partials: ["partials/item": "{{name}}"]) == "x")
    }

    @Test func aStandalonePartialIndentsEachOfItsLines() throws {
        let partial = "<li>\n{{{value}}}\n</li>\n"
        #expect(
            try render("<ul>\n  {{>item}}\n</ul>\n", ["value": "a\nb"], partials: ["item": partial])
                == "<ul>\n  <li>\n  a\nb\n  </li>\n</ul>\n")
    }

    @Test func partialsMayRecurseOverData() throws {
        let tree: TemplateValue = .object([
            "name": "a", "children": .list([.object(["name": "b", "children": .list([])])])
        ])
        let item = "{{name}}({{#children}}{{>item}}{{/children}})"
        #expect(try render("{{#tree}}{{>item}}{{/tree}}", ["tree": tree], partials: ["item": item]) == "a(b())")
    }

    @Test func aPartialThatIncludesItselfForeverIsAnErrorNotACrash() throws {
        var library = TemplateLibrary()
        try library.add("start {{>loop}}", named: "main")
        try library.add("again\n{{>loop}}", named: "loop")
        let result = library.render([:], template: "main")
        guard case .failure(let failure) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(failure.position == TemplatePosition(template: "loop", line: 2, column: 1))
        #expect(failure.message.contains("more than 100 deep"))
    }

    // MARK: Delimiters

    @Test func delimitersCanBeChanged() throws {
        let template = "{{=<% %>=}}<% name %> {{name}} <%{ html }%> <%#on%>y<%/on%>\n<%={{ }}=%>{{name}}"
        #expect(try render(template, ["name": "n", "html": "<b>", "on": true]) == "n {{name}} <b> y\nn")
        #expect(try render("a\n  {{=| |=}}\nb|name|\n", ["name": "n"]) == "a\nbn\n")
    }

    // MARK: Inheritance

    @Test func aParentsBlocksAreReplacedByTheChilds() throws {
        let base = "<title>{{$title}}Default{{/title}}</title>\n<main>\n{{$main}}{{/main}}\n</main>\n"
        let page = "{{<base}}\n{{$main}}\n<p>{{text}}</p>\n{{/main}}\nignored text\n{{/base}}\n"
        #expect(
            try render(page, ["text": "hi"], partials: ["base": base])
                == "<title>Default</title>\n<main>\n<p>hi</p>\n\n</main>\n")
        let titled = "{{<base}}{{$title}}Mine{{/title}}{{/base}}"
        #expect(try render(titled, partials: ["base": base]) == "<title>Mine</title>\n<main>\n\n</main>\n")
    }

    @Test func theOutermostOverrideWins() throws {
        let partials = [
            "parent": "{{<grandparent}}{{$a}}p{{/a}}{{/grandparent}}",
            "grandparent": "{{$a}}g{{/a}}{{$b}}g{{/b}}"
        ]
        #expect(try render("{{<parent}}{{$a}}c{{/a}}{{/parent}}", partials: partials) == "cg")
        #expect(try render("{{<parent}}{{/parent}}", partials: partials) == "pg")
        #expect(try render("{{$a}}alone{{/a}}") == "alone")
    }

    @Test func blocksSeeTheValuesWhereTheParentIsIncluded() throws {
        let context: TemplateObject = ["items": .list([.object(["n": 1]), .object(["n": 2])])]
        #expect(
            try render(
                "{{#items}}{{<wrap}}{{$inner}}{{n}}{{/inner}}{{/wrap}}{{/items}}", context,
                partials: ["wrap": "[{{$inner}}{{/inner}}]"]) == "[1][2]")
    }

    /// The specification's cases where a parent shares its line with its own blocks.
    @Test func aParentsOwnTagsDoNotKeepTheirLine() throws {
        #expect(
            try render("{{<include}}{{/include}}\n", partials: ["include": "{{$foo}}default content{{/foo}}"])
                == "default content")
        #expect(
            try render(
                "{{<parent}}{{$ballmer}}\npeaked\n\n:(\n{{/ballmer}}{{/parent}}",
                partials: ["parent": "{{$ballmer}}{{/ballmer}}"]) == "peaked\n\n:(\n")
        #expect(
            try render("Hi,\n  {{<parent}}{{/parent}}\n", partials: ["parent": "one\ntwo\n"]) == "Hi,\n  one\n  two\n")
        let base = "<main>\n{{$main}}{{/main}}\n</main>\n"
        #expect(
            try render("{{<base}}{{$main}}\n<p>Hi</p>\n{{/main}}{{/base}}\n", partials: ["base": base])
                == "<main>\n<p>Hi</p>\n\n</main>\n")
    }

    @Test func aBlockGivenTwiceInOneParentTakesTheLast() throws {
        #expect(try render("{{<p}}{{$b}}1{{/b}}{{$b}}2{{/b}}{{/p}}", partials: ["p": "[{{$b}}{{/b}}]"]) == "[2]")
    }

    @Test func aBlockInsideItsOwnReplacementIsItsDefault() throws {
        #expect(
            try render("{{<p}}{{$a}}[{{$a}}inner{{/a}}]{{/a}}{{/p}}", partials: ["p": "{{$a}}d{{/a}}"]) == "[inner]")
    }

    @Test func emptyValuesInAnIndentedPartialAddNoIndentation() throws {
        #expect(
            try render("a\n  {{>p}}\nb", ["x": "", "y": .list([])], partials: ["p": "{{x}}{{y}}z\n"]) == "a\n  z\nb")
    }

    // MARK: Errors

    @Test func syntaxErrorsSayWhatAndWhere() {
        #expect(
            syntaxError("a\n  {{#open}}never closed\n")
                == .init(
                    template: "main", message: "'open' is opened here but never closed with '{{/open}}'", line: 2,
                    column: 3))
        #expect(
            syntaxError("{{#a}}{{#b}}{{/a}}{{/b}}")?.message
                == "'{{/a}}' does not close 'b', opened at line 1 column 7; close that first")
        #expect(
            syntaxError("x{{/a}}")
                == .init(
                    template: "main", message: "'{{/a}}' closes nothing: no section is open here", line: 1, column: 2))
        #expect(
            syntaxError("one\ntwo {{name")
                == .init(template: "main", message: "this tag is never closed with '}}'", line: 2, column: 5))
        #expect(syntaxError("{{{name}}")?.message == "this tag is never closed with '}}}'")
        #expect(syntaxError("{{ }}")?.message == "this tag has no name")
        #expect(syntaxError("{{#}}{{/}}")?.message == "this tag has no name")
        #expect(syntaxError("{{first name}}")?.message == "'first name' is not a name: names have no spaces")
        #expect(
            syntaxError("{{page..title}}")?.message
                == "'page..title' is not a name: dots go between names, as in 'page.title'")
        #expect(syntaxError("{{=<%%>=}}")?.message.hasPrefix("a delimiter change is written") == true)
        #expect(
            syntaxError("{{uppercased(title)}}")?.message
                == "'uppercased(title)' is a swift-mustache transform; Strata's templates have none (see Themes in "
                + "the manual)"
        )
        #expect(syntaxError("{{>*dynamic}}")?.message == "dynamic partial names ('*dynamic') are not supported")
        #expect(
            syntaxError("{{ #a}}x{{/a}}")
                == .init(
                    template: "main", message: "'#' must come right after '{{', with no space: '{{#…'", line: 1,
                    column: 1))
        #expect(syntaxError("{{ >p}}")?.message == "'>' must come right after '{{', with no space: '{{>…'")
        #expect(
            syntaxError(String(repeating: "{{#a}}", count: 600))?.message == "sections nest more than 500 deep here")
        #expect(syntaxError("{{#a}}\n{{{b}}}\n{{/a}}") == nil)
    }

    @Test func aPartialTheThemeDoesNotHaveIsFoundBeforeRendering() throws {
        var library = TemplateLibrary()
        try library.add("x\n{{#on}}{{>partials/missing}}{{/on}}", named: "page")
        try library.add("{{<nobase}}{{$a}}{{>gone}}{{/a}}{{/nobase}}", named: "404")
        #expect(
            library.missingReferences() == [
                .init(
                    template: "404",
                    message: "there is no template 'nobase' in the theme (looked for templates/nobase.mustache)",
                    line: 1, column: 1),
                .init(
                    template: "404",
                    message: "there is no template 'gone' in the theme (looked for templates/gone.mustache)", line: 1,
                    column: 18),
                .init(
                    template: "page",
                    message:
                        "there is no template 'partials/missing' in the theme (looked for "
                        + "templates/partials/missing.mustache)",
                    line: 2, column: 8)
            ])
    }
}
