import StrataCore

/// The text report: one `path:line:column: severity: message [rule-id]` line per violation,
/// followed by a `note:` line for each further manifest or import line that makes it.
/// Compared with `--base`, the violation lines stay as they are (so log parsers still read
/// them); an unchanged one gets a `note:` at its place saying it was already there, and
/// each fixed one follows as a `note:` at its place in the base.
package struct CheckTextWriter: Sendable {
    package init() {}

    package func write(_ report: CheckReport) -> String {
        var lines: [String] = []
        for violation in report.violations {
            let place = violation.location.map { "\($0): " } ?? "strata: "
            lines.append(
                "\(place)\(violation.severity.rawValue): \(OneLineText.fold(violation.message)) "
                    + "[\(OneLineText.escape(violation.ruleID))]"
            )
            if let comparison = report.comparison, report.state(of: violation) == .unchanged {
                lines.append("\(place)note: already at \(OneLineText.fold(comparison.description))")
            }
            for item in violation.furtherEvidence {
                lines.append("\(item.location): note: \(OneLineText.escape(item.summary))")
            }
        }
        if let comparison = report.comparison {
            if !comparison.projectExisted { lines.append("strata: note: \(comparison.didNotExistText)") }
            for violation in comparison.fixed {
                let place = violation.location.map { "\($0): " } ?? "strata: "
                lines.append(
                    "\(place)note: fixed since \(OneLineText.fold(comparison.ref)): "
                        + "\(OneLineText.fold(violation.message)) [\(OneLineText.escape(violation.ruleID))]"
                )
            }
        }
        lines += report.staleBaselineDiagnostics.map(\.description)
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }
}
