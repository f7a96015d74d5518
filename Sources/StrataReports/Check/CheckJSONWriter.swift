import Foundation
import StrataCore

/// The JSON report: every violation with its evidence, the rules checked, and the baseline's
/// effect; compared with `--base`, each violation's state and a `base` object with what was
/// fixed (both absent without a base, so such reports read as before). Keys are sorted, so
/// the same result gives the same bytes.
package struct CheckJSONWriter: Sendable {
    package init() {}

    package func write(_ report: CheckReport) -> String {
        let document = Document(
            version: 1,
            summary: .init(
                errors: report.errorCount, warnings: report.warningCount, modules: report.moduleCount,
                baselined: report.baselinedCount),
            violations: report.violations.map { Self.violation($0, state: report.state(of: $0)) },
            stale_baseline: report.staleBaselineEntries.map {
                .init(rule: $0.rule, key: $0.key, location: $0.location?.description)
            },
            rules: report.rules.map {
                .init(
                    id: $0.id, kind: $0.kind.rawValue, severity: $0.severity.rawValue, title: $0.title,
                    because: $0.rationale.because)
            },
            base: report.comparison.map { comparison in
                let new = report.newViolations.count
                return .init(
                    ref: comparison.ref, commit: comparison.commit, merge_base: comparison.isMergeBase,
                    project_existed: comparison.projectExisted,
                    counts: .init(
                        new: new, unchanged: report.violations.count - new, fixed: comparison.fixed.count),
                    fixed: comparison.fixed.map { Self.violation($0, state: nil) })
            }
        )
        return StableJSON.text(document)
    }

    static func violation(_ violation: Violation, state: BaseComparison.State?) -> Document.Violation {
        Document.Violation(
            rule: violation.ruleID, kind: violation.rule.rawValue, severity: violation.severity.rawValue,
            message: violation.message,
            modules: violation.modules, key: violation.key, location: violation.location?.description,
            because: violation.rationale.because, see: violation.rationale.seeTarget ?? violation.rationale.see,
            evidence: violation.evidence.map {
                .init(kind: $0.kind.rawValue, location: $0.location.description, text: $0.summary)
            },
            state: state?.rawValue
        )
    }

    // Field names are the JSON keys.
    struct Document: Encodable {
        struct Summary: Encodable {
            var errors: Int
            var warnings: Int
            var modules: Int
            var baselined: Int
        }

        struct Evidence: Encodable {
            var kind: String
            var location: String
            var text: String
        }

        struct Violation: Encodable {
            var rule: String
            var kind: String
            var severity: String
            var message: String
            var modules: [String]
            var key: String
            var location: String?
            var because: String?
            var see: String?
            var evidence: [Evidence]
            /// `new` or `unchanged`, only when compared with a base.
            var state: String?
        }

        struct Stale: Encodable {
            var rule: String
            var key: String
            var location: String?
        }

        struct Rule: Encodable {
            var id: String
            var kind: String
            var severity: String
            var title: String
            var because: String?
        }

        struct Counts: Encodable {
            var new: Int
            var unchanged: Int
            var fixed: Int
        }

        /// What `--base` compared with, and the violations it had that are gone.
        struct Base: Encodable {
            var ref: String
            var commit: String
            var merge_base: Bool
            var project_existed: Bool
            var counts: Counts
            var fixed: [Violation]
        }

        var version: Int
        var summary: Summary
        var violations: [Violation]
        var stale_baseline: [Stale]
        var rules: [Rule]
        var base: Base?
    }
}
