import StrataTemplates
import Testing

/// The template engine against every case of the Mustache specification's required modules
/// (interpolation, sections, inverted, comments, partials, delimiters) and its optional
/// `~inheritance` module. Each case is transcribed by hand from github.com/mustache/spec, as
/// Swift values: its name, template, data, partials and expected output are the spec's own.
/// The files were read at these commits:
///
/// - specs/interpolation.json  41d1eb385676cf6a673b8d612b6ab5cdfd5a660c
/// - specs/sections.json       01715a80e3c6c7d3c191e704bd25f7d9e1c5d0c3
/// - specs/inverted.json       41d1eb385676cf6a673b8d612b6ab5cdfd5a660c
/// - specs/comments.json       9944f29ab7ccc4a859d96326749872812e4204a8
/// - specs/partials.json       41d1eb385676cf6a673b8d612b6ab5cdfd5a660c
/// - specs/delimiters.json     41d1eb385676cf6a673b8d612b6ab5cdfd5a660c
/// - specs/~inheritance.json   1d90fa9c1368f9cb6cec63243fe68c419d0c51e4
///
/// The engine's values have no null and no float, so the spec's data is converted:
/// - a JSON null is a name left out (sections "Null is falsey");
/// - a decimal is the text the spec expects it to print: `1.21` is `.text("1.21")`
///   (interpolation "Basic/Triple Mustache/Ampersand Decimal Interpolation", sections
///   "Implicit Iterator - Decimal"), which the expected output makes equivalent.
///
/// Left out: none. No case in these files needs a lambda, a dynamic partial name, or a null
/// or float value that prints differently from the text it is converted to.
///
/// Five cases are where Strata departs from the spec on purpose, as the manual's Themes page
/// says; each carries what Strata does instead, and the test checks that, so a change of
/// either behaviour shows here:
/// - partials "Failed Lookup": a partial the theme does not have is an error, found before
///   any page is written, not an empty string;
/// - ~inheritance "Standalone block", "Block reindentation", "Intrinsic indentation",
///   "Nested block reindentation": a block's replacement is not re-indented to where the
///   block stands; it is written as it is indented.
@Suite struct MustacheSpecTests {
    @Test(arguments: MustacheSpecCase.interpolation) func interpolation(_ spec: MustacheSpecCase) { check(spec) }
    @Test(arguments: MustacheSpecCase.sections) func sections(_ spec: MustacheSpecCase) { check(spec) }
    @Test(arguments: MustacheSpecCase.inverted) func inverted(_ spec: MustacheSpecCase) { check(spec) }
    @Test(arguments: MustacheSpecCase.comments) func comments(_ spec: MustacheSpecCase) { check(spec) }
    @Test(arguments: MustacheSpecCase.partials) func partials(_ spec: MustacheSpecCase) { check(spec) }
    @Test(arguments: MustacheSpecCase.delimiters) func delimiters(_ spec: MustacheSpecCase) { check(spec) }
    @Test(arguments: MustacheSpecCase.inheritance) func inheritance(_ spec: MustacheSpecCase) { check(spec) }

    /// Compiles the case's template (as `main`) and partials, renders it with the case's
    /// data, and compares the output with the spec's.
    func check(_ spec: MustacheSpecCase) {
        var library = TemplateLibrary()
        do {
            try library.add(spec.template, named: "main")
            for (name, source) in spec.partials.sorted(by: { $0.key < $1.key }) { try library.add(source, named: name) }
        } catch {
            let position = "\(error.template) \(error.line):\(error.column)"
            Issue.record("\(spec.testDescription) does not compile: \(position): \(error.message)")
            return
        }
        let result = library.render(spec.data, template: "main")
        if let deviation = spec.strata {
            switch (deviation, result) {
            case (.output(let strata, _), .success(let bytes)):
                let output = String(decoding: bytes, as: UTF8.self)
                #expect(output == strata, "template: \(String(reflecting: spec.template))")
                #expect(
                    output != spec.expected,
                    "Strata now follows the spec here: remove the deviation (and its line in the manual)")
            case (.error(let message, _), .failure(let failure)):
                #expect(failure.message == message)
            default:
                Issue.record("\(spec.testDescription): expected \(deviation), got \(result)")
            }
            return
        }
        switch result {
        case .success(let bytes):
            let output = String(decoding: bytes, as: UTF8.self)
            #expect(output == spec.expected, "template: \(String(reflecting: spec.template))")
        case .failure(let failure):
            let position = "\(failure.position.template) \(failure.position.line):\(failure.position.column)"
            Issue.record("\(spec.testDescription) does not render: \(position): \(failure.message)")
        }
    }
}

/// One case of the Mustache specification.
struct MustacheSpecCase: Sendable, CustomTestStringConvertible {
    enum Module: String, Sendable {
        case interpolation, sections, inverted, comments, partials, delimiters
        case inheritance = "~inheritance"
    }

    let module: Module
    /// The case's name, as the spec gives it.
    let name: String
    let data: TemplateObject
    let template: String
    let partials: [String: String]
    let expected: String
    /// What Strata does instead, where it departs from the spec on purpose.
    let strata: Deviation?

    enum Deviation: Sendable {
        case output(String, because: String)
        case error(String, because: String)
    }

