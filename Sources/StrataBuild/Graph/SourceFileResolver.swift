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

    /// What keeps a file or folder of the target from being read, relative to its folder.
    enum Problem: Equatable {
        /// A Swift file, or a folder, whose name is not UTF-8 (shown with its bad bytes as
        /// `\xE9`): Strata cannot name it (or the files in it) in a report, so they would be
        /// left out without a word.
        case fileName(String, isFolder: Bool)
        /// A folder that cannot be listed (no permission), whose files would be left out.
        case unreadableFolder(String, reason: String)
    }

    /// The folder (relative to the package), the Swift files (relative to that folder), and
    /// what could not be read.
    func resolve(_ target: TargetDeclaration) throws -> (folder: String, files: [String], problems: [Problem])? {
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
        var walk = Walk()
        self.walk(folder: folder, relative: "", skipped: skipped, included: included, into: &walk)
        return (folder, walk.files.sorted(), walk.problems)
    }

    /// What a walk has found so far.
    private struct Walk {
        var files: [String] = []
        var problems: [Problem] = []
        var visited: Set<String> = []
    }

    private func walk(folder: String, relative: String, skipped: Set<String>, included: [String]?, into walk: inout Walk) {
        let url = packageDirectory.appendingPathComponent(folder).appendingPathComponent(relative)
        // A folder reached twice through symbolic links is read once (and a loop ends).
        guard walk.visited.insert(url.resolvingSymlinksInPath().path).inserted else { return }
        let entries: [FolderListing.Entry]
        do {
            entries = try FolderListing.entries(of: url.path)
        } catch {
            walk.problems.append(.unreadableFolder(relative, reason: error.localizedDescription))
            return
        }
        var names: [String] = []
        for entry in entries where !entry.printable.hasPrefix(".") {
            guard let name = entry.name else {
                // Reported only where a Swift file of the target could be: a .swift file, or
                // a folder that is neither excluded, a resource bundle, nor outside `sources:`.
                let path = relative.isEmpty ? entry.printable : relative + "/" + entry.printable
                if skipped.contains(path) { continue }
                if FolderListing.isFolder(entry, in: url.path) {
                    if Self.isBundle(entry.printable) { continue }
                    if let included, !included.contains(where: { $0 == path || $0.hasPrefix(path + "/") || path.hasPrefix($0 + "/") }) { continue }
                    walk.problems.append(.fileName(path, isFolder: true))
                } else if entry.printable.hasSuffix(".swift") {
                    if let included, !included.contains(where: { $0 == path || path.hasPrefix($0 + "/") }) { continue }
                    walk.problems.append(.fileName(path, isFolder: false))
                }
                continue
            }
            names.append(name)
        }
        for name in names.sorted() {
            let path = relative.isEmpty ? name : relative + "/" + name
            if skipped.contains(path) { continue }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                // Folders SwiftPM treats as one resource (a documentation catalog, an asset
                // catalog…): the Swift files in them are not compiled.
                if Self.isBundle(name) { continue }
                if let included, !included.contains(where: { $0 == path || $0.hasPrefix(path + "/") || path.hasPrefix($0 + "/") }) { continue }
                self.walk(folder: folder, relative: path, skipped: skipped, included: included, into: &walk)
            } else if name.hasSuffix(".swift") {
                if let included, !included.contains(where: { $0 == path || path.hasPrefix($0 + "/") }) { continue }
                walk.files.append(path)
            }
        }
    }

    static let bundleExtensions: Set<String> = [
        "docc", "xcassets", "xcstrings", "xcdatamodeld", "xcdatamodel", "xcmappingmodel", "bundle", "framework",
        "xcframework", "lproj", "playground", "scnassets", "rcproject", "mlpackage", "mlmodelc", "realitykitcontentbundle",
    ]

    /// Whether a folder of this name is one resource to SwiftPM (`X.docc`, `Y.xcassets`…).
    static func isBundle(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        return bundleExtensions.contains(String(name[name.index(after: dot)...]).lowercased())
    }

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
