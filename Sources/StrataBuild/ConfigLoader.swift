import Foundation
import StrataCore
import StrataYAML

/// Finds and reads `strata.yml`. Without one, every setting takes its default.
public enum ConfigLoader {
    public static let defaultFileName = "strata.yml"

    /// Loads the configuration of the project at `project.root`.
    /// - Parameter explicitPath: a file named with `--config`; it must exist.
    /// - Throws: `DiagnosticsError` with every problem found in the file.
    public static func load(project: ProjectFiles, explicitPath: String? = nil) throws -> StrataConfig {
        let relative = explicitPath ?? defaultFileName
        let url = project.url(relative)
        let display = explicitPath ?? project.display(defaultFileName)
        if explicitPath == nil, !ProjectFiles.entryExists(url) {
            return StrataConfig()
        }
        do {
            let bytes = try ProjectFiles.readBytes(at: url, displayPath: display)
            let text = try TextDecoding.decode(bytes, path: display)
            let root = try YAMLReader.read(text, path: display)
            var decoder = ConfigDecoder()
            let config = decoder.decode(root, path: display)
            guard decoder.diagnostics.isEmpty else { throw DiagnosticsError(decoder.diagnostics) }
            return config
        } catch let diagnostic as Diagnostic {
            throw DiagnosticsError([diagnostic])
        }
    }
}
