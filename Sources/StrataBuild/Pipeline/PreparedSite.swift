import StrataCore
import StrataSite

/// The site before any HTML, as the stages from discover to link guidance leave it: pages
/// and the graph read, the architecture analyzed, guidance linked. `strata guidance` stops
/// here; the build renders the pages' bodies and goes on to render.
struct PreparedSite: Sendable {
    var content: ReadStage.Content
    var graph: PackageGraphLoader.Loaded?
    var analyzed: AnalyzeStage.Analyzed
    var guidance: LinkStage.Guidance

    var architecture: ArchitecturePages? { analyzed.architecture }
}
