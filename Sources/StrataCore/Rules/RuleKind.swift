/// The kinds of architecture rule `strata check` enforces. The raw value is the rule's
/// stable id: it names the rule in every report, in `rules:` of `strata.yml` and in a
/// baseline, so it never changes once released.
package enum RuleKind: String, CaseIterable, Hashable, Sendable, Comparable {
    case layerOrder = "layer-order"
    case forbid
    case independent
    case onlyUsedBy = "only-used-by"
    case cycle
    case undeclaredImport = "undeclared-import"
    case unusedDependency = "unused-dependency"
    case unassignedModule = "unassigned-module"
    case testSupport = "test-support"
    /// A project rule about what types must or must not be (`rules: type-rules:`).
    case typeRule = "type-rule"

    /// What a project gets without saying anything in `rules:`.
    package var defaultSeverity: RuleSeverity {
        switch self {
        case .layerOrder, .forbid, .independent, .onlyUsedBy, .cycle, .typeRule: .error
        // Test support is recognised by name, a guess: it warns until a project says more.
        case .undeclaredImport, .unusedDependency, .unassignedModule, .testSupport: .warning
        }
    }

    /// A one-line name for report headings and SARIF's `shortDescription`.
    package var title: String {
        switch self {
        case .layerOrder: "Dependency against the layer order"
        case .forbid: "Forbidden dependency"
        case .independent: "Dependency between independent modules"
        case .onlyUsedBy: "Use of a protected module"
        case .cycle: "Dependency cycle"
        case .undeclaredImport: "Import without a declared dependency"
        case .unusedDependency: "Declared dependency that is never imported"
        case .unassignedModule: "Module, file or type without a layer"
        case .testSupport: "Test support used by production code"
        case .typeRule: "Type against a type rule"
        }
    }

    /// Why the rule exists, for SARIF's `fullDescription` and the rule reference.
    package var explanation: String {
        switch self {
        case .layerOrder:
            "A module may use modules of its own layer and of the layers its layer may use: the layers listed "
                + "before it in strata.yml, or exactly its may_use: list. Anything else points the wrong way."
        case .forbid:
            "strata.yml forbids this dependency explicitly (rules: forbid:)."
        case .independent:
            "The modules of an independent: group are siblings, such as feature slices, that must not depend on one "
                + "another, so each can be built, tested and removed alone."
        case .onlyUsedBy:
            "An only-used-by: rule names the only modules allowed to use a protected module."
        case .cycle:
            "Modules that depend on each other in a circle cannot be understood, built or tested apart."
        case .undeclaredImport:
            "A module imports a module its target does not declare as a dependency. It builds only while something "
                + "else happens to bring the module in, and the manifest no longer tells the truth about the "
                + "architecture."
        case .unusedDependency:
            "A target declares a dependency that none of its files imports: it slows builds and hides the real "
                + "shape of the graph."
        case .unassignedModule:
            "Layers are declared, but this module (or, in a module with layers of files or types, this file or "
                + "type) is in none of them, so no layer rule can judge what it uses."
        case .testSupport:
            "Test-support modules (fixtures, mocks, test helpers) are for test targets; production code that uses "
                + "them ships them."
        case .typeRule:
            "A type-rules: entry says what the types it selects must or must not conform to, and which attributes "
                + "they must or must not carry."
        }
    }

    /// The anchor of the rule's section in the rule reference page.
    package var anchor: String { rawValue }

    package static func < (lhs: RuleKind, rhs: RuleKind) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// How much a rule's violations matter, as `rules:` in `strata.yml` sets it.
package enum RuleSeverity: String, CaseIterable, Hashable, Sendable {
    case error
    case warning
    case off

    /// The diagnostic severity a violation gets, or nil when the rule is off.
    package var severity: Severity? {
        switch self {
        case .error: .error
        case .warning: .warning
        case .off: nil
        }
    }
}
