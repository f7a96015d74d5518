import StrataCore

/// A Markdown summary for a CI job summary or a pull-request comment: the counts, a table
/// of violations, and each violation's evidence folded away under it. Compared with
/// `--base`, the table is split into what is new, what was fixed and (folded away) what
/// was already there.
package struct CheckMarkdownWriter: Sendable {
    package init() {}

    package func write(_ report: CheckReport) -> String {
        var lines = ["## Strata architecture check", ""]
        let status = report.hasFailingErrors ? "Failed" : "Passed"
        lines.append("**\(status)**: \(escape(report.summary)).")
        lines.append("")
        if let comparison = report.comparison {
            lines += baseSections(report, comparison)
        } else if !report.violations.isEmpty {
            lines += table(report.violations)
            lines.append("")
        }
        // Compared with a base, only the new violations: a pull request's comment stays short
        // however many violations the base already had.
        let detailed = report.comparison == nil ? report.violations : report.newViolations
        if !detailed.isEmpty {
            lines.append("### Evidence")
            lines.append("")
            for violation in detailed {
                lines.append("<details><summary>\(html(violation.ruleID)): \(html(violation.message))</summary>")
                lines.append("")
                for item in violation.evidence {
                    lines.append(
                        "- `\(code(item.location.description))` \(Self.verb(of: item.kind)): `\(code(item.summary))`"
                    )
                }
                if let because = violation.rationale.because { lines.append("- Because: \(escape(because))") }
                if let see = violation.rationale.seeTarget ?? violation.rationale.see {
                    lines.append("- See: \(escape(see))")
                }
                lines.append("")
                lines.append("</details>")
                lines.append("")
            }
        }
        if !report.staleBaselineEntries.isEmpty {
            lines.append("### Baseline entries that no longer match")
            lines.append("")
            for entry in report.staleBaselineEntries {
                lines.append("- `\(code(entry.rule))` \(escape(entry.key))")
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// A table of violations, a row each: severity, rule, message and place.
    func table(_ violations: [Violation]) -> [String] {
        var lines = ["| Severity | Rule | Violation | Where |", "| --- | --- | --- | --- |"]
        for violation in violations {
            let place = violation.location.map { "`\(code($0.description))`" } ?? ""
            lines.append(
                "| \(violation.severity.rawValue) | `\(code(violation.ruleID))` | \(cell(violation.message)) | "
                    + "\(place) |"
            )
        }
        return lines
    }

    func escape(_ text: String) -> String {
        var result = ""
        for character in OneLineText.fold(text) {
            if "\\`*_[]<>|#".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    private func cell(_ text: String) -> String {
        escape(text)
    }

    /// Inside a code span: backticks cannot be escaped, so they become quotes; pipes would end a table cell.
    func code(_ text: String) -> String {
        OneLineText.escape(text).replacingOccurrences(of: "`", with: "'").replacingOccurrences(of: "|", with: "\\|")
    }

    func html(_ text: String) -> String {
        OneLineText.fold(text).replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// What a piece of evidence does, in the report's words.
    static func verb(of kind: Evidence.Kind) -> String {
        switch kind {
        case .import: "imports"
        case .declaration: "declares"
        case .reference: "uses"
        case .target: "declares the target"
        }
    }
}
