import StrataCore

/// Hides the violations a baseline records, and finds the baseline entries that no longer
/// match anything, so a baseline can only shrink.
package enum BaselineFilter {
    package struct Result: Sendable {
        package var violations: [Violation]
        package var baselinedCount: Int
        package var stale: [BaselineEntry]
    }

    package static func apply(_ entries: [BaselineEntry], to violations: [Violation]) -> Result {
        let recorded = Set(entries)
        var matched: Set<BaselineEntry> = []
        var kept: [Violation] = []
        for violation in violations {
            let entry = entry(for: violation)
            if recorded.contains(entry) {
                matched.insert(entry)
            } else {
                kept.append(violation)
            }
        }
        let stale = entries.filter { !matched.contains($0) }
        return Result(violations: kept, baselinedCount: violations.count - kept.count, stale: stale)
    }

    /// The line-free entry a violation is recorded under.
    package static func entry(for violation: Violation) -> BaselineEntry {
        CheckReport.entry(for: violation)
    }
}
