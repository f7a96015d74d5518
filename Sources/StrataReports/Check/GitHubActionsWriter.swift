import StrataCore

/// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=…::message`, which
/// GitHub turns into annotations on the lines of a pull request.
package struct GitHubActionsWriter: Sendable {
    package init() {}

    package func write(_ report: CheckReport) -> String {
        var lines: [String] = []
        for violation in report.violations {
            let command = violation.severity == .error ? "error" : violation.severity == .warning ? "warning" : "notice"
            var properties: [String] = []
            if let location = violation.location {
                properties += ["file=\(property(location.path))", "line=\(location.line)", "col=\(location.column)"]
            }
            properties.append("title=\(property("Strata " + violation.ruleID))")
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
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
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
