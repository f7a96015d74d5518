import Foundation

/// Finds the project folder when Strata runs without `-C`: the working folder when it holds
/// a project (a `strata.yml`, a `Package.swift`, an Xcode project or workspace, or a
/// `Content/` folder); otherwise the nearest folder above with a `strata.yml`, else the
/// repository's root (the folder with `.git`), else the nearest folder above with a package
/// or an Xcode project — as git and SwiftPM look upward from a subfolder.
package enum ProjectLocator {
    /// What made a folder the project folder, for the line that says so.
    package struct Found: Equatable, Sendable {
        package var root: URL
        /// Nil when it is the working folder itself.
        package var reason: String?

        /// The folder as seen from `start` (`../..`).
        package func shown(from start: URL) -> String {
            let from = start.standardizedFileURL.pathComponents
            let to = root.standardizedFileURL.pathComponents
            var common = 0
            while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
            let parts = Array(repeating: "..", count: from.count - common) + to[common...]
            return parts.isEmpty ? "." : parts.joined(separator: "/")
        }
    }

    package static func locate(from start: URL) -> Found {
        let start = start.standardizedFileURL
        if holdsProject(start) { return Found(root: start, reason: nil) }
        // As git does, the search stops at the repository's root.
        var candidates: [URL] = []
        var folder = start.deletingLastPathComponent()
        while !exists(start, ".git") {
            candidates.append(folder)
            let parent = folder.deletingLastPathComponent()
            if exists(folder, ".git") || parent.path == folder.path { break }
            folder = parent
        }
        if let configured = candidates.first(where: { exists($0, "strata.yml") }) {
            return Found(root: configured, reason: "its strata.yml")
        }
        if let repository = candidates.first(where: { exists($0, ".git") }) {
            return Found(root: repository, reason: "the repository's root")
        }
        if let project = candidates.first(where: holdsCode) {
            return Found(root: project, reason: "the nearest folder above with a package or an Xcode project")
        }
        return Found(root: start, reason: nil)
    }

    /// The repository `folder` is in: the nearest folder at or above it with a `.git`
    /// (a folder, or the file a worktree or submodule has); nil outside any repository.
    package static func repositoryRoot(of folder: URL) -> URL? {
        var folder = folder.standardizedFileURL
        while true {
            if exists(folder, ".git") { return folder }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    static func holdsProject(_ folder: URL) -> Bool {
        exists(folder, "strata.yml") || exists(folder, "Content") || holdsCode(folder)
    }

    static func holdsCode(_ folder: URL) -> Bool {
        if exists(folder, "Package.swift") { return true }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.contains { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") }
    }

    static func exists(_ folder: URL, _ name: String) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path)
    }
}
