import ArgumentParser
import Foundation
import StrataBuild
import StrataCore
import StrataReports

/// `strata check`: judges the module graph against the layers and rules of `strata.yml`.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the module graph against the layers and rules in strata.yml.",
        discussion: """
            Formats: text (path:line:column: error: message [rule-id]), json, sarif (SARIF 2.1.0), \
            junit (JUnit XML), github (GitHub Actions annotations), markdown (a job summary), \
            codequality (GitLab Code Quality), checkstyle (Checkstyle XML).
            Paths in reports are relative to the repository's root (the git top level, or the \
            project folder outside a repository) unless --paths says otherwise.
            Exit codes: 0 no errors (warnings allowed unless --strict); 1 violations that are errors; \
            2 bad usage, configuration or input.
            """
    )

    @OptionGroup var projectOptions: ProjectOptions

    @Option(
        name: [.customShort("f"), .long],
        help: ArgumentHelp(
            "The report printed on standard output: text, json, sarif, junit, github, markdown, codequality or "
                + "checkstyle.",
            valueName: "format"))
    var format: CheckReportFormat = .text

    @Option(
        name: [.customShort("o"), .long],
        help: ArgumentHelp("Write the --format report to this file instead of standard output.", valueName: "file"))
    var output: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "How reports show file paths: repository (relative to the git top level), relative (to the current "
                + "folder) or absolute (for Xcode).",
            valueName: "style"))
    var paths: PathStyle = .repository

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Also write a report to a file, as format:file (e.g. sarif:strata.sarif). Repeatable.",
            valueName: "format:file"))
    var report: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Report only violations this baseline file does not record, and list its entries that no longer match.",
            valueName: "file"))
    var baseline: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Record every current violation in this baseline file (keyed without line numbers), and exit 0.",
            valueName: "file"))
    var updateBaseline: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Compare with the architecture at this git ref (a branch: from where the current branch left it): each "
                + "violation is new or unchanged, and the ref's that are gone are fixed.",
            valueName: "ref"))
    var base: String?

    /// Which violations fail the check.
    enum FailOn: String, ExpressibleByArgument, CaseIterable {
        /// Every error (and under --strict, every warning).
        case any
        /// Only those new since --base.
        case new
    }

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Which violations fail the check: any (default) or new (only those new since --base).",
            valueName: "which"))
    var failOn: FailOn = .any

    @Flag(
        name: .long,
        help: "With --base, annotate unchanged violations too in the github and sarif formats (default: new only).")
    var annotateUnchanged = false

    @Flag(name: .long, help: "Fail (exit 1) on warnings and stale baseline entries too.")
    var strict = false

    @Flag(name: .shortAndLong, help: "Print no summary line.")
    var quiet = false

    @Option(name: .long, help: ArgumentHelp(ManifestMode.help, valueName: "mode"))
    var manifest: ManifestMode = .auto

    struct ReportRequest {
        var format: CheckReportFormat
        var path: String
    }

    func reportRequests() throws -> [ReportRequest] {
        try report.map { value in
            guard let colon = value.firstIndex(of: ":") else {
                throw ValidationError(
                    "--report takes format:file, such as sarif:strata.sarif; '\(value)' has no format")
            }
            let name = String(value[..<colon])
            let path = String(value[value.index(after: colon)...])
            guard let format = CheckReportFormat(rawValue: name) else {
                let known = CheckReportFormat.allCases.map(\.rawValue)
                let hint =
                    Suggestion.closest(to: name, in: known).map { "; did you mean '\($0)'?" }
                    ?? " (formats: \(known.joined(separator: ", ")))"
                throw ValidationError("--report: unknown format '\(name)'\(hint)")
            }
            guard !path.isEmpty else { throw ValidationError("--report \(name): needs a file name after the colon") }
            return ReportRequest(format: format, path: path)
        }
    }

    func validate() throws {
        _ = try reportRequests()
        if base == nil, failOn == .new { throw ValidationError("--fail-on new needs --base, the ref to compare with") }
        if base == nil, annotateUnchanged { throw ValidationError("--annotate-unchanged needs --base") }
        if base != nil, updateBaseline != nil {
            throw ValidationError("--base compares and --update-baseline records: use one at a time")
        }
        if baseline != nil, updateBaseline != nil, baseline != updateBaseline {
            throw ValidationError("--baseline and --update-baseline name different files; update the baseline you read")
        }
    }

    func run() throws {
        let requests = try reportRequests()
        let project = try projectOptions.projectFiles()
        let builder = SiteBuilder(
            project: project,
            options: BuildOptions(
                configPath: projectOptions.config, manifestMode: manifest, platform: projectOptions.platform))
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let checkRun = try DiagnosticPrinter.exitingOnBadInput { () throws -> SiteBuilder.CheckRun in
            let config = try builder.configuration()
            var entries: [BaselineEntry]?
            if let baseline, updateBaseline == nil {
                entries = try BaselineFile.read(
                    at: URL(fileURLWithPath: baseline, relativeTo: cwd), displayPath: baseline)
            }
            return try builder.checkArchitecture(config: config, baseline: entries)
        }
        DiagnosticPrinter.printAll(checkRun.diagnostics)
        if checkRun.diagnostics.contains(where: { $0.severity == .error }) {
            FileHandle.standardError.write(
                Data("strata: check stopped: the errors above must be fixed before the rules can be judged\n".utf8))
            throw ExitCode(2)
        }
        var checked = checkRun.analysis.report
        if let base {
            let check = BaseCheck(
                ref: base, project: project, projectOptions: projectOptions, manifest: manifest, workingDirectory: cwd)
            var (comparison, warnings) = try DiagnosticPrinter.exitingOnBadInput {
                try check.compare(with: checkRun.analysis.allViolations)
            }
            comparison.annotatesUnchanged = annotateUnchanged
            comparison.failsOnNewOnly = failOn == .new
            checked.comparison = comparison
            DiagnosticPrinter.printAll(warnings)
        }
        let reportPaths = ReportPaths(style: paths, project: project, workingDirectory: cwd)
        let report = reportPaths.apply(to: checked)
        let sourceRoot = reportPaths.sourceRootDescription

        if let updateBaseline {
            let violations = checkRun.analysis.allViolations
            try write(BaselineFile.render(violations), to: updateBaseline, cwd: cwd)
            if !quiet {
                let entries = Set(violations.map { "\($0.ruleID)|\($0.key)" }).count
                FileHandle.standardError.write(
                    Data("strata: recorded \(entries) violation\(entries == 1 ? "" : "s") in \(updateBaseline)\n".utf8))
            }
            return
        }

        for request in requests {
            try write(
                request.format.write(report, toolVersion: StrataVersion.current, sourceRoot: sourceRoot),
                to: request.path, cwd: cwd)
        }
        let printed = format.write(report, toolVersion: StrataVersion.current, sourceRoot: sourceRoot)
        if let output {
            try write(printed, to: output, cwd: cwd)
        } else {
            FileHandle.standardOutput.write(Data(printed.utf8))
        }
        if !quiet {
            FileHandle.standardError.write(
                Data("strata check: \(checkRun.readSummary)\nstrata check: \(report.summary)\n".utf8))
        }
        let judged = failOn == .new ? report.newViolations : report.violations
        let errors = judged.filter { $0.severity == .error }.count
        let warnings = judged.count - errors
        let failsStrict = strict && (warnings > 0 || !report.staleBaselineEntries.isEmpty)
        if errors > 0 || failsStrict { throw ExitCode(1) }
    }

    private func write(_ text: String, to path: String, cwd: URL) throws {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path, relativeTo: cwd), options: .atomic)
        } catch {
            DiagnosticPrinter.printAll([.error("io.write", "cannot write '\(path)': \(error.localizedDescription)")])
            throw ExitCode(2)
        }
    }
}

extension CheckReportFormat: ExpressibleByArgument {}
