import StrataCore
import StrataSite

/// One build's values, as the stages of `BuildStep` leave them: each stage reads what the
/// stages before it made and adds its own.
struct BuildRun: Sendable {
    var config: StrataConfig?
    var theme: Theme?
    var discovered: DiscoverStage.Discovered?
    var content: ReadStage.Content?
    /// nil until the graph is read; then the graph, or nil for a documentation-only project.
    var loadedGraph: PackageGraphLoader.Loaded??
    /// The modules' API (`read: api`); nil when the command does not read it.
    var api: [ModuleAPI]?
    var analyzed: AnalyzeStage.Analyzed?
    var guidance: LinkStage.Guidance?
    /// The pages with their links resolved and bodies rendered.
    var pages: [Page]?
    var rendering: RenderedSite?
    var result: BuildResult?
    /// Every diagnostic of the stages before render, which hands them to the site.
    var diagnostics: [Diagnostic] = []

    /// What the run was asked for.
    var searchIndex: RenderStage.SearchIndexTiming = .withPages
    var writes = false
    var baseline: [BaselineEntry]?
    /// Where the site goes, as the user would type it; the writer once configured.
    var outputDisplay = ""
    var writer: OutputWriter?

    init(config: StrataConfig? = nil) {
        self.config = config
    }

    func configuration() throws -> StrataConfig { try required(\.config, .configure) }

    func graph() throws -> PackageGraphLoader.Loaded? {
        guard let loadedGraph else { throw Self.missing(.readGraph) }
        return loadedGraph
    }

    /// A value a stage before this one makes: a composition that leaves that stage out is
    /// Strata's own mistake, reported as an internal error rather than a crash.
    func required<Value>(_ value: KeyPath<BuildRun, Value?>, _ step: BuildStep) throws -> Value {
        guard let found = self[keyPath: value] else { throw Self.missing(step) }
        return found
    }

    private static func missing(_ step: BuildStep) -> Diagnostic {
        .error("internal", "a stage ran before '\(step.rawValue)', which it needs")
    }
}