    init(
        _ module: Module, _ name: String, data: TemplateObject = [:], template: String,
        partials: [String: String] = [:], expected: String,
        strata: Deviation? = nil
    ) {
        self.module = module
        self.name = name
        self.data = data
        self.template = template
        self.partials = partials
        self.expected = expected
        self.strata = strata
    }

    var testDescription: String { "\(module.rawValue): \(name)" }
}

// MARK: - interpolation

extension MustacheSpecCase {
    static let interpolation: [MustacheSpecCase] = [
        .init(
            .interpolation, "No Interpolation",
            template: "Hello from {Mustache}!\n",
            expected: "Hello from {Mustache}!\n"),
        .init(
            .interpolation, "Basic Interpolation",
            data: ["subject": "world"],
            template: "Hello, {{subject}}!\n",
            expected: "Hello, world!\n"),
        .init(
            .interpolation, "HTML Escaping",
            data: ["forbidden": "& \" < >"],
            template: "These characters should be HTML escaped: {{forbidden}}\n",
            expected: "These characters should be HTML escaped: &amp; &quot; &lt; &gt;\n"),
        .init(
            .interpolation, "Triple Mustache",
            data: ["forbidden": "& \" < >"],
            template: "These characters should not be HTML escaped: {{{forbidden}}}\n",
            expected: "These characters should not be HTML escaped: & \" < >\n"),
        .init(
            .interpolation, "Ampersand",
            data: ["forbidden": "& \" < >"],
            template: "These characters should not be HTML escaped: {{&forbidden}}\n",
            expected: "These characters should not be HTML escaped: & \" < >\n"),
        .init(
            .interpolation, "Basic Integer Interpolation",
            data: ["mph": 85],
            template: "\"{{mph}} miles an hour!\"",
            expected: "\"85 miles an hour!\""),
        .init(
            .interpolation, "Triple Mustache Integer Interpolation",
            data: ["mph": 85],
            template: "\"{{{mph}}} miles an hour!\"",
            expected: "\"85 miles an hour!\""),
        .init(
            .interpolation, "Ampersand Integer Interpolation",
            data: ["mph": 85],
            template: "\"{{&mph}} miles an hour!\"",
            expected: "\"85 miles an hour!\""),
        // The spec's data is the decimal 1.21.
        .init(
            .interpolation, "Basic Decimal Interpolation",
            data: ["power": .text("1.21")],
            template: "\"{{power}} jiggawatts!\"",
            expected: "\"1.21 jiggawatts!\""),
        .init(
            .interpolation, "Triple Mustache Decimal Interpolation",
            data: ["power": .text("1.21")],
            template: "\"{{{power}}} jiggawatts!\"",
            expected: "\"1.21 jiggawatts!\""),
        .init(
            .interpolation, "Ampersand Decimal Interpolation",
            data: ["power": .text("1.21")],
            template: "\"{{&power}} jiggawatts!\"",
            expected: "\"1.21 jiggawatts!\""),
        .init(
            .interpolation, "Basic Context Miss Interpolation",
            template: "I ({{cannot}}) be seen!",
            expected: "I () be seen!"),
        .init(
            .interpolation, "Triple Mustache Context Miss Interpolation",
            template: "I ({{{cannot}}}) be seen!",
            expected: "I () be seen!"),
        .init(
            .interpolation, "Ampersand Context Miss Interpolation",
            template: "I ({{&cannot}}) be seen!",
            expected: "I () be seen!"),
        .init(
            .interpolation, "Dotted Names - Basic Interpolation",
            data: ["person": .object(["name": "Joe"])],
            template: "\"{{person.name}}\" == \"{{#person}}{{name}}{{/person}}\"",
            expected: "\"Joe\" == \"Joe\""),
        .init(
            .interpolation, "Dotted Names - Triple Mustache Interpolation",
            data: ["person": .object(["name": "Joe"])],
            template: "\"{{{person.name}}}\" == \"{{#person}}{{{name}}}{{/person}}\"",
            expected: "\"Joe\" == \"Joe\""),
        .init(
            .interpolation, "Dotted Names - Ampersand Interpolation",
            data: ["person": .object(["name": "Joe"])],
            template: "\"{{&person.name}}\" == \"{{#person}}{{&name}}{{/person}}\"",
            expected: "\"Joe\" == \"Joe\""),
        .init(
            .interpolation, "Dotted Names - Arbitrary Depth",
            data: ["a": .object(["b": .object(["c": .object(["d": .object(["e": .object(["name": "Phil"])])])])])],
            template: "\"{{a.b.c.d.e.name}}\" == \"Phil\"",
            expected: "\"Phil\" == \"Phil\""),
        .init(
            .interpolation, "Dotted Names - Broken Chains",
            data: ["a": .object([:])],
            template: "\"{{a.b.c}}\" == \"\"",
            expected: "\"\" == \"\""),
        .init(
            .interpolation, "Dotted Names - Broken Chain Resolution",
            data: ["a": .object(["b": .object([:])]), "c": .object(["name": "Jim"])],
            template: "\"{{a.b.c.name}}\" == \"\"",
            expected: "\"\" == \"\""),
        .init(
            .interpolation, "Dotted Names - Initial Resolution",
            data: [
                "a": .object(["b": .object(["c": .object(["d": .object(["e": .object(["name": "Phil"])])])])]),
                "b": .object(["c": .object(["d": .object(["e": .object(["name": "Wrong"])])])])
            ],
            template: "\"{{#a}}{{b.c.d.e.name}}{{/a}}\" == \"Phil\"",
            expected: "\"Phil\" == \"Phil\""),
        .init(
            .interpolation, "Dotted Names - Context Precedence",
            data: ["a": .object(["b": .object([:])]), "b": .object(["c": "ERROR"])],
            template: "{{#a}}{{b.c}}{{/a}}",
            expected: ""),
        .init(
            .interpolation, "Interpolation - Surrounding Whitespace",
            data: ["string": "---"],
            template: "| {{string}} |",
            expected: "| --- |"),
        .init(
            .interpolation, "Triple Mustache - Surrounding Whitespace",
            data: ["string": "---"],
            template: "| {{{string}}} |",
            expected: "| --- |"),
        .init(
            .interpolation, "Ampersand - Surrounding Whitespace",
            data: ["string": "---"],
            template: "| {{&string}} |",
            expected: "| --- |"),
        .init(
            .interpolation, "Interpolation - Standalone",
            data: ["string": "---"],
            template: "  {{string}}\n",
            expected: "  ---\n"),
        .init(
            .interpolation, "Triple Mustache - Standalone",
            data: ["string": "---"],
            template: "  {{{string}}}\n",
            expected: "  ---\n"),
        .init(
            .interpolation, "Ampersand - Standalone",
            data: ["string": "---"],
            template: "  {{&string}}\n",
            expected: "  ---\n"),
        .init(
            .interpolation, "Interpolation With Padding",
            data: ["string": "---"],
            template: "|{{ string }}|",
            expected: "|---|"),
        .init(
            .interpolation, "Triple Mustache With Padding",
            data: ["string": "---"],
            template: "|{{{ string }}}|",
            expected: "|---|"),
        .init(
            .interpolation, "Ampersand With Padding",
            data: ["string": "---"],
            template: "|{{& string }}|",
            expected: "|---|")
    ]
}

