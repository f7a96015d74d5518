/// How a check compares with the architecture at another commit (`strata check --base`):
/// each violation is new or unchanged, and what the other commit had that is gone is fixed.
/// Violations are matched without line numbers, by the baseline's key (rule and key), so a
/// violation that only moved is unchanged.
package struct BaseComparison: Hashable, Sendable {
    /// A violation's state against the base.
    package enum State: String, Hashable, Sendable {
        case new, unchanged
    }

    /// The ref as the user gave it (`main`, `v1.2`, `HEAD~3`).
    package var ref: String
    /// The commit compared with: the ref's, or where the current branch left it.
    package var commit: String
    /// Whether `commit` is the merge base of a branch rather than the ref itself.
    package var isMergeBase: Bool
    /// Whether the project existed at that commit (if not, every violation is new).
    package var projectExisted: Bool
    /// The entries (rule and key) of the base's violations.
    package var baseEntries: Set<BaselineEntry>
    /// The base's violations that no longer happen, with the base's places.
    package var fixed: [Violation]
    /// Whether the formats that annotate code (GitHub annotations, SARIF) include unchanged
    /// violations too; by default they carry only the new ones, the ones a pull request adds.
    package var annotatesUnchanged = false
    /// Whether only new errors fail the check (`--fail-on new`), so a summary that says
    /// passed or failed agrees with the exit status.
    package var failsOnNewOnly = false

    package init(
        ref: String, commit: String, isMergeBase: Bool, projectExisted: Bool, baseViolations: [Violation],
        currentViolations: [Violation], entry: (Violation) -> BaselineEntry
    ) {
        self.ref = ref
        self.commit = commit
        self.isMergeBase = isMergeBase
        self.projectExisted = projectExisted
        baseEntries = Set(baseViolations.map(entry))
        let current = Set(currentViolations.map(entry))
        fixed = baseViolations.filter { !current.contains(entry($0)) }
    }

    /// Whether `violation` (by its entry) was already at the base.
    package func state(of entry: BaselineEntry) -> State {
        baseEntries.contains(entry) ? .unchanged : .new
    }

    /// "main (where this branch left it, 1a2b3c4d5e6f)" or "v1.2 (1a2b3c4d5e6f)".
    package var description: String {
        isMergeBase ? "\(ref) (where this branch left it, \(commit.prefix(12)))" : "\(ref) (\(commit.prefix(12)))"
    }
}

extension CheckReport {
    /// A violation's state against the base, or nil when the check compares with none.
    package func state(of violation: Violation) -> BaseComparison.State? {
        comparison.map { $0.state(of: Self.entry(for: violation)) }
    }

    /// The violations new since the base (all of them without a base).
    package var newViolations: [Violation] {
        guard comparison != nil else { return violations }
        return violations.filter { state(of: $0) == .new }
    }

    /// Whether the errors that fail the check are there: every error, or with
    /// `--fail-on new` only the new ones.
    package var hasFailingErrors: Bool {
        let judged = comparison?.failsOnNewOnly == true ? newViolations : violations
        return judged.contains { $0.severity == .error }
    }

    /// The line-free entry a violation is matched by (the baseline's).
    package static func entry(for violation: Violation) -> BaselineEntry {
        BaselineEntry(rule: RuleDescriptor.id(kind: violation.rule, name: violation.rationale.name), key: violation.key)
    }
}
