import StrataCore

/// The formats `strata check` writes a report in.
public enum CheckReportFormat: String, CaseIterable, Sendable {
    /// `path:line:column: error: message [rule-id]`, with a `note:` line per further piece
    /// of evidence: what Xcode and CI log parsers read.
    case text
    case json
    /// SARIF 2.1.0, for GitHub code scanning and other static-analysis dashboards.
    case sarif
    /// JUnit XML, for CI systems that show test reports (GitLab, Jenkins, Azure).
    case junit
    /// GitHub Actions workflow commands (`::error file=…`), which annotate a pull request.
    case github
    /// A Markdown summary, for `$GITHUB_STEP_SUMMARY` or a pull-request comment.
    case markdown

    /// Writes the report; `toolVersion` goes into the formats that record the tool.
    public func write(_ report: CheckReport, toolVersion: String) -> String {
        switch self {
        case .text: CheckTextWriter().write(report)
        case .json: CheckJSONWriter().write(report)
        case .sarif: SARIFWriter(toolVersion: toolVersion).write(report)
        case .junit: JUnitWriter().write(report)
        case .github: GitHubActionsWriter().write(report)
        case .markdown: CheckMarkdownWriter().write(report)
        }
    }
}

extension Violation {
    /// The evidence other than the place the violation is reported at.
    var furtherEvidence: [Evidence] {
        guard let location else { return evidence }
        var skipped = false
        return evidence.filter { item in
            if !skipped, item.location == location {
                skipped = true
                return false
            }
            return true
        }
    }
}

extension CheckReport {
    /// "2 errors, 1 warning in 14 modules" and what the baseline did.
    public var summary: String {
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        var text: String
        if violations.isEmpty {
            text = "no violations in \(count(moduleCount, "module"))"
        } else {
            text = "\(count(errorCount, "error")), \(count(warningCount, "warning")) in \(count(moduleCount, "module"))"
        }
        if baselinedCount > 0 { text += "; \(baselinedCount) more in the baseline" }
        let stale = staleBaselineEntries.count
        if stale == 1 { text += "; 1 baseline entry no longer matches" }
        if stale > 1 { text += "; \(stale) baseline entries no longer match" }
        return text
    }

    /// The stale baseline entries as warnings.
    public var staleBaselineDiagnostics: [Diagnostic] {
        staleBaselineEntries.map { entry in
            .warning("baseline.stale", "the baseline records \(entry.rule) '\(entry.key)', which no longer happens; remove the entry (or run --update-baseline)", at: entry.location)
        }
    }
}
