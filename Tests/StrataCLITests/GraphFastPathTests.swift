@testable import StrataCLI
import Testing

/// `strata graph` reads its usual command lines without the argument parser. Whatever it
/// accepts must mean what the parser makes of it; whatever else it leaves to the parser.
@Suite struct GraphFastPathTests {
    static let accepted: [[String]] = [
        [], ["--format", "json"], ["--format=json"], ["-f", "dot"], ["-f", "svg"], ["--format", "mermaid"], ["--format", "text"],
        ["-q"], ["--quiet"], ["--hide-tests"], ["--hide-external"], ["--hide-sdk"],
        ["--manifest", "syntax"], ["--manifest=swiftpm"], ["--manifest", "auto"],
        ["-o", "graph.json"], ["--config", ""], ["--output", "a b.json"], ["--output=x=y.json"],
        ["--paths", "absolute"], ["--paths=relative"], ["--paths", "repository"],
        ["--config", "other.yml"], ["--config=c.yml"], ["-C", "App"], ["--project", "../App"], ["--project=App"],
        ["--focus", "Core"], ["--focus=Core", "--depth=0"], ["--focus", "A", "--focus", "B", "--depth", "2"], ["--depth", "1", "--focus", "A"],
        ["--format", "json", "-q", "--hide-tests", "-C", "App", "--paths", "absolute", "-o", "out.json", "--manifest", "syntax"],
        ["--focus", "é", "--output", "日本.json"],
    ]

    @Test(arguments: accepted)
    func readsWhatTheParserReads(arguments: [String]) throws {
        let fast = try #require(GraphFastPath.options(from: arguments), "the fast path declined \(arguments)")
        #expect(fast == (try GraphCommand.options(parsing: arguments)))
    }

    /// Every two of the accepted forms together (each option once), both ways round.
    @Test func readsCombinationsAsTheParserDoes() throws {
        let pairs = CommandLineForms.pairs(of: Self.accepted.filter { !$0.contains("--depth") && !$0.contains("--depth=0") }, repeatable: ["--focus"])
        for arguments in pairs {
            let fast = try #require(GraphFastPath.options(from: arguments), "the fast path declined \(arguments)")
            #expect(fast == (try GraphCommand.options(parsing: arguments)), "\(arguments)")
        }
        #expect(pairs.count > 300)
    }

    /// Help, mistakes and the forms it does not know go to the parser, which explains them.
    @Test(arguments: [
        ["--help"], ["-h"], ["help"], ["--version"], ["Core"], ["-"], ["--"], ["--", "x"],
        ["--format", "xml"], ["--format"], ["-f"], ["--format="], ["-fjson"], ["-qf", "json"], ["-f=json"],
        ["--quiet=yes"], ["--hide-tests=true"], ["--depth", "2"], ["--depth", "x", "--focus", "A"], ["--depth", "-1", "--focus", "A"],
        ["--output", "-"], ["-o", "-x"], ["--format", "json", "--format", "dot"], ["-q", "--quiet"], ["--unknown"], ["--formats", "json"],
        ["--manifest", "SwiftPM"], ["--paths", "abs"], ["-p", "8000"],
        // The parser reads `--option=` as the option without a value.
        ["--project="], ["--focus=", "-q"], ["--output=", "-q"], ["--config="],
    ])
    func leavesEverythingElseToTheParser(arguments: [String]) {
        #expect(GraphFastPath.options(from: arguments) == nil)
    }
}
