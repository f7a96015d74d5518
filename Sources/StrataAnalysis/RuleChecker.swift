import StrataCore

/// Judges every edge of the module graph against the layers and rules of `strata.yml` and
/// turns each broken rule into a `Violation` carrying all its evidence.
package struct RuleChecker: Sendable {
    package let graph: ModuleGraph
    package let layers: [LayerDeclaration]
    package let assignments: [String: LayerAssignment]
    package let settings: RuleSettings

    package init(
        graph: ModuleGraph, layers: [LayerDeclaration], assignments: [String: LayerAssignment], settings: RuleSettings
    ) {
        self.graph = graph
        self.layers = layers
        self.assignments = assignments
        self.settings = settings
    }

    package struct Result: Sendable {
        package var violations: [Violation]
        /// Problems with the rules themselves, such as a glob that matches no module.
        package var diagnostics: [Diagnostic]
        /// Every rule checked, with its severity.
        package var rules: [RuleDescriptor]
    }

    package func check() -> Result {
        var violations: [Violation] = []
        let context = Context(graph: graph, layers: layers, assignments: assignments, tests: settings.tests)
        for edge in graph.edges where edge.from != edge.to {
            guard let from = graph.node(edge.from), from.isTarget else { continue }
            violations += checkEdge(edge, from: from, context)
        }
        violations += checkCycles()
        violations += checkUnassigned(context)
        return Result(violations: violations.sorted(), diagnostics: checkSelectors(), rules: descriptors())
    }

    // MARK: Edges

    private func checkEdge(_ edge: ModuleEdge, from: ModuleNode, _ context: Context) -> [Violation] {
        var found: [Violation] = []
        let isTest = from.isTest
        // What a test may always use: the module it tests and test support.
        let testsItsSubject = isTest && (context.subject(of: from.id) == edge.to || settings.tests.isSupport(edge.to))
        let judgedLikeProduction = !isTest || (settings.tests.followLayers && !testsItsSubject)
        let toNode = graph.node(edge.to)

        if judgedLikeProduction, let severity = settings.severity(of: .layerOrder).severity,
            let fromLayer = context.layer(of: from.id), let toLayer = context.layer(of: edge.to),
            !context.permissions.allows(fromLayer, toLayer)
        {
            found.append(
                violation(
                    .layerOrder, severity, edge, message: layerOrderMessage(edge, fromLayer, toLayer),
                    key: edgeKey(edge)))
        }

        if let severity = settings.severity(of: .testSupport).severity, !isTest, !settings.tests.isSupport(from.id),
            toNode?.isTarget == true, settings.tests.isSupport(edge.to)
        {
            found.append(
                violation(
                    .testSupport, severity, edge,
                    message: "'\(edge.from)' is not a test, but depends on the test-support module '\(edge.to)'",
                    key: edgeKey(edge)))
        }

        for rule in settings.forbid {
            guard let severity = rule.severity.severity else { continue }
            guard rule.from.contains(where: { context.selects($0, edge.from) }),
                rule.to.contains(where: { context.selects($0, edge.to) })
            else { continue }
            var message = "'\(edge.from)' depends on '\(edge.to)', which is forbidden (\(rule.rationale.name ?? ""))"
            if let because = rule.rationale.because { message += ": \(because)" }
            found.append(
                violation(.forbid, severity, edge, message: message, key: edgeKey(edge), rationale: rule.rationale))
        }

        if judgedLikeProduction {
            for group in settings.independent {
                guard let severity = group.severity.severity else { continue }
                guard group.modules.contains(where: { $0.matches(edge.from) }),
                    group.modules.contains(where: { $0.matches(edge.to) })
                else { continue }
                var message =
                    "'\(edge.from)' depends on '\(edge.to)', but the modules of the independent group "
                    + "'\(group.rationale.name ?? "")' must not depend on each other"
                if let because = group.rationale.because { message += ": \(because)" }
                found.append(
                    violation(
                        .independent, severity, edge, message: message, key: edgeKey(edge), rationale: group.rationale))
            }
            for rule in settings.onlyUsedBy where !rule.modules.isEmpty {
                guard let severity = rule.severity.severity else { continue }
                guard rule.modules.contains(where: { $0.matches(edge.to) }),
                    !rule.modules.contains(where: { $0.matches(edge.from) }),
                    !rule.users.contains(where: { context.selects($0, edge.from) })
                else { continue }
                let users = rule.users.map(\.description).joined(separator: ", ")
                var message = "'\(edge.from)' uses '\(edge.to)', which only \(users) may use"
                if let because = rule.rationale.because { message += ": \(because)" }
                found.append(
                    violation(
                        .onlyUsedBy, severity, edge, message: message, key: edgeKey(edge), rationale: rule.rationale))
            }
        }

        if let severity = settings.severity(of: .undeclaredImport).severity,
            edge.relation == .undeclared || edge.relation == .transitive
        {
            var message = "'\(edge.from)' imports '\(edge.to)' but does not declare it as a dependency"
            if edge.relation == .transitive {
                message += " (it builds only because a declared dependency brings it in)"
            }
            found.append(violation(.undeclaredImport, severity, edge, message: message, key: edgeKey(edge)))
        }

        if let severity = settings.severity(of: .unusedDependency).severity, edge.relation == .declaredOnly,
            isUnused(edge, toNode, context)
        {
            found.append(
                violation(
                    .unusedDependency, severity, edge,
                    message: "'\(edge.from)' declares a dependency on '\(edge.to)' but none of its files imports it",
                    key: edgeKey(edge)))
        }
        return found
    }

    /// A declared dependency nothing imports. Executables, plugins and macros are used
    /// without an import, and an external product may provide modules under other names,
    /// so it counts as unused only when the target imports nothing it cannot place.
    private func isUnused(_ edge: ModuleEdge, _ to: ModuleNode?, _ context: Context) -> Bool {
        guard let to else { return false }
        switch to.kind {
        case .executable, .plugin, .macro, .sdk, .unknown: return false
        case .product:
            return !context.hasUnplacedImports.contains(edge.from)
        case .regular, .test, .system, .binary: return true
        }
    }

    private func layerOrderMessage(_ edge: ModuleEdge, _ fromLayer: String, _ toLayer: String) -> String {
        let index = layers.firstIndex { $0.name == fromLayer } ?? 0
        let allowed = layers.allowedUses(of: fromLayer)
        let upward = (layers.firstIndex { $0.name == toLayer } ?? 0) > index
        var message = "'\(edge.from)' (\(fromLayer)) depends on '\(edge.to)' (\(toLayer))"
        message += upward ? ", a layer above it; " : "; "
        if allowed.isEmpty {
            message += "\(fromLayer) may use no other layer"
        } else {
            message += "\(fromLayer) may use only \(allowed.joined(separator: ", "))"
        }
        return message
    }

    // MARK: Cycles

    private func checkCycles() -> [Violation] {
        guard let severity = settings.severity(of: .cycle).severity else { return [] }
        var successors: [String: [String]] = [:]
        var edges: [String: ModuleEdge] = [:]
        for edge in graph.edges where edge.from != edge.to {
            guard graph.node(edge.from)?.isTarget == true, graph.node(edge.to)?.isTarget == true else { continue }
            successors[edge.from, default: []].append(edge.to)
            edges[edge.from + "\u{0}" + edge.to] = edge
        }
        let result = CycleFinder(successors: successors).find()
        var violations: [Violation] = []
        for cycle in result.cycles {
            let path = cycle + [cycle[0]]
            var evidence: [Evidence] = []
            for (from, to) in zip(path, path.dropFirst()) {
                if let edge = edges[from + "\u{0}" + to] { evidence += edge.evidence }
            }
            let text = path.joined(separator: " → ")
            violations.append(
                Violation(
                    rule: .cycle, severity: severity, message: "dependency cycle: \(text)", modules: cycle,
                    evidence: evidence, key: text))
        }
        for component in result.truncated {
            let text = component.joined(separator: ", ")
            let evidence = component.compactMap { graph.node($0)?.location }.map {
                Evidence(kind: .target, location: $0, summary: "target")
            }
            violations.append(
                Violation(
                    rule: .cycle, severity: severity,
                    message: "these modules form more cycles than are listed one by one: \(text)", modules: component,
                    evidence: evidence, key: "{\(text)}"
                ))
        }
        return violations
    }

    // MARK: Unassigned modules

    private func checkUnassigned(_ context: Context) -> [Violation] {
        guard !layers.isEmpty, let severity = settings.severity(of: .unassignedModule).severity else { return [] }
        var violations: [Violation] = []
        for node in graph.nodes
        where node.isTarget && !node.isTest && !settings.tests.isSupport(node.id) && context.layer(of: node.id) == nil {
            // An Xcode target has no manifest to carry a `// MARK:` section.
            let summary =
                node.productType.map { "Xcode target \"\(node.id)\" (\($0))" }
                ?? "\(Self.declarationFunction(node.kind))(name: \"\(node.id)\")"
            let evidence = node.location.map { [Evidence(kind: .target, location: $0, summary: summary)] } ?? []
            let advice =
                node.productType == nil
                ? "add it to the modules: of a layer in strata.yml, or declare it under a // MARK: <Layer> section"
                : "add it to the modules: of a layer in strata.yml"
            violations.append(
                Violation(
                    rule: .unassignedModule, severity: severity,
                    message: "module '\(node.id)' is in no layer; \(advice)",
                    modules: [node.id], evidence: evidence, key: node.id
                ))
        }
        return violations
    }

    /// How a target of this kind is declared in a manifest.
    static func declarationFunction(_ kind: ModuleNode.Kind) -> String {
        switch kind {
        case .executable: ".executableTarget"
        case .test: ".testTarget"
        case .system: ".systemLibrary"
        case .binary: ".binaryTarget"
        case .plugin: ".plugin"
        case .macro: ".macro"
        default: ".target"
        }
    }

    // MARK: Rules themselves

    /// A rule's module glob that selects nothing is a mistake in the rule, not a pass.
    private func checkSelectors() -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let ids = graph.nodes.map(\.id)
        func check(_ pattern: ModulePattern, in rule: String) {
            guard !ids.contains(where: pattern.matches) else { return }
            var message = "'\(pattern.pattern)' in \(rule) matches no module of the graph"
            // A misspelt layer name reads as a module glob, so layers are candidates too.
            if let close = Suggestion.closest(to: pattern.pattern, in: ids + layers.map(\.name)) {
                message += "; did you mean '\(close)'?"
            }
            diagnostics.append(.error("rule.unmatched-pattern", message, at: pattern.location))
        }
        func check(_ selector: ModuleSelector, in rule: String) {
            if case .modules(let pattern) = selector.kind { check(pattern, in: rule) }
        }
        for rule in settings.forbid { (rule.from + rule.to).forEach { check($0, in: "forbid:") } }
        for group in settings.independent { group.modules.forEach { check($0, in: "independent:") } }
        // A rule protecting types names users by layer or type glob, not modules.
        for rule in settings.onlyUsedBy where !rule.modules.isEmpty {
            rule.modules.forEach { check($0, in: "only_used_by:") }
            rule.users.forEach { check($0, in: "only_used_by:") }
        }
        return diagnostics.sorted()
    }

    private func descriptors() -> [RuleDescriptor] {
        var rules = [RuleKind.layerOrder, .cycle, .undeclaredImport, .unusedDependency, .unassignedModule, .testSupport]
            .map { RuleDescriptor(kind: $0, severity: settings.severity(of: $0)) }
        rules += settings.forbid.map { RuleDescriptor(kind: .forbid, severity: $0.severity, rationale: $0.rationale) }
        rules += settings.independent.map {
            RuleDescriptor(kind: .independent, severity: $0.severity, rationale: $0.rationale)
        }
        rules += settings.onlyUsedBy.map {
            RuleDescriptor(kind: .onlyUsedBy, severity: $0.severity, rationale: $0.rationale)
        }
        rules += settings.typeRules.map {
            RuleDescriptor(kind: .typeRule, severity: $0.severity, rationale: $0.rationale)
        }
        var seen: Set<String> = []
        return rules.filter { seen.insert($0.id).inserted }
    }

    // MARK: Helpers

    private func violation(
        _ rule: RuleKind, _ severity: Severity, _ edge: ModuleEdge, message: String, key: String,
        rationale: RuleRationale = RuleRationale()
    ) -> Violation {
        Violation(
            rule: rule, severity: severity, message: message, modules: [edge.from, edge.to], evidence: edge.evidence,
            rationale: rationale, key: key)
    }

    private func edgeKey(_ edge: ModuleEdge) -> String { "\(edge.from) -> \(edge.to)" }

    /// Layers and test subjects, worked out once per check.
    struct Context {
        let layers: [String: String]
        let layerNames: Set<String>
        let subjects: [String: String]
        /// Targets that import a module Strata cannot place (an external product may provide it).
        let hasUnplacedImports: Set<String>
        let permissions: LayerPermissions

        init(
            graph: ModuleGraph, layers declared: [LayerDeclaration], assignments: [String: LayerAssignment],
            tests: TestPolicy
        ) {
            permissions = LayerPermissions(declared)
            var layers = assignments.mapValues(\.layer)
            var subjects: [String: String] = [:]
            let targets = Set(graph.nodes.filter(\.isTarget).map(\.id))
            // Each test's first @testable import as written (by file, then line), and its module.
            var firstTestable: [String: (location: SourceLocation, module: String)] = [:]
            for edge in graph.edges {
                guard let first = edge.imports.filter(\.isTestable).map(\.location).min() else { continue }
                if let known = firstTestable[edge.from], (known.location, known.module) <= (first, edge.to) { continue }
                firstTestable[edge.from] = (first, edge.to)
            }
            for node in graph.nodes where node.isTest {
                // `FeedTests` tests `Feed`; otherwise the module of its first @testable import.
                var subject: String?
                for suffix in ["IntegrationTests", "UnitTests", "Tests", "Test"] where node.id.hasSuffix(suffix) {
                    let stem = String(node.id.dropLast(suffix.count))
                    if targets.contains(stem) {
                        subject = stem
                        break
                    }
                }
                subject = subject ?? firstTestable[node.id]?.module
                subjects[node.id] = subject
                if tests.followLayers, layers[node.id] == nil, let subject, let layer = layers[subject] {
                    layers[node.id] = layer
                }
            }
            self.layers = layers
            self.layerNames = Set(declared.map(\.name))
            self.subjects = subjects
            self.hasUnplacedImports = Set(
                graph.edges.filter { $0.relation == .viaProduct || $0.relation == .unresolved }.map(\.from))
        }

        func layer(of module: String) -> String? { layers[module] }
        func subject(of test: String) -> String? { subjects[test] }

        func selects(_ selector: ModuleSelector, _ module: String) -> Bool {
            switch selector.kind {
            case .layer(let name): layers[module] == name
            case .modules(let pattern): pattern.matches(module)
            }
        }
    }
}
