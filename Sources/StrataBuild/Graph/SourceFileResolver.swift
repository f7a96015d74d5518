import Foundation
import StrataCore

/// Finds the folder and Swift files of a target the way SwiftPM's `PackageBuilder` does:
/// its `path:`; else `<name>` in the package's source folder (the first of `Sources`,
/// `Source`, `src`, `srcs` that exists), test folder (the first of `Tests`, `Sources`,
/// `Source`, `src`, `srcs`) or `Plugins`; else, from tools version 5.9, that folder itself
/// when the target is the package's only one of its sort (regular, test or plugin). Then
/// every `.swift` file below it, except hidden ones, `exclude:` paths and resources, and
/// only those under `sources:` when it is given.
struct SourceFileResolver {
    let packageDirectory: URL
    let manifest: PackageManifest
    /// What may be read: a folder or link that leads outside it is left out, and said.
    let project: ProjectFiles
    /// The folders SwiftPM looks in, chosen once per package.
    private let sourceFolder: String
    private let testFolder: String
    private let pluginFolder = "Plugins"
    /// How many targets there are of each sort (see `sort(_:)`), counted once: counted per
    /// target, a manifest of 20,000 targets took 25 s.
    private let targetsPerSort: [Int: Int]

    init(packageDirectory: URL, manifest: PackageManifest, project: ProjectFiles) {
        self.packageDirectory = packageDirectory
        self.manifest = manifest
        self.project = project
        func firstExisting(_ names: [String]) -> String {
            names.first { name in
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(
                    atPath: packageDirectory.appendingPathComponent(name).path, isDirectory: &isFolder)
                    && isFolder.boolValue
            } ?? names[0]
        }
        targetsPerSort = manifest.targets.reduce(into: [:]) { counts, target in
            counts[Self.sort(target.kind), default: 0] += 1
        }
        sourceFolder = firstExisting(["Sources", "Source", "src", "srcs"])
        testFolder = firstExisting(["Tests", "Sources", "Source", "src", "srcs"])
    }

    enum Failure: Error {
        /// `tried` is the folder looked for; `whole` the default folder that would have
        /// held the target by itself, had it been the package's only one of its sort from
        /// tools version 5.9.
        case missingFolder(tried: [String], whole: String?)
        /// `path:` names a folder that resolves outside the read boundary, to `real`.
        case outside(folder: String, real: String)
    }

    /// What keeps a file or folder of the target from being read, relative to its folder.
    enum Problem: Equatable {
        /// A Swift file, or a folder, whose name is not UTF-8 (shown with its bad bytes as
        /// `\xE9`): Strata cannot name it (or the files in it) in a report, so they would be
        /// left out without a word.
        case fileName(String, isFolder: Bool)
        /// A folder that cannot be listed (no permission), whose files would be left out.
        case unreadableFolder(String, reason: String)
        /// A symbolic link (a file or a folder) that leads outside the read boundary, to
        /// `real`: left out.
        case outsideLink(String, real: String)
    }

    /// The folder (relative to the package), the Swift files (relative to that folder), and
    /// what could not be read.
    func resolve(_ target: TargetDeclaration) throws -> (folder: String, files: [String], problems: [Problem])? {
        if target.kind == .binary { return nil }
        let folder: String
        if let path = target.path {
            folder = normalize(path)
            guard isDirectory(folder) else { throw Failure.missingFolder(tried: [folder], whole: nil) }
            if let real = project.boundary.outside(absolute(folder)) {
                throw Failure.outside(folder: folder, real: real)
            }
        } else {
            let root =
                switch target.kind {
                case .test: testFolder
                case .plugin: pluginFolder
                default: sourceFolder
                }
            let own = "\(root)/\(target.name)"
            if isDirectory(own) {
                folder = own
            } else if manifest.declaresToolsVersion(atLeast: [5, 9]), isDirectory(root),
                targetsOfTheSameSort(as: target) == 1
            {
                // The only target of its sort may have the whole folder.
                folder = root
            } else {
                throw Failure.missingFolder(tried: [own], whole: root)
            }
        }
        let skipped = Set((target.exclude + target.resources).map(normalize))
        let included = target.sources.map { $0.map(normalize) }
        var walk = Walk()
        self.walk(folder: folder, relative: "", skipped: skipped, included: included, into: &walk)
        return (folder, walk.files.sorted(), walk.problems)
    }

    /// How many targets share the target's default folder: tests, plugins, or the rest.
    private func targetsOfTheSameSort(as target: TargetDeclaration) -> Int {
        targetsPerSort[Self.sort(target.kind), default: 0]
    }

    /// A target's sort for SwiftPM's default folders: the rest, tests, or plugins.
    private static func sort(_ kind: TargetKind) -> Int {
        switch kind {
        case .test: 1
        case .plugin: 2
        default: 0
        }
    }

