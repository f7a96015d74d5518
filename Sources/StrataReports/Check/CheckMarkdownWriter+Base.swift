import StrataCore

extension CheckMarkdownWriter {
    /// The comparison with `--base`: its counts, then the new violations, the fixed ones
    /// and the unchanged ones, folded away since a pull request did not add them.
    func baseSections(_ report: CheckReport, _ comparison: BaseComparison) -> [String] {
        let new = report.newViolations
        let unchanged = report.unchangedViolations
        let ref = escape(comparison.ref)
        var lines = [
            "Compared with \(escape(comparison.description)): **\(new.count) new**, \(unchanged.count) unchanged, "
                + "\(comparison.fixed.count) fixed.",
            ""
        ]
        if !comparison.projectExisted {
            lines += ["The project did not exist at \(ref), so every violation is new.", ""]
        }
        lines += ["### New since \(ref)", ""]
        lines += new.isEmpty ? ["No new violations."] : table(new)
        lines.append("")
        if !comparison.fixed.isEmpty {
            lines += ["### Fixed since \(ref)", ""]
            lines += table(comparison.fixed)
            lines.append("")
        }
        if !unchanged.isEmpty {
            let count = unchanged.count == 1 ? "1 violation" : "\(unchanged.count) violations"
            lines += ["### Unchanged", ""]
            lines += ["<details><summary>\(count) already at \(html(comparison.ref))</summary>", ""]
            lines += table(unchanged)
            lines += ["", "</details>", ""]
        }
        return lines
    }
}
