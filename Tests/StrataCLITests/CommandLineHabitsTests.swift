import Foundation
import StrataTestSupport
import Testing

@testable import StrataCLI

/// The command line behaves as users of other tools expect: a misspelt command gets a
/// suggestion, an option given twice is an error rather than silently the last one, options
/// meant to repeat accumulate, and the short options mean the same on every command.
@Suite struct CommandLineHabitsTests {
    let cli = CommandLineTests()

    @Test func aMisspeltCommandGetsASuggestion() async throws {
        let folder = try GraphCommandTests().shop()
        let run = try await cli.strata(["chek"], in: folder)
        #expect(run.status == 2)
        #expect(
            run.stderr.hasPrefix(
                "Error: unknown command 'chek'; did you mean 'check'? (commands: init, build, serve, check, graph, "
                    + "diff, affected, guidance)\n"
            ), "\(run.stderr)")
        let far = try await cli.strata(["publish"], in: folder)
        #expect(far.status == 2)
        #expect(far.stderr.hasPrefix("Error: unknown command 'publish' (commands:"), "\(far.stderr)")
    }

    @Test(arguments: [
        (["check", "--format", "json", "--format", "sarif"], "--format is given twice"),
        (["build", "-o", "A", "--output", "B"], "--output is given twice (as -o and --output)"),
        (["graph", "--depth=1", "--depth", "2", "--focus", "Cart"], "--depth is given twice"),
        (["check", "--strict", "--strict"], "--strict is given twice")
    ])
    func anOptionGivenTwiceIsAnError(arguments: [String], message: String) async throws {
        let folder = try GraphCommandTests().shop()
        let run = try await cli.strata(arguments, in: folder)
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("A").path))
    }

    /// The options whose help says they repeat are exactly those the check lets repeat: one
    /// left out of the check is refused the second time, as `--allow-read` was.
    @Test func theOptionsHelpCallsRepeatableAreTheOnesThatMayRepeat() throws {
        var documented: Set<String> = []
        for command in StrataCommand.configuration.subcommands {
            let help = StrataCommand.helpMessage(for: command, includeHidden: true, columns: 10_000)
            for line in help.split(separator: "\n") where line.hasPrefix("  -") {
                // Names first, then (after a gap of spaces) the option's help.
                let parts = line.dropFirst(2).split(separator: "  ", maxSplits: 1)
                guard parts.count == 2, parts[1].contains("Repeatable") else { continue }
                let names = parts[0].split(whereSeparator: { $0 == " " || $0 == "," }).filter { $0.hasPrefix("--") }
                documented.formUnion(names.map { String($0.prefix { $0 != "=" }) })
            }
        }
        #expect(documented == CommandLineCheck.repeatable)
    }

    @Test func allowReadAccumulates() async throws {
        let folder = try GraphCommandTests().shop()
        let shared = folder.deletingLastPathComponent().appendingPathComponent("Shared-\(UUID().uuidString)")
        let theme = folder.deletingLastPathComponent().appendingPathComponent("Theme-\(UUID().uuidString)")
        for extra in [shared, theme] {
            try FileManager.default.createDirectory(at: extra, withIntermediateDirectories: true)
        }
        defer { for extra in [shared, theme] { try? FileManager.default.removeItem(at: extra) } }
        let run = try await cli.strata(
            ["check", "-q", "--allow-read", shared.path, "--allow-read", theme.path], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let missing = try await cli.strata(
            ["check", "-q", "--allow-read", shared.path, "--allow-read", theme.path + "-gone"], in: folder)
        #expect(missing.status == 2, "the second folder is read, not dropped")
        #expect(missing.stderr.contains("usage.allow-read"), "\(missing.stderr)")
    }

    @Test func focusAccumulates() async throws {
        let folder = try GraphCommandTests().shop()
        let run = try await cli.strata(
            ["graph", "-f", "json", "-q", "--focus", "Models", "--focus", "CheckoutTests", "--depth", "0"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "-q is --quiet")
        let document = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let ids = (document?["nodes"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(ids == ["CheckoutTests", "Models"], "both modules, nothing around them at depth 0")
        let unknown = try await cli.strata(["graph", "--focus", "Models", "--focus", "Carts"], in: folder)
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr.contains("no module named 'Carts' in the graph; did you mean 'Cart'?"), "\(unknown.stderr)")
    }

    /// `-o` is where the output goes and `-f` its format, on every command that has them.
    @Test func shortOptionsMeanTheSameEverywhere() async throws {
        let folder = try GraphCommandTests().shop()
        let build = try await cli.strata(["build", "-q", "-o", "Site"], in: folder)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Site/index.html").path))
        let check = try await cli.strata(["check", "-q", "-f", "sarif", "-o", "check.sarif"], in: folder)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.isEmpty)
        #expect(
            (try? String(contentsOf: folder.appendingPathComponent("check.sarif"), encoding: .utf8))?.contains(
                "\"version\" : \"2.1.0\"") == true)
        let guidance = try await cli.strata(["guidance", "-f", "json", "-o", "guidance.json"], in: folder)
        #expect(guidance.status == 0, "\(guidance.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("guidance.json").path))
    }
}
