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

    private func checkFolders(_ config: StrataConfig) throws {
        let output = project.url(config.outputDirectory).path
        let location = config.sourcePath.map { SourceLocation(path: $0) }
        func contains(_ outer: String, _ inner: String) -> Bool { inner == outer || inner.hasPrefix(outer + "/") }
        var guarded: [(String, String)] = [("the project folder", project.root.path), ("the content folder", project.url(config.contentDirectory).path)]
        if let theme = config.themeDirectory { guarded.append(("the theme folder", project.url(theme).path)) }
        if let configPath = options.configPath { guarded.append(("the configuration file", project.url(configPath).path)) }
        for (name, path) in guarded where contains(output, path) {
            throw Diagnostic.error("config.output", "the output folder '\(config.outputDirectory)' would contain \(name); every build replaces it, so choose a folder of its own", at: location)
        }
        let content = project.url(config.contentDirectory).path
        if contains(content, output) {
            throw Diagnostic.error("config.output", "the output folder '\(config.outputDirectory)' is inside the content folder; choose a folder outside it", at: location)
        }
    }
}
