import StrataCore

/// The violations page, and violations as listed on module and layer pages.
extension ArchitecturePages {
    func violationList(_ violations: [Violation], from path: String, into html: inout HTML) {
        html.raw("<ul class=\"violations\">\n")
        for violation in violations {
            html.raw("<li class=\"violation severity-\(violation.severity.rawValue)\"><p><span class=\"severity\">")
            html.text(violation.severity.rawValue)
            html.raw("</span> <code class=\"rule-id\">")
            html.text(violation.ruleID)
            html.raw("</code> ")
            html.text(violation.message)
            html.raw("</p>\n")
            let involved = Array(Set(violation.modules)).sorted().filter { graph.node($0)?.isTarget == true }
            if !involved.isEmpty {
                html.raw("<p class=\"involved\">Modules: ")
                for (index, module) in involved.enumerated() {
                    if index > 0 { html.raw(", ") }
                    moduleLink(module, from: path, into: &html)
                }
                html.raw("</p>\n")
            }
            if let because = violation.rationale.because {
                html.raw("<p class=\"because\">Because ")
                html.text(because)
                html.raw("</p>\n")
            }
            if let target = violation.rationale.seeTarget {
                html.raw("<p class=\"see\">See ")
                let href = target.hasPrefix("http://") || target.hasPrefix("https://") ? target : Self.href(from: path, to: target)
                html.link(violation.rationale.see ?? target, href: href)
                html.raw("</p>\n")
            }
            evidenceList(violation.evidence.map { ($0.location.description, $0.summary) }, into: &html)
            html.raw("</li>\n")
        }
        html.raw("</ul>\n")
    }

    func violationsPage() -> Page {
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
            violationList(violations, from: path, into: &html)
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
