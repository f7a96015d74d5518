import Foundation
import StrataCore
import StrataMarkdown
import StrataSite

/// What one build leaves for the next in the same process, so that `strata serve` redoes
/// only the work a change calls for. Each memory is keyed by everything its result depends
/// on, so a build with memory writes the same bytes as a clean build:
///
/// - a Markdown file is parsed again only when its modification time, change time, size or
///   inode changed (it is looked at before it is read, so a save during a build is never
///   missed);
/// - a page's body is rendered again only when its document, the guidance callouts on it,
///   or where any of its links lead changed;
/// - a page's HTML is written again only when the page or the site-wide inputs of its
///   template (navigation, configuration, theme) changed (`RenderMemory`);
/// - a Swift file's imports are read again only when the file changed; the module graph is
///   re-read only when something outside the content and theme folders changed;
/// - a diagram is laid out again only when its DOT changed (`LayoutMemory`, beside the
///   layout cache in the output folder that one-off builds use).
public final class BuildMemory: @unchecked Sendable {
    private let lock = NSLock()
    private var pages: [String: ParsedPage] = [:]
    private var bodies: [String: RenderedBody] = [:]
    private var scans: [String: SourceScanMemo] = [:]
    private var graph: RememberedGraph?
    private var seenPages: Set<String> = []
    private var seenBodies: Set<String> = []
    private var seenScans: Set<String> = []
    /// The pages' templates.
    public let rendering = RenderMemory()
    /// The diagrams' layouts.
    let layouts = LayoutMemory()
    /// What the latest build did again (the rest was reused).
    public private(set) var statistics = Statistics()

    public struct Statistics: Sendable, Equatable {
        public var pagesParsed = 0
        public var bodiesRendered = 0
        public var sourcesScanned = 0
        public var graphReloaded = false
    }

    /// How long after its last change a file must have been looked at before its result is
    /// kept (see `FileStamp.isSettled`); tests that count re-reads set it to zero.
    let settleTime: Int64

    public init(settleTime: Duration = .seconds(2)) {
        let parts = settleTime.components
        self.settleTime = parts.seconds * 1_000_000_000 + parts.attoseconds / 1_000_000_000
    }

    // MARK: Parsed Markdown

    struct ParsedPage {
        /// A page read while its time stamp could still change unseen is not remembered
        /// (see `FileStamp.isSettled`).
        var stamp: FileStamp
        var displayPath: String
        var outputPath: String
        var isSectionIndex: Bool
        var options: MarkdownOptions
        var result: (SourcePage?, [Diagnostic])
    }

    func parsedPage(_ file: ContentFile, stamp: FileStamp?, displayPath: String, outputPath: String, isSectionIndex: Bool, options: MarkdownOptions) -> (SourcePage?, [Diagnostic])? {
        guard let stamp else { return nil }
        return lock.withLock {
            seenPages.insert(file.relativePath)
            guard let previous = pages[file.relativePath], previous.stamp == stamp, previous.displayPath == displayPath,
                  previous.outputPath == outputPath, previous.isSectionIndex == isSectionIndex, previous.options == options
            else { return nil }
            return previous.result
        }
    }

    func rememberPage(_ file: ContentFile, stamp: FileStamp?, displayPath: String, outputPath: String, isSectionIndex: Bool, options: MarkdownOptions, result: (SourcePage?, [Diagnostic])) {
        lock.withLock {
            seenPages.insert(file.relativePath)
            statistics.pagesParsed += 1
            guard let stamp, stamp.isSettled(after: settleTime) else {
                pages.removeValue(forKey: file.relativePath)
                return
            }
            pages[file.relativePath] = ParsedPage(stamp: stamp, displayPath: displayPath, outputPath: outputPath, isSectionIndex: isSectionIndex, options: options, result: result)
        }
    }

    // MARK: Rendered bodies

    struct RenderedBody {
        var document: MarkdownDocument
        var callouts: [GuidanceCallout]
        /// Where each link led; nil when the link resolver was the previous build's, which
        /// leads every link where it led before.
        var resolutions: [LinkResolver.Resolution]?
        var html: String
        var diagnostics: [Diagnostic]
    }

    private var resolver: LinkResolver?

    /// Whether links resolve as in the previous build (the same pages, headings and files);
    /// then a page's links need not be resolved again to know its body is unchanged.
    func resolverIsUnchanged(_ current: LinkResolver) -> Bool {
        lock.withLock {
            defer { resolver = current }
            return resolver == current
        }
    }

    func body(for outputPath: String, document: MarkdownDocument, callouts: [GuidanceCallout], resolutions: [LinkResolver.Resolution]?) -> (String, [Diagnostic])? {
        lock.withLock {
            seenBodies.insert(outputPath)
            guard let previous = bodies[outputPath], previous.document === document, previous.callouts == callouts else { return nil }
            if let resolutions, let before = previous.resolutions, resolutions != before { return nil }
            return (previous.html, previous.diagnostics)
        }
    }

