/// What `strata check` found: the violations to report, and what the baseline hid or no
/// longer matches. Every report format is written from this one value.
package struct CheckReport: Hashable, Sendable {
    /// Violations not covered by the baseline, sorted by place.
    package var violations: [Violation]
    /// How many violations the baseline covered.
    package var baselinedCount: Int
    /// Baseline entries that matched no violation: fixed, so they should leave the baseline.
    package var staleBaselineEntries: [BaselineEntry]
    /// Every rule that was checked, with its severity (for SARIF's rule list and JUnit's cases).
    package var rules: [RuleDescriptor]
    /// How many modules of the graph were judged (targets of the packages read).
    package var moduleCount: Int
    /// The site's base URL when it is absolute, to link rules to their documentation.
    package var documentationBaseURL: String?
    /// The configuration file the rules came from, as shown on the command line: the place
    /// formats that need a file for every entry give a violation that has none.
    package var configurationPath: String?
    /// The comparison with another commit's architecture (`strata check --base`), if asked.
    package var comparison: BaseComparison?

    package init(
        violations: [Violation], baselinedCount: Int = 0, staleBaselineEntries: [BaselineEntry] = [],
        rules: [RuleDescriptor], moduleCount: Int, documentationBaseURL: String? = nil
    ) {
        self.violations = violations
        self.baselinedCount = baselinedCount
        self.staleBaselineEntries = staleBaselineEntries
        self.rules = rules
        self.moduleCount = moduleCount
        self.documentationBaseURL = documentationBaseURL
    }

    package var errorCount: Int { violations.filter { $0.severity == .error }.count }
    package var warningCount: Int { violations.filter { $0.severity == .warning }.count }

    /// The descriptor a violation reports under.
    package func descriptor(for violation: Violation) -> RuleDescriptor? {
        let id = RuleDescriptor.id(kind: violation.rule, name: violation.rationale.name)
        return rules.first { $0.id == id }
    }
}

/// A rule as reports list it: a built-in rule kind, or one rule the project wrote
/// (`forbid:`, `independent:`, `only_used_by:` entries each get their own).
package struct RuleDescriptor: Hashable, Sendable {
    /// `layer-order`, or `forbid/UI-Infrastructure` for a project rule.
    package var id: String
    package var kind: RuleKind
    package var severity: RuleSeverity
    package var rationale: RuleRationale

    package init(kind: RuleKind, severity: RuleSeverity, rationale: RuleRationale = RuleRationale()) {
        self.id = Self.id(kind: kind, name: rationale.name)
        self.kind = kind
        self.severity = severity
        self.rationale = rationale
    }

    /// The kind's id, with the project rule's name made safe for ids and URLs.
    package static func id(kind: RuleKind, name: String?) -> String {
        guard let name else { return kind.rawValue }
        var slug = ""
        for character in name {
            if character.isLetter || character.isNumber || character == "_" || character == "." {
                slug.append(character)
            } else if character == "*" || character == "?" {
                slug.append(character)
            } else if !slug.hasSuffix("-") {
                slug.append("-")
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return kind.rawValue + "/" + slug
    }

    /// The title reports show: the kind's title, and the project rule's name.
    package var title: String {
        rationale.name.map { "\(kind.title): \($0)" } ?? kind.title
    }
}

/// One violation recorded in a baseline file: its rule and its line-free key.
package struct BaselineEntry: Hashable, Sendable, Comparable {
    package var rule: String
    package var key: String
    /// Where the entry is written in the baseline file.
    package var location: SourceLocation?

    package init(rule: String, key: String, location: SourceLocation? = nil) {
        self.rule = rule
        self.key = key
        self.location = location
    }

    package static func < (lhs: BaselineEntry, rhs: BaselineEntry) -> Bool { (lhs.rule, lhs.key) < (rhs.rule, rhs.key) }

    package static func == (lhs: BaselineEntry, rhs: BaselineEntry) -> Bool {
        lhs.rule == rhs.rule && lhs.key == rhs.key
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(rule)
        hasher.combine(key)
    }
}

extension CheckReport {
    /// "2 errors, 1 warning in 14 modules" and what the baseline did.
    package var summary: String {
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        var text: String
        if violations.isEmpty {
            text = "no violations in \(count(moduleCount, "module"))"
        } else {
            text = "\(count(errorCount, "error")), \(count(warningCount, "warning")) in \(count(moduleCount, "module"))"
        }
        if let comparison {
            let new = newViolations.count
            let unchanged = violations.count - new
            text += "; \(new) new, \(unchanged) unchanged, \(comparison.fixed.count) fixed since \(comparison.ref)"
        }
        if baselinedCount > 0 { text += "; \(baselinedCount) more in the baseline" }
        let stale = staleBaselineEntries.count
        if stale == 1 { text += "; 1 baseline entry no longer matches" }
        if stale > 1 { text += "; \(stale) baseline entries no longer match" }
        return text
    }

    /// The stale baseline entries as warnings.
    package var staleBaselineDiagnostics: [Diagnostic] {
        staleBaselineEntries.map { entry in
            .warning(
                "baseline.stale",
                "the baseline records \(entry.rule) '\(entry.key)', which no longer happens; remove the entry (or "
                    + "run --update-baseline)",
                at: entry.location)
        }
    }
}

extension CheckReport {
    /// The same report with every file path passed through `paths`: the places of the
    /// violations' evidence (project-relative as checked) and of the stale baseline entries
    /// (as the baseline file was named, like the configuration's). Reports are read from other folders than the
    /// project's (a repository's root in CI, an absolute path in Xcode), so the command
    /// line chooses how paths are shown just before the report is written.
    package func mappingPaths(evidence: (String) -> String, baseline: (String) -> String) -> CheckReport {
        var report = self
        report.violations = violations.map { $0.mappingPaths(evidence) }
        report.configurationPath = configurationPath.map(baseline)
        report.comparison?.fixed = (comparison?.fixed ?? []).map { $0.mappingPaths(evidence) }
        report.staleBaselineEntries = staleBaselineEntries.map { entry in
            var entry = entry
            if let path = entry.location?.path { entry.location?.path = baseline(path) }
            return entry
        }
        return report
    }
}

extension Violation {
    /// The same violation with the path of each piece of evidence passed through `path`.
    package func mappingPaths(_ path: (String) -> String) -> Violation {
        var violation = self
        violation.evidence = evidence.map { item in
            var item = item
            item.location.path = path(item.location.path)
            return item
        }
        return violation
    }
}
