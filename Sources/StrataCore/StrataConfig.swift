/// Everything `strata.yml` can say. Every key has a default, so a project with only a
/// `Content/` folder needs no configuration file at all.
package struct StrataConfig: Hashable, Sendable {
    package var site: SiteSettings
    /// Folder of Markdown pages and assets, relative to the project root.
    package var contentDirectory: String
    /// Whether `content:` names the folder: a folder named on purpose must exist, while the
    /// default `Content/` may be absent from a package documented from its code alone.
    package var contentDirectoryIsConfigured = false
    /// A theme folder of the project's own; `nil` uses the theme built into Strata.
    package var themeDirectory: String?
    /// Where `strata build` writes the site, relative to the project root.
    package var outputDirectory: String
    /// Where `content:`, `theme:` and `output:` are written, for a folder that resolves
    /// outside the project (the read and write boundaries' errors).
    package var contentLocation: SourceLocation?
    package var themeLocation: SourceLocation?
    package var outputLocation: SourceLocation?
    /// Warnings about the file itself (a setting read and ignored), reported with the content's.
    package var warnings: [Diagnostic] = []
    package var markdown: MarkdownSettings
    /// The Swift packages whose module graph Strata reads, as folders relative to the
    /// project root, as written: a folder, a glob (`Packages/*`, `Modules/**`), or a glob
    /// to leave out (`!Packages/Legacy`). Nil means the project folder, if it holds a
    /// `Package.swift`.
    package var packages: [String]? = nil
    /// Where `packages:` is written, and where each of its entries is, for diagnostics.
    package var packagesLocation: SourceLocation? = nil
    package var packageEntryLocations: [SourceLocation] = []
    /// The Xcode projects and workspaces whose targets join the graph (`projects:`), as
    /// written: an `.xcodeproj` or `.xcworkspace` folder, a glob (`Apps/*.xcodeproj`), or
    /// a glob to leave out (`!Examples/**`). Nil means the ones found below the project
    /// folder, when it holds no `Package.swift` and `packages:` is not given.
    package var projects: [String]? = nil
    package var projectsLocation: SourceLocation? = nil
    package var projectEntryLocations: [SourceLocation] = []
    /// DocC catalogs published besides those found in the targets' folders (`docc:`), as
    /// folders relative to the project, with where each is written.
    package var doccCatalogs: [String] = []
    package var doccCatalogLocations: [SourceLocation] = []
    /// The least access a declaration needs for the API reference to document it
    /// (`api: access:`); nil when `api: false` turns the reference off.
    package var apiAccess: APISymbol.Access? = .public
    /// The platform the graph is read for (`platform:`, or `--platform`, which overrides it);
    /// nil reads it for the platform the project declares.
    package var platform: PlatformChoice?
    /// The architecture's layers, bottom-up (`layers:`).
    package var layers: [LayerDeclaration] = []
    /// Rule severities and the project's own rules (`rules:` and `tests:`).
    package var rules = RuleSettings()
    /// How guidance blocks are judged (`guidance:`).
    package var guidance = GuidanceSettings()
    /// The `diagrams:` section.
    package var diagrams = DiagramSettings()
    /// `links:`: captured wiki prefixes mapped to content folders or URLs.
    package var links = LinkMap()
    /// `build: fail_on_violations:`: the severity of architecture violations that fails
    /// `strata build` (nothing written, exit 1); nil builds the site whatever they are.
    package var failBuildOn: Severity?
    package var failBuildOnLocation: SourceLocation?
    /// `history:`: the past points the site's history page reads; nil reads none (no page).
    package var history: HistorySettings?
    /// The file this configuration was read from, if any (for diagnostics).
    package var sourcePath: String?
    /// What only the person running Strata chooses, on the command line (the configure
    /// stage sets it; `strata.yml`, which a pull request can change, has no key for it).
    package var commandLine = CommandLineSettings()

    package init(
        site: SiteSettings = SiteSettings(),
        contentDirectory: String = "Content",
        themeDirectory: String? = nil,
        outputDirectory: String = "Output",
        markdown: MarkdownSettings = MarkdownSettings(),
        sourcePath: String? = nil
    ) {
        self.site = site
        self.contentDirectory = contentDirectory
        self.themeDirectory = themeDirectory
        self.outputDirectory = outputDirectory
        self.markdown = markdown
        self.sourcePath = sourcePath
    }
}

/// The command line's part of a configuration: each of these widens what Strata does
/// (runs manifest code, writes outside the project) or how it judges, so none of them can
/// come from a file in the repository.
package struct CommandLineSettings: Hashable, Sendable {
    /// How manifests are read (`--manifest`); only this can make a manifest's code run.
    package var manifestMode: ManifestMode = .auto
    /// `--strict`: warnings fail the build too.
    package var strict = false
    /// Whether `--output` named the output folder, which may then lie outside the project.
    package var namesOutput = false

    package init(manifestMode: ManifestMode = .auto, strict: Bool = false, namesOutput: Bool = false) {
        self.manifestMode = manifestMode
        self.strict = strict
        self.namesOutput = namesOutput
    }
}

/// The `site:` section: what the reader sees in the header and what URLs are built from.
package struct SiteSettings: Hashable, Sendable {
    package var title: String
    package var description: String?
    /// The URL path (or absolute URL) the site is published under, always ending in `/`.
    package var baseURL: String
    /// The `lang` attribute of every page.
    package var language: String
    /// An optional link to the project's repository, shown in the header.
    package var repositoryURL: String?

    package init(
        title: String = "Documentation",
        description: String? = nil,
        baseURL: String = "/",
        language: String = "en",
        repositoryURL: String? = nil
    ) {
        self.title = title
        self.description = description
        self.baseURL = baseURL
        self.language = language
        self.repositoryURL = repositoryURL
    }
}

/// The `markdown:` section.
package struct MarkdownSettings: Hashable, Sendable {
    /// Emit raw HTML written in Markdown as HTML. Off by default: it is shown escaped.
    package var unsafeHTML: Bool
    /// Turn straight quotes and `--` into typographic ones. Off by default.
    package var smartPunctuation: Bool

    package init(unsafeHTML: Bool = false, smartPunctuation: Bool = false) {
        self.unsafeHTML = unsafeHTML
        self.smartPunctuation = smartPunctuation
    }
}

/// The `guidance:` section.
package struct GuidanceSettings: Hashable, Sendable {
    /// A page whose `LAST_VERIFIED` is more than this many days before `asOf` is stale.
    package var staleAfterDays: Int
    /// The day staleness is measured against. As read from `strata.yml` it is `as_of:` (a
    /// pinned day gives the same output on any day) or nil; the configure stage settles it:
    /// `--as-of`, else `as_of:`, else `SOURCE_DATE_EPOCH`, else today.
    package var asOf: CalendarDate?
    /// Section headings that make a rule set with no `RULES:` line when their subsections
    /// or list items are numbered (`rule_sets:`); compared without case or a final colon.
    package var ruleSetHeadings: [String]

    package init(
        staleAfterDays: Int = 180, asOf: CalendarDate? = nil, ruleSetHeadings: [String] = ["Rules", "Guidelines"]
    ) {
        self.staleAfterDays = staleAfterDays
        self.asOf = asOf
        self.ruleSetHeadings = ruleSetHeadings
    }
}
