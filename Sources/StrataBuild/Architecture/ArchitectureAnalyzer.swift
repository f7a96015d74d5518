import StrataAnalysis
import StrataCore

/// The architecture half of the pipeline, shared by `strata check` and `strata build`:
/// resolve every module's layer, check the rules, apply the baseline.
struct ArchitectureAnalyzer {
    let config: StrataConfig
    let graph: ModuleGraph
    /// The Content pages, for `layer:` on module pages and for `see:` links.
    let pages: [SourcePage]
    /// Guidance block ids, which `see:` may name.
    var blockIDs: Set<String> = []
    var formerIDs: [String: String] = [:]
    /// Declarations and type references of the files layers of files need, by file.
    var symbols: [String: SwiftSymbols] = [:]
    /// The previous check's resolved references in this process (`strata serve`).
    var resolutionMemo: ResolutionMemo?

    func analyze(baseline: [BaselineEntry]? = nil) -> ArchitectureAnalysis {
        var diagnostics: [Diagnostic] = []
        let modulePages = ModulePageIndex(pages: pages, graph: graph)
        diagnostics += modulePages.diagnostics
        let resolution = LayerResolver(layers: config.layers).resolve(graph, pageLayers: modulePages.layers)
        diagnostics += resolution.diagnostics

        var settings = config.rules
        let links = SeeLinkResolver(pages: pages, blockIDs: blockIDs, formerIDs: formerIDs)
        for index in settings.forbid.indices {
            links.resolve(&settings.forbid[index].rationale, diagnostics: &diagnostics)
        }
        for index in settings.independent.indices {
            links.resolve(&settings.independent[index].rationale, diagnostics: &diagnostics)
        }
        for index in settings.onlyUsedBy.indices {
            links.resolve(&settings.onlyUsedBy[index].rationale, diagnostics: &diagnostics)
        }
        for index in settings.typeRules.indices {
            links.resolve(&settings.typeRules[index].rationale, diagnostics: &diagnostics)
        }

        var checked = RuleChecker(
            graph: graph, layers: config.layers, assignments: resolution.assignments, settings: settings
        ).check()
        diagnostics += checked.diagnostics
        // Layers of files inside modules.
        let components = ComponentChecker(layers: config.layers, settings: settings)
            .check(
                graph, symbols: symbols, moduleLayers: resolution.assignments.mapValues(\.layer), memo: resolutionMemo)
        diagnostics += components.diagnostics
        // Files not read for their symbols (nested past a limit), in the order of their paths.
        diagnostics += symbols.keys.sorted().flatMap { symbols[$0]?.diagnostics ?? [] }
        if !components.layeredModules.isEmpty {
            // A module whose files or types are in layers is not unassigned.
            checked.violations.removeAll {
                $0.rule == .unassignedModule && $0.modules.allSatisfy(components.layeredModules.contains)
            }
        }
        checked.violations = (checked.violations + components.violations).sorted()
        var report = CheckReport(
            violations: checked.violations, rules: checked.rules,
            moduleCount: graph.nodes.filter(\.isTarget).count,
            documentationBaseURL: config.site.baseURL.hasPrefix("http") ? config.site.baseURL : nil
        )
        report.configurationPath = config.sourcePath
        if let baseline {
            let filtered = BaselineFilter.apply(baseline, to: checked.violations)
            report.violations = filtered.violations
            report.baselinedCount = filtered.baselinedCount
            report.staleBaselineEntries = filtered.stale
        }
        var analysis = ArchitectureAnalysis(
            assignments: resolution.assignments, report: report, allViolations: checked.violations,
            modulePages: modulePages.pagesByModule, diagnostics: diagnostics.sorted()
        )
        analysis.fileLayers = components.fileLayers
        analysis.components = components.graph
        return analysis
    }
}

/// What the architecture analysis found.
package struct ArchitectureAnalysis: Sendable {
    /// Module → its layer and where that was said.
    package var assignments: [String: LayerAssignment]
    /// The violations to report (after the baseline) and the rules checked.
    package var report: CheckReport
    /// Every violation, baseline or not (what `--update-baseline` records).
    package var allViolations: [Violation]
    /// Module → the output path of its Content page.
    package var modulePages: [String: String]
    /// Problems in the configuration or the pages, such as two sources giving a module
    /// different layers; errors here are bad input (exit 2), not violations.
    package var diagnostics: [Diagnostic]
    /// File → its layer, for layers of files and types (`paths:`, `types:`).
    package var fileLayers: [String: String] = [:]
    /// The components inside modules and the references between their types.
    package var components = ComponentGraph()
}
