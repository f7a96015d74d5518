import Dispatch
import StrataCore
@testable import StrataMarkdown
import Testing

@Suite struct ParallelParsingTests {
    /// libcmark-gfm shares the extensions' special characters between parsers; parsing in
    /// parallel once lost strikethrough and autolinks on some pages of some builds.
    @Test func extensionsWorkOnEveryPageWhenParsedInParallel() {
        let count = 400
        let markdown = "~~old~~ new: https://example.com " + String(repeating: "word ", count: 200)
        let outputs = ParallelMap.map(Array(0 ..< count)) { index in
            MarkdownParser.parse(markdown + "\(index)", path: "p\(index).md").renderHTML()
        }
        let broken = outputs.filter { !$0.hasPrefix("<p><del>old</del> new: <a href=\"https://example.com\">") }
        #expect(broken.isEmpty, "\(broken.count) of \(count) pages lost an extension")
    }
}
