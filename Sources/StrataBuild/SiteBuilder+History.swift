import Foundation
import StrataCore
import StrataGit

extension SiteBuilder {
    /// The architecture at the past points `history:` names (read: history), each read from
    /// git's objects into one snapshot folder (never a checkout) and checked with this
    /// build's rules. The snapshot rewrites only the files whose blob changed from one point
    /// to the next, and one memory lives across the points: a Swift file is read again only
    /// when its blob changed, the module graph only when a file it is read from changed, and
    /// a file's references are resolved again only when it or a type it names changed. So
    /// a hundred commits cost little more than the files they changed.
    /// - Throws: a `git.*` diagnostic, placed at `history:`, when the points cannot be listed
    ///   (not a repository, a shallow clone, no tags).
    func readHistory(config: StrataConfig, settings: HistorySettings) throws -> ArchitectureHistory {
        do {
            let repository = try GitRepository.containing(project.root.path)
            let commits =
                switch settings.points {
                case .commits(let count): try repository.lastCommits(count)
                case .tags(let count): try repository.lastTaggedCommits(count)
                }
            let summaries = try repository.summaries(of: commits)
            // A tag added to a commit already read changes its label: part of the key.
            let key = BuildMemory.HistoryKey(
                commits: summaries.map { ([$0.id] + $0.tags).joined(separator: " ") }, config: config,
                options: options)
            if let remembered = memory?.history(for: key) { return remembered }
            let history = try read(summaries, in: repository, settings: settings, config: config)
            memory?.remember(history, for: key)
            return history
        } catch var diagnostic as Diagnostic {
            if diagnostic.location == nil { diagnostic.location = settings.location }
            throw diagnostic
        }
    }

    private func read(
        _ commits: [GitCommitSummary], in repository: GitRepository, settings: HistorySettings, config: StrataConfig
    ) throws -> ArchitectureHistory {
        let snapshot = try GitSnapshot(repository: repository, projectFolder: project.root.path)
        defer { snapshot.remove() }
        // The snapshot gives every file it rewrites a new stamp, so nothing need settle.
        let memory = BuildMemory(settleTime: .zero)
        let allowed = project.boundary.roots.dropFirst().compactMap { root in
            snapshot.snapshotPath(of: root).map { URL(fileURLWithPath: $0) }
        }
        let readable = ([snapshot.root] + allowed).map { $0.standardizedFileURL.path + "/" }
        var points: [ArchitectureHistory.Point] = []
        for summary in commits {
            let commit = ArchitectureHistory.Commit(
                id: summary.id, date: summary.date, subject: summary.subject, tags: summary.tags)
            let exists = try StageClock.measure("read: history: snapshot") { try snapshot.move(to: summary.id) }
            // Files outside what the project may read (a monorepo's other folders) cannot
            // change its graph. Noted at every point, the project's or not, so none is missed.
            memory.noteChanges(snapshot.rewritten.filter { path in readable.contains { path.hasPrefix($0) } })
            guard exists else {
                points.append(.init(commit: commit, reading: .missing))
                continue
            }
            let builder = SiteBuilder(
                project: ProjectFiles(
                    root: snapshot.root, workingDirectory: snapshot.root, allowedReads: Array(allowed)),
                options: options, memory: memory)
            points.append(.init(commit: commit, reading: builder.historyReading(config: config)))
        }
        var history = ArchitectureHistory(settings: settings, points: points)
        history.filesRead = memory.statistics.sourcesScanned
        return history
    }

    /// The architecture of this builder's project judged by `config` (the working tree's):
    /// rules naming modules the commit does not have yet are no reason it cannot be read.
    private func historyReading(config: StrataConfig) -> ArchitectureHistory.Reading {
        let tolerated: Set<String> = ["layer.unmatched-pattern", "rule.unmatched-pattern"]
        do {
            let run = try checkArchitecture(config: config)
            if let error = run.diagnostics.first(where: { $0.severity == .error && !tolerated.contains($0.ruleID) }) {
                return .unreadable(error.description)
            }
            let violations = run.analysis.allViolations
            let state = ArchitectureState(
                graph: run.graph, layers: run.analysis.assignments.mapValues(\.layer), violations: violations)
            return .read(
                ArchitectureHistory.Counts(state), violations: Set(violations.map(CheckReport.entry(for:))))
        } catch let error as DiagnosticsError {
            return .unreadable(error.diagnostics.first?.description ?? "the architecture could not be read")
        } catch let diagnostic as Diagnostic {
            return .unreadable(diagnostic.description)
        } catch {
            return .unreadable("\(error)")
        }
    }
}
