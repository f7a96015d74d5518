import Foundation
import StrataBuild
import StrataCore
import StrataGit

/// Reads the architecture of the working tree, or of the project at a commit from git's
/// objects (a `GitSnapshot`), each judged by its own `strata.yml`: `strata diff` shows what
/// the architecture was at each point, rules included.
struct ArchitectureReader {
    var project: ProjectFiles
    var projectOptions: ProjectOptions
    var manifest: ManifestMode
    var workingDirectory: URL

    /// The working tree's architecture.
    func workingTree() throws -> ArchitectureState {
        let builder = SiteBuilder(
            project: project,
            options: BuildOptions(
                configPath: projectOptions.config, manifestMode: manifest, platform: projectOptions.platform))
        return try state(of: builder)
    }

    /// Which `strata.yml` judges a commit.
    enum Rules {
        /// The commit's own (`strata diff`: what the architecture was, rules included).
        case commit
        /// The working tree's (`strata check --base`: what the code did, by today's rules).
        case workingTree
    }

    /// The architecture at `commit`, read into `snapshot`; `.missing` when the project's
    /// folder did not exist there.
    func architecture(at commit: String, in snapshot: GitSnapshot) throws -> ArchitectureState {
        guard try snapshot.move(to: commit) else { return .missing }
        return try architecture(in: snapshot, rules: .commit)
    }

    /// The architecture of the commit `snapshot` holds now. Errors with an id in
    /// `tolerating` do not stop it.
    func architecture(in snapshot: GitSnapshot, rules: Rules, tolerating: Set<String> = []) throws
        -> ArchitectureState
    {
        let allowed = projectOptions.allowRead.compactMap { written -> URL? in
            let path = URL(fileURLWithPath: written, relativeTo: workingDirectory).path
            return snapshot.snapshotPath(of: path).map { URL(fileURLWithPath: $0) }
        }
        let written = projectOptions.config.map { URL(fileURLWithPath: $0, relativeTo: workingDirectory).path }
        let config: String?
        switch rules {
        case .commit:
            // A --config inside the repository is read as it was at the commit.
            config = written.flatMap { snapshot.snapshotPath(of: $0) }
        case .workingTree:
            let own = project.root.appendingPathComponent("strata.yml").path
            config = written ?? (FileManager.default.fileExists(atPath: own) ? own : nil)
        }
        let builder = SiteBuilder(
            project: ProjectFiles(root: snapshot.root, workingDirectory: workingDirectory, allowedReads: allowed),
            options: BuildOptions(configPath: config, manifestMode: manifest, platform: projectOptions.platform))
        return try state(of: builder, tolerating: tolerating)
    }

    private func state(of builder: SiteBuilder, tolerating: Set<String> = []) throws -> ArchitectureState {
        let run = try builder.checkArchitecture(config: try builder.configuration())
        if let error = run.diagnostics.first(where: { $0.severity == .error && !tolerating.contains($0.ruleID) }) {
            throw error
        }
        return ArchitectureState(
            graph: run.graph, layers: run.analysis.assignments.mapValues(\.layer),
            violations: run.analysis.allViolations,
            siteBaseURL: run.analysis.report.documentationBaseURL)
    }
}