// MARK: - sections

extension MustacheSpecCase {
    static let sections: [MustacheSpecCase] = [
        .init(
            .sections, "Truthy",
            data: ["boolean": true],
            template: "\"{{#boolean}}This should be rendered.{{/boolean}}\"",
            expected: "\"This should be rendered.\""),
        .init(
            .sections, "Falsey",
            data: ["boolean": false],
            template: "\"{{#boolean}}This should not be rendered.{{/boolean}}\"",
            expected: "\"\""),
        // The spec's data is {"null": null}: the name is left out.
        .init(
            .sections, "Null is falsey",
            template: "\"{{#null}}This should not be rendered.{{/null}}\"",
            expected: "\"\""),
        .init(
            .sections, "Context",
            data: ["context": .object(["name": "Joe"])],
            template: "\"{{#context}}Hi {{name}}.{{/context}}\"",
            expected: "\"Hi Joe.\""),
        .init(
            .sections, "Parent contexts",
            data: ["a": "foo", "b": "wrong", "sec": .object(["b": "bar"]), "c": .object(["d": "baz"])],
            template: "\"{{#sec}}{{a}}, {{b}}, {{c.d}}{{/sec}}\"",
            expected: "\"foo, bar, baz\""),
        .init(
            .sections, "Variable test",
            data: ["foo": "bar"],
            template: "\"{{#foo}}{{.}} is {{foo}}{{/foo}}\"",
            expected: "\"bar is bar\""),
        .init(
            .sections, "List Contexts",
            data: [
                "tops": .list([
                    .object([
                        "tname": .object(["upper": "A", "lower": "a"]),
                        "middles": .list([
                            .object([
                                "mname": "1",
                                "bottoms": .list([.object(["bname": "x"]), .object(["bname": "y"])])
                            ])
                        ])
                    ])
                ])
            ],
            template:
                "{{#tops}}{{#middles}}{{tname.lower}}{{mname}}.{{#bottoms}}{{tname.upper}}{{mname}}{{bname}}."
                + "{{/bottoms}}{{/middles}}{{/tops}}",
            expected: "a1.A1x.A1y."),
        .init(
            .sections, "Deeply Nested Contexts",
            data: [
                "a": .object(["one": 1]),
                "b": .object(["two": 2]),
                "c": .object(["three": 3, "d": .object(["four": 4, "five": 5])])
            ],
            template:
                """
                {{#a}}
                {{one}}
                {{#b}}
                {{one}}{{two}}{{one}}
                {{#c}}
                {{one}}{{two}}{{three}}{{two}}{{one}}
                {{#d}}
                {{one}}{{two}}{{three}}{{four}}{{three}}{{two}}{{one}}
                {{#five}}
                {{one}}{{two}}{{three}}{{four}}{{five}}{{four}}{{three}}{{two}}{{one}}
                {{one}}{{two}}{{three}}{{four}}{{.}}6{{.}}{{four}}{{three}}{{two}}{{one}}
                {{one}}{{two}}{{three}}{{four}}{{five}}{{four}}{{three}}{{two}}{{one}}
                {{/five}}
                {{one}}{{two}}{{three}}{{four}}{{three}}{{two}}{{one}}
                {{/d}}
                {{one}}{{two}}{{three}}{{two}}{{one}}
                {{/c}}
                {{one}}{{two}}{{one}}
                {{/b}}
                {{one}}
                {{/a}}

                """,
            expected: "1\n121\n12321\n1234321\n123454321\n12345654321\n123454321\n1234321\n12321\n121\n1\n"),
        .init(
            .sections, "List",
            data: ["list": .list([.object(["item": 1]), .object(["item": 2]), .object(["item": 3])])],
            template: "\"{{#list}}{{item}}{{/list}}\"",
            expected: "\"123\""),
        .init(
            .sections, "Empty List",
            data: ["list": .list([])],
            template: "\"{{#list}}Yay lists!{{/list}}\"",
            expected: "\"\""),
        .init(
            .sections, "Doubled",
            data: ["bool": true, "two": "second"],
            template: "{{#bool}}\n* first\n{{/bool}}\n* {{two}}\n{{#bool}}\n* third\n{{/bool}}\n",
            expected: "* first\n* second\n* third\n"),
        .init(
            .sections, "Nested (Truthy)",
            data: ["bool": true],
            template: "| A {{#bool}}B {{#bool}}C{{/bool}} D{{/bool}} E |",
            expected: "| A B C D E |"),
        .init(
            .sections, "Nested (Falsey)",
            data: ["bool": false],
            template: "| A {{#bool}}B {{#bool}}C{{/bool}} D{{/bool}} E |",
            expected: "| A  E |"),
        .init(
            .sections, "Context Misses",
            template: "[{{#missing}}Found key 'missing'!{{/missing}}]",
            expected: "[]"),
        .init(
            .sections, "Implicit Iterator - String",
            data: ["list": .list(["a", "b", "c", "d", "e"])],
            template: "\"{{#list}}({{.}}){{/list}}\"",
            expected: "\"(a)(b)(c)(d)(e)\""),
        .init(
            .sections, "Implicit Iterator - Integer",
            data: ["list": .list([1, 2, 3, 4, 5])],
            template: "\"{{#list}}({{.}}){{/list}}\"",
            expected: "\"(1)(2)(3)(4)(5)\""),
        // The spec's data is the decimals 1.1, 2.2, 3.3, 4.4 and 5.5.
        .init(
            .sections, "Implicit Iterator - Decimal",
            data: ["list": .list([.text("1.1"), .text("2.2"), .text("3.3"), .text("4.4"), .text("5.5")])],
            template: "\"{{#list}}({{.}}){{/list}}\"",
            expected: "\"(1.1)(2.2)(3.3)(4.4)(5.5)\""),
        .init(
            .sections, "Implicit Iterator - Array",
            data: ["list": .list([.list([1, 2, 3]), .list(["a", "b", "c"])])],
            template: "\"{{#list}}({{#.}}{{.}}{{/.}}){{/list}}\"",
            expected: "\"(123)(abc)\""),
        .init(
            .sections, "Implicit Iterator - HTML Escaping",
            data: ["list": .list(["&", "\"", "<", ">"])],
            template: "\"{{#list}}({{.}}){{/list}}\"",
            expected: "\"(&amp;)(&quot;)(&lt;)(&gt;)\""),
        .init(
            .sections, "Implicit Iterator - Triple mustache",
            data: ["list": .list(["&", "\"", "<", ">"])],
            template: "\"{{#list}}({{{.}}}){{/list}}\"",
            expected: "\"(&)(\")(<)(>)\""),
        .init(
            .sections, "Implicit Iterator - Ampersand",
            data: ["list": .list(["&", "\"", "<", ">"])],
            template: "\"{{#list}}({{&.}}){{/list}}\"",
            expected: "\"(&)(\")(<)(>)\""),
        .init(
            .sections, "Dotted Names - Truthy",
            data: ["a": .object(["b": .object(["c": true])])],
            template: "\"{{#a.b.c}}Here{{/a.b.c}}\" == \"Here\"",
            expected: "\"Here\" == \"Here\""),
        .init(
            .sections, "Dotted Names - Falsey",
            data: ["a": .object(["b": .object(["c": false])])],
            template: "\"{{#a.b.c}}Here{{/a.b.c}}\" == \"\"",
            expected: "\"\" == \"\""),
        .init(
            .sections, "Dotted Names - Broken Chains",
            data: ["a": .object([:])],
            template: "\"{{#a.b.c}}Here{{/a.b.c}}\" == \"\"",
            expected: "\"\" == \"\""),
        .init(
            .sections, "Surrounding Whitespace",
            data: ["boolean": true],
            template: " | {{#boolean}}\t|\t{{/boolean}} | \n",
            expected: " | \t|\t | \n"),
        .init(
            .sections, "Internal Whitespace",
            data: ["boolean": true],
            template: " | {{#boolean}} {{! Important Whitespace }}\n {{/boolean}} | \n",
            expected: " |  \n  | \n"),
        .init(
            .sections, "Indented Inline Sections",
            data: ["boolean": true],
            template: " {{#boolean}}YES{{/boolean}}\n {{#boolean}}GOOD{{/boolean}}\n",
            expected: " YES\n GOOD\n"),
        .init(
            .sections, "Standalone Lines",
            data: ["boolean": true],
            template: "| This Is\n{{#boolean}}\n|\n{{/boolean}}\n| A Line\n",
            expected: "| This Is\n|\n| A Line\n"),
        .init(
            .sections, "Indented Standalone Lines",
            data: ["boolean": true],
            template: "| This Is\n  {{#boolean}}\n|\n  {{/boolean}}\n| A Line\n",
            expected: "| This Is\n|\n| A Line\n"),
        .init(
            .sections, "Standalone Line Endings",
            data: ["boolean": true],
            template: "|\r\n{{#boolean}}\r\n{{/boolean}}\r\n|",
            expected: "|\r\n|"),
        .init(
            .sections, "Standalone Without Previous Line",
            data: ["boolean": true],
            template: "  {{#boolean}}\n#{{/boolean}}\n/",
            expected: "#\n/"),
        .init(
            .sections, "Standalone Without Newline",
            data: ["boolean": true],
            template: "#{{#boolean}}\n/\n  {{/boolean}}",
            expected: "#\n/\n"),
        .init(
            .sections, "Padding",
            data: ["boolean": true],
            template: "|{{# boolean }}={{/ boolean }}|",
            expected: "|=|")
    ]
}

