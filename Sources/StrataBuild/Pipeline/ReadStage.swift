import Foundation
import StrataCore
import StrataMarkdown

/// Stage 3, read: the pages, in parallel (front matter, Markdown, metadata, heading ids,
/// guidance blocks), marked stale when verified too long ago; and the module graph of the
/// project's packages (manifests, sources, imports and guidance comments).
struct ReadStage: Sendable {
    let project: ProjectFiles
    let options: BuildOptions
    /// Pages already read, by content path (`strata serve`).
    var pageCache: ItemCache<PageFingerprint, ReadPage> = .none
    /// Swift files already scanned, by path (`strata serve`).
    var scanCache: ItemCache<PackageGraphLoader.ScanFingerprint, PackageGraphLoader.FileScan> = .none

    /// A page read: the page, or nothing when it could not be read, and what was wrong.
    typealias ReadPage = (SourcePage?, [Diagnostic])

    /// What reading a page depends on besides its bytes, which its stamp stands for.
    struct PageFingerprint: MemoFingerprint, Equatable {
        var stamp: FileStamp
        var displayPath: String
        var outputPath: String
        var isSectionIndex: Bool
        var options: MarkdownOptions

        func matches(_ previous: PageFingerprint) -> Bool { self == previous }
        func isKeepable(settleTime: Int64) -> Bool { stamp.isSettled(after: settleTime) }
    }

    struct Content: Sendable {
        var pages: [SourcePage]
        var assets: [ContentFile]
        var diagnostics: [Diagnostic]
    }

    /// Parses the discovered pages, through `pageCache`.
    func pages(_ discovered: DiscoverStage.Discovered, config: StrataConfig) -> Content {
        let markdownOptions = MarkdownOptions(unsafeHTML: config.markdown.unsafeHTML, smartPunctuation: config.markdown.smartPunctuation)
        let loader = PageLoader(options: markdownOptions)
        let cache = pageCache
        let loaded = ParallelMap.map(discovered.pages) { page in
            // The stamp was taken before the file was read: a save during the build is seen
            // by the next one.
            cache.value(for: page.file.relativePath, fingerprint: {
                page.file.stamp.map { PageFingerprint(stamp: $0, displayPath: page.displayPath, outputPath: page.outputPath, isSectionIndex: page.isSectionIndex, options: markdownOptions) }
            }) {
                loader.load(page.file, displayPath: page.displayPath, outputPath: page.outputPath, isSectionIndex: page.isSectionIndex)
            }
        }
        var pages = loaded.compactMap(\.0)
        var diagnostics = discovered.diagnostics + loaded.flatMap(\.1)
        // Pages verified too long ago are marked before anything shows their metadata.
        let staleness = StalenessPolicy(asOf: asOf(config: config), staleAfterDays: config.guidance.staleAfterDays)
        diagnostics += staleness.apply(to: &pages)
        return Content(pages: pages, assets: discovered.assets, diagnostics: diagnostics)
    }

    /// The module graph of the packages `packages:` lists and the Xcode projects `projects:`
    /// lists; without either, of the project folder when it holds a `Package.swift` (as
    /// SwiftPM reads it), else of every package and Xcode project below it. Nil for a
    /// documentation-only project. Swift files go through `scanCache`.
    func graph(config: StrataConfig) throws -> PackageGraphLoader.Loaded? {
        var roots: [String] = []
        var projects: [String] = []
        if config.packages != nil || config.projects != nil {
            if config.packages != nil { roots = try PackageRoots.expand(config, project: project) }
            let xcode = try XcodeProjectRoots.expand(config, project: project)
            projects = xcode.projects
            roots += xcode.packages.filter { !roots.contains($0) }
        } else if ProjectFiles.entryExists(project.url("Package.swift")) {
            roots = ["."]
        } else {
            // No package at the root: every package and Xcode project below it (an app's
            // project and its `Packages/`, `Modules/`…), outside the folders that hold the
            // site's own inputs and output.
            let found = PackageRoots.search(project: project, config: config)
            let xcode = XcodeProjectRoots.discovered(found, project: project)
            roots = found.packages + xcode.packages.filter { !found.packages.contains($0) }
            projects = xcode.projects
            if roots.isEmpty, projects.isEmpty { return nil }
        }
        var loader = PackageGraphLoader(project: project, mode: options.manifestMode)
        loader.scanCache = scanCache
        return try loader.load(roots: roots, projects: projects, declaredAt: config.packagesLocation)
    }

    /// The day staleness is measured against (see `StalenessPolicy.asOf`).
    func asOf(config: StrataConfig) -> CalendarDate {
        StalenessPolicy.asOf(
            option: options.asOf, config: config.guidance, environment: ProcessInfo.processInfo.environment,
            now: Int64(Date().timeIntervalSince1970)
        )
    }
}
