import StrataCore

/// The stages of a build in their one order. Every command runs a selection of them, in
/// this order, cut where it has what it needs (the lists below); the stages themselves
/// live in `Pipeline/`, one file each.
enum BuildStep: String, CaseIterable, Sendable {
    /// `strata.yml` with the command line merged in (`ConfigureStage`).
    case configure
    /// The theme's templates, so a broken theme fails before any page is read.
    case theme
    /// The content folder listed (`DiscoverStage`).
    case discover
    /// The pages parsed (`ReadStage.pages`).
    case readPages = "read: pages"
    /// The module graph: manifests, projects, imports (`ReadStage.graph`).
    case readGraph = "read: graph"
    /// The API of the modules read, from their Swift files, as reference pages (`ReadStage.api`).
    case readAPI = "read: api"
    /// The DocC catalogs of the targets read, as pages, each top page listing its module's
    /// API (`ReadStage.catalogs`).
    case readCatalogs = "read: catalogs"
    /// Guidance collected, layers and rules judged (`AnalyzeStage`).
    case analyze
    /// The architecture at past commits, when `history:` asks for it (`readHistory`).
    case readHistory = "read: history"
    /// Guidance blocks given their ids and links (`LinkStage.guidance`).
    case linkGuidance = "link: guidance"
    /// Links resolved and bodies rendered (`LinkStage.pages`).
    case linkPages = "link: pages"
    /// The pages through the theme, and every other file of the site (`RenderStage`).
    case render
    /// The outcome: errors fail; warnings under `--strict`; violations at or above
    /// `build: fail_on_violations:` when the site is to be written (`BuildJudge`).
    case judge
    /// The files written into the output folder, replacing it in one step (`WriteStage`).
    case write

    /// `strata build`.
    static let build: [BuildStep] = allCases
    /// `strata serve`'s builder: the site judged, kept in memory.
    static let preview: [BuildStep] = allCases.filter { $0 != .write }
    /// `strata guidance`, after the configure stage (the command runs it first): the blocks
    /// linked, no HTML; the API read, which the digest summarizes as the site's does.
    static let guidance: [BuildStep] = [
        .discover, .readPages, .readGraph, .readAPI, .readCatalogs, .analyze, .linkGuidance
    ]
    /// `strata check`, after the configure stage, which the command runs first to find the
    /// baseline: the architecture judged, no guidance linked, no HTML.
    static let check: [BuildStep] = [.discover, .readPages, .readGraph, .readCatalogs, .analyze]
}
