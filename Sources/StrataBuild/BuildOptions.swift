import StrataCore

/// What the command line can change about a build: read by the configure stage alone,
/// which merges it into the `StrataConfig` every later stage reads.
package struct BuildOptions: Sendable {
    /// A configuration file other than `strata.yml` in the project root.
    package var configPath: String?
    /// Overrides `output:`.
    package var outputDirectory: String?
    /// Overrides `site.base_url`.
    package var baseURL: String?
    /// Treat warnings as failures (exit 1, output left untouched).
    package var strict: Bool
    /// How manifests are read (`--manifest`).
    package var manifestMode: ManifestMode
    /// The day `LAST_VERIFIED` dates are measured against (`--as-of`).
    package var asOf: CalendarDate?
    /// Overrides `platform:`, as written (`--platform ios`); the configure stage reads it.
    package var platform: String?

    package init(
        configPath: String? = nil, outputDirectory: String? = nil, baseURL: String? = nil, strict: Bool = false,
        manifestMode: ManifestMode = .auto, asOf: CalendarDate? = nil, platform: String? = nil
    ) {
        self.platform = platform
        self.manifestMode = manifestMode
        self.asOf = asOf
        self.configPath = configPath
        self.outputDirectory = outputDirectory
        self.baseURL = baseURL
        self.strict = strict
    }
}

/// What a build did, for the command line to report.
package struct BuildResult: Sendable {
    package enum Outcome: Sendable, Equatable {
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

    package var outcome: Outcome
    package var diagnostics: [Diagnostic]
    package var pageCount: Int
    package var fileCount: Int
    /// The output folder as the user would type it.
    package var outputDisplayPath: String
    /// How the architecture diagrams were drawn.
    package var diagrams = DiagramStatistics()
    /// What the module graph was read from, in one line (`PackageGraphLoader.Loaded.summary`).
    package var readSummary: String?
    /// What the history page read, in one line, when `history:` asks for one.
    package var historySummary: String?
    /// Bytes of the search index, and of every HTML page, to report how the two compare.
    /// A written build's index is finished during the writes, so it is measured only when
    /// the site was written (0 for a failed build).
    package var searchIndexBytes = 0
    package var htmlBytes = 0
    /// Whether the site has a `sitemap.xml` (only with an absolute base URL).
    package var wroteSitemap = false
    /// The architecture the site shows (after the baseline), for a site with a module graph.
    package var architecture: ArchitectureCounts?

    package struct ArchitectureCounts: Sendable, Equatable {
        package var errors: Int
        package var warnings: Int
        /// "2 errors, 1 warning in 14 modules", as `strata check` says it.
        package var summary: String
    }

    package var exitCode: Int32 {
        switch outcome {
        case .written: 0
        case .failedStrict, .failedViolations: 1
        case .failed: 2
        }
    }
}