// MARK: - inverted

extension MustacheSpecCase {
    static let inverted: [MustacheSpecCase] = [
        .init(
            .inverted, "Falsey",
            data: ["boolean": false],
            template: "\"{{^boolean}}This should be rendered.{{/boolean}}\"",
            expected: "\"This should be rendered.\""),
        .init(
            .inverted, "Truthy",
            data: ["boolean": true],
            template: "\"{{^boolean}}This should not be rendered.{{/boolean}}\"",
            expected: "\"\""),
        .init(
            .inverted, "Context",
            data: ["context": .object(["name": "Joe"])],
            template: "\"{{^context}}Hi {{name}}.{{/context}}\"",
            expected: "\"\""),
        .init(
            .inverted, "List",
            data: ["list": .list([.object(["n": 1]), .object(["n": 2]), .object(["n": 3])])],
            template: "\"{{^list}}{{n}}{{/list}}\"",
            expected: "\"\""),
        .init(
            .inverted, "Empty List",
            data: ["list": .list([])],
            template: "\"{{^list}}Yay lists!{{/list}}\"",
            expected: "\"Yay lists!\""),
        .init(
            .inverted, "Doubled",
            data: ["bool": false, "two": "second"],
            template: "{{^bool}}\n* first\n{{/bool}}\n* {{two}}\n{{^bool}}\n* third\n{{/bool}}\n",
            expected: "* first\n* second\n* third\n"),
        .init(
            .inverted, "Nested (Falsey)",
            data: ["bool": false],
            template: "| A {{^bool}}B {{^bool}}C{{/bool}} D{{/bool}} E |",
            expected: "| A B C D E |"),
        .init(
            .inverted, "Nested (Truthy)",
            data: ["bool": true],
            template: "| A {{^bool}}B {{^bool}}C{{/bool}} D{{/bool}} E |",
            expected: "| A  E |"),
        .init(
            .inverted, "Context Misses",
            template: "[{{^missing}}Cannot find key 'missing'!{{/missing}}]",
            expected: "[Cannot find key 'missing'!]"),
        .init(
            .inverted, "Dotted Names - Truthy",
            data: ["a": .object(["b": .object(["c": true])])],
            template: "\"{{^a.b.c}}Not Here{{/a.b.c}}\" == \"\"",
            expected: "\"\" == \"\""),
        .init(
            .inverted, "Dotted Names - Falsey",
            data: ["a": .object(["b": .object(["c": false])])],
            template: "\"{{^a.b.c}}Not Here{{/a.b.c}}\" == \"Not Here\"",
            expected: "\"Not Here\" == \"Not Here\""),
        .init(
            .inverted, "Dotted Names - Broken Chains",
            data: ["a": .object([:])],
            template: "\"{{^a.b.c}}Not Here{{/a.b.c}}\" == \"Not Here\"",
            expected: "\"Not Here\" == \"Not Here\""),
        .init(
            .inverted, "Surrounding Whitespace",
            data: ["boolean": false],
            template: " | {{^boolean}}\t|\t{{/boolean}} | \n",
            expected: " | \t|\t | \n"),
        .init(
            .inverted, "Internal Whitespace",
            data: ["boolean": false],
            template: " | {{^boolean}} {{! Important Whitespace }}\n {{/boolean}} | \n",
            expected: " |  \n  | \n"),
        .init(
            .inverted, "Indented Inline Sections",
            data: ["boolean": false],
            template: " {{^boolean}}NO{{/boolean}}\n {{^boolean}}WAY{{/boolean}}\n",
            expected: " NO\n WAY\n"),
        .init(
            .inverted, "Standalone Lines",
            data: ["boolean": false],
            template: "| This Is\n{{^boolean}}\n|\n{{/boolean}}\n| A Line\n",
            expected: "| This Is\n|\n| A Line\n"),
        .init(
            .inverted, "Standalone Indented Lines",
            data: ["boolean": false],
            template: "| This Is\n  {{^boolean}}\n|\n  {{/boolean}}\n| A Line\n",
            expected: "| This Is\n|\n| A Line\n"),
        .init(
            .inverted, "Standalone Line Endings",
            data: ["boolean": false],
            template: "|\r\n{{^boolean}}\r\n{{/boolean}}\r\n|",
            expected: "|\r\n|"),
        .init(
            .inverted, "Standalone Without Previous Line",
            data: ["boolean": false],
            template: "  {{^boolean}}\n^{{/boolean}}\n/",
            expected: "^\n/"),
        .init(
            .inverted, "Standalone Without Newline",
            data: ["boolean": false],
            template: "^{{^boolean}}\n/\n  {{/boolean}}",
            expected: "^\n/\n"),
        .init(
            .inverted, "Padding",
            data: ["boolean": false],
            template: "|{{^ boolean }}={{/ boolean }}|",
            expected: "|=|")
    ]
}