    /// What a walk has found so far.
    private struct Walk {
        var files: [String] = []
        var problems: [Problem] = []
        /// Folders read, by device and inode.
        var visited: Set<[UInt64]> = []
    }

    private func walk(
        folder: String, relative: String, skipped: Set<String>, included: [String]?, into walk: inout Walk
    ) {
        let absolute = self.absolute(relative.isEmpty ? folder : folder.isEmpty ? relative : folder + "/" + relative)
        // A folder reached twice through symbolic links is read once (and a loop ends).
        var info = stat()
        if stat(absolute, &info) == 0 {
            guard walk.visited.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted else { return }
        }
        let entries: [FolderListing.Entry]
        do {
            entries = try project.entries(of: absolute)
        } catch let outside as ReadBoundary.Outside {
            walk.problems.append(.outsideLink(relative, real: outside.real))
            return
        } catch {
            walk.problems.append(.unreadableFolder(relative, reason: error.localizedDescription))
            return
        }
        var named: [(name: String, entry: FolderListing.Entry)] = []
        for entry in entries where !entry.printable.hasPrefix(".") {
            guard let name = entry.name else {
                // Reported only where a Swift file of the target could be: a .swift file, or
                // a folder that is neither excluded, a resource bundle, nor outside `sources:`.
                let path = relative.isEmpty ? entry.printable : relative + "/" + entry.printable
                if skipped.contains(path) { continue }
                if FolderListing.isFolder(entry, in: absolute) {
                    if Self.isBundle(entry.printable) { continue }
                    if let included,
                        !included.contains(where: { $0 == path || $0.hasPrefix(path + "/") || path.hasPrefix($0 + "/") }
                        )
                    {
                        continue
                    }
                    walk.problems.append(.fileName(path, isFolder: true))
                } else if entry.printable.hasSuffix(".swift") {
                    if let included, !included.contains(where: { $0 == path || path.hasPrefix($0 + "/") }) { continue }
                    walk.problems.append(.fileName(path, isFolder: false))
                }
                continue
            }
            named.append((name, entry))
        }
        for (name, entry) in named.sorted(by: { $0.name < $1.name }) {
            let path = relative.isEmpty ? name : relative + "/" + name
            if skipped.contains(path) { continue }
            // A link is followed only inside the boundary; the folder it is in already is.
            if FolderListing.isLink(entry, in: absolute), let real = project.boundary.outside(absolute + "/" + name) {
                if name.hasSuffix(".swift") || FolderListing.isFolder(entry, in: absolute) {
                    walk.problems.append(.outsideLink(path, real: real))
                }
                continue
            }
            if FolderListing.isFolder(entry, in: absolute) {
                // Folders SwiftPM treats as one resource (a documentation catalog, an asset
                // catalog…): the Swift files in them are not compiled.
                if Self.isBundle(name) { continue }
                if let included,
                    !included.contains(where: { $0 == path || $0.hasPrefix(path + "/") || path.hasPrefix($0 + "/") })
                {
                    continue
                }
                self.walk(folder: folder, relative: path, skipped: skipped, included: included, into: &walk)
            } else if name.hasSuffix(".swift") {
                // A target whose folder is the package's (`path: "."`) does not compile the
                // manifests, as SwiftPM does not.
                if folder.isEmpty, relative.isEmpty, name == "Package.swift" || name.hasPrefix("Package@swift-") {
                    continue
                }
                // A link to nothing is not a file SwiftPM compiles.
                if entry.type == UInt8(DT_LNK) || entry.type == UInt8(DT_UNKNOWN) {
                    var target = stat()
                    guard stat(absolute + "/" + name, &target) == 0 else { continue }
                }
                if let included, !included.contains(where: { $0 == path || path.hasPrefix($0 + "/") }) { continue }
                walk.files.append(path)
            }
        }
    }

    static let bundleExtensions: Set<String> = [
        "docc", "xcassets", "xcstrings", "xcdatamodeld", "xcdatamodel", "xcmappingmodel", "bundle", "framework",
        "xcframework", "lproj", "playground", "scnassets", "rcproject", "mlpackage", "mlmodelc",
        "realitykitcontentbundle"
    ]

    /// Whether a folder of this name is one resource to SwiftPM (`X.docc`, `Y.xcassets`…).
    static func isBundle(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        return bundleExtensions.contains(String(name[name.index(after: dot)...]).lowercased())
    }

    private func isDirectory(_ relative: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(
            atPath: packageDirectory.appendingPathComponent(relative).path, isDirectory: &isFolder)
            && isFolder.boolValue
    }

    /// The absolute path of a folder relative to the package ("" for the package's own).
    private func absolute(_ relative: String) -> String {
        relative.isEmpty ? packageDirectory.path : packageDirectory.path + "/" + relative
    }

    /// `./Sources/A/` → `Sources/A`; `.` → "" (the package's own folder).
    private func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." && !part.isEmpty { parts.append(part) }
        return parts.joined(separator: "/")
    }
}
