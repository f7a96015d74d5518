import StrataCore

/// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=…::message`, which
/// GitHub turns into annotations on the lines of a pull request.
public struct GitHubActionsWriter: Sendable {
    public init() {}

    public func write(_ report: CheckReport) -> String {
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
            if let location = entry.location { properties += ["file=\(property(location.path))", "line=\(location.line)"] }
            properties.append("title=\(property("Strata baseline.stale"))")
            lines.append("::warning \(properties.joined(separator: ","))::\(data("the baseline records \(entry.rule) '\(entry.key)', which no longer happens; remove the entry"))")
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// The escaping GitHub applies to a command's message.
    private func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    /// The escaping for a property value, which also ends at `,` and `:`.
    private func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
