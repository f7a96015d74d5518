import StrataCore
import StrataSearch

extension SiteBuilder {
    /// Runs `steps` in order on `run`, each adding its values and diagnostics. The stages
    /// recurse as deep as the reading limits let them (manifests, partials): with the stack
    /// a Linux thread has, which macOS gives only its main thread (`DeepStack`).
    func perform(_ steps: [BuildStep], on run: inout BuildRun) throws {
        try DeepStack.run {
            for step in steps {
                try StageClock.measure(step.rawValue) { try perform(step, on: &run) }
            }
        }
    }

    /// One stage: the values it needs from `run`, the values it adds.
    private func perform(_ step: BuildStep, on run: inout BuildRun) throws {
        switch step {
        case .configure:
            let stage = ConfigureStage(project: project, options: options)
            let config = try stage.merged()
            run.outputDisplay = project.display(config.outputDirectory)
            try stage.checkFolders(config)
            run.config = config
            if run.writes {
                let writer = OutputWriter(
                    destination: project.url(config.outputDirectory), displayPath: run.outputDisplay)
                try writer.checkDestination()
                run.writer = writer
            }
        case .theme:
            run.theme = try ThemeLoader.load(config: run.configuration(), project: project)
        case .discover:
            run.discovered = DiscoverStage(project: project).run(config: try run.configuration())
        case .readPages:
            run.content = readStage.pages(try run.required(\.discovered, .discover), config: try run.configuration())
        case .readGraph:
            let graph = try loadGraph(config: run.configuration())
            run.loadedGraph = .some(graph)
            run.diagnostics += graph.map { $0.guidanceDiagnostics + $0.diagnostics } ?? []
        case .readAPI:
            let read = readStage.api(
                config: try run.configuration(), graph: try run.graph()?.graph,
                content: try run.required(\.content, .readPages))
            run.content = read.content
            run.api = read.modules
        case .readCatalogs:
            run.content = readStage.catalogs(
                config: try run.configuration(), graph: try run.graph()?.graph,
                content: try run.required(\.content, .readPages), api: run.api ?? [])
        case .analyze:
            try analyze(&run)
        case .readHistory:
            let config = try run.configuration()
            guard let settings = config.history, run.analyzed?.architecture != nil else { return }
            run.analyzed?.architecture?.history = try readHistory(config: config, settings: settings)
        case .linkGuidance:
            let guidance = linkStage.guidance(
                config: try run.configuration(), pages: try run.required(\.content, .readPages).pages,
                graph: try run.graph()?.graph,
                analyzed: try run.required(\.analyzed, .analyze)
            )
            run.guidance = guidance
            run.diagnostics += guidance.diagnostics
        case .linkPages:
            let content = try run.required(\.content, .readPages)
            let linked = linkStage.pages(
                content.pages, assets: content.assets, collected: try run.required(\.analyzed, .analyze).guidance,
                guidance: try run.required(\.guidance, .linkGuidance)
            )
            run.pages = linked.pages
            run.diagnostics += linked.diagnostics
        case .render:
            try render(&run)
        case .judge:
            run.result = BuildJudge(config: try run.configuration(), writes: run.writes).result(
                of: try run.required(\.rendering, .render), searchIndex: run.searchIndex,
                outputDisplay: run.outputDisplay
            )
        case .write:
            guard var result = run.result, result.outcome == .written else { return }
            if let graph = try run.graph() {
                try OutputBoundary(project: project, config: try run.configuration()).check(
                    inputs: OutputBoundary.sourceFolders(graph.packages))
            }
            try WriteStage(writer: try run.required(\.writer, .configure)).run(
                try run.required(\.rendering, .render), result: &result)
            run.result = result
        }
    }

    private func analyze(_ run: inout BuildRun) throws {
        let content = try run.required(\.content, .readPages)
        let config = try run.configuration()
        let graph = try run.graph()
        // A package documented from its code alone needs no content folder, unless
        // strata.yml names one.
        run.diagnostics +=
            graph != nil && !config.contentDirectoryIsConfigured
            ? content.diagnostics.filter { $0.ruleID != "content.missing" } : content.diagnostics
        let analyzed = analyzeStage.run(config: config, pages: content.pages, graph: graph, baseline: run.baseline)
        run.analyzed = analyzed
        run.diagnostics += analyzed.guidance.diagnostics + (analyzed.analysis?.diagnostics ?? [])
    }

    private func render(_ run: inout BuildRun) throws {
        let site = PreparedSite(
            content: try run.required(\.content, .readPages), graph: try run.graph(),
            analyzed: try run.required(\.analyzed, .analyze),
            guidance: try run.required(\.guidance, .linkGuidance)
        )
        let inputs = RenderStage.Inputs(site: site, pages: try run.required(\.pages, .linkPages))
        let stage = renderStage(theme: try run.required(\.theme, .theme))
        var rendering = try stage.run(config: try run.configuration(), inputs: inputs, searchIndex: run.searchIndex)
        rendering.diagnostics = run.diagnostics + rendering.diagnostics
        run.rendering = rendering
    }

    /// A whole site: `steps` from configure to judge (and write), with the memory of the
    /// previous build in this process.
    func renderSite(
        _ steps: [BuildStep], searchIndex timing: RenderStage.SearchIndexTiming
    ) -> (result: BuildResult, files: [OutputFile], searchIndex: (@Sendable () -> OutputFile)?) {
        var run = BuildRun()
        run.searchIndex = timing
        run.writes = steps.contains(.write)
        run.outputDisplay = project.display(ConfigureStage(project: project, options: options).outputBeforeConfiguring)
        StageClock.measure("memory: begin") { memory?.beginBuild() }
        defer { StageClock.measure("memory: end") { memory?.endBuild() } }
        do {
            try perform(steps, on: &run)
            let result = try run.required(\.result, .judge)
            guard result.outcome == .written, !run.writes, let rendering = run.rendering else {
                return (result, [], nil)
            }
            return (result, rendering.files, rendering.searchIndex)
        } catch {
            let diagnostics =
                switch error {
                case let error as DiagnosticsError: error.diagnostics.sorted()
                case let diagnostic as Diagnostic: [diagnostic]
                default: [Diagnostic.error("internal", "\(error)")]
                }
            return (
                BuildResult(
                    outcome: .failed, diagnostics: diagnostics, pageCount: 0, fileCount: 0,
                    outputDisplayPath: run.outputDisplay), [], nil
            )
        }
    }
}
