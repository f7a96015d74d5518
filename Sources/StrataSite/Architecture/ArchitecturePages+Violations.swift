import StrataCore
import StrataTemplates

/// The violations page, and violations as listed on module and layer pages.
extension ArchitecturePages {
    /// Violations as a list, each through the theme's `partials/violation-row`.
    func violationList(_ violations: [Violation], from path: String, _ inputs: PageInputs, into html: inout HTML) throws
    {
        html.raw("<ul class=\"violations\">\n")
        for violation in violations {
            html.raw(try inputs.render(violationValue(violation, from: path), template: "partials/violation-row"))
        }
        html.raw("</ul>\n")
    }

    func violationsPage(_ inputs: PageInputs) throws -> Page {
        let path = ArchitectureSiteMap.violationsPath
        var headings: [Heading] = []
        var byRule: [String: [Violation]] = [:]
        for violation in report.violations { byRule[violation.ruleID, default: []].append(violation) }
        // Every rule checked has its section, violated or not: reports link each rule here
        // (SARIF's helpUri), so a reader of a code-scanning alert finds what the rule means.
        let rules = report.rules.filter { $0.severity != .off }.map { rule -> TemplateValue in
            let violations = byRule[rule.id] ?? []
            headings.append(
                Heading(level: 2, text: rule.title, id: rule.id, location: SourceLocation(path: "strata.yml")))
            var values: TemplateObject = [
                "id": .text(rule.id), "title": .text(rule.title), "explanation": .text(rule.kind.explanation),
                "hasReason": .bool(rule.rationale.because != nil), "reason": .text(rule.rationale.because ?? ""),
                "severity": .text(rule.severity.rawValue), "hasViolations": .bool(!violations.isEmpty),
                "violations": .list(violations.map { .object(violationValue($0, from: path)) })
            ]
            if let see = rule.rationale.seeTarget {
                if see.contains("://") {
                    values["see"] = .text(see)
                } else {
                    let hash = see.firstIndex(of: "#") ?? see.endIndex
                    values["see"] = .text(SitePath.relativeURL(from: path, to: String(see[..<hash])) + see[hash...])
                }
            }
            return .object(values)
        }
        let values: TemplateObject = [
            "summary": .text(
                report.violations.isEmpty
                    ? "strata check finds no violations: \(report.summary)."
                    : "strata check: \(report.summary). Each violation lists the manifest and import lines that "
                        + "make it."
            ),
            "rules": .list(rules),
            "hasHistory": .bool(history != nil),
            "historyHref": .text(SitePath.relativeURL(from: path, to: ArchitectureSiteMap.historyPath)),
            "hasStaleBaseline": .bool(!report.staleBaselineEntries.isEmpty),
            "staleBaseline": .list(
                report.staleBaselineEntries.map { .object(["rule": .text($0.rule), "key": .text($0.key)]) })
        ]
        if !report.staleBaselineEntries.isEmpty {
            headings.append(
                Heading(
                    level: 2, text: "Baseline entries that no longer match", id: "stale-baseline",
                    location: SourceLocation(path: "strata.yml")))
        }
        return Page(
            sourcePath: "", outputPath: path, title: "Violations",
            description: "Every dependency that breaks the architecture rules, with its evidence.",
            weight: 1001, headings: headings, contentHTML: try inputs.render(values, template: "violations")
        )
    }
}
