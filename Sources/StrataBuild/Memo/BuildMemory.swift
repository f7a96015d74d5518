import Foundation
import StrataAnalysis
import StrataCore
import StrataSite

/// What one build leaves for the next in the same process, so that `strata serve` redoes
/// only the work a change calls for: a `Memo` per stage that works item by item, which the
/// pipeline hands to the stage in place of computing every item, and the module graph.
/// Each result is kept with the fingerprint of everything it depends on, so a build with
/// memory writes the same bytes as a clean build:
///
/// - a Markdown file is parsed again only when its modification time, change time, size or
///   inode changed (it is looked at before it is read, so a save during a build is never
///   missed);
/// - a page's body is rendered again only when its document, the guidance callouts on it,
///   or where any of its links lead changed;
/// - a page's HTML is written again only when the page or the site-wide inputs of its
///   template (navigation, configuration, theme) changed;
/// - a Swift file's imports are read again only when the file changed; the module graph is
///   re-read only when something outside the content and theme folders changed;
/// - a Swift file's references are resolved again only when it changed, or when a type it
///   names (or could name) was declared, removed, or moved to another layer;
/// - a component's page is made again only when its types, files, references, violations
///   or the theme changed;
/// - a diagram is laid out again only when its DOT changed (beside the layout cache in
///   the output folder that one-off builds use).
package final class BuildMemory: @unchecked Sendable {
    private let lock = NSLock()
    /// Pages read, by content path.
    let pages: Memo<ReadStage.PageFingerprint, ReadStage.ReadPage>
    /// Page bodies rendered, by output path.
    let bodies: Memo<LinkStage.BodyFingerprint, LinkStage.RenderedBody>
    /// Swift files scanned, by path.
    let scans: Memo<PackageGraphLoader.ScanFingerprint, PackageGraphLoader.FileScan>
    /// Swift files read for their types and references (layers inside a target), by path.
    let symbols: Memo<ComponentSymbols.Fingerprint, SwiftSymbols?>
    /// Swift files read for their API (reference pages), by path.
    let apiFiles: Memo<APIReader.Fingerprint, APIFile?>
    /// Reference pages read, by output path.
    let apiPages: Memo<ReadStage.APIPageFingerprint, ReadStage.ReadPage>
    private var graph: RememberedGraph?
    private var graphReloaded = false
    /// Pages rendered through the theme, and the 404 page, by output path.
    let renderedPages: Memo<RenderStage.RenderedPageFingerprint, Result<OutputFile, Diagnostic>>
    let renderedNotFound: Memo<RenderStage.RenderedPageFingerprint, Result<OutputFile, Diagnostic>>
    let site: Memo<RenderStage.SiteFingerprint, SiteRenderer.SiteSignature>
    /// Diagrams laid out, by the hash of their DOT.
    let layouts: Memo<DiagramLayout.LayoutFingerprint, DiagramLayout.Laid>
    /// References resolved, by file (layers inside a target).
    let resolution = ResolutionMemo()
    /// Component pages made, by output path.
    let componentPages: Memo<RenderStage.ComponentPageFingerprint, Page>

    package struct Statistics: Sendable, Equatable {
        package var pagesParsed = 0
        /// Reference pages parsed again: those whose type's declarations or comments changed
        /// (or moved, which moves where their problems are reported).
        package var referencePagesParsed = 0
        package var bodiesRendered = 0
        package var sourcesScanned = 0
        /// Swift files read again for their types and references (layers inside a target).
        package var sourcesReadForTypes = 0
        /// Swift files whose resolved references were reused rather than resolved again.
        package var referencesReused = 0
        package var graphReloaded = false
        /// Pages whose HTML was rendered through the theme again (the 404 page aside).
        package var pagesRendered = 0
        package var diagramsLaidOut = 0
        /// Whether the history page's points were read again (a commit added, or strata.yml changed).
        package var historyRead = false
    }

    /// What the latest build did again (the rest was reused).
    package var statistics: Statistics {
        Statistics(
            pagesParsed: pages.computedCount, referencePagesParsed: apiPages.computedCount,
            bodiesRendered: bodies.computedCount, sourcesScanned: scans.computedCount,
            sourcesReadForTypes: symbols.computedCount, referencesReused: resolution.reusedCount,
            graphReloaded: lock.withLock { graphReloaded }, pagesRendered: renderedPages.computedCount,
            diagramsLaidOut: layouts.computedCount, historyRead: lock.withLock { historyRead }
        )
    }

    /// How long after its last change a file must have been looked at before its result is
    /// kept (see `FileStamp.isSettled`); tests that count re-reads set it to zero.
    package init(settleTime: Duration = .seconds(2)) {
        let parts = settleTime.components
        let nanoseconds = parts.seconds * 1_000_000_000 + parts.attoseconds / 1_000_000_000
        pages = Memo(settleTime: nanoseconds)
        bodies = Memo(settleTime: nanoseconds)
        scans = Memo(settleTime: nanoseconds)
        symbols = Memo(settleTime: nanoseconds)
        apiFiles = Memo(settleTime: nanoseconds)
        apiPages = Memo(settleTime: nanoseconds)
        layouts = Memo(settleTime: nanoseconds)
        renderedPages = Memo(settleTime: nanoseconds)
        renderedNotFound = Memo(settleTime: nanoseconds)
        site = Memo(settleTime: nanoseconds)
        componentPages = Memo(settleTime: nanoseconds)
    }

    // MARK: Link targets

    private var resolver: LinkResolver?

    /// Whether links resolve as in the previous build (the same pages, headings and files);
    /// then a page's links need not be resolved again to know its body is unchanged.
    func resolverIsUnchanged(_ current: LinkResolver) -> Bool {
        lock.withLock {
            defer { resolver = current }
            return resolver == current
        }
    }

    // MARK: The module graph

    struct RememberedGraph {
        var config: StrataConfig
        var mode: ManifestMode
        var loaded: PackageGraphLoader.Loaded?
    }

    /// Paths that changed since the graph was read, or nil when that is unknown (then the
    /// graph is read again). Folders whose changes cannot affect the graph are set with it.
    private var changedSinceGraph: [String]? = nil
    private var graphIndependentFolders: [String] = []

    /// Tells the memory which files changed (absolute paths), as a file watcher saw them.
    /// Call it between builds, never during one.
    package func noteChanges(_ paths: [String]) {
        lock.withLock { changedSinceGraph?.append(contentsOf: paths) }
    }

    /// The folders of the packages the last module graph was read from (relative to the
    /// project root), so a preview can watch those outside the project too.
    package var packageFolders: [String] {
        lock.withLock { graph?.loaded?.packages.map(\.directory).sorted() ?? [] }
    }

    /// The graph `read` gives, or the previous one when it was read with the same
    /// configuration and nothing but files in `independentFolders` changed since.
    func graph(
        config: StrataConfig, mode: ManifestMode, independentFolders: [String],
        read: () throws -> PackageGraphLoader.Loaded?
    ) rethrows -> PackageGraphLoader.Loaded? {
        if let remembered = rememberedGraph(config: config, mode: mode) { return remembered }
        let loaded = try read()
        lock.withLock {
            graph = RememberedGraph(config: config, mode: mode, loaded: loaded)
            changedSinceGraph = []
            graphIndependentFolders = independentFolders
            graphReloaded = true
        }
        return loaded
    }

    private func rememberedGraph(config: StrataConfig, mode: ManifestMode) -> PackageGraphLoader.Loaded?? {
        lock.withLock {
            guard let graph, graph.config == config, graph.mode == mode, let changed = changedSinceGraph else {
                return nil
            }
            let independent = graphIndependentFolders
            let affects = changed.contains { path in !independent.contains { path == $0 || path.hasPrefix($0 + "/") } }
            if affects { return nil }
            changedSinceGraph = []
            return .some(graph.loaded)
        }
    }

    // MARK: The history

    /// What a history was read from: the same commits judged by the same configuration
    /// give the same history, whatever else changed in the working tree.
    struct HistoryKey: Equatable {
        /// Each commit's id and tags.
        var commits: [String]
        var config: StrataConfig
        var manifestMode: ManifestMode
        var platform: String?

        init(commits: [String], config: StrataConfig, options: BuildOptions) {
            self.commits = commits
            self.config = config
            manifestMode = options.manifestMode
            platform = options.platform
        }
    }

    private var history: (key: HistoryKey, value: ArchitectureHistory)?
    private var historyRead = false

    /// The history read last, when it was read from the same commits and configuration.
    func history(for key: HistoryKey) -> ArchitectureHistory? {
        lock.withLock { history?.key == key ? history?.value : nil }
    }

    func remember(_ value: ArchitectureHistory, for key: HistoryKey) {
        lock.withLock {
            history = (key, value)
            historyRead = true
        }
    }

    // MARK: Build boundaries

    func beginBuild() {
        pages.beginBuild()
        bodies.beginBuild()
        scans.beginBuild()
        symbols.beginBuild()
        apiFiles.beginBuild()
        apiPages.beginBuild()
        layouts.beginBuild()
        renderedPages.beginBuild()
        renderedNotFound.beginBuild()
        componentPages.beginBuild()
        lock.withLock {
            graphReloaded = false
            historyRead = false
        }
    }

    /// Drops what the build did not use (removed files), so the memory never grows. Swift
    /// files are looked at only when the graph is read again, so only then are they swept.
    func endBuild() {
        pages.endBuild()
        bodies.endBuild()
        // Layouts of the latest build only, so a preview server does not grow with every edit.
        layouts.endBuild()
        renderedPages.endBuild()
        renderedNotFound.endBuild()
        componentPages.endBuild()
        symbols.endBuild()
        apiFiles.endBuild()
        apiPages.endBuild()
        if lock.withLock({ graph?.loaded != nil && graphReloaded }) { scans.endBuild() }
    }
}