// MARK: - comments

extension MustacheSpecCase {
    static let comments: [MustacheSpecCase] = [
        .init(
            .comments, "Inline",
            template: "12345{{! Comment Block! }}67890",
            expected: "1234567890"),
        .init(
            .comments, "Multiline",
            template: "12345{{!\n  This is a\n  multi-line comment...\n}}67890\n",
            expected: "1234567890\n"),
        .init(
            .comments, "Standalone",
            template: "Begin.\n{{! Comment Block! }}\nEnd.\n",
            expected: "Begin.\nEnd.\n"),
        .init(
            .comments, "Indented Standalone",
            template: "Begin.\n  {{! Indented Comment Block! }}\nEnd.\n",
            expected: "Begin.\nEnd.\n"),
        .init(
            .comments, "Standalone Line Endings",
            template: "|\r\n{{! Standalone Comment }}\r\n|",
            expected: "|\r\n|"),
        .init(
            .comments, "Standalone Without Previous Line",
            template: "  {{! I'm Still Standalone }}\n!",
            expected: "!"),
        .init(
            .comments, "Standalone Without Newline",
            template: "!\n  {{! I'm Still Standalone }}",
            expected: "!\n"),
        .init(
            .comments, "Multiline Standalone",
            template: "Begin.\n{{!\nSomething's going on here...\n}}\nEnd.\n",
            expected: "Begin.\nEnd.\n"),
        .init(
            .comments, "Indented Multiline Standalone",
            template: "Begin.\n  {{!\n    Something's going on here...\n  }}\nEnd.\n",
            expected: "Begin.\nEnd.\n"),
        .init(
            .comments, "Indented Inline",
            template: "  12 {{! 34 }}\n",
            expected: "  12 \n"),
        .init(
            .comments, "Surrounding Whitespace",
            template: "12345 {{! Comment Block! }} 67890",
            expected: "12345  67890")
    ]
}

