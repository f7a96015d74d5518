import Foundation
import StrataCore

/// The package folders `packages:` names, its globs expanded against the folders that hold
/// a `Package.swift` and its `!` entries taken out. Folders no package lives in are never
/// walked: build products, checkouts and other tools' dependencies.
package enum PackageRoots {
    /// The roots to read, in the order written (a glob's matches sorted by path), each once.
    /// - Throws: `DiagnosticsError` for a glob that matches no package folder, or when the
    ///   `!` entries leave no package at all.
    static func expand(_ config: StrataConfig, project: ProjectFiles) throws -> [String] {
        guard let entries = config.packages else { return [] }
        let location = { (index: Int) in
            index < config.packageEntryLocations.count ? config.packageEntryLocations[index] : config.packagesLocation
        }
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
            let packages =
                found[start] ?? packageFolders(under: start, project: project, output: config.outputDirectory)
            found[start] = packages
            let matches = packages.filter { PackagePattern.matches(normalize(entry), $0) }
            if matches.isEmpty {
                errors.append(
                    .error(
                        "packages.unmatched", "packages: '\(entry)' matches no folder with a Package.swift",
                        at: location(index)))
            }
            roots += matches
        }
        var seen: Set<String> = []
        let kept = roots.filter { root in
            let path = normalize(root)
            return seen.insert(path).inserted && !exclusions.contains { PackagePattern.matches($0, path) }
        }
        if errors.isEmpty, kept.isEmpty, !entries.isEmpty {
            errors.append(
                .error(
                    "packages.unmatched", "packages: the '!' entries leave no package to read",
                    at: config.packagesLocation))
        }
        guard errors.isEmpty else { throw DiagnosticsError(errors) }
        return kept
    }

    /// Every package folder and Xcode project below the project, when its root holds no
    /// package and neither `packages:` nor `projects:` is given; the content, theme and
    /// output folders are not searched.
    static func search(project: ProjectFiles, config: StrataConfig, alsoAvoiding extra: [String] = [])
        -> ProjectSearch.Found
    {
        let inputs = [config.contentDirectory, config.outputDirectory] + (config.themeDirectory.map { [$0] } ?? [])
        let avoided = Set(inputs.map { project.url($0).standardizedFileURL.path } + extra)
        return ProjectSearch.find(under: ".", project: project, avoiding: avoided)
    }

    /// Why no module graph was found, and what was found instead: the message `check` and
    /// `graph` give when there is nothing to read.
    package static func nothingFoundMessage(project: ProjectFiles, config: StrataConfig) -> String {
        var message =
            "no Package.swift and no Xcode project in the project folder or below it, and no packages: or projects: "
            + "in strata.yml"
        let found = search(project: project, config: config)
        var seen: [String] = []
        seen += found.workspaces.map { "'\(project.display($0))', which lists no project or package Strata could find" }
        seen += found.unreadableProjects.map { "'\(project.display($0))', which has no project.pbxproj" }
        if !seen.isEmpty {
            message +=
                "; found " + seen.prefix(3).joined(separator: ", ")
                + (seen.count > 3 ? " and \(seen.count - 3) more" : "")
        }
        message += "; run Strata in the folder of a package or an app, or list them under packages: and projects:"
        return message
    }

    /// The folders a preview watches for `packages:`: each folder entry, and for a glob the
    /// folder all its matches are inside.
    package static func watchedFolders(_ entries: [String]) -> [String] {
        entries.filter { !PackagePattern.isExclusion($0) }.map {
            PackagePattern.isGlob($0) ? PackagePattern.fixedPrefix($0) : $0
        }
    }

    /// Every folder below `start` (relative to the project) that holds a `Package.swift`,
    /// relative to the project, sorted; the output folder is never searched.
    static func packageFolders(
        under start: String, project: ProjectFiles, output: String, avoiding avoided: Set<String> = []
    ) -> [String] {
        let outputPath = project.url(output).standardizedFileURL.path
        return ProjectSearch.find(under: start, project: project, avoiding: avoided.union([outputPath])).packages
    }

    /// `./Packages//Feed/` → `Packages/Feed`; `.` for the project folder.
    static func normalize(_ path: String) -> String {
        let parts = path.split(separator: "/").filter { $0 != "." }
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
