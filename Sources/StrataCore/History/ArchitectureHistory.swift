/// The architecture at past points of the repository, oldest first, each judged by the
/// working tree's rules (so a trend shows what the code did, not what the rules said), and,
/// for each violation of the working tree, the commit since which it has been there: what
/// the site's history page draws.
package struct ArchitectureHistory: Sendable, Equatable {
    /// A commit as the page names it.
    package struct Commit: Sendable, Hashable {
        package var id: String
        /// The commit's day (`2026-11-28`), in its committer's time zone.
        package var date: String
        /// The first line of its message.
        package var subject: String
        /// The tags on it, sorted.
        package var tags: [String]

        package var shortID: String { String(id.prefix(8)) }
        /// Its first tag, else its short id: what a chart's axis shows.
        package var label: String { tags.first ?? shortID }

        package init(id: String, date: String, subject: String, tags: [String] = []) {
            self.id = id
            self.date = date
            self.subject = subject
            self.tags = tags
        }
    }

    /// What the architecture at a point adds up to.
    package struct Counts: Sendable, Equatable {
        /// The targets (the project's own modules).
        package var modules: Int
        /// Dependencies from targets to modules that are not the toolchain's.
        package var dependencies: Int
        /// Violations by rule id.
        package var violationsByRule: [String: Int]

        package var violations: Int { violationsByRule.values.reduce(0, +) }

        package init(modules: Int, dependencies: Int, violationsByRule: [String: Int]) {
            self.modules = modules
            self.dependencies = dependencies
            self.violationsByRule = violationsByRule
        }

        /// The counts of `state`, as `strata diff` counts modules and dependencies.
        package init(_ state: ArchitectureState) {
            var byRule: [String: Int] = [:]
            for violation in state.violations { byRule[violation.ruleID, default: 0] += 1 }
            self.init(
                modules: state.targetModules.count, dependencies: state.dependencies.count, violationsByRule: byRule)
        }
    }

    /// What was read at a point.
    package enum Reading: Sendable, Equatable {
        case read(Counts, violations: Set<BaselineEntry>)
        /// The project's folder did not exist at that commit.
        case missing
        /// The architecture could not be read (a broken manifest then), with why.
        case unreadable(String)
    }

    package struct Point: Sendable, Equatable {
        package var commit: Commit
        package var reading: Reading

        package init(commit: Commit, reading: Reading) {
            self.commit = commit
            self.reading = reading
        }

        package var counts: Counts? {
            if case .read(let counts, _) = reading { return counts }
            return nil
        }
    }

    /// Since when a violation of the working tree has been there.
    package enum Introduction: Sendable, Equatable {
        /// Absent in the commit read before this one, present in this one and every one
        /// read after it.
        case introduced(Commit)
        /// Present in every commit read: it is older than the history the page reads.
        case atOrBefore(Commit)
        /// Not in the newest commit: the working tree adds it.
        case uncommitted
    }

    /// What the page reads (`history:`).
    package var settings: HistorySettings
    /// Oldest first.
    package var points: [Point]
    /// Swift files read across all the points: each version of a file is read once, so
    /// this is about the files of the first point plus those the later commits changed.
    package var filesRead = 0

    package init(settings: HistorySettings, points: [Point]) {
        self.settings = settings
        self.points = points
    }

    /// What was read, in one line: "History: 30 commits read (1,204 Swift files parsed)."
    package var summary: String {
        let kind =
            switch settings.points {
            case .commits: points.count == 1 ? "commit" : "commits"
            case .tags: points.count == 1 ? "tag" : "tags"
            }
        let unread = points.filter { $0.counts == nil }.count
        return "History: \(points.count) \(kind) read, \(filesRead) Swift file\(filesRead == 1 ? "" : "s") parsed"
            + (unread == 0 ? "." : "; \(unread) without an architecture to read.")
    }

    /// The rules any point violated, sorted by id.
    package var rulesViolated: [String] {
        Set(points.flatMap { $0.counts?.violationsByRule.keys.map { $0 } ?? [] }).sorted()
    }

    /// Since when `entry` (a violation of the working tree) has been there. Points that could
    /// not be read are passed over: the answer is then the first commit it was seen in.
    /// Nil when no point was read.
    package func introduction(of entry: BaselineEntry) -> Introduction? {
        let read = points.compactMap { point -> (Commit, Set<BaselineEntry>)? in
            if case .read(_, let violations) = point.reading { return (point.commit, violations) }
            if case .missing = point.reading { return (point.commit, []) }
            return nil
        }
        guard let newest = read.last else { return nil }
        guard newest.1.contains(entry) else { return .uncommitted }
        var since = newest.0
        for (commit, violations) in read.dropLast().reversed() {
            guard violations.contains(entry) else { return .introduced(since) }
            since = commit
        }
        return .atOrBefore(since)
    }
}
