import StrataCore
import Testing

@testable import StrataBuild

/// The judge stage decides every build's outcome, in one place.
@Suite struct BuildJudgeTests {
    static let warning = Diagnostic.warning("link.broken", "w")
    static let error = Diagnostic.error("config.invalid-value", "e")

    func judge(
        _ diagnostics: [Diagnostic], strict: Bool = false, failOn: Severity? = nil, violations: (Int, Int)? = nil,
        writes: Bool = true
    ) -> BuildResult.Outcome {
        var config = StrataConfig()
        config.commandLine.strict = strict
        config.failBuildOn = failOn
        let counts = violations.map { BuildResult.ArchitectureCounts(errors: $0.0, warnings: $0.1, summary: "") }
        return BuildJudge(config: config, writes: writes).outcome(of: diagnostics, architecture: counts)
    }

    @Test func errorsFailWarningsOnlyUnderStrict() {
        #expect(judge([]) == .written)
        #expect(judge([Self.warning]) == .written)
        #expect(judge([Self.warning], strict: true) == .failedStrict)
        #expect(judge([Self.error, Self.warning], strict: true) == .failed, "an error is the worse outcome")
    }

    @Test func violationsFailOnlyAWrittenBuildAtTheirThreshold() {
        #expect(judge([], violations: (1, 0)) == .written, "no build: fail_on_violations:")
        #expect(judge([], failOn: .error, violations: (1, 0)) == .failedViolations)
        #expect(judge([], failOn: .error, violations: (0, 3)) == .written, "warnings are below an error threshold")
        #expect(judge([], failOn: .warning, violations: (0, 3)) == .failedViolations)
        #expect(
            judge([], failOn: .error, violations: (1, 0), writes: false) == .written, "a preview still shows the site")
    }
}
