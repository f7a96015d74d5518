import StrataCore

/// JUnit XML: one test suite per rule, one failing test case per error (warnings pass, with
/// their text as output), and one passing case for a rule with nothing to report, so CI
/// dashboards show what was checked. It keeps to the schema Jenkins' xunit plugin validates
/// against (`junit-10.xsd`), which GitLab and Azure read too: a test case has only a name and
/// a class name, so the place of a violation goes into the failure's text, which starts with
/// the `path:line:column: message` line and goes on with the project's reason, whole, and
/// every line of evidence. Compared with `--base`, the message ends with the violation's
/// state (` (new since main)`) and the text says it on its second line; the test case's
/// name stays the violation's key, so a CI's history of the case is the same either way.
package struct JUnitWriter: Sendable {
    package init() {}

    package func write(_ report: CheckReport) -> String {
        var byRule: [String: [Violation]] = [:]
        for violation in report.violations { byRule[violation.ruleID, default: []].append(violation) }
        var suites: [String] = []
        var totalTests = 0
        var totalFailures = 0
        for rule in report.rules where rule.severity != .off {
            let violations = byRule[rule.id] ?? []
            var cases: [String] = []
            if violations.isEmpty {
                cases.append(
                    "    <testcase classname=\"strata.\(attribute(rule.id))\" name=\"\(attribute(rule.title))\"/>")
            }
            for violation in violations {
                let name =
                    "    <testcase classname=\"strata.\(attribute(rule.id))\" name=\"\(attribute(violation.key))\">"
                let body = xml(Self.body(of: violation, in: report))
                let message = OneLineText.fold(violation.message) + report.stateSuffix(of: violation)
                if violation.severity == .error {
                    cases.append(
                        name
                            + "\n      <failure type=\"\(attribute(rule.id))\" "
                            + "message=\"\(attribute(message))\">\(body)</failure>\n"
                            + "    </testcase>"
                    )
                } else {
                    cases.append(name + "\n      <system-out>\(body)</system-out>\n    </testcase>")
                }
            }
            let failures = violations.filter { $0.severity == .error }.count
            totalTests += cases.count
            totalFailures += failures
            suites.append(
                "  <testsuite name=\"\(attribute(rule.id))\" tests=\"\(cases.count)\" failures=\"\(failures)\" "
                    + "errors=\"0\" skipped=\"0\">\n"
                    + cases.joined(separator: "\n") + "\n  </testsuite>")
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="strata check" tests="\(totalTests)" failures="\(totalFailures)" errors="0">
            \(suites.joined(separator: "\n"))
            </testsuites>

            """
    }

    /// The failure's text: the diagnostic line, the state against the base if any, the
    /// reason and the page to read, then a line per piece of evidence.
    static func body(of violation: Violation, in report: CheckReport) -> String {
        let place = violation.location.map { "\($0): " } ?? ""
        var lines = [
            "\(place)\(violation.severity.rawValue): \(OneLineText.fold(violation.message)) "
                + "[\(OneLineText.escape(violation.ruleID))]"
        ]
        if let comparison = report.comparison, let state = report.state(of: violation) {
            let words = state == .new ? "new since" : "already at"
            lines.append("\(words) \(OneLineText.fold(comparison.description))")
        }
        if let because = violation.rationale.because {
            lines.append("because: " + because.trimmingWhitespace)
        }
        if let see = violation.rationale.seeTarget ?? violation.rationale.see {
            lines.append("see: \(OneLineText.escape(see))")
        }
        for item in violation.evidence {
            lines.append("\(item.location): \(OneLineText.escape(item.summary))")
        }
        return lines.joined(separator: "\n")
    }

    func xml(_ text: String) -> String {
        XMLText.escape(text)
    }

    func attribute(_ text: String) -> String {
        XMLText.attribute(text)
    }
}
