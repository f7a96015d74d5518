import Dispatch
import Foundation
import StrataCore
import Testing

@testable import StrataMarkdown

@Suite struct ParallelParsingTests {
    /// libcmark-gfm shares the extensions' special characters between parsers. With every
    /// parser adding and removing them around its inline parsing, pages parsed in parallel
    /// lost strikethrough and autolinks: 1 page in 400 on one run of three, and on most runs
    /// of 4,000. Strata sets them once, for good, and parses without a lock.
    @Test func extensionsWorkOnEveryPageWhenParsedInParallel() {
        let count = 4_000
        let markdown = "~~old~~ new: https://example.com " + String(repeating: "word ", count: 50)
        let outputs = ParallelMap.map(Array(0..<count)) { index in
            MarkdownParser.parse(markdown + "\(index)", path: "p\(index).md").renderHTML()
        }
        let broken = outputs.filter { !$0.hasPrefix("<p><del>old</del> new: <a href=\"https://example.com\">") }
        #expect(broken.isEmpty, "\(broken.count) of \(count) pages lost an extension")
    }

    /// On Debian's libcmark-gfm (the one `make deps` installs) the library's calls reach
    /// Strata's `cmark_manage_extensions_special_characters`, so no page waits for another
    /// to finish its inline parsing. (Elsewhere, macOS or a library linked with
    /// `-Bsymbolic-functions` as Ubuntu's are, pages take the lock, and this is not asked.)
    @Test(.enabled(if: Self.isDebian, "the binding is checked with Debian's libcmark-gfm"))
    func inlineParsingNeedsNoLockWithTheSystemLibrary() {
        _ = MarkdownParser.parse("~~a~~", path: "a.md")
        #expect(SpecialCharacterTable.isInterposed)
        #expect(!MarkdownParser.parseNeedsLock)
    }

    static var isDebian: Bool {
        #if os(Linux)
            let release = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)) ?? ""
            return release.split(separator: "\n").contains("ID=debian")
        #else
            return false
        #endif
    }
}
