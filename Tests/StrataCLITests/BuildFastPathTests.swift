@testable import StrataCLI
import StrataCore
import Testing

/// `strata build` reads its usual command lines without the argument parser. Whatever it
/// accepts must mean what the parser makes of it; whatever else it leaves to the parser.
@Suite struct BuildFastPathTests {
    static let accepted: [[String]] = [
        [], ["--quiet"], ["-q"], ["--strict"],
        ["--output", "Site"], ["--output", ""], ["-o", "a b"], ["--output=x=y"], ["-o", "日本"],
        ["--base-url", "/docs/"], ["--base-url=https://example.com/docs/"],
        ["--manifest", "syntax"], ["--manifest=swiftpm"], ["--manifest", "auto"],
        ["--as-of", "2026-11-26"], ["--as-of=2024-02-29"],
        ["--config", "other.yml"], ["--config=c.yml"], ["-C", "App"], ["--project", "../App"], ["--project=App"],
        ["--strict", "--quiet", "--output", "Output", "-C", "Docs", "--as-of", "2026-01-01", "--manifest", "syntax", "--base-url", "/"],
    ]

    @Test(arguments: accepted)
    func readsWhatTheParserReads(arguments: [String]) throws {
        let fast = try #require(BuildFastPath.options(from: arguments), "the fast path declined \(arguments)")
        #expect(fast == (try BuildCommand.options(parsing: arguments)))
    }

    /// Every two of the accepted forms together (each option once), both ways round.
    @Test func readsCombinationsAsTheParserDoes() throws {
        let pairs = CommandLineForms.pairs(of: Self.accepted)
        for arguments in pairs {
            let fast = try #require(BuildFastPath.options(from: arguments), "the fast path declined \(arguments)")
            #expect(fast == (try BuildCommand.options(parsing: arguments)), "\(arguments)")
        }
        #expect(pairs.count > 300)
    }

    /// Help, mistakes and the forms it does not know go to the parser, which explains them.
    @Test(arguments: [
        ["--help"], ["-h"], ["help"], ["--version"], ["Docs"], ["-"], ["--"], ["--", "x"],
        ["--output"], ["-o"], ["--output="], ["-oSite"], ["-qo", "Site"], ["-o=Site"], ["--output", "-"], ["-o", "-x"],
        ["--quiet=yes"], ["--strict=true"], ["--as-of", "26-11-2026"], ["--as-of", "2026-02-30"], ["--as-of", "today"],
        ["--manifest", "SwiftPM"], ["--output", "a", "-o", "b"], ["-q", "--quiet"], ["--unknown"], ["--outputs", "x"],
        ["-p", "8000"], ["-f", "json"], ["--format", "json"], ["--report", "x"],
        ["--project="], ["--config="], ["--base-url="], ["--as-of="],
    ])
    func leavesEverythingElseToTheParser(arguments: [String]) {
        #expect(BuildFastPath.options(from: arguments) == nil)
    }
}
