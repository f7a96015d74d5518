import StrataCore

/// Checkstyle XML, which Jenkins' Warnings plugin, reviewdog, Danger and many editors read:
/// one `<file>` per file, one `<error>` per violation reported there, with its line, column,
/// severity, message and rule as `source` (`strata.forbid/UI-Infrastructure`). Files are in
/// path order, violations in line order, so the report is the same for the same code.
/// Compared with `--base`, each message ends with its state (` (new since main)`).
package struct CheckstyleWriter: Sendable {
    package init() {}

    package func write(_ report: CheckReport) -> String {
        var byFile: [String: [String]] = [:]
        for violation in report.violations {
            let location = violation.location
            byFile[location?.path ?? report.configurationPath ?? "strata.yml", default: []].append(
                error(
                    line: location?.line, column: location?.column,
                    severity: violation.severity == .note ? "info" : violation.severity.rawValue,
                    message: OneLineText.fold(violation.message) + report.stateSuffix(of: violation),
                    source: "strata." + violation.ruleID
                ))
        }
        for entry in report.staleBaselineEntries {
            byFile[entry.location?.path ?? report.configurationPath ?? "strata.yml", default: []].append(
                error(
                    line: entry.location?.line, column: nil, severity: "warning",
                    message:
                        "the baseline records \(entry.rule) '\(OneLineText.fold(entry.key))', which no longer "
                        + "happens; remove the entry",
                    source: "strata.baseline.stale"
                ))
        }
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<checkstyle version=\"4.3\">"]
        for path in byFile.keys.sorted() {
            lines.append("  <file name=\"\(XMLText.attribute(path))\">")
            lines += byFile[path] ?? []
            lines.append("  </file>")
        }
        lines.append("</checkstyle>")
        return lines.joined(separator: "\n") + "\n"
    }

    private func error(line: Int?, column: Int?, severity: String, message: String, source: String) -> String {
        var attributes = ""
        if let line { attributes += " line=\"\(line)\"" }
        if let column { attributes += " column=\"\(column)\"" }
        return
            "    <error\(attributes) severity=\"\(severity)\" message=\"\(XMLText.attribute(message))\" "
            + "source=\"\(XMLText.attribute(source))\"/>"
    }
}
