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
    /// Whether the project is in a repository (else its own folder stands for the root).
    let isInRepository: Bool
    let workingDirectory: String

    init(style: PathStyle, project: ProjectFiles, workingDirectory: URL) {
        self.style = style
        projectRoot = project.root.standardizedFileURL.path
        let repository = ProjectLocator.repositoryRoot(of: project.root)
        isInRepository = repository != nil
        repositoryRoot = (repository ?? project.root).standardizedFileURL.path
        self.workingDirectory = workingDirectory.standardizedFileURL.path
    }

    /// The report with every path in this style.
    func apply(to report: CheckReport) -> CheckReport {
        let fromProject = projectPaths
        return report.mappingPaths(evidence: fromProject, baseline: { shown(absolute(of: $0, in: workingDirectory)) })
    }

    /// A project-relative path in this style. A graph holds a path per file (thousands), so
    /// a plain one (no `/` first, no `.` or `..` part) just gets the project's own prefix;
    /// only the others are resolved part by part.
    var projectPaths: (String) -> String {
        let base = shown(projectRoot)
        let prefix = base == "." ? "" : base + "/"
        // A prefix serves only when the whole project is inside the folder paths start from
        // (not for --paths relative run from a subfolder of the project).
        let prefixServes = style == .absolute || !base.hasPrefix("/")
        return { path in
            prefixServes && Self.isPlain(path) ? prefix + path : shown(absolute(of: path, in: projectRoot))
        }
    }

    /// Whether a relative path has no `/` first, no `./` part and no `..` anywhere. Its
    /// bytes are looked at once: Foundation's `contains` took a tenth of `strata graph`.
    static func isPlain(_ path: String) -> Bool {
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        // The bytes before the current one; a `/` stands before the first, so that a
        // leading `./` reads as a `/./` part.
        var previous: UInt8 = 0
        var beforePrevious = slash
        var isFirst = true
        for byte in path.utf8 {
            if isFirst, byte == slash { return false }
            if byte == slash, previous == dot, beforePrevious == slash { return false }
            if byte == dot, previous == dot { return false }
            beforePrevious = isFirst ? slash : previous
            previous = byte
            isFirst = false
        }
        return true
    }

    /// The graph with every path in this style (its paths are relative to the project).
    func apply(to graph: ModuleGraph) -> ModuleGraph {
        graph.mappingPaths(projectPaths)
    }

    /// What relative paths are relative to, in words, for the reports that record it
    /// (SARIF's `originalUriBaseIds`); nil when paths are absolute.
    var sourceRootDescription: String? {
        switch style {
        case .absolute: nil
        case .relative: "the folder strata check ran in"
        case .repository: isInRepository ? "the repository's root" : "the project folder"
        }
    }

    /// `path` as an absolute path, `.` and `..` resolved: a local package beside the
    /// project is reported as `../Shared/…`, which must not stay `App/../Shared/…`.
    func absolute(of path: String, in folder: String) -> String {
        var parts: [Substring] = []
        for part in ((path.hasPrefix("/") ? "" : folder + "/") + path).split(
            separator: "/", omittingEmptySubsequences: true)
        {
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
