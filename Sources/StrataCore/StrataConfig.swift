/// Everything `strata.yml` can say. Every key has a default, so a project with only a
/// `Content/` folder needs no configuration file at all.
public struct StrataConfig: Hashable, Sendable {
    public var site: SiteSettings
    /// Folder of Markdown pages and assets, relative to the project root.
    public var contentDirectory: String
    /// Whether `content:` names the folder: a folder named on purpose must exist, while the
    /// default `Content/` may be absent from a package documented from its code alone.
    public var contentDirectoryIsConfigured = false
    /// A theme folder of the project's own; `nil` uses the theme built into Strata.
    public var themeDirectory: String?
    /// Where `strata build` writes the site, relative to the project root.
    public var outputDirectory: String
    /// Where `content:`, `theme:` and `output:` are written, for a folder that resolves
    /// outside the project (the read and write boundaries' errors).
    public var contentLocation: SourceLocation?
    public var themeLocation: SourceLocation?
    public var outputLocation: SourceLocation?
    /// Warnings about the file itself (a setting read and ignored), reported with the content's.
    public var warnings: [Diagnostic] = []
    public var markdown: MarkdownSettings
    /// The Swift packages whose module graph Strata reads, as folders relative to the
    /// project root, as written: a folder, a glob (`Packages/*`, `Modules/**`), or a glob
    /// to leave out (`!Packages/Legacy`). Nil means the project folder, if it holds a
    /// `Package.swift`.
    public var packages: [String]? = nil
    /// Where `packages:` is written, and where each of its entries is, for diagnostics.
    public var packagesLocation: SourceLocation? = nil
    public var packageEntryLocations: [SourceLocation] = []
    /// The Xcode projects and workspaces whose targets join the graph (`projects:`), as
    /// written: an `.xcodeproj` or `.xcworkspace` folder, a glob (`Apps/*.xcodeproj`), or
    /// a glob to leave out (`!Examples/**`). Nil means the ones found below the project
    /// folder, when it holds no `Package.swift` and `packages:` is not given.
    public var projects: [String]? = nil
    public var projectsLocation: SourceLocation? = nil
    public var projectEntryLocations: [SourceLocation] = []
    /// The architecture's layers, bottom-up (`layers:`).
    public var layers: [LayerDeclaration] = []
    /// Rule severities and the project's own rules (`rules:` and `tests:`).
    public var rules = RuleSettings()
    /// How guidance blocks are judged (`guidance:`).
    public var guidance = GuidanceSettings()
    /// The `diagrams:` section.
    public var diagrams = DiagramSettings()
    /// `links:`: captured wiki prefixes mapped to content folders or URLs.
    public var links = LinkMap()
    /// `build: fail_on_violations:`: the severity of architecture violations that fails
    /// `strata build` (nothing written, exit 1); nil builds the site whatever they are.
    public var failBuildOn: Severity?
    public var failBuildOnLocation: SourceLocation?
    /// The file this configuration was read from, if any (for diagnostics).
    public var sourcePath: String?
    /// What only the person running Strata chooses, on the command line (the configure
    /// stage sets it; `strata.yml`, which a pull request can change, has no key for it).
    public var commandLine = CommandLineSettings()

    public init(
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
public struct CommandLineSettings: Hashable, Sendable {
    /// How manifests are read (`--manifest`); only this can make a manifest's code run.
    public var manifestMode: ManifestMode = .auto
    /// `--strict`: warnings fail the build too.
    public var strict = false
    /// Whether `--output` named the output folder, which may then lie outside the project.
    public var namesOutput = false

    public init(manifestMode: ManifestMode = .auto, strict: Bool = false, namesOutput: Bool = false) {
        self.manifestMode = manifestMode
        self.strict = strict
        self.namesOutput = namesOutput
    }
}

/// The `site:` section: what the reader sees in the header and what URLs are built from.
public struct SiteSettings: Hashable, Sendable {
    public var title: String
    public var description: String?
    /// The URL path (or absolute URL) the site is published under, always ending in `/`.
    public var baseURL: String
    /// The `lang` attribute of every page.
    public var language: String
    /// An optional link to the project's repository, shown in the header.
    public var repositoryURL: String?

    public init(
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
public struct MarkdownSettings: Hashable, Sendable {
    /// Emit raw HTML written in Markdown as HTML. Off by default: it is shown escaped.
    public var unsafeHTML: Bool
    /// Turn straight quotes and `--` into typographic ones. Off by default.
    public var smartPunctuation: Bool

    public init(unsafeHTML: Bool = false, smartPunctuation: Bool = false) {
        self.unsafeHTML = unsafeHTML
        self.smartPunctuation = smartPunctuation
    }
}

/// The `guidance:` section.
public struct GuidanceSettings: Hashable, Sendable {
    /// A page whose `LAST_VERIFIED` is more than this many days before `asOf` is stale.
    public var staleAfterDays: Int
    /// The day staleness is measured against. As read from `strata.yml` it is `as_of:` (a
    /// pinned day gives the same output on any day) or nil; the configure stage settles it:
    /// `--as-of`, else `as_of:`, else `SOURCE_DATE_EPOCH`, else today.
    public var asOf: CalendarDate?
    /// Section headings that make a rule set with no `RULES:` line when their subsections
    /// or list items are numbered (`rule_sets:`); compared without case or a final colon.
    public var ruleSetHeadings: [String]

    public init(staleAfterDays: Int = 180, asOf: CalendarDate? = nil, ruleSetHeadings: [String] = ["Rules", "Guidelines"]) {
        self.staleAfterDays = staleAfterDays
        self.asOf = asOf
        self.ruleSetHeadings = ruleSetHeadings
    }
}
