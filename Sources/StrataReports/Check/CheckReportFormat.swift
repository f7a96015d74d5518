import StrataCore

/// The formats `strata check` writes a report in.
package enum CheckReportFormat: String, CaseIterable, Sendable {
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
    /// GitLab Code Quality (Code Climate issues), for merge-request widgets.
    case codequality
    /// Checkstyle XML, for Jenkins' Warnings plugin, reviewdog and editors.
    case checkstyle

    /// Writes the report; `toolVersion` goes into the formats that record the tool, and
    /// `sourceRoot` says in words what relative paths are relative to (nil when they are
    /// absolute), for the formats that record it.
    package func write(_ report: CheckReport, toolVersion: String, sourceRoot: String? = "the project folder") -> String
    {
        switch self {
        case .text: CheckTextWriter().write(report)
        case .json: CheckJSONWriter().write(report)
        case .sarif: SARIFWriter(toolVersion: toolVersion, sourceRoot: sourceRoot).write(report)
        case .junit: JUnitWriter().write(report)
        case .github: GitHubActionsWriter().write(report)
        case .markdown: CheckMarkdownWriter().write(report)
        case .codequality: CodeQualityWriter().write(report)
        case .checkstyle: CheckstyleWriter().write(report)
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
