import Foundation
import StrataBuild
import StrataCore
import StrataGit

/// The check run again on the project as it was at another commit (`strata check --base`),
/// read from git's objects into a snapshot folder, with the working tree's configuration:
/// what differs is what the code did, not what the rules say.
struct BaseCheck {
    var ref: String
    var project: ProjectFiles
    var projectOptions: ProjectOptions
    var manifest: ManifestMode
    var workingDirectory: URL

    /// The comparison of `current` (every violation now, before any baseline) with the
    /// violations at the base, and warnings about what could not be compared.
    func compare(with current: [Violation]) throws -> (BaseComparison, [Diagnostic]) {
        let repository = try GitRepository.containing(project.root.path)
        let (commit, isMergeBase) = try repository.start(of: ref)
        let snapshot = try GitSnapshot(repository: repository, projectFolder: project.root.path)
        defer { snapshot.remove() }
        let existed = try snapshot.move(to: commit)
        var diagnostics: [Diagnostic] = []
        var before: [Violation] = []
        let shownCommit = String(commit.prefix(12))
        if !existed {
            diagnostics.append(
                .warning(
                    "check.base-missing",
                    "the project did not exist at \(ref) (\(shownCommit)); every violation counts as new"))
        } else {
            do {
                before = try violations(in: snapshot)
            } catch let error as DiagnosticsError {
                diagnostics.append(unreadable(shownCommit, error.diagnostics.first?.description))
            } catch let error as Diagnostic {
                diagnostics.append(unreadable(shownCommit, error.description))
            }
        }
        let comparison = BaseComparison(
            ref: ref, commit: commit, isMergeBase: isMergeBase, projectExisted: existed, baseViolations: before,
            currentViolations: current, entry: CheckReport.entry(for:))
        return (comparison, diagnostics)
    }

    private func unreadable(_ commit: String, _ reason: String?) -> Diagnostic {
        .warning(
            "check.base-unreadable",
            "the architecture at \(ref) (\(commit)) could not be read, so every violation counts as new"
                + (reason.map { ": \($0)" } ?? ""))
    }

    /// Every violation at the snapshot's commit, judged by the working tree's configuration.
    private func violations(in snapshot: GitSnapshot) throws -> [Violation] {
        let reader = ArchitectureReader(
            project: project, projectOptions: projectOptions, manifest: manifest, workingDirectory: workingDirectory)
        // The working tree's rules may name modules the base does not have yet (the branch
        // adds them): that is no reason the base cannot be judged.
        return try reader.architecture(
            in: snapshot, rules: .workingTree, tolerating: ["layer.unmatched-pattern", "rule.unmatched-pattern"]
        ).violations
    }
}
