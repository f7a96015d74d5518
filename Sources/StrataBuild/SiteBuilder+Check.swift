import Foundation
import StrataCore

extension SiteBuilder {
    /// What `strata check` needs: the analysis, and every diagnostic about the input.
    package struct CheckRun: Sendable {
        package var analysis: ArchitectureAnalysis
        /// Problems reading the packages, the pages or the rules. Errors among them mean
        /// the check could not be trusted (exit 2).
        package var diagnostics: [Diagnostic]
        /// What the module graph was read from, in one line.
        package var readSummary: String
        /// The module graph judged.
        package var graph: ModuleGraph
    }

    /// The check's stages (`BuildStep.check`) after the configure stage, writing nothing.
    /// Throws when there is nothing to check or the input cannot be read.
    package func checkArchitecture(config: StrataConfig, baseline: [BaselineEntry]? = nil) throws -> CheckRun {
        var run = BuildRun(config: config)
        run.baseline = baseline
        try perform(BuildStep.check, on: &run)
        guard let graph = try run.graph(), let analysis = try run.required(\.analyzed, .analyze).analysis else {
            throw Diagnostic.error(
                "package.missing-manifest",
                "nothing to check: " + PackageRoots.nothingFoundMessage(project: project, config: config),
                at: config.sourcePath.map { SourceLocation(path: $0) }
            )
        }
        let content = try run.required(\.content, .readPages)
        var diagnostics = graph.diagnostics + analysis.diagnostics
        // Broken pages matter to the check only when they stop a page being read.
        // A project without a content folder is checked all the same.
        diagnostics += content.diagnostics.filter { $0.severity == .error && $0.ruleID != "content.missing" }
        return CheckRun(
            analysis: analysis, diagnostics: diagnostics.sorted(), readSummary: graph.summary, graph: graph.graph)
    }
}
