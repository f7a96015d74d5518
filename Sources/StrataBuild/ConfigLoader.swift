import Foundation
import StrataCore
import StrataYAML

/// Finds and reads `strata.yml`. Without one, every setting takes its default.
package enum ConfigLoader {
    package static let defaultFileName = "strata.yml"

    /// Loads the configuration of the project at `project.root`.
    /// - Parameter explicitPath: a file named with `--config`; it must exist.
    /// - Throws: `DiagnosticsError` with every problem found in the file.
    package static func load(project: ProjectFiles, explicitPath: String? = nil) throws -> StrataConfig {
        let relative = explicitPath ?? defaultFileName
        let url = project.url(relative)
        let display = explicitPath ?? project.display(defaultFileName)
        if explicitPath == nil, !ProjectFiles.entryExists(url) {
            return StrataConfig()
        }
        let bytes: [UInt8]
        do {
            // A file `--config` names may be anywhere; the project's own is read inside it.
            bytes =
                try explicitPath == nil
                ? project.readBytes(at: url, displayPath: display)
                : ProjectFiles.readCommandLineFile(at: url, displayPath: display)
        } catch let diagnostic as Diagnostic {
            throw DiagnosticsError([diagnostic])
        }
        return try decode(bytes, path: display)
    }

    /// A configuration from the bytes of a `strata.yml` shown as `path`.
    /// - Throws: `DiagnosticsError` with every problem found.
    package static func decode(_ bytes: [UInt8], path: String) throws -> StrataConfig {
        do {
            let text = try TextDecoding.decode(bytes, path: path)
            let root = try YAMLReader.read(text, path: path)
            var decoder = ConfigDecoder()
            let config = decoder.decode(root, path: path)
            guard decoder.diagnostics.isEmpty else { throw DiagnosticsError(decoder.diagnostics) }
            var decoded = config
            decoded.warnings = decoder.warnings
            return decoded
        } catch let diagnostic as Diagnostic {
            throw DiagnosticsError([diagnostic])
        }
    }
}
