import StrataCore
import StrataSearch

/// The judge stage: the one place a build's outcome is decided. Errors fail it (exit 2);
/// warnings too under `--strict` (exit 1); architecture violations at or above
/// `build: fail_on_violations:` fail a build that writes the site (exit 1), while a preview
/// still shows it.
struct BuildJudge: Sendable {
    let config: StrataConfig
    /// Whether the site is to be written (`strata build`) or only shown (`strata serve`).
    let writes: Bool

    func outcome(of diagnostics: [Diagnostic], architecture: BuildResult.ArchitectureCounts?) -> BuildResult.Outcome {
        if diagnostics.contains(where: { $0.severity == .error }) { return .failed }
        if config.commandLine.strict, diagnostics.contains(where: { $0.severity == .warning }) { return .failedStrict }
        if writes, let threshold = config.failBuildOn, let counts = architecture,
            counts.errors + (threshold == .warning ? counts.warnings : 0) > 0
        {
            return .failedViolations
        }
        return .written
    }

    /// The rendered site's result: what it holds, for the command line to report, and its outcome.
    func result(of rendering: RenderedSite, searchIndex timing: RenderStage.SearchIndexTiming, outputDisplay: String)
        -> BuildResult
    {
        let diagnostics = rendering.diagnostics.sorted()
        let pending = rendering.searchIndex != nil && timing == .whileWriting ? 1 : 0
        var result = BuildResult(
            outcome: .written, diagnostics: diagnostics, pageCount: rendering.pageCount,
            fileCount: rendering.files.count + 1 + pending,
            outputDisplayPath: outputDisplay
        )
        result.diagrams = rendering.diagrams
        result.readSummary = rendering.readSummary
        result.historySummary = rendering.historySummary
        for file in rendering.files {
            if file.path == SearchIndex.path { result.searchIndexBytes = file.contents.count }
            if file.path.hasSuffix(".html") { result.htmlBytes += file.contents.count }
            if file.path == "sitemap.xml" { result.wroteSitemap = true }
        }
        if let report = rendering.checkReport {
            result.architecture = BuildResult.ArchitectureCounts(
                errors: report.errorCount, warnings: report.warningCount, summary: report.summary)
        }
        result.outcome = outcome(of: diagnostics, architecture: result.architecture)
        return result
    }
}
