import StrataCore

/// JUnit XML: one test suite per rule, one failing test case per error (warnings pass, with
/// their message as output), and one passing case for a rule with nothing to report, so CI
/// dashboards show what was checked.
public struct JUnitWriter: Sendable {
    public init() {}

    public func write(_ report: CheckReport) -> String {
        var byRule: [String: [Violation]] = [:]
        for violation in report.violations { byRule[violation.ruleID, default: []].append(violation) }
        var suites: [String] = []
        var totalTests = 0
        var totalFailures = 0
        for rule in report.rules where rule.severity != .off {
            let violations = byRule[rule.id] ?? []
            var cases: [String] = []
            if violations.isEmpty {
                cases.append("    <testcase classname=\"strata.\(xml(rule.id))\" name=\"\(xml(rule.title))\"/>")
            }
            for violation in violations {
                let fileAttributes = violation.location.map { " file=\"\(xml($0.path))\" line=\"\($0.line)\"" } ?? ""
                var body = violation.evidence.map { "\($0.location): \($0.summary)" }.joined(separator: "\n")
                if let because = violation.rationale.because { body = "because: \(because)\n" + body }
                let name = "    <testcase classname=\"strata.\(xml(rule.id))\" name=\"\(xml(violation.key))\"\(fileAttributes)>"
                if violation.severity == .error {
                    cases.append(name + "\n      <failure type=\"\(xml(rule.id))\" message=\"\(xml(violation.message))\">\(xml(body))</failure>\n    </testcase>")
                } else {
                    cases.append(name + "\n      <system-out>\(xml("warning: " + violation.message + "\n" + body))</system-out>\n    </testcase>")
                }
            }
            let failures = violations.filter { $0.severity == .error }.count
            totalTests += cases.count
            totalFailures += failures
            suites.append("  <testsuite name=\"\(xml(rule.id))\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n" + cases.joined(separator: "\n") + "\n  </testsuite>")
        }
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="strata check" tests="\(totalTests)" failures="\(totalFailures)" errors="0">
        \(suites.joined(separator: "\n"))
        </testsuites>

        """
    }

    /// Text safe inside XML attributes and elements: characters XML 1.0 cannot hold are
    /// dropped, the rest escaped as for HTML.
    func xml(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let allowed = scalar.value >= 0x20 || scalar == "\n" || scalar == "\t" || scalar == "\r"
            if allowed, scalar.value != 0xFFFE, scalar.value != 0xFFFF { kept.append(scalar) }
        }
        return HTMLEscaping.escape(String(kept))
    }
}
