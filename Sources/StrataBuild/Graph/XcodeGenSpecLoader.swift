import Foundation
import StrataCore
import StrataXcode
import StrataYAML

/// Reads an XcodeGen spec and every file it includes (recursively, each once), and merges
/// them as XcodeGen does (`XcodeGenSpecFile`). An included file that is missing is a
/// warning: the rest of the spec stands.
struct XcodeGenSpecLoader {
    let project: ProjectFiles

    /// Spec files are small; a chain of includes deeper than this is a loop or a mistake.
    static let maximumDepth = 16

    /// The file names XcodeGen reads by default.
    static let specNames: Set<String> = ["project.yml", "project.yaml"]

    static func isSpec(_ path: String) -> Bool {
        path.hasSuffix(".yml") || path.hasSuffix(".yaml")
    }

    /// - Throws: a `Diagnostic` when the main spec cannot be read or is not YAML.
    func load(_ path: String) throws -> (spec: DataNode, warnings: [Diagnostic]) {
        var warnings: [Diagnostic] = []
        var seen: Set<String> = []
        guard
            let spec = try file(path, baseFolder: RelativePath.parent(path), depth: 0, seen: &seen, warnings: &warnings)
        else {
            throw Diagnostic.error(
                "xcodegen.invalid-spec", "this XcodeGen spec is empty", at: SourceLocation(path: path, line: 1))
        }
        guard spec.pairs != nil else {
            throw Diagnostic.error(
                "xcodegen.invalid-spec", "an XcodeGen spec is a mapping (name:, targets:, …), not \(spec.kindName)",
                at: spec.location)
        }
        return (spec, warnings)
    }

    /// One file merged onto what it includes; nil for an empty file.
    func file(_ path: String, baseFolder: String, depth: Int, seen: inout Set<String>, warnings: inout [Diagnostic])
        throws -> DataNode?
    {
        let bytes = try project.readBytes(at: project.url(path), displayPath: path)
        guard let root = try YAMLReader.read(TextDecoding.decode(bytes, path: path), path: path) else { return nil }
        let spec = XcodeGenSpecFile(path: path, root: root, baseFolder: baseFolder)
        var base = DataNode(.mapping([]), at: root.location)
        for include in spec.includes {
            guard depth < Self.maximumDepth, seen.insert(include.path).inserted else { continue }
            guard ProjectFiles.entryExists(project.url(include.path)) else {
                warnings.append(
                    .warning(
                        "xcodegen.missing-include",
                        "the included spec '\(project.display(include.path))' does not exist; it is skipped",
                        at: include.location))
                continue
            }
            do {
                if let included = try file(
                    include.path, baseFolder: include.baseFolder, depth: depth + 1, seen: &seen, warnings: &warnings)
                {
                    base = XcodeGenSpecFile.merge(included, onto: base)
                }
            } catch let diagnostic as Diagnostic {
                // An included file that is not YAML: its place is said, the rest stands.
                warnings.append(
                    .warning(
                        diagnostic.ruleID, diagnostic.message + "; the included spec is skipped",
                        at: diagnostic.location))
            }
        }
        return XcodeGenSpecFile.merge(spec.resolved, onto: base)
    }
}
