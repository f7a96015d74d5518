import ArgumentParser
import Foundation
import StrataBuild
import StrataCore

/// How `strata check` and `strata graph` show the paths of files.
enum PathStyle: String, CaseIterable, ExpressibleByArgument {
    /// Relative to the repository's root (the git top level; the project folder outside a
    /// repository): what GitHub code scanning, annotations and GitLab resolve.
    case repository
    /// Relative to the current folder when the file is inside it, else absolute: what a
    /// terminal and most editors open.
    case relative
    /// Absolute: what Xcode needs to jump to a line from a build phase.
    case absolute
}

/// Turns the paths a check report holds (relative to the project folder, or to the current
/// folder for a baseline file named on the command line) into the chosen style.
struct ReportPaths {
    let style: PathStyle
    let projectRoot: String
    let repositoryRoot: String
    let workingDirectory: String

    init(style: PathStyle, project: ProjectFiles, workingDirectory: URL) {
        self.style = style
        projectRoot = project.root.standardizedFileURL.path
        repositoryRoot = (ProjectLocator.repositoryRoot(of: project.root) ?? project.root).standardizedFileURL.path
        self.workingDirectory = workingDirectory.standardizedFileURL.path
    }

    /// The report with every path in this style.
    func apply(to report: CheckReport) -> CheckReport {
        report.mappingPaths(
            evidence: { shown(absolute(of: $0, in: projectRoot)) },
            baseline: { shown(absolute(of: $0, in: workingDirectory)) }
        )
    }

    /// The graph with every path in this style (its paths are relative to the project).
    func apply(to graph: ModuleGraph) -> ModuleGraph {
        graph.mappingPaths { shown(absolute(of: $0, in: projectRoot)) }
    }

    /// What relative paths are relative to, in words, for the reports that record it
    /// (SARIF's `originalUriBaseIds`); nil when paths are absolute.
    var sourceRootDescription: String? {
        switch style {
        case .absolute: nil
        case .relative: "the folder strata check ran in"
        case .repository: repositoryRoot == projectRoot && ProjectLocator.repositoryRoot(of: URL(fileURLWithPath: projectRoot)) == nil
            ? "the project folder" : "the repository's root"
        }
    }

    /// `path` as an absolute path, `.` and `..` resolved: a local package beside the
    /// project is reported as `../Shared/…`, which must not stay `App/../Shared/…`.
    func absolute(of path: String, in folder: String) -> String {
        var parts: [Substring] = []
        for part in ((path.hasPrefix("/") ? "" : folder + "/") + path).split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    func shown(_ absolute: String) -> String {
        switch style {
        case .absolute: absolute
        case .repository: Self.relative(absolute, to: repositoryRoot) ?? absolute
        case .relative: Self.relative(absolute, to: workingDirectory) ?? absolute
        }
    }

    /// `path` relative to `folder` when it is inside it.
    static func relative(_ path: String, to folder: String) -> String? {
        if path == folder { return "." }
        let prefix = folder == "/" ? "/" : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }
}
