import Foundation
import StrataCore

/// The package folders `packages:` names, its globs expanded against the folders that hold
/// a `Package.swift` and its `!` entries taken out. Folders no package lives in are never
/// walked: build products, checkouts and other tools' dependencies.
public enum PackageRoots {
    /// Folders a search for packages does not enter.
    static let skipped: Set<String> = [".build", "DerivedData", "Pods", "Carthage", "node_modules", "SourcePackages", "checkouts"]

    /// The roots to read, in the order written (a glob's matches sorted by path), each once.
    /// - Throws: `DiagnosticsError` for a glob that matches no package folder, or when the
    ///   `!` entries leave no package at all.
    static func expand(_ config: StrataConfig, project: ProjectFiles) throws -> [String] {
        guard let entries = config.packages else { return [] }
        let location = { (index: Int) in index < config.packageEntryLocations.count ? config.packageEntryLocations[index] : config.packagesLocation }
        let exclusions = entries.filter(PackagePattern.isExclusion).map { normalize(String($0.dropFirst())) }
        var roots: [String] = []
        var errors: [Diagnostic] = []
        var found: [String: [String]] = [:]
        for (index, entry) in entries.enumerated() where !PackagePattern.isExclusion(entry) {
            guard PackagePattern.isGlob(entry) else {
                roots.append(entry)
                continue
            }
            let start = PackagePattern.fixedPrefix(entry)
            let packages = found[start] ?? packageFolders(under: start, project: project, output: config.outputDirectory)
            found[start] = packages
            let matches = packages.filter { PackagePattern.matches(normalize(entry), $0) }
            if matches.isEmpty {
                errors.append(.error("packages.unmatched", "packages: '\(entry)' matches no folder with a Package.swift", at: location(index)))
            }
            roots += matches
        }
        var seen: Set<String> = []
        let kept = roots.filter { root in
            let path = normalize(root)
            return seen.insert(path).inserted && !exclusions.contains { PackagePattern.matches($0, path) }
        }
        if errors.isEmpty, kept.isEmpty, !entries.isEmpty {
            errors.append(.error("packages.unmatched", "packages: the '!' entries leave no package to read", at: config.packagesLocation))
        }
        guard errors.isEmpty else { throw DiagnosticsError(errors) }
        return kept
    }

    /// Every package folder below the project, when its root holds none and `packages:` is
    /// not given; the content, theme and output folders are not searched.
    static func discovered(project: ProjectFiles, config: StrataConfig) -> [String] {
        let inputs = [config.contentDirectory, config.outputDirectory] + (config.themeDirectory.map { [$0] } ?? [])
        let avoided = Set(inputs.map { project.url($0).standardizedFileURL.path })
        return packageFolders(under: ".", project: project, output: config.outputDirectory, avoiding: avoided)
    }

    /// Xcode projects and workspaces below the project (not inside one another), for a
    /// message when no package is found: Strata does not read them yet.
    public static func xcodeProjects(project: ProjectFiles) -> [String] {
        var found: [String] = []
        func walk(_ relative: String, depth: Int) {
            guard depth < 6, let entries = try? FolderListing.entries(of: project.url(relative).path) else { return }
            for entry in entries {
                guard let name = entry.name, !name.hasPrefix("."), !skipped.contains(name) else { continue }
                let path = relative == "." ? name : relative + "/" + name
                if name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace") {
                    found.append(path)
                } else if FolderListing.isFolder(entry, in: project.url(relative).path, followingLinks: false) {
                    walk(path, depth: depth + 1)
                }
            }
        }
        walk(".", depth: 0)
        return found.sorted()
    }

    /// "; found App.xcodeproj, which Strata does not read yet", or "".
    public static func unreadNote(project: ProjectFiles) -> String {
        let projects = xcodeProjects(project: project)
        guard !projects.isEmpty else { return "" }
        let shown = projects.prefix(3).map { "'\(project.display($0))'" }.joined(separator: ", ") + (projects.count > 3 ? " and \(projects.count - 3) more" : "")
        return "; found \(shown), but Strata does not read Xcode projects yet: list the Swift packages they use under packages:"
    }

    /// The folders a preview watches for `packages:`: each folder entry, and for a glob the
    /// folder all its matches are inside.
    public static func watchedFolders(_ entries: [String]) -> [String] {
        entries.filter { !PackagePattern.isExclusion($0) }.map { PackagePattern.isGlob($0) ? PackagePattern.fixedPrefix($0) : $0 }
    }

    /// Every folder below `start` (relative to the project) that holds a `Package.swift`,
    /// relative to the project, sorted.
    static func packageFolders(under start: String, project: ProjectFiles, output: String, avoiding avoided: Set<String> = []) -> [String] {
        let outputPath = project.url(output).standardizedFileURL.path
        var folders: [String] = []
        // Symbolic links to folders are not followed: a link to `/` or to a sibling
        // repository would otherwise make the search walk it, or walk in a circle.
        func walk(_ relative: String) {
            let url = project.url(relative).standardizedFileURL
            guard url.path != outputPath, !avoided.contains(url.path), let entries = try? FolderListing.entries(of: url.path) else { return }
            if entries.contains(where: { $0.name == "Package.swift" }) { folders.append(normalize(relative)) }
            for entry in entries {
                guard let name = entry.name, !name.hasPrefix("."), !skipped.contains(name),
                      FolderListing.isFolder(entry, in: url.path, followingLinks: false) else { continue }
                walk(relative == "." ? name : relative + "/" + name)
            }
        }
        walk(start)
        return folders.sorted()
    }

    /// `./Packages//Feed/` → `Packages/Feed`; `.` for the project folder.
    static func normalize(_ path: String) -> String {
        let parts = path.split(separator: "/").filter { $0 != "." }
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
