import Testing

@testable import StrataTemplates

/// Issue 45, item 12: one render is bounded in partials included and bytes written, and
/// the failure names the limit and the tag.
@Suite struct TemplateLimitTests {
    /// Twenty-one partials each including the next twice: 2^21 includes, past the bound.
    @Test func partialsThatMultiplyStopAtTheIncludeBound() throws {
        var library = TemplateLibrary()
        try library.add("{{> p0}}", named: "main")
        for index in 0..<21 { try library.add("{{> p\(index + 1)}}{{> p\(index + 1)}}", named: "p\(index)") }
        try library.add("", named: "p21")
        guard case .failure(let failure) = library.render([:], template: "main") else {
            Issue.record("the render should stop")
            return
        }
        #expect(failure.bound == .partialIncludes)
        #expect(failure.position.template.hasPrefix("p"))
    }

    /// A value written again and again stops at the output bound, at the tag that wrote it.
    @Test func aValueWrittenManyTimesStopsAtTheOutputBound() throws {
        var library = TemplateLibrary()
        try library.add("<p>\n" + String(repeating: "{{{big}}}\n", count: 70), named: "main")
        let big = String(repeating: "x", count: 1_000_000)
        guard case .failure(let failure) = library.render(["big": .text(big)], template: "main") else {
            Issue.record("the render should stop")
            return
        }
        #expect(failure.bound == .outputBytes)
        #expect(failure.position == TemplatePosition(template: "main", line: 65, column: 1))
    }
}