    func rememberBody(for outputPath: String, _ body: RenderedBody) {
        lock.withLock {
            seenBodies.insert(outputPath)
            statistics.bodiesRendered += 1
            bodies[outputPath] = body
        }
    }

    // MARK: Swift sources and the module graph

    struct SourceScanMemo {
        var stamp: FileStamp
        var module: String
        var scan: PackageGraphLoader.FileScan
    }

    func sourceScan(_ path: String, stamp: FileStamp?, module: String) -> PackageGraphLoader.FileScan? {
        guard let stamp else { return nil }
        return lock.withLock {
            seenScans.insert(path)
            guard let previous = scans[path], previous.stamp == stamp, previous.module == module else { return nil }
            return previous.scan
        }
    }

    func rememberScan(_ path: String, stamp: FileStamp?, module: String, scan: PackageGraphLoader.FileScan) {
        lock.withLock {
            seenScans.insert(path)
            statistics.sourcesScanned += 1
            guard let stamp, stamp.isSettled(after: settleTime) else {
                scans.removeValue(forKey: path)
                return
            }
            scans[path] = SourceScanMemo(stamp: stamp, module: module, scan: scan)
        }
    }

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
    public func noteChanges(_ paths: [String]) {
        lock.withLock { changedSinceGraph?.append(contentsOf: paths) }
    }

    /// The folders of the packages the last module graph was read from (relative to the
    /// project root), so a preview can watch those outside the project too.
    public var packageFolders: [String] {
        lock.withLock { graph?.loaded?.packages.map(\.directory).sorted() ?? [] }
    }

    func rememberedGraph(config: StrataConfig, mode: ManifestMode) -> PackageGraphLoader.Loaded?? {
        lock.withLock {
            guard let graph, graph.config == config, graph.mode == mode, let changed = changedSinceGraph else { return nil }
            let independent = graphIndependentFolders
            let affects = changed.contains { path in !independent.contains { path == $0 || path.hasPrefix($0 + "/") } }
            if affects { return nil }
            changedSinceGraph = []
            return .some(graph.loaded)
        }
    }

    func rememberGraph(_ loaded: PackageGraphLoader.Loaded?, config: StrataConfig, mode: ManifestMode, independentFolders: [String]) {
        lock.withLock {
            graph = RememberedGraph(config: config, mode: mode, loaded: loaded)
            changedSinceGraph = []
            graphIndependentFolders = independentFolders
            statistics.graphReloaded = true
        }
    }

    // MARK: Build boundaries

    func beginBuild() {
        lock.withLock {
            statistics = Statistics()
            seenPages = []
            seenBodies = []
            seenScans = []
        }
    }

    /// Drops what the build did not use (removed files), so the memory never grows.
    func endBuild() {
        lock.withLock {
            pages = pages.filter { seenPages.contains($0.key) }
            bodies = bodies.filter { seenBodies.contains($0.key) }
            if graph?.loaded != nil, statistics.graphReloaded { scans = scans.filter { seenScans.contains($0.key) } }
        }
    }
}

/// What identifies a version of a file without reading it.
struct FileStamp: Hashable, Sendable {
    var modified: Int64
    var changed: Int64
    var size: Int64
    var inode: UInt64
    /// When the stamp was taken (wall clock, nanoseconds).
    var takenAt: Int64 = FileStamp.now()

    /// Whether a later change to the file is sure to change the stamp. On file systems
    /// that keep times to the second or two (FAT, some network and container mounts), a
    /// file written again within the same tick, at the same size, keeps its stamp; so a
    /// file changed less than two seconds before it was looked at is read again next time
    /// (git's "racily clean" rule).
    func isSettled(after settleTime: Int64) -> Bool {
        takenAt - max(modified, changed) >= settleTime
    }

    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    static func == (lhs: FileStamp, rhs: FileStamp) -> Bool {
        lhs.modified == rhs.modified && lhs.changed == rhs.changed && lhs.size == rhs.size && lhs.inode == rhs.inode
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(modified)
        hasher.combine(changed)
        hasher.combine(size)
        hasher.combine(inode)
    }

    /// nil when the file cannot be looked at (it is then read, and reported, as usual).
    static func of(_ path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileStamp(info)
    }

    init(_ info: stat) {
        #if canImport(Darwin)
        let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        let changed = Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
        #else
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        let changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        #endif
        self.init(modified: modified, changed: changed, size: Int64(info.st_size), inode: UInt64(info.st_ino))
    }

    init(modified: Int64, changed: Int64, size: Int64, inode: UInt64) {
        self.modified = modified
        self.changed = changed
        self.size = size
        self.inode = inode
    }
}
