import StrataCore

/// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=…::message`, which
/// GitHub turns into annotations on the lines of a pull request. Compared with `--base`,
/// only the new violations are annotated (the ones the pull request adds) unless the
/// comparison asks for the unchanged ones too, and one `::notice` says what was left out
/// and what was fixed.
package struct GitHubActionsWriter: Sendable {
    package init() {}

    package func write(_ report: CheckReport) -> String {
        var lines: [String] = []
        for violation in report.annotatedViolations {
            let command = violation.severity == .error ? "error" : violation.severity == .warning ? "warning" : "notice"
            var properties: [String] = []
            if let location = violation.location {
                properties += ["file=\(property(location.path))", "line=\(location.line)", "col=\(location.column)"]
            }
            let unchanged = report.state(of: violation) == .unchanged
            let title = "Strata " + violation.ruleID + (unchanged ? report.stateSuffix(of: violation) : "")
            properties.append("title=\(property(title))")
            var message = violation.message
            for item in violation.furtherEvidence { message += "\n\(item.location): \(item.summary)" }
            lines.append("::\(command) \(properties.joined(separator: ","))::\(data(message))")
        }
        for entry in report.staleBaselineEntries {
            var properties: [String] = []
            if let location = entry.location {
                properties += ["file=\(property(location.path))", "line=\(location.line)"]
            }
            properties.append("title=\(property("Strata baseline.stale"))")
            let message = "the baseline records \(entry.rule) '\(entry.key)', which no longer happens; remove the entry"
            lines.append("::warning \(properties.joined(separator: ","))::\(data(message))")
        }
        if let notice = baseNotice(report) { lines.append("::notice title=Strata::\(data(notice))") }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// "1 unchanged violation not annotated; 2 fixed since main", or nil when there is
    /// nothing to say: no base, or nothing left out or fixed and the project was there.
    private func baseNotice(_ report: CheckReport) -> String? {
        guard let comparison = report.comparison else { return nil }
        var parts: [String] = []
        if !comparison.projectExisted { parts.append(comparison.didNotExistText) }
        let hidden = report.violations.count - report.annotatedViolations.count
        if hidden > 0 { parts.append("\(hidden) unchanged violation\(hidden == 1 ? "" : "s") not annotated") }
        if !comparison.fixed.isEmpty { parts.append("\(comparison.fixed.count) fixed since \(comparison.ref)") }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// The escaping GitHub applies to a command's message (`%`, line breaks), and every
    /// other control or bidirectional control made visible as on a diagnostic line, so an
    /// annotation reads as it parses.
    private func data(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": escaped += "%25"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            default:
                if OneLineText.needsEscape(scalar) {
                    escaped += OneLineText.visible(scalar)
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }

    /// The escaping for a property value, which also ends at `,` and `:`.
    private func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