// MARK: - partials

extension MustacheSpecCase {
    static let partials: [MustacheSpecCase] = [
        .init(
            .partials, "Basic Behavior",
            template: "\"{{>text}}\"",
            partials: ["text": "from partial"],
            expected: "\"from partial\""),
        .init(
            .partials, "Failed Lookup",
            template: "\"{{>text}}\"",
            expected: "\"\"",
            strata: .error(
                "there is no template 'text' in the theme",
                because: "a theme naming a partial it lacks is a mistake, reported before any page is written")),
        .init(
            .partials, "Context",
            data: ["text": "content"],
            template: "\"{{>partial}}\"",
            partials: ["partial": "*{{text}}*"],
            expected: "\"*content*\""),
        .init(
            .partials, "Recursion",
            data: ["content": "X", "nodes": .list([.object(["content": "Y", "nodes": .list([])])])],
            template: "{{>node}}",
            partials: ["node": "{{content}}<{{#nodes}}{{>node}}{{/nodes}}>"],
            expected: "X<Y<>>"),
        .init(
            .partials, "Surrounding Whitespace",
            template: "| {{>partial}} |",
            partials: ["partial": "\t|\t"],
            expected: "| \t|\t |"),
        .init(
            .partials, "Inline Indentation",
            data: ["data": "|"],
            template: "  {{data}}  {{> partial}}\n",
            partials: ["partial": ">\n>"],
            expected: "  |  >\n>\n"),
        .init(
            .partials, "Standalone Line Endings",
            template: "|\r\n{{>partial}}\r\n|",
            partials: ["partial": ">"],
            expected: "|\r\n>|"),
        .init(
            .partials, "Standalone Without Previous Line",
            template: "  {{>partial}}\n>",
            partials: ["partial": ">\n>"],
            expected: "  >\n  >>"),
        .init(
            .partials, "Standalone Without Newline",
            template: ">\n  {{>partial}}",
            partials: ["partial": ">\n>"],
            expected: ">\n  >\n  >"),
        .init(
            .partials, "Standalone Indentation",
            data: ["content": "<\n->"],
            template: "\\\n {{>partial}}\n/\n",
            partials: ["partial": "|\n{{{content}}}\n|\n"],
            expected: "\\\n |\n <\n->\n |\n/\n"),
        .init(
            .partials, "Padding Whitespace",
            data: ["boolean": true],
            template: "|{{> partial }}|",
            partials: ["partial": "[]"],
            expected: "|[]|")
    ]
}

// MARK: - delimiters

