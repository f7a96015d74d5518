import Foundation
import StrataCore
import StrataMarkdown

/// The read pages and read graph stages: the pages, in parallel (front matter, Markdown,
/// metadata, heading ids, guidance blocks), marked stale when verified too long ago; and
/// the module graph of the project's packages (manifests, sources, imports and guidance
/// comments).
struct ReadStage: Sendable {
    let project: ProjectFiles
    /// Whether reading the graph also gathers what only the site shows: the guidance blocks
    /// in source comments and each target's lines. Off for `strata graph`, which shows neither.
    var readsSiteDetails = true
    /// Pages already read, by content path (`strata serve`).
    var pageCache: ItemCache<PageFingerprint, ReadPage> = .none
    /// Swift files already scanned, by path (`strata serve`).
    var scanCache: ItemCache<PackageGraphLoader.ScanFingerprint, PackageGraphLoader.FileScan> = .none
    /// Swift files already read for their API, by path (`strata serve`).
    var apiCache: ItemCache<APIReader.Fingerprint, APIFile?> = .none
    /// Reference pages already read, by output path (`strata serve`).
    var apiPageCache: ItemCache<APIPageFingerprint, ReadPage> = .none

    /// A page read: the page, or nothing when it could not be read, and what was wrong.
    typealias ReadPage = (SourcePage?, [Diagnostic])

    /// What reading a page depends on besides its bytes, which its stamp stands for.
    struct PageFingerprint: MemoFingerprint, Equatable {
        var stamp: FileStamp
        var displayPath: String
        var outputPath: String
        var isSectionIndex: Bool
        var options: MarkdownOptions
        /// `guidance.rule_sets`: which sections are rule sets changes what a page holds.
        var ruleSetHeadings: [String]
        /// What Strata adds to the page (a catalog's top page lists its module's API), and
        /// where each added line came from.
        var appendix: [String] = []
        var appendixOrigins: [SourceLocation] = []

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
        let markdownOptions = MarkdownOptions(
            unsafeHTML: config.markdown.unsafeHTML, smartPunctuation: config.markdown.smartPunctuation)
        let loader = PageLoader(
            options: markdownOptions, ruleSetHeadings: config.guidance.ruleSetHeadings, project: project)
        let cache = pageCache
        let loaded = ParallelMap.map(discovered.pages, costliestFirst: { Int($0.file.stamp?.size ?? 0) }) { page in
            // The stamp was taken before the file was read: a save during the build is seen
            // by the next one.
            cache.value(
                for: page.file.relativePath,
                fingerprint: {
                    page.file.stamp.map {
                        PageFingerprint(
                            stamp: $0, displayPath: page.displayPath, outputPath: page.outputPath,
                            isSectionIndex: page.isSectionIndex, options: markdownOptions,
                            ruleSetHeadings: loader.ruleSetHeadings
                        )
                    }
                }
            ) {
                loader.load(
                    page.file, displayPath: page.displayPath, outputPath: page.outputPath,
                    isSectionIndex: page.isSectionIndex)
            }
        }
        if StageClock.isOn {
            StageClock.note(
                "markdown: inline parsing: \(MarkdownParser.parsesInParallel ? "in parallel" : "one page at a time")")
        }
        var pages = loaded.compactMap(\.0)
        var diagnostics = discovered.diagnostics + loaded.flatMap(\.1)
        // Pages verified too long ago are marked before anything shows their metadata.
        let staleness = StalenessPolicy(asOf: asOf(config: config), staleAfterDays: config.guidance.staleAfterDays)
        diagnostics += staleness.apply(to: &pages)
        return Content(pages: pages, assets: discovered.assets, diagnostics: diagnostics)
    }

    /// The module graph of the packages and Xcode projects to read. Each of `packages:` and
    /// `projects:` in strata.yml, when given, replaces its own default:
    /// - packages: the project folder's `Package.swift` when it has one (as SwiftPM reads
    ///   it), else every package below it and those its workspaces list;
    /// - projects: with a root `Package.swift`, the Xcode projects below that use it as a
    ///   local package (the app of a repository whose modules are the root package's); else
    ///   every project below and those its workspaces list.
    /// Nil for a documentation-only project. Swift files go through `scanCache`.
    func graph(config: StrataConfig) throws -> PackageGraphLoader.Loaded? {
        // A root `Package.swift` that configures Tuist lists the projects' external
        // dependencies: the repository is its Tuist projects, not a package.
        let hasRootPackage =
            ProjectFiles.entryExists(project.url("Package.swift"))
            && !TuistProjectLoader.isDependencyManifest("Package.swift", project: project)
        // One walk of the tree, and only when a default needs it.
        var searched: ProjectSearch.Found?
        func found() -> ProjectSearch.Found {
            if let searched { return searched }
            let result = PackageRoots.search(project: project, config: config)
            searched = result
            return result
        }
        var roots: [String] = []
        var projects: [String] = []
        var workspacePackages: [String] = []
        var searchWarnings: [Diagnostic] = []
        if config.projects != nil {
            let xcode = try XcodeProjectRoots.expand(config, project: project)
            projects = xcode.projects
            workspacePackages = xcode.packages
        } else if hasRootPackage {
            // The root package's own source and test folders hold no app project: not walked.
            let packageFolders = ["Sources", "Source", "src", "srcs", "Tests", "Plugins"].map {
                project.url($0).standardizedFileURL.path
            }
            let below =
                config.packages == nil
                ? PackageRoots.search(project: project, config: config, alsoAvoiding: packageFolders) : found()
            projects = XcodeProjectRoots.projectsUsingRootPackage(below, project: project)
            // An app project (or XcodeGen spec) beside the root manifest is the repository's
            // app; the package holds its tools or some of its modules.
            projects += XcodeProjectRoots.rootAppProjects(below, project: project).filter { !projects.contains($0) }
        } else {
            let xcode = XcodeProjectRoots.discovered(found(), project: project)
            projects = xcode.roots.projects
            workspacePackages = xcode.roots.packages
            searchWarnings = xcode.warnings
        }
        if config.packages != nil {
            roots = try PackageRoots.expand(config, project: project)
        } else if hasRootPackage {
            roots = ["."]
        } else {
            // No package at the root: every package below it (an app's `Packages/`,
            // `Modules/`…), outside the folders that hold the site's own inputs and output.
            roots = found().packages
        }
        roots += workspacePackages.filter { !roots.contains($0) }
        if roots.isEmpty, projects.isEmpty { return nil }
        var loader = PackageGraphLoader(project: project, mode: config.commandLine.manifestMode)
        loader.scanCache = scanCache
        loader.readsSiteDetails = readsSiteDetails
        // The graph's paths are the project's, as a place in strata.yml is not.
        loader.platform = config.platform.map { choice in
            var shown = choice
            if let path = choice.location?.path { shown.location?.path = project.projectRelative(path) }
            return shown
        }
        var loaded = try loader.load(roots: roots, projects: projects, declaredAt: config.packagesLocation)
        loaded.diagnostics = searchWarnings + loaded.diagnostics
        return loaded
    }

    /// The day staleness is measured against: settled by the configure stage; today for a
    /// configuration made without it (a test's, an embedder's).
    func asOf(config: StrataConfig) -> CalendarDate {
        config.guidance.asOf ?? CalendarDate(unixTime: Int64(Date().timeIntervalSince1970))
    }
}
