/// `history:` in `strata.yml`: which past points of the repository the site's history page
/// reads (the last N commits of the current branch, or the last N tags), and where a
/// commit's page is, to link each one.
package struct HistorySettings: Hashable, Sendable {
    /// The points read, oldest first on the page.
    package enum Points: Hashable, Sendable {
        /// The last N commits on the current branch's first-parent line (its merges and
        /// direct commits, not the commits inside merged branches).
        case commits(Int)
        /// The last N tags, by the date of their commits.
        case tags(Int)

        package var count: Int {
            switch self {
            case .commits(let count), .tags(let count): count
            }
        }
    }

    package var points: Points
    /// A commit's page with `{commit}` where its id goes
    /// (`https://github.com/acme/app/commit/{commit}`); nil shows ids without links.
    package var commitURL: String?
    /// Where `history:` is written, for diagnostics about reading the history.
    package var location: SourceLocation?

    /// Most points a page reads: each is the architecture of a whole commit.
    package static let maximumPoints = 1000

    package init(points: Points, commitURL: String? = nil, location: SourceLocation? = nil) {
        self.points = points
        self.commitURL = commitURL
        self.location = location
    }

    /// The link to `commit`'s page, or nil.
    package func link(to commit: String) -> String? {
        commitURL.map { $0.replacing("{commit}", with: commit) }
    }
}