extension MustacheSpecCase {
    static let delimiters: [MustacheSpecCase] = [
        .init(
            .delimiters, "Pair Behavior",
            data: ["text": "Hey!"],
            template: "{{=<% %>=}}(<%text%>)",
            expected: "(Hey!)"),
        .init(
            .delimiters, "Special Characters",
            data: ["text": "It worked!"],
            template: "({{=[ ]=}}[text])",
            expected: "(It worked!)"),
        .init(
            .delimiters, "Sections",
            data: ["section": true, "data": "I got interpolated."],
            template:
                "[\n{{#section}}\n  {{data}}\n  |data|\n{{/section}}\n\n{{= | | =}}\n|#section|\n  {{data}}\n  "
                + "|data|\n|/section|\n]\n",
            expected: "[\n  I got interpolated.\n  |data|\n\n  {{data}}\n  I got interpolated.\n]\n"),
        .init(
            .delimiters, "Inverted Sections",
            data: ["section": false, "data": "I got interpolated."],
            template:
                "[\n{{^section}}\n  {{data}}\n  |data|\n{{/section}}\n\n{{= | | =}}\n|^section|\n  {{data}}\n  "
                + "|data|\n|/section|\n]\n",
            expected: "[\n  I got interpolated.\n  |data|\n\n  {{data}}\n  I got interpolated.\n]\n"),
        .init(
            .delimiters, "Partial Inheritence",
            data: ["value": "yes"],
            template: "[ {{>include}} ]\n{{= | | =}}\n[ |>include| ]\n",
            partials: ["include": ".{{value}}."],
            expected: "[ .yes. ]\n[ .yes. ]\n"),
        .init(
            .delimiters, "Post-Partial Behavior",
            data: ["value": "yes"],
            template: "[ {{>include}} ]\n[ .{{value}}.  .|value|. ]\n",
            partials: ["include": ".{{value}}. {{= | | =}} .|value|."],
            expected: "[ .yes.  .yes. ]\n[ .yes.  .|value|. ]\n"),
        .init(
            .delimiters, "Surrounding Whitespace",
            template: "| {{=@ @=}} |",
            expected: "|  |"),
        .init(
            .delimiters, "Outlying Whitespace (Inline)",
            template: " | {{=@ @=}}\n",
            expected: " | \n"),
        .init(
            .delimiters, "Standalone Tag",
            template: "Begin.\n{{=@ @=}}\nEnd.\n",
            expected: "Begin.\nEnd.\n"),
        .init(
            .delimiters, "Indented Standalone Tag",
            template: "Begin.\n  {{=@ @=}}\nEnd.\n",
            expected: "Begin.\nEnd.\n"),
        .init(
            .delimiters, "Standalone Line Endings",
            template: "|\r\n{{= @ @ =}}\r\n|",
            expected: "|\r\n|"),
        .init(
            .delimiters, "Standalone Without Previous Line",
            template: "  {{=@ @=}}\n=",
            expected: "="),
        .init(
            .delimiters, "Standalone Without Newline",
            template: "=\n  {{=@ @=}}",
            expected: "=\n"),
        .init(
            .delimiters, "Pair with Padding",
            template: "|{{= @   @ =}}|",
            expected: "||")
    ]
}

// MARK: - ~inheritance

