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

    /// The architecture at `commit`, read into `snapshot`; `.missing` when the project's
    /// folder did not exist there.
    func architecture(at commit: String, in snapshot: GitSnapshot) throws -> ArchitectureState {
        guard try snapshot.move(to: commit) else { return .missing }
        let allowed = projectOptions.allowRead.compactMap { written -> URL? in
            let path = URL(fileURLWithPath: written, relativeTo: workingDirectory).path
            return snapshot.snapshotPath(of: path).map { URL(fileURLWithPath: $0) }
        }
        // A --config inside the repository is read as it was at the commit.
        let config = projectOptions.config.flatMap {
            snapshot.snapshotPath(of: URL(fileURLWithPath: $0, relativeTo: workingDirectory).path)
        }
        let builder = SiteBuilder(
            project: ProjectFiles(root: snapshot.root, workingDirectory: workingDirectory, allowedReads: allowed),
            options: BuildOptions(configPath: config, manifestMode: manifest, platform: projectOptions.platform))
        return try state(of: builder)
    }

    private func state(of builder: SiteBuilder) throws -> ArchitectureState {
        let run = try builder.checkArchitecture(config: try builder.configuration())
        if let error = run.diagnostics.first(where: { $0.severity == .error }) { throw error }
        return ArchitectureState(
            graph: run.graph, layers: run.analysis.assignments.mapValues(\.layer),
            violations: run.analysis.allViolations,
            siteBaseURL: run.analysis.report.documentationBaseURL)
    }
}
