/// One broken rule, with every piece of evidence for it. Two files importing the same
/// forbidden module are one violation with two pieces of evidence.
package struct Violation: Hashable, Sendable, Comparable {
    package var rule: RuleKind
    package var severity: Severity
    package var message: String
    /// The modules involved: `[from, to]` for an edge, the path of a cycle, or the one module.
    package var modules: [String]
    /// The manifest lines and import lines that make the violation, in file order.
    package var evidence: [Evidence]
    package var rationale: RuleRationale
    /// Identifies the violation without line numbers, so a baseline survives edits.
    package var key: String

    package init(
        rule: RuleKind, severity: Severity, message: String, modules: [String], evidence: [Evidence],
        rationale: RuleRationale = RuleRationale(), key: String
    ) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.modules = modules
        self.evidence = evidence
        self.rationale = rationale
        self.key = key
    }

    /// Where the violation is reported: the first manifest line, else the first import.
    package var location: SourceLocation? {
        (evidence.first { $0.kind == .declaration } ?? evidence.first)?.location
    }

    /// The rule's own id: the kind's id, or `forbid/UI-Infrastructure` for a project rule.
    package var ruleID: String { RuleDescriptor.id(kind: rule, name: rationale.name) }

    /// The violation as a diagnostic, for printing beside other diagnostics.
    package var diagnostic: Diagnostic {
        Diagnostic(severity, ruleID, message, at: location)
    }

    /// Violations sort by place, then rule and key, so reports are stable.
    package static func < (lhs: Violation, rhs: Violation) -> Bool {
        switch (lhs.location, rhs.location) {
        case (let l?, let r?) where l != r: return l < r
        case (nil, _?): return true
        case (_?, nil): return false
        default: return (lhs.rule, lhs.key) < (rhs.rule, rhs.key)
        }
    }
}

/// One place that makes a violation: a dependency in a manifest, an import in a source
/// file, or the declaration of a target.
package struct Evidence: Hashable, Sendable {
    package enum Kind: String, Hashable, Sendable {
        /// A dependency written in a `Package.swift`.
        case declaration
        /// An `import` in a Swift file.
        case `import`
        /// The declaration of a target in a `Package.swift`.
        case target
        /// A type named in a Swift file (a layer of files using a type of another).
        case reference
    }

    package var kind: Kind
    package var location: SourceLocation
    /// What is written there, briefly: `import Database`, `dependency "Database"`.
    package var summary: String

    package init(kind: Kind, location: SourceLocation, summary: String) {
        self.kind = kind
        self.location = location
        self.summary = summary
    }
}
