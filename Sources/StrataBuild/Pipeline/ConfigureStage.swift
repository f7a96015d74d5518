import Foundation
import StrataCore

/// The configure stage, the first: `strata.yml` read strictly, the command line's overrides merged into
/// it (the only place they are), the day staleness is measured against settled (the only
/// place the environment and the clock are read), and the output folder checked to hold
/// none of the project's inputs (every build replaces it). Every later stage reads the
/// configuration alone.
package struct ConfigureStage: Sendable {
    package let project: ProjectFiles
    package let options: BuildOptions
    /// `SOURCE_DATE_EPOCH` is read from here.
    package var environment: [String: String] = ProcessInfo.processInfo.environment
    /// Today, in seconds since 1970, for a build that pins no day.
    package var now: Int64 = Int64(Date().timeIntervalSince1970)

    package init(project: ProjectFiles, options: BuildOptions = BuildOptions()) {
        self.project = project
        self.options = options
    }

    /// - Throws: `Diagnostic` or `DiagnosticsError` when the configuration cannot be used.
    package func run() throws -> StrataConfig {
        let config = try merged()
        try checkFolders(config)
        return config
    }

    /// The configuration with the command line merged in, its folders not yet checked: a
    /// build refused for its output folder still names that folder when it says what it
    /// left as it was.
    func merged() throws -> StrataConfig {
        var config = try ConfigLoader.load(project: project, explicitPath: options.configPath)
        if let output = options.outputDirectory {
            config.outputDirectory = output
            config.commandLine.namesOutput = true
        }
        if let baseURL = options.baseURL {
            guard let normalized = ConfigDecoder.normalizedBaseURL(baseURL) else {
                throw Diagnostic.error(
                    "usage", "--base-url must be a path starting with '/' or an http(s) URL, not '\(baseURL)'")
            }
            config.site.baseURL = normalized
        }
        if let platform = try Self.platform(fromCommandLine: options.platform) { config.platform = platform }
        config.commandLine.manifestMode = options.manifestMode
        config.commandLine.strict = options.strict
        config.guidance.asOf = StalenessPolicy.asOf(
            option: options.asOf, config: config.guidance, environment: environment, now: now)
        return config
    }

    /// `--platform`, read: nil when it is not given, else the platform it names.
    /// - Throws: the `platform.unknown` error for a name that is no platform (exit 2).
    package static func platform(fromCommandLine name: String?) throws -> PlatformChoice? {
        guard let name else { return nil }
        return PlatformChoice(platform: try ConfigDecoder.platform(named: name, at: nil), origin: .commandLine)
    }

    /// The output folder as the user would type it, for a build that fails before its
    /// configuration is read.
    package var outputBeforeConfiguring: String {
        options.outputDirectory ?? StrataConfig().outputDirectory
    }

    /// The write boundary (`OutputBoundary`) against the inputs the configuration names;
    /// the source folders the graph names are checked just before the write.
    func checkFolders(_ config: StrataConfig) throws {
        var inputs: [(String, String)] = [("the project folder", "."), ("the content folder", config.contentDirectory)]
        if let theme = config.themeDirectory { inputs.append(("the theme folder", theme)) }
        if let configPath = options.configPath ?? config.sourcePath.map(project.projectRelative) {
            inputs.append(("the configuration file", configPath))
        }
        for folder in config.packages ?? [] where !PackagePattern.isGlob(folder) {
            inputs.append(("a package folder", folder))
        }
        for folder in config.projects ?? [] where !PackagePattern.isGlob(folder) {
            inputs.append(("an Xcode project", folder))
        }
        try OutputBoundary(project: project, config: config).check(inputs: inputs)
    }
}
