import Foundation
import StrataCore

/// One walk of a folder tree for everything Strata can read a module graph from: folders
/// holding a `Package.swift`, `.xcodeproj` and `.xcworkspace` folders. Folders no one's
/// sources live in (build products, checkouts, other tools' dependencies, hidden folders)
/// and symbolic links to folders are not entered, nor are the insides of a project.
enum ProjectSearch {
    struct Found: Equatable {
        var packages: [String] = []
        var xcodeProjects: [String] = []
        var workspaces: [String] = []
        /// `.xcodeproj` folders without a `project.pbxproj`.
        var unreadableProjects: [String] = []
        /// XcodeGen specs (`project.yml`) in folders with no readable `.xcodeproj`: the
        /// project is generated, and not kept in the repository.
        var xcodeGenSpecs: [String] = []

        var isEmpty: Bool { packages.isEmpty && xcodeProjects.isEmpty && workspaces.isEmpty && xcodeGenSpecs.isEmpty }
    }

    /// Folders a search does not enter.
    static let skipped: Set<String> = [".build", "DerivedData", "Pods", "Carthage", "node_modules", "SourcePackages", "checkouts"]

    /// Everything below `start` (relative to the project), each list sorted; the folders in
    /// `avoiding` (absolute, standardized) and below are left out.
    static func find(under start: String, project: ProjectFiles, avoiding avoided: Set<String> = []) -> Found {
        var found = Found()
        // Symbolic links to folders are not followed: a link to `/` or to a sibling
        // repository would otherwise make the search walk it, or walk in a circle.
        // A folder's absolute path is its parent's and its name: names come from the folder
        // listing (no `/`, and no `.` or `..`, which start with a dot), and links are not
        // followed, so it is already in standard form.
        func walk(_ relative: String, absolute folder: String) {
            guard !avoided.contains(folder), let entries = try? project.entries(of: folder) else { return }
            if entries.contains(where: { $0.name == "Package.swift" }) { found.packages.append(PackageRoots.normalize(relative)) }
            let hasProject = entries.contains { entry in
                guard let name = entry.name, name.hasSuffix(".xcodeproj") else { return false }
                return ProjectFiles.entryExists(atPath: folder + "/" + name + "/project.pbxproj")
            }
            if !hasProject, let spec = entries.compactMap(\.name).sorted().first(where: XcodeGenSpecLoader.specNames.contains),
               isXcodeGenSpec(folder + "/" + spec, project: project) {
                found.xcodeGenSpecs.append(PackageRoots.normalize(relative == "." ? spec : relative + "/" + spec))
            }
            for entry in entries {
                guard let name = entry.name, !name.hasPrefix("."), !skipped.contains(name),
                      FolderListing.isFolder(entry, in: folder, followingLinks: false) else { continue }
                let path = relative == "." ? name : relative + "/" + name
                let child = folder == "/" ? "/" + name : folder + "/" + name
                if name.hasSuffix(".xcodeproj") {
                    if ProjectFiles.entryExists(atPath: child + "/project.pbxproj") {
                        found.xcodeProjects.append(PackageRoots.normalize(path))
                    } else {
                        found.unreadableProjects.append(PackageRoots.normalize(path))
                    }
                } else if name.hasSuffix(".xcworkspace") {
                    found.workspaces.append(PackageRoots.normalize(path))
                } else {
                    walk(path, absolute: child)
                }
            }
        }
        walk(start, absolute: project.url(start).standardizedFileURL.path)
        found.packages.sort()
        found.xcodeProjects.sort()
        found.workspaces.sort()
        found.xcodeGenSpecs.sort()
        return found
    }

    /// Whether a `project.yml` is XcodeGen's (other tools use the name too): a line of its
    /// first 64 KB starts with `targets:` or `include:`.
    static func isXcodeGenSpec(_ path: String, project: ProjectFiles) -> Bool {
        guard let bytes = try? project.readBytes(atPath: path, displayPath: path) else { return false }
        let text = String(decoding: bytes.prefix(65_536), as: UTF8.self)
        return text.split(separator: "\n").contains { $0.hasPrefix("targets:") || $0.hasPrefix("include:") }
    }
}
