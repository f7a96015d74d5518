import Foundation
import StrataCore

/// Finds the folder and Swift files of a target the way SwiftPM does: its `path:`, else
/// the first of SwiftPM's default folders that exists (`Sources/<name>`, `Source/<name>`,
/// `src/<name>`, `srcs/<name>`; `Tests/<name>` first for tests, `Plugins/<name>` for
/// plugins); every `.swift` file below it, except hidden ones, `exclude:` paths and
/// resources, and only those under `sources:` when it is given.
struct SourceFileResolver {
    let packageDirectory: URL

    enum Failure: Error {
        case missingFolder(tried: [String])
    }

    /// The folder (relative to the package) and the Swift files (relative to that folder).
    func resolve(_ target: TargetDeclaration) throws -> (folder: String, files: [String])? {
        if target.kind == .binary { return nil }
        let folder: String
        if let path = target.path {
            folder = normalize(path)
            guard isDirectory(folder) else { throw Failure.missingFolder(tried: [folder]) }
        } else {
            let roots: [String] = switch target.kind {
            case .test: ["Tests", "Sources", "Source", "src", "srcs"]
            case .plugin: ["Plugins"]
            default: ["Sources", "Source", "src", "srcs"]
            }
            let candidates = roots.map { "\($0)/\(target.name)" }
            guard let found = candidates.first(where: isDirectory) else { throw Failure.missingFolder(tried: candidates) }
            folder = found
        }
        let skipped = Set((target.exclude + target.resources).map(normalize))
        let included = target.sources.map { $0.map(normalize) }
        var files: [String] = []
        var visited: Set<String> = []
        walk(folder: folder, relative: "", skipped: skipped, included: included, visited: &visited, into: &files)
        return (folder, files.sorted())
    }

    private func walk(folder: String, relative: String, skipped: Set<String>, included: [String]?, visited: inout Set<String>, into files: inout [String]) {
        let url = packageDirectory.appendingPathComponent(folder).appendingPathComponent(relative)
        // A folder reached twice through symbolic links is read once (and a loop ends).
        guard visited.insert(url.resolvingSymlinksInPath().path).inserted else { return }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = relative.isEmpty ? name : relative + "/" + name
            if skipped.contains(path) { continue }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                // Folders SwiftPM treats as one resource (a documentation catalog, an asset
                // catalog…): the Swift files in them are not compiled.
                if let dot = name.lastIndex(of: "."), Self.bundleExtensions.contains(String(name[name.index(after: dot)...]).lowercased()) { continue }
                if let included, !included.contains(where: { $0 == path || $0.hasPrefix(path + "/") || path.hasPrefix($0 + "/") }) { continue }
                walk(folder: folder, relative: path, skipped: skipped, included: included, visited: &visited, into: &files)
            } else if name.hasSuffix(".swift") {
                if let included, !included.contains(where: { $0 == path || path.hasPrefix($0 + "/") }) { continue }
                files.append(path)
            }
        }
    }

    static let bundleExtensions: Set<String> = [
        "docc", "xcassets", "xcstrings", "xcdatamodeld", "xcdatamodel", "xcmappingmodel", "bundle", "framework",
        "xcframework", "lproj", "playground", "scnassets", "rcproject", "mlpackage", "mlmodelc", "realitykitcontentbundle",
    ]

    private func isDirectory(_ relative: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: packageDirectory.appendingPathComponent(relative).path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// `./Sources/A/` → `Sources/A`.
    private func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." && !part.isEmpty { parts.append(part) }
        return parts.joined(separator: "/")
    }
}
