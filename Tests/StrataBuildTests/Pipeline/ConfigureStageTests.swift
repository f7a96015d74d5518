import Foundation
import StrataCore
import Testing

@testable import StrataBuild

/// The configure stage is the one place the command line meets `strata.yml`: every later
/// stage reads the configuration it returns, and nothing else.
@Suite struct ConfigureStageTests {
    func configure(_ yaml: String?, _ options: BuildOptions, environment: [String: String] = [:], now: Int64 = 0) throws
        -> StrataConfig
    {
        let project = try TemporaryProject(files: yaml.map { ["strata.yml": $0] } ?? [:])
        var stage = ConfigureStage(
            project: ProjectFiles(root: project.root, workingDirectory: project.root), options: options)
        stage.environment = environment
        stage.now = now
        return try stage.run()
    }

    @Test func theCommandLineIsMergedIntoTheConfiguration() throws {
        let config = try configure(
            "output: Site\nsite:\n  base_url: /a/\n",
            BuildOptions(outputDirectory: "Elsewhere", baseURL: "/docs", strict: true, manifestMode: .swiftpm)
        )
        #expect(config.outputDirectory == "Elsewhere")
        #expect(config.site.baseURL == "/docs/")
        #expect(config.commandLine == CommandLineSettings(manifestMode: .swiftpm, strict: true, namesOutput: true))

        let asWritten = try configure("output: Site\n", BuildOptions())
        #expect(asWritten.outputDirectory == "Site")
        #expect(asWritten.commandLine == CommandLineSettings(), "nothing from the command line: the file alone")
    }

    /// A pull request can change strata.yml: it cannot choose what only the command line may.
    @Test func strataYmlCannotChooseWhatOnlyTheCommandLineMay() throws {
        for key in ["manifest: swiftpm", "strict: true", "command_line:\n  strict: true"] {
            #expect(throws: DiagnosticsError.self, "\(key)") { try configure(key + "\n", BuildOptions()) }
        }
    }

    /// `--as-of`, then `guidance.as_of`, then `SOURCE_DATE_EPOCH`, then today: settled here,
    /// where the environment and the clock are read, and nowhere else.
    @Test func theDayStalenessIsMeasuredAgainstIsSettledOnce() throws {
        let epoch = ["SOURCE_DATE_EPOCH": "86400"]  // 1970-01-02
        let today: Int64 = 2 * 86400  // 1970-01-03
        let option = try #require(CalendarDate(parsing: "2026-02-01"))
        let pinned = "guidance:\n  as_of: 2025-05-05\n"
        #expect(
            try configure(pinned, BuildOptions(asOf: option), environment: epoch, now: today).guidance.asOf == option)
        #expect(
            try configure(pinned, BuildOptions(), environment: epoch, now: today).guidance.asOf?.description
                == "2025-05-05")
        #expect(
            try configure(nil, BuildOptions(), environment: epoch, now: today).guidance.asOf?.description
                == "1970-01-02")
        #expect(try configure(nil, BuildOptions(), now: today).guidance.asOf?.description == "1970-01-03")
    }

    @Test func aBadBaseURLIsAUsageError() throws {
        #expect(throws: Diagnostic.self) { try configure(nil, BuildOptions(baseURL: "docs")) }
    }
}
