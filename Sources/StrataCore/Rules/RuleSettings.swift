/// The `rules:` and `tests:` sections of `strata.yml`: the severity of each rule kind and
/// the project's own rules (forbidden edges, independent groups, protected modules).
public struct RuleSettings: Hashable, Sendable {
    /// Severities set in `rules:`; a kind not listed has its default.
    public var severities: [RuleKind: RuleSeverity] = [:]
    public var forbid: [ForbidRule] = []
    public var independent: [IndependentGroup] = []
    public var onlyUsedBy: [OnlyUsedByRule] = []
    public var typeRules: [TypeRule] = []
    public var tests = TestPolicy()

    public init() {}

    public func severity(of kind: RuleKind) -> RuleSeverity {
        severities[kind] ?? kind.defaultSeverity
    }
}

/// Names a set of modules in a rule: a layer name, or a module name or glob.
public struct ModuleSelector: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        case layer(String)
        case modules(ModulePattern)
    }

    public var kind: Kind
    public var location: SourceLocation?

    public init(_ kind: Kind, location: SourceLocation? = nil) {
        self.kind = kind
        self.location = location
    }

    public var description: String {
        switch kind {
        case .layer(let name): "layer \(name)"
        case .modules(let pattern): pattern.pattern
        }
    }
}

/// Why a project rule exists and where to read more; shared by the rules a user writes.
public struct RuleRationale: Hashable, Sendable {
    /// A project rule's label, such as `UI → Infrastructure`; nil for the built-in rules.
    public var name: String?
    /// `because:`, shown with every violation and as the SARIF rule's help text.
    public var because: String?
    /// `see:`, a Content page (`guides/layers.md`, with an optional `#anchor`) or a URL.
    public var see: String?
    public var seeLocation: SourceLocation?
    /// Where `see:` leads once resolved: a page of the site (`guides/layers.html#ui`,
    /// relative to the site root) or an absolute URL.
    public var seeTarget: String?

    public init(name: String? = nil, because: String? = nil, see: String? = nil, seeLocation: SourceLocation? = nil, seeTarget: String? = nil) {
        self.name = name
        self.seeTarget = seeTarget
        self.because = because
        self.see = see
        self.seeLocation = seeLocation
    }
}

/// `forbid:` — no module selected by `from` may depend on one selected by `to`.
public struct ForbidRule: Hashable, Sendable {
    public var from: [ModuleSelector]
    public var to: [ModuleSelector]
    public var rationale: RuleRationale
    public var severity: RuleSeverity
    public var location: SourceLocation?

    public init(from: [ModuleSelector], to: [ModuleSelector], rationale: RuleRationale = RuleRationale(), severity: RuleSeverity = .error, location: SourceLocation? = nil) {
        self.from = from
        self.to = to
        self.rationale = rationale
        self.severity = severity
        self.location = location
    }
}

/// `independent:` — modules matched by these globs must not depend on each other.
public struct IndependentGroup: Hashable, Sendable {
    public var modules: [ModulePattern]
    /// Types by name (`types: ["*Screen"]`) that must not use one another, inside modules.
    public var types: [ModulePattern] = []
    /// Layers of files or types (`layers: [Feed, Settings]`) whose code must not name one
    /// another's types: feature folders of one target.
    public var layers: [String] = []
    public var rationale: RuleRationale
    public var severity: RuleSeverity
    public var location: SourceLocation?

    public init(modules: [ModulePattern], rationale: RuleRationale = RuleRationale(), severity: RuleSeverity = .error, location: SourceLocation? = nil) {
        self.modules = modules
        self.rationale = rationale
        self.severity = severity
        self.location = location
    }
}

/// `only_used_by:` — the protected `modules` may be used only by modules `users` selects.
public struct OnlyUsedByRule: Hashable, Sendable {
    public var modules: [ModulePattern]
    /// Protected types by name (`types: ["*Repository"]`), inside modules: only code of the
    /// `users:` layers, or inside types those globs name, may name them.
    public var types: [ModulePattern] = []
    public var users: [ModuleSelector]
    public var rationale: RuleRationale
    public var severity: RuleSeverity
    public var location: SourceLocation?

    public init(modules: [ModulePattern], users: [ModuleSelector], rationale: RuleRationale = RuleRationale(), severity: RuleSeverity = .error, location: SourceLocation? = nil) {
        self.modules = modules
        self.users = users
        self.rationale = rationale
        self.severity = severity
        self.location = location
    }
}

/// `tests:` — how test targets are judged.
public struct TestPolicy: Hashable, Sendable {
    /// Globs of test-support targets: modules any test may use and production code may not.
    public var support: [ModulePattern]
    /// When true, a test target is checked as if it were in the layer of the module it
    /// tests (the tested module and test support are always allowed). Off by default: test
    /// targets may use anything except through `forbid:` rules that name them.
    public var followLayers: Bool

    public static let defaultSupport = ["*TestSupport", "*TestUtilities", "*TestHelpers", "*TestKit", "*Mocks", "*Fixtures"]

    public init(support: [ModulePattern] = TestPolicy.defaultSupport.map { ModulePattern($0) }, followLayers: Bool = false) {
        self.support = support
        self.followLayers = followLayers
    }

    public func isSupport(_ module: String) -> Bool {
        support.contains { $0.matches(module) }
    }
}

/// `rules: type-rules:`: what the types it selects (by name, or by the layer that claims
/// them) must or must not conform to, and which attributes they must or must not carry.
public struct TypeRule: Hashable, Sendable {
    /// Type-name globs (`*ViewModel`).
    public var types: [ModulePattern]
    /// Layers whose types it selects.
    public var layers: [String]
    public var mustConformTo: [ModulePattern] = []
    public var mustNotConformTo: [ModulePattern] = []
    /// Attribute names without the `@`.
    public var mustHaveAttribute: [ModulePattern] = []
    public var mustNotHaveAttribute: [ModulePattern] = []
    /// Type-name globs of which a selected type holds exactly one in its stored properties
    /// ("a screen's View owns exactly one ViewModel").
    public var mustOwnOne: [ModulePattern] = []
    public var rationale: RuleRationale
    public var severity: RuleSeverity
    public var location: SourceLocation?

    public init(types: [ModulePattern], layers: [String], rationale: RuleRationale = RuleRationale(), severity: RuleSeverity = .error, location: SourceLocation? = nil) {
        self.types = types
        self.layers = layers
        self.rationale = rationale
        self.severity = severity
        self.location = location
    }
}
