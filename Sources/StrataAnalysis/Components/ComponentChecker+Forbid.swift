import StrataCore

extension ComponentChecker {
    /// The violations of `forbid:` rules whose `from:` names a layer of files or types: an
    /// import in one of its files of a module the rule's `to:` selects (by name, glob, or a
    /// layer of modules), or a reference to a type of a layer its `to:` names. A file speaks
    /// for its own layer and for the layers of the types it declares. A type of another
    /// module counts only when its layer is one of files or types: the import of its module
    /// already speaks for the rest.
    // swiftlint:disable:next function_parameter_count
    func forbidden(
        in node: ModuleNode, graph: ModuleGraph, files: [String], symbols: [String: SwiftSymbols],
        assignment: ComponentAssignment,
        references: ResolvedReferences, reported: inout Set<String>
    ) -> [Violation] {
        let rules = settings.forbid.filter { rule in
            rule.severity.severity != nil
                && rule.from.contains { if case .layer(let name) = $0.kind { isComponentLayer(name) } else { false } }
        }
        guard !rules.isEmpty else { return [] }
        var importsOfFile: [String: [(module: String, item: SwiftImport)]] = [:]
        for edge in graph.edges where edge.from == node.id {
            for item in edge.imports { importsOfFile[item.location.path, default: []].append((edge.to, item)) }
        }
        let layerOfType = assignment.types[node.id] ?? [:]
        var found: [Violation] = []
        for file in files {
            var speaksFor: Set<String> = []
            if let placed = assignment.files[node.id]?[file] { speaksFor.insert(placed.layer) }
            for declaration in symbols[file]?.declarations ?? [] {
                if let placed = layerOfType[declaration.name] { speaksFor.insert(placed.layer) }
            }
            for rule in rules {
                guard let severity = rule.severity.severity else { continue }
                let fromLayers = rule.from.compactMap { selector -> String? in
                    if case .layer(let name) = selector.kind, speaksFor.contains(name) { return name }
                    return nil
                }
                guard let from = fromLayers.first else { continue }
                let label = rule.rationale.name ?? ""
                let because = rule.rationale.because.map { ": \($0)" } ?? ""
                // Imports of modules the rule forbids.
                var byTarget: [String: [Evidence]] = [:]
                for (module, item) in importsOfFile[file] ?? []
                where rule.to.contains(where: { selects($0, module: module) }) {
                    byTarget[module, default: []].append(
                        Evidence(
                            kind: .import, location: item.location,
                            summary: "import \(item.path.joined(separator: "."))"))
                }
                // References to types of layers the rule forbids.
                for resolved in references.of(file, in: node.id) {
                    guard let target = resolved.only, let to = references.placed(target), to.layer != from,
                        target.module == node.id || !to.isModuleLayer,
                        rule.to.contains(where: {
                            if case .layer(let name) = $0.kind { name == to.layer } else { false }
                        })
                    else { continue }
                    let reference = resolved.reference
                    byTarget["\(to.layer)|\(reference.name)", default: []].append(
                        Evidence(kind: .reference, location: reference.location, summary: Self.summary(reference)))
                }
                for (target, evidence) in byTarget.sorted(by: { $0.key < $1.key }) {
                    let shown = target.contains("|") ? String(target.split(separator: "|").last ?? "") : target
                    let key = "\(from)→\(shown) in \(file) (\(label))"
                    guard reported.insert(key).inserted else { continue }
                    found.append(
                        Violation(
                            rule: .forbid, severity: severity,
                            message: "'\(from)' uses '\(shown)', which is forbidden (\(label))\(because)",
                            modules: [node.id], evidence: evidence.sorted { $0.location < $1.location },
                            rationale: rule.rationale, key: key
                        ))
                }
            }
        }
        return found
    }

    /// Whether a rule's `to:` selects a module: by name or glob, or by its module layer.
    func selects(_ selector: ModuleSelector, module: String) -> Bool {
        switch selector.kind {
        case .modules(let pattern): return pattern.matches(module)
        case .layer(let name): return layers.first { $0.name == name }?.modules.contains { $0.matches(module) } == true
        }
    }
}
