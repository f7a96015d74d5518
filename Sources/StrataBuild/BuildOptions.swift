import StrataCore

/// What the command line can change about a build: read by the configure stage alone,
/// which merges it into the `StrataConfig` every later stage reads.
public struct BuildOptions: Sendable {
    /// A configuration file other than `strata.yml` in the project root.
    public var configPath: String?
    /// Overrides `output:`.
    public var outputDirectory: String?
    /// Overrides `site.base_url`.
    public var baseURL: String?
    /// Treat warnings as failures (exit 1, output left untouched).
    public var strict: Bool
    /// How manifests are read (`--manifest`).
    public var manifestMode: ManifestMode
    /// The day `LAST_VERIFIED` dates are measured against (`--as-of`).
    public var asOf: CalendarDate?

    public init(configPath: String? = nil, outputDirectory: String? = nil, baseURL: String? = nil, strict: Bool = false, manifestMode: ManifestMode = .auto, asOf: CalendarDate? = nil) {
        self.manifestMode = manifestMode
        self.asOf = asOf
        self.configPath = configPath
        self.outputDirectory = outputDirectory
        self.baseURL = baseURL
        self.strict = strict
    }
}

/// What a build did, for the command line to report.
public struct BuildResult: Sendable {
    public enum Outcome: Sendable, Equatable {
        /// The site was written.
        case written
        /// Warnings under `--strict`: nothing was written (exit 1).
        case failedStrict
        /// Errors in configuration or input: nothing was written (exit 2).
        case failed
        /// Architecture violations at or above `build: fail_on_violations:`: nothing was
        /// written (exit 1, as `strata check` exits on violations).
        case failedViolations
    }

    public var outcome: Outcome
    public var diagnostics: [Diagnostic]
    public var pageCount: Int
    public var fileCount: Int
    /// The output folder as the user would type it.
    public var outputDisplayPath: String
    /// How the architecture diagrams were drawn.
    public var diagrams = DiagramStatistics()
    /// What the module graph was read from, in one line (`PackageGraphLoader.Loaded.summary`).
    public var readSummary: String?
    /// Bytes of the search index, and of every HTML page, to report how the two compare.
    /// A written build's index is finished during the writes, so it is measured only when
    /// the site was written (0 for a failed build).
    public var searchIndexBytes = 0
    public var htmlBytes = 0
    /// Whether the site has a `sitemap.xml` (only with an absolute base URL).
    public var wroteSitemap = false
    /// The architecture the site shows (after the baseline), for a site with a module graph.
    public var architecture: ArchitectureCounts?

    public struct ArchitectureCounts: Sendable, Equatable {
        public var errors: Int
        public var warnings: Int
        /// "2 errors, 1 warning in 14 modules", as `strata check` says it.
        public var summary: String
    }

    public var exitCode: Int32 {
        switch outcome {
        case .written: 0
        case .failedStrict, .failedViolations: 1
        case .failed: 2
        }
    }
}
