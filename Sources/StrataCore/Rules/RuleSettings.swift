/// The `rules:` and `tests:` sections of `strata.yml`: the severity of each rule kind and
/// the project's own rules (forbidden edges, independent groups, protected modules).
package struct RuleSettings: Hashable, Sendable {
    /// Severities set in `rules:`; a kind not listed has its default.
    package var severities: [RuleKind: RuleSeverity] = [:]
    package var forbid: [ForbidRule] = []
    package var independent: [IndependentGroup] = []
    package var onlyUsedBy: [OnlyUsedByRule] = []
    package var typeRules: [TypeRule] = []
    package var tests = TestPolicy()

    package init() {}

    package func severity(of kind: RuleKind) -> RuleSeverity {
        severities[kind] ?? kind.defaultSeverity
    }
}

/// Names a set of modules in a rule: a layer name, or a module name or glob.
package struct ModuleSelector: Hashable, Sendable, CustomStringConvertible {
    package enum Kind: Hashable, Sendable {
        case layer(String)
        case modules(ModulePattern)
    }

    package var kind: Kind
    package var location: SourceLocation?

    package init(_ kind: Kind, location: SourceLocation? = nil) {
        self.kind = kind
        self.location = location
    }

    package var description: String {
        switch kind {
        case .layer(let name): "layer \(name)"
        case .modules(let pattern): pattern.pattern
        }
    }
}

/// Why a project rule exists and where to read more; shared by the rules a user writes.
package struct RuleRationale: Hashable, Sendable {
    /// A project rule's label, such as `UI → Infrastructure`; nil for the built-in rules.
    package var name: String?
    /// `because:`, shown with every violation and as the SARIF rule's help text.
    package var because: String?
    /// `see:`, a Content page (`guides/layers.md`, with an optional `#anchor`) or a URL.
    package var see: String?
    package var seeLocation: SourceLocation?
    /// Where `see:` leads once resolved: a page of the site (`guides/layers.html#ui`,
    /// relative to the site root) or an absolute URL.
    package var seeTarget: String?

    package init(
        name: String? = nil, because: String? = nil, see: String? = nil, seeLocation: SourceLocation? = nil,
        seeTarget: String? = nil
    ) {
        self.name = name
        self.seeTarget = seeTarget
        self.because = because
        self.see = see
        self.seeLocation = seeLocation
    }
}

/// `forbid:` — no module selected by `from` may depend on one selected by `to`.
package struct ForbidRule: Hashable, Sendable {
    package var from: [ModuleSelector]
    package var to: [ModuleSelector]
    package var rationale: RuleRationale
    package var severity: RuleSeverity
    package var location: SourceLocation?

    package init(
        from: [ModuleSelector], to: [ModuleSelector], rationale: RuleRationale = RuleRationale(),
        severity: RuleSeverity = .error, location: SourceLocation? = nil
    ) {
        self.from = from
        self.to = to
        self.rationale = rationale
        self.severity = severity
        self.location = location
    }
}

/// `independent:` — modules matched by these globs must not depend on each other.
package struct IndependentGroup: Hashable, Sendable {
    package var modules: [ModulePattern]
    /// Types by name (`types: ["*Screen"]`) that must not use one another, inside modules.
    package var types: [ModulePattern] = []
    /// Layers of files or types (`layers: [Feed, Settings]`) whose code must not name one
    /// another's types: feature folders of one target.
    package var layers: [String] = []
    package var rationale: RuleRationale
    package var severity: RuleSeverity
    package var location: SourceLocation?

    package init(
        modules: [ModulePattern], rationale: RuleRationale = RuleRationale(), severity: RuleSeverity = .error,
        location: SourceLocation? = nil
    ) {
        self.modules = modules
        self.rationale = rationale
        self.severity = severity
        self.location = location
    }
}

/// `only_used_by:` — the protected `modules` may be used only by modules `users` selects.
package struct OnlyUsedByRule: Hashable, Sendable {
    package var modules: [ModulePattern]
    /// Protected types by name (`types: ["*Repository"]`), inside modules: only code of the
    /// `users:` layers, or inside types those globs name, may name them.
    package var types: [ModulePattern] = []
    package var users: [ModuleSelector]
    package var rationale: RuleRationale
    package var severity: RuleSeverity
    package var location: SourceLocation?

    package init(
        modules: [ModulePattern], users: [ModuleSelector], rationale: RuleRationale = RuleRationale(),
        severity: RuleSeverity = .error, location: SourceLocation? = nil
    ) {
        self.modules = modules
        self.users = users
        self.rationale = rationale
        self.severity = severity
        self.location = location
    }
}

/// `tests:` — how test targets are judged.
package struct TestPolicy: Hashable, Sendable {
    /// Globs of test-support targets: modules any test may use and production code may not.
    package var support: [ModulePattern]
    /// When true, a test target is checked as if it were in the layer of the module it
    /// tests (the tested module and test support are always allowed). Off by default: test
    /// targets may use anything except through `forbid:` rules that name them.
    package var followLayers: Bool

    package static let defaultSupport = [
        "*TestSupport", "*TestUtilities", "*TestHelpers", "*TestKit", "*Mocks", "*Fixtures"
    ]

    package init(
        support: [ModulePattern] = TestPolicy.defaultSupport.map { ModulePattern($0) }, followLayers: Bool = false
    ) {
        self.support = support
        self.followLayers = followLayers
    }

    package func isSupport(_ module: String) -> Bool {
        support.contains { $0.matches(module) }
    }
}

/// `rules: type-rules:`: what the types it selects (by name, or by the layer that claims
/// them) must or must not conform to, and which attributes they must or must not carry.
package struct TypeRule: Hashable, Sendable {
    /// Type-name globs (`*ViewModel`).
    package var types: [ModulePattern]
    /// Layers whose types it selects.
    package var layers: [String]
    package var mustConformTo: [ModulePattern] = []
    package var mustNotConformTo: [ModulePattern] = []
    /// Attribute names without the `@`.
    package var mustHaveAttribute: [ModulePattern] = []
    package var mustNotHaveAttribute: [ModulePattern] = []
    /// Type-name globs of which a selected type holds exactly one in its stored properties
    /// ("a screen's View owns exactly one ViewModel").
    package var mustOwnOne: [ModulePattern] = []
    package var rationale: RuleRationale
    package var severity: RuleSeverity
    package var location: SourceLocation?

    package init(
        types: [ModulePattern], layers: [String], rationale: RuleRationale = RuleRationale(),
        severity: RuleSeverity = .error, location: SourceLocation? = nil
    ) {
        self.types = types
        self.layers = layers
        self.rationale = rationale
        self.severity = severity
        self.location = location
    }
}
