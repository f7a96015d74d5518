import StrataCore

/// Stage 1, configure: `strata.yml` read strictly, with the command line's overrides, and
/// the output folder checked to hold none of the project's inputs (every build replaces it).
public struct ConfigureStage: Sendable {
    public let project: ProjectFiles
    public let options: BuildOptions

    public init(project: ProjectFiles, options: BuildOptions = BuildOptions()) {
        self.project = project
        self.options = options
    }

    /// - Throws: `Diagnostic` or `DiagnosticsError` when the configuration cannot be used.
    public func run() throws -> StrataConfig {
        var config = try ConfigLoader.load(project: project, explicitPath: options.configPath)
        if let output = options.outputDirectory { config.outputDirectory = output }
        if let baseURL = options.baseURL {
            guard let normalized = ConfigDecoder.normalizedBaseURL(baseURL) else {
                throw Diagnostic.error("usage", "--base-url must be a path starting with '/' or an http(s) URL, not '\(baseURL)'")
            }
            config.site.baseURL = normalized
        }
        try checkFolders(config)
        return config
    }

    /// The write boundary (`OutputBoundary`) against the inputs the configuration names;
    /// the source folders the graph names are checked just before the write.
    private func checkFolders(_ config: StrataConfig) throws {
        var inputs: [(String, String)] = [("the project folder", "."), ("the content folder", config.contentDirectory)]
        if let theme = config.themeDirectory { inputs.append(("the theme folder", theme)) }
        if let configPath = options.configPath ?? config.sourcePath.map(project.projectRelative) { inputs.append(("the configuration file", configPath)) }
        for folder in config.packages ?? [] where !PackagePattern.isGlob(folder) { inputs.append(("a package folder", folder)) }
        for folder in config.projects ?? [] where !PackagePattern.isGlob(folder) { inputs.append(("an Xcode project", folder)) }
        try boundary(config).check(inputs: inputs)
    }

    func boundary(_ config: StrataConfig) -> OutputBoundary {
        let fromCommandLine = options.outputDirectory != nil
        return OutputBoundary(
            project: project, output: config.outputDirectory, isFromCommandLine: fromCommandLine,
            location: fromCommandLine ? nil : config.outputLocation ?? config.sourcePath.map { SourceLocation(path: $0) }
        )
    }
}
