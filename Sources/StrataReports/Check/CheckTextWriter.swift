import StrataCore

/// The text report: one `path:line:column: severity: message [rule-id]` line per violation,
/// followed by a `note:` line for each further manifest or import line that makes it.
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
            for item in violation.furtherEvidence {
                lines.append("\(item.location): note: \(OneLineText.escape(item.summary))")
            }
        }
        lines += report.staleBaselineDiagnostics.map(\.description)
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }
}
