import StrataCore

/// The violations page, and violations as listed on module and layer pages.
extension ArchitecturePages {
    /// Violations as a list, each through the theme's `partials/violation-row`.
    func violationList(_ violations: [Violation], from path: String, _ inputs: PageInputs, into html: inout HTML) throws {
        html.raw("<ul class=\"violations\">\n")
        for violation in violations {
            html.raw(try inputs.render(violationValue(violation, from: path), template: "partials/violation-row"))
        }
        html.raw("</ul>\n")
    }

    func violationsPage(_ inputs: PageInputs) throws -> Page {
        let path = ArchitectureSiteMap.violationsPath
        var html = HTML()
        var headings: [Heading] = []
        html.raw("<p>")
        if report.violations.isEmpty {
            html.text("strata check finds no violations: \(report.summary).")
        } else {
            html.text("strata check: \(report.summary). Each violation lists the manifest and import lines that make it.")
        }
        html.raw("</p>\n")
        var byRule: [String: [Violation]] = [:]
        for violation in report.violations { byRule[violation.ruleID, default: []].append(violation) }
        for rule in report.rules {
            guard let violations = byRule[rule.id] else { continue }
            html.heading(2, rule.title, id: rule.id)
            headings.append(Heading(level: 2, text: rule.title, id: rule.id, location: SourceLocation(path: "strata.yml")))
            html.raw("<p>")
            html.text(rule.rationale.because ?? rule.kind.explanation)
            html.raw("</p>\n")
            try violationList(violations, from: path, inputs, into: &html)
        }
        if !report.staleBaselineEntries.isEmpty {
            html.heading(2, "Baseline entries that no longer match", id: "stale-baseline")
            html.raw("<ul>")
            for entry in report.staleBaselineEntries {
                html.raw("<li><code>")
                html.text(entry.rule)
                html.raw("</code> ")
                html.text(entry.key)
                html.raw("</li>")
            }
            html.raw("</ul>\n")
        }
        return Page(
            sourcePath: "", outputPath: path, title: "Violations", description: "Every dependency that breaks the architecture rules, with its evidence.",
            weight: 1001, headings: headings, contentHTML: html.text
        )
    }
}
