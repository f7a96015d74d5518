import StrataCore

/// GitLab Code Quality: the subset of the Code Climate issue format GitLab reads (a JSON
/// array of issues, each with a description, check name, fingerprint, severity and the
/// path and first line it is at), shown in merge requests beside the changed lines. The
/// fingerprint is the rule, the violation's line-free key and its message, hashed, so an
/// issue keeps its identity while the code around it moves (a fixed one shows as
/// resolved), and two rules whose ids are alike still give two issues. Compared with
/// `--base`, the description says the violation's state (` (new since main)`); the
/// fingerprint leaves it out, so an issue is the same one with or without a base.
package struct CodeQualityWriter: Sendable {
    package init() {}

    package func write(_ report: CheckReport) -> String {
        var issues = report.violations.map { violation in
            Issue(
                description:
                    "\(OneLineText.fold(violation.message))\(report.stateSuffix(of: violation)) [\(violation.ruleID)]",
                checkName: violation.ruleID,
                fingerprint: SHA256.hex(violation.ruleID + "|" + violation.key + "|" + violation.message),
                severity: Self.severity(violation.severity),
                location: Self.location(violation.location, configuration: report.configurationPath)
            )
        }
        issues += report.staleBaselineEntries.map { entry in
            Issue(
                description:
                    "The baseline records \(entry.rule) '\(OneLineText.fold(entry.key))', which no longer happens; "
                    + "remove the entry [baseline.stale]",
                checkName: "baseline.stale", fingerprint: SHA256.hex("baseline.stale|" + entry.rule + "|" + entry.key),
                severity: "minor",
                location: Self.location(entry.location, configuration: report.configurationPath)
            )
        }
        return StableJSON.text(issues)
    }

    /// Errors block a merge request's widget as "major"; warnings are "minor".
    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: "major"
        case .warning: "minor"
        default: "info"
        }
    }

    /// A location for GitLab, which needs a path and a line: a violation without one is put
    /// at the first line of the configuration its rule came from.
    static func location(_ location: SourceLocation?, configuration: String?) -> Location {
        Location(path: location?.path ?? configuration ?? "strata.yml", lines: Lines(begin: location?.line ?? 1))
    }

    struct Issue: Encodable {
        var type = "issue"
        var description: String
        var checkName: String
        var fingerprint: String
        var severity: String
        var location: Location

        init(description: String, checkName: String, fingerprint: String, severity: String, location: Location) {
            (self.description, self.checkName, self.fingerprint, self.severity, self.location) = (
                description, checkName, fingerprint, severity, location
            )
        }

        enum CodingKeys: String, CodingKey {
            case type, description, fingerprint, severity, location
            case checkName = "check_name"
        }
    }

    struct Location: Encodable {
        var path: String
        var lines: Lines
    }

    struct Lines: Encodable {
        var begin: Int
    }
}
