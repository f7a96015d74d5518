import Foundation
import StrataCore

extension SiteBuilder {
    /// What `strata check` needs: the analysis, and every diagnostic about the input.
    public struct CheckRun: Sendable {
        public var analysis: ArchitectureAnalysis
        /// Problems reading the packages, the pages or the rules. Errors among them mean
        /// the check could not be trusted (exit 2).
        public var diagnostics: [Diagnostic]
        /// What the module graph was read from, in one line.
        public var readSummary: String
    }

    /// Stages 3 (the graph first: without one there is nothing to check), 2, 3 (the pages,
    /// for `layer:` on module pages and the ids of guidance blocks that rules cite) and 4,
    /// writing nothing. Throws when there is nothing to check or the input cannot be read.
    public func checkArchitecture(config: StrataConfig, baseline: [BaselineEntry]? = nil) throws -> CheckRun {
        guard let graph = try loadGraph(config: config) else {
            throw Diagnostic.error(
                "package.missing-manifest", "nothing to check: " + PackageRoots.nothingFoundMessage(project: project, config: config),
                at: config.sourcePath.map { SourceLocation(path: $0) }
            )
        }
        let content = readStage.pages(DiscoverStage(project: project).run(config: config), config: config)
        // Rules may cite guidance blocks (`see:`), so their ids are needed, not their links.
        let analyze = analyzeStage
        let guidance = analyze.collectGuidance(pages: content.pages, graph: graph)
        let (analysis, _) = analyze.architecture(config: config, pages: content.pages, graph: graph, blockIDs: guidance.ids, formerIDs: guidance.formerIDs, baseline: baseline)
        var diagnostics = graph.diagnostics + analysis.diagnostics
        // Broken pages matter to the check only when they stop a page being read.
        // A project without a content folder is checked all the same.
        diagnostics += content.diagnostics.filter { $0.severity == .error && $0.ruleID != "content.missing" }
        return CheckRun(analysis: analysis, diagnostics: diagnostics.sorted(), readSummary: graph.summary)
    }
}