extension MustacheSpecCase {
    static let inheritance: [MustacheSpecCase] = [
        .init(
            .inheritance, "Default",
            template: "{{$title}}Default title{{/title}}\n",
            expected: "Default title\n"),
        .init(
            .inheritance, "Variable",
            data: ["bar": "baz"],
            template: "{{$foo}}default {{bar}} content{{/foo}}\n",
            expected: "default baz content\n"),
        .init(
            .inheritance, "Triple Mustache",
            data: ["bar": "<baz>"],
            template: "{{$foo}}default {{{bar}}} content{{/foo}}\n",
            expected: "default <baz> content\n"),
        .init(
            .inheritance, "Sections",
            data: ["bar": .object(["baz": "qux"])],
            template: "{{$foo}}default {{#bar}}{{baz}}{{/bar}} content{{/foo}}\n",
            expected: "default qux content\n"),
        .init(
            .inheritance, "Negative Sections",
            data: ["baz": "three"],
            template: "{{$foo}}default {{^bar}}{{baz}}{{/bar}} content{{/foo}}\n",
            expected: "default three content\n"),
        .init(
            .inheritance, "Mustache Injection",
            data: ["bar": .object(["baz": "{{qux}}"])],
            template: "{{$foo}}default {{#bar}}{{baz}}{{/bar}} content{{/foo}}\n",
            expected: "default {{qux}} content\n"),
        .init(
            .inheritance, "Inherit",
            template: "{{<include}}{{/include}}\n",
            partials: ["include": "{{$foo}}default content{{/foo}}"],
            expected: "default content"),
        .init(
            .inheritance, "Overridden content",
            template: "{{<super}}{{$title}}sub template title{{/title}}{{/super}}",
            partials: ["super": "...{{$title}}Default title{{/title}}..."],
            expected: "...sub template title..."),
        .init(
            .inheritance, "Data does not override block",
            data: ["var": "var in data"],
            template: "{{<include}}{{$var}}var in template{{/var}}{{/include}}",
            partials: ["include": "{{$var}}var in include{{/var}}"],
            expected: "var in template"),
        .init(
            .inheritance, "Data does not override block default",
            data: ["var": "var in data"],
            template: "{{<include}}{{/include}}",
            partials: ["include": "{{$var}}var in include{{/var}}"],
            expected: "var in include"),
        .init(
            .inheritance, "Overridden parent",
            template: "test {{<parent}}{{$stuff}}override{{/stuff}}{{/parent}}",
            partials: ["parent": "{{$stuff}}...{{/stuff}}"],
            expected: "test override"),
        .init(
            .inheritance, "Two overridden parents",
            template:
                "test {{<parent}}{{$stuff}}override1{{/stuff}}{{/parent}} "
                + "{{<parent}}{{$stuff}}override2{{/stuff}}{{/parent}}\n",
            partials: ["parent": "|{{$stuff}}...{{/stuff}}{{$default}} default{{/default}}|"],
            expected: "test |override1 default| |override2 default|\n"),
        .init(
            .inheritance, "Override parent with newlines",
            template: "{{<parent}}{{$ballmer}}\npeaked\n\n:(\n{{/ballmer}}{{/parent}}",
            partials: ["parent": "{{$ballmer}}peaking{{/ballmer}}"],
            expected: "peaked\n\n:(\n"),
        .init(
            .inheritance, "Inherit indentation",
            template: "{{<parent}}{{$nineties}}hammer time{{/nineties}}{{/parent}}",
            partials: ["parent": "stop:\n  {{$nineties}}collaborate and listen{{/nineties}}\n"],
            expected: "stop:\n  hammer time\n"),
        .init(
            .inheritance, "Only one override",
            template: "{{<parent}}{{$stuff2}}override two{{/stuff2}}{{/parent}}",
            partials: ["parent": "{{$stuff}}new default one{{/stuff}}, {{$stuff2}}new default two{{/stuff2}}"],
            expected: "new default one, override two"),
        .init(
            .inheritance, "Parent template",
            template: "{{>parent}}|{{<parent}}{{/parent}}",
            partials: ["parent": "{{$foo}}default content{{/foo}}"],
            expected: "default content|default content"),
        .init(
            .inheritance, "Recursion",
            template: "{{<parent}}{{$foo}}override{{/foo}}{{/parent}}",
            partials: [
                "parent": "{{$foo}}default content{{/foo}} {{$bar}}{{<parent2}}{{/parent2}}{{/bar}}",
                "parent2": "{{$foo}}parent2 default content{{/foo}} {{<parent}}{{$bar}}don't recurse{{/bar}}{{/parent}}"
            ],
            expected: "override override override don't recurse"),
        .init(
            .inheritance, "Multi-level inheritance",
            template: "{{<parent}}{{$a}}c{{/a}}{{/parent}}",
            partials: [
                "parent": "{{<older}}{{$a}}p{{/a}}{{/older}}",
                "older": "{{<grandParent}}{{$a}}o{{/a}}{{/grandParent}}",
                "grandParent": "{{$a}}g{{/a}}"
            ],
            expected: "c"),
        .init(
            .inheritance, "Multi-level inheritance, no sub child",
            template: "{{<parent}}{{/parent}}",
            partials: [
                "parent": "{{<older}}{{$a}}p{{/a}}{{/older}}",
                "older": "{{<grandParent}}{{$a}}o{{/a}}{{/grandParent}}",
                "grandParent": "{{$a}}g{{/a}}"
            ],
            expected: "p"),
        // The spec has two cases of this name: this one ignores text but parses blocks...
        .init(
            .inheritance, "Text inside parent",
            template: "{{<parent}} asdfasd {{$foo}}hmm{{/foo}} asdfasdfasdf {{/parent}}",
            partials: ["parent": "{{$foo}}default content{{/foo}}"],
            expected: "hmm"),
        // ...and this one allows text alone inside a parent tag.
        .init(
            .inheritance, "Text inside parent",
            template: "{{<parent}} asdfasd asdfasdfasdf {{/parent}}",
            partials: ["parent": "{{$foo}}default content{{/foo}}"],
            expected: "default content"),
        .init(
            .inheritance, "Standalone parent",
            template: "Hi,\n  {{<parent}}{{/parent}}\n",
            partials: ["parent": "one\ntwo\n"],
            expected: "Hi,\n  one\n  two\n"),
        .init(
            .inheritance, "Standalone block",
            template: "{{<parent}}{{$block}}\none\ntwo{{/block}}\n{{/parent}}\n",
            partials: ["parent": "Hi,\n  {{$block}}{{/block}}\n"],
            expected: "Hi,\n  one\n  two\n",
            strata: .output("Hi,\n  one\ntwo\n", because: "a block's replacement is written as it is indented")),
        .init(
            .inheritance, "Block reindentation",
            template: "{{<parent}}{{$block}}\n    one\n    two\n{{/block}}{{/parent}}\n",
            partials: ["parent": "Hi,\n  {{$block}}\n  {{/block}}\n"],
            expected: "Hi,\n  one\n  two\n",
            strata: .output("Hi,\n    one\n    two\n", because: "a block's replacement is written as it is indented")),
        .init(
            .inheritance, "Intrinsic indentation",
            template: "{{<parent}}{{$block}}\none\ntwo\n{{/block}}{{/parent}}\n",
            partials: ["parent": "Hi,\n{{$block}}\n  default\n{{/block}}\n"],
            expected: "Hi,\n  one\n  two\n",
            strata: .output("Hi,\none\ntwo\n", because: "a block's replacement is written as it is indented")),
        .init(
            .inheritance, "Nested block reindentation",
            template: "{{<parent}}{{$nested}}\nthree\n{{/nested}}{{/parent}}\n",
            partials: [
                "parent":
                    "{{<grandparent}}{{$block}}\n  one\n  {{$nested}}\n    two\n  "
                    + "{{/nested}}\n{{/block}}{{/grandparent}}\n",
                "grandparent": "{{$block}}default{{/block}}"
            ],
            expected: "one\n  three\n",
            strata: .output("  one\nthree\n", because: "a block's replacement is written as it is indented"))
    ]
}
