import StrataCore

/// Layers made of files and types (`paths:` and `types:` in strata.yml), for apps whose
/// layers are folders and roles inside one target. Each Swift file belongs to the layer
/// whose paths match it (else to its module's layer); each type to the layer whose `types:`
/// match its name, else to its file's. Code inside a type speaks for the type's layer, code
/// outside any type for its file's. A place that names a type of a layer its own may not
/// use is a `layer-order` violation, grouped by file and type, with every place as evidence.
/// A name two layers declare is ambiguous and never guessed.
public struct ComponentChecker: Sendable {
    public let layers: [LayerDeclaration]
    public let settings: RuleSettings

    public init(layers: [LayerDeclaration], settings: RuleSettings) {
        self.layers = layers
        self.settings = settings
    }

    public struct Result: Sendable {
        public var violations: [Violation] = []
        public var diagnostics: [Diagnostic] = []
        /// File → its layer, for the files that have one.
        public var fileLayers: [String: String] = [:]
        /// Modules some of whose types a layer claims (`types:`, `conforms_to:`, `attributes:`).
        public var typeLayeredModules: Set<String> = []
    }

    /// Whether any layer is made of files or types; when none is, nothing needs reading.
    public var isNeeded: Bool {
        layers.contains { !$0.paths.isEmpty || $0.hasTypeMembers } || !settings.typeRules.isEmpty || settings.independent.contains { !$0.types.isEmpty }
            || settings.onlyUsedBy.contains { !$0.types.isEmpty }
    }

    /// The files whose symbols `check` needs: every Swift file of a target module one of
    /// whose files a layer's paths match; with `types:` layers, of every target module.
    public func filesToRead(in graph: ModuleGraph) -> [String] {
        guard isNeeded else { return [] }
        let byType = layers.contains(where: \.hasTypeMembers) || !settings.typeRules.isEmpty || settings.independent.contains { !$0.types.isEmpty }
            || settings.onlyUsedBy.contains { !$0.types.isEmpty }
        let patterns = layers.flatMap(\.paths)
        let modules = graph.nodes.filter { node in node.isTarget && (byType || node.sourceFiles.contains { file in patterns.contains { $0.matches(file) } }) }
        var seen: Set<String> = []
        return modules.flatMap(\.sourceFiles).filter { seen.insert($0).inserted }
    }

    /// A layer's claim on a type, and which of its patterns made it.
    struct Claim {
        var layer: String
        var pattern: ModulePattern
        /// `types: '*Store'`, `conforms_to: 'View'`, `attributes: 'Observable'`.
        var label: String
    }

    /// The layers that claim a type: by its own name (`Item` of `Feed.Item`, `types:`), by
    /// what it inherits or conforms to as written (`conforms_to:`), or by its attributes
    /// (`attributes:`, without the `@`).
    func claims(name: String, inherits: [String] = [], attributes: [String] = []) -> [Claim] {
        let own = name.split(separator: ".").last.map(String.init) ?? name
        // `Foundation.Decodable` and `Store<Item>` conform as `Decodable` and `Store`.
        let conformances = inherits.map { written -> String in
            let base = written.split(separator: "<").first.map(String.init) ?? written
            return base.split(separator: ".").last.map(String.init) ?? base
        }
        let bare = attributes.map { $0.hasPrefix("@") ? String($0.dropFirst()) : $0 }.map { $0.split(separator: "(").first.map(String.init) ?? $0 }
        return layers.compactMap { layer in
            if let pattern = layer.types.first(where: { $0.matches(own) }) { return Claim(layer: layer.name, pattern: pattern, label: "types: '\(pattern.pattern)'") }
            if let pattern = layer.conformsTo.first(where: { pattern in conformances.contains { pattern.matches($0) } }) {
                return Claim(layer: layer.name, pattern: pattern, label: "conforms_to: '\(pattern.pattern)'")
            }
            if let pattern = layer.attributes.first(where: { pattern in bare.contains { pattern.matches($0) } }) {
                return Claim(layer: layer.name, pattern: pattern, label: "attributes: '\(pattern.pattern)'")
            }
            return nil
        }
    }

    /// - Parameters:
    ///   - symbols: the declarations and references of each file `filesToRead` named.
    ///   - moduleLayers: each module's layer, from the module-level resolution.
    public func check(_ graph: ModuleGraph, symbols: [String: SwiftSymbols], moduleLayers: [String: String]) -> Result {
        var result = Result()
        guard isNeeded else { return result }
        let permissions = LayerPermissions(layers)
        var used: Set<PathPattern> = []
        // A file two targets compile is reported once, and so are its violations.
        var reportedFiles: Set<String> = []
        var reportedKeys: Set<String> = []
        var reportedTypes: Set<String> = []
        var usedTypes: Set<ModulePattern> = []

        for node in graph.nodes where node.isTarget && node.sourceFiles.contains(where: { symbols[$0] != nil }) {
            // Each file's layer.
            var layerOfFile: [String: String] = [:]
            for file in node.sourceFiles {
                let claims = layers.compactMap { layer in layer.paths.first { $0.matches(file) }.map { (layer: layer.name, pattern: $0) } }
                claims.forEach { used.insert($0.pattern) }
                if claims.count > 1, reportedFiles.insert(file).inserted {
                    result.diagnostics.append(.error(
                        "layer.ambiguous",
                        "the file '\(file)' is matched by \(claims.count) layers: " + claims.map { "'\($0.layer)' (paths: '\($0.pattern.pattern)')" }.joined(separator: ", "),
                        at: claims[1].pattern.location
                    ))
                }
                if let layer = claims.first?.layer ?? moduleLayers[node.id] { layerOfFile[file] = layer }
            }
            result.fileLayers.merge(layerOfFile, uniquingKeysWith: { first, _ in first })

            // Each type's layer (its role's, else its file's), by the names code may use for it.
            var layersOfName: [String: Set<String>] = [:]
            var layerOfType: [String: String] = [:]
            for file in node.sourceFiles {
                for declaration in symbols[file]?.declarations ?? [] where declaration.kind != .extension {
                    let claims = claims(name: declaration.name, inherits: declaration.inherits, attributes: declaration.attributes)
                    claims.forEach { usedTypes.insert($0.pattern) }
                    if !claims.isEmpty { result.typeLayeredModules.insert(node.id) }
                    if claims.count > 1, reportedTypes.insert(declaration.name).inserted {
                        result.diagnostics.append(.error(
                            "layer.ambiguous",
                            "the type '\(declaration.name)' is matched by \(claims.count) layers: " + claims.map { "'\($0.layer)' (\($0.label))" }.joined(separator: ", "),
                            at: claims[1].pattern.location
                        ))
                    }
                    guard let layer = claims.first?.layer ?? layerOfFile[file] else { continue }
                    layerOfType[declaration.name] = layer
                    layersOfName[declaration.name, default: []].insert(layer)
                }
            }
            /// The layers of the declaration a reference names, looked up as Swift does: the
            /// types nested in the enclosing types, innermost first, then the module's top level.
            let scoped = ScopedLookup(layersOfName: layersOfName)
            /// The layer code speaks for: its outermost type's, else its file's.
            func layer(of reference: TypeReference, in file: String) -> String? {
                if let enclosing = reference.enclosingType {
                    let outermost = String(enclosing.split(separator: ".").first ?? Substring(enclosing))
                    if let layer = layerOfType[outermost] ?? claims(name: outermost).first?.layer { return layer }
                }
                return layerOfFile[file]
            }

            // `type-rules:`: what the selected types conform to and carry.
            // Every declared type of the module, by qualified name, for the rules about types.
            var declaredNames: [String: Set<String>] = [:]
            for file in node.sourceFiles {
                for declaration in symbols[file]?.declarations ?? [] where declaration.kind != .extension { declaredNames[declaration.name] = [declaration.name] }
            }
            let typeNames = ScopedLookup(layersOfName: declaredNames)

            result.violations += typeRuleViolations(in: node, symbols: symbols, layerOfType: layerOfType, reported: &reportedKeys)

            // `independent:` groups of types: none may name another.
            result.violations += independentTypeViolations(in: node, symbols: symbols, lookup: typeNames, reported: &reportedKeys)

            // `only-used-by:` rules protecting types: who names them.
            result.violations += protectedTypeViolations(in: node, symbols: symbols, names: typeNames, speaker: { layer(of: $0, in: $1) }, reported: &reportedKeys)

            // `forbid:` rules from a layer of files or types: what each file imports and names.
            result.violations += forbidden(in: node, graph: graph, symbols: symbols, layerOfFile: layerOfFile, layerOfType: layerOfType, lookup: scoped, reported: &reportedKeys)

            // Each file's references, grouped by the type they name.
            for file in node.sourceFiles {
                guard let references = symbols[file]?.references else { continue }
                var byType: [(name: String, from: String, to: String, references: [TypeReference])] = []
                for reference in references {
                    guard let from = layer(of: reference, in: file) else { continue }
                    // `Models.Item` may be the module's own nested type, or a module's type.
                    let candidates = scoped.layers(of: reference)
                    guard candidates.count == 1, let to = candidates.first, to != from, !permissions.allows(from, to) else { continue }
                    if let index = byType.firstIndex(where: { $0.name == reference.name && $0.from == from }) {
                        byType[index].references.append(reference)
                    } else {
                        byType.append((reference.name, from, to, [reference]))
                    }
                }
                guard let severity = settings.severity(of: .layerOrder).severity else { continue }
                for found in byType where reportedKeys.insert("\(found.from)→\(found.to): \(found.name) in \(file)").inserted {
                    let from = found.from
                    let evidence = found.references.map { reference in
                        Evidence(kind: .reference, location: reference.location, summary: Self.summary(reference))
                    }
                    result.violations.append(Violation(
                        rule: .layerOrder, severity: severity, message: message(from: from, to: found.to, type: found.name),
                        modules: [node.id], evidence: evidence, key: "\(from)→\(found.to): \(found.name) in \(file)"
                    ))
                }
            }
        }
        for layer in layers {
            for (key, patterns) in [("types", layer.types), ("conforms_to", layer.conformsTo), ("attributes", layer.attributes)] {
                for pattern in patterns where !usedTypes.contains(pattern) {
                    result.diagnostics.append(.error(
                        "layer.unmatched-pattern", "\(key): '\(pattern.pattern)' of layer '\(layer.name)' matches no type declared in the graph", at: pattern.location
                    ))
                }
            }
            for pattern in layer.paths where !used.contains(pattern) {
                result.diagnostics.append(.error(
                    "layer.unmatched-pattern", "paths: '\(pattern.pattern)' of layer '\(layer.name)' matches no Swift file of the graph", at: pattern.location
                ))
            }
        }
        result.violations.sort()
        return result
    }

    /// The violations of `type-rules:` among a module's types. A type's conformances and
    /// attributes are its declaration's and, for conformances, its extensions' too.
    func typeRuleViolations(in node: ModuleNode, symbols: [String: SwiftSymbols], layerOfType: [String: String], reported: inout Set<String>) -> [Violation] {
        let rules = settings.typeRules.filter { $0.severity.severity != nil }
        guard !rules.isEmpty else { return [] }
        var declared: [TypeDeclaration] = []
        var extensionConformances: [String: [String]] = [:]
        for file in node.sourceFiles {
            for declaration in symbols[file]?.declarations ?? [] {
                if declaration.kind == .extension {
                    extensionConformances[declaration.name, default: []] += declaration.inherits
                } else if declaration.kind != .typealias {
                    declared.append(declaration)
                }
            }
        }
        func bare(_ written: String) -> String {
            let base = written.split(separator: "<").first.map(String.init) ?? written
            return base.split(separator: ".").last.map(String.init) ?? base
        }
        var found: [Violation] = []
        for declaration in declared {
            let own = declaration.name.split(separator: ".").last.map(String.init) ?? declaration.name
            let conformances = (declaration.inherits + extensionConformances[declaration.name, default: []] + extensionConformances[own, default: []]).map(bare)
            let attributes = declaration.attributes.map { $0.hasPrefix("@") ? String($0.dropFirst()) : $0 }.map { $0.split(separator: "(").first.map(String.init) ?? $0 }
            for rule in rules {
                guard let severity = rule.severity.severity,
                      rule.types.contains(where: { $0.matches(own) }) || layerOfType[declaration.name].map(rule.layers.contains) == true else { continue }
                var problems: [String] = []
                for pattern in rule.mustConformTo where !conformances.contains(where: pattern.matches) { problems.append("does not conform to '\(pattern.pattern)'") }
                for pattern in rule.mustNotConformTo { if let hit = conformances.first(where: pattern.matches) { problems.append("conforms to '\(hit)'") } }
                for pattern in rule.mustHaveAttribute where !attributes.contains(where: pattern.matches) { problems.append("does not carry '@\(pattern.pattern)'") }
                for pattern in rule.mustNotHaveAttribute { if let hit = attributes.first(where: pattern.matches) { problems.append("carries '@\(hit)'") } }
                guard !problems.isEmpty else { continue }
                let name = rule.rationale.name ?? ""
                let key = "\(declaration.name) (\(name))"
                guard reported.insert("type-rule: " + key).inserted else { continue }
                var message = "'\(declaration.name)' " + problems.joined(separator: " and ") + ", against the type rule for \(name)"
                if let because = rule.rationale.because { message += ": \(because)" }
                let written = "\(declaration.kind.rawValue) \(declaration.name)" + (declaration.inherits.isEmpty ? "" : ": " + declaration.inherits.joined(separator: ", "))
                found.append(Violation(
                    rule: .typeRule, severity: severity, message: message, modules: [node.id],
                    evidence: [Evidence(kind: .declaration, location: declaration.location, summary: written)], rationale: rule.rationale, key: key
                ))
            }
        }
        return found
    }

    /// The violations of `independent:` groups of types (`types: ["*Screen"]`): code inside
    /// one type of the group that names another type of the group, declared in the module.
    func independentTypeViolations(in node: ModuleNode, symbols: [String: SwiftSymbols], lookup: ScopedLookup, reported: inout Set<String>) -> [Violation] {
        let groups = settings.independent.filter { !$0.types.isEmpty && $0.severity.severity != nil }
        guard !groups.isEmpty else { return [] }
        var found: [Violation] = []
        for file in node.sourceFiles {
            for group in groups {
                guard let severity = group.severity.severity else { continue }
                func member(_ name: String) -> Bool {
                    let own = name.split(separator: ".").last.map(String.init) ?? name
                    return group.types.contains { $0.matches(own) }
                }
                var byPair: [(from: String, to: String, evidence: [Evidence])] = []
                for reference in symbols[file]?.references ?? [] {
                    guard let enclosing = reference.enclosingType else { continue }
                    let from = String(enclosing.split(separator: ".").first ?? Substring(enclosing))
                    guard let to = lookup.layers(of: reference).first, member(from), member(to), from != to,
                          to.split(separator: ".").first.map(String.init) != from else { continue }
                    let evidence = Evidence(kind: .reference, location: reference.location, summary: Self.summary(reference))
                    if let index = byPair.firstIndex(where: { $0.from == from && $0.to == to }) {
                        byPair[index].evidence.append(evidence)
                    } else {
                        byPair.append((from, to, [evidence]))
                    }
                }
                let name = group.rationale.name ?? ""
                for pair in byPair where reported.insert("independent: \(pair.from)→\(pair.to) (\(name))").inserted {
                    var message = "'\(pair.from)' uses '\(pair.to)', but \(name) are independent of one another"
                    if let because = group.rationale.because { message += ": \(because)" }
                    found.append(Violation(
                        rule: .independent, severity: severity, message: message, modules: [node.id], evidence: pair.evidence,
                        rationale: group.rationale, key: "\(pair.from)→\(pair.to) (\(name))"
                    ))
                }
            }
        }
        return found
    }

    /// The violations of `only-used-by:` rules that protect types (`types:`): a reference to
    /// a protected type declared in the module, from code whose layer is not among the
    /// rule's `users:` and which is not inside a type those user globs name (or a protected
    /// type itself).
    func protectedTypeViolations(
        in node: ModuleNode, symbols: [String: SwiftSymbols], names: ScopedLookup, speaker: (TypeReference, String) -> String?, reported: inout Set<String>
    ) -> [Violation] {
        let rules = settings.onlyUsedBy.filter { !$0.types.isEmpty && $0.severity.severity != nil }
        guard !rules.isEmpty else { return [] }
        func own(_ name: String) -> String { name.split(separator: ".").last.map(String.init) ?? name }
        var found: [Violation] = []
        for file in node.sourceFiles {
            for rule in rules {
                guard let severity = rule.severity.severity else { continue }
                var byPair: [(from: String, to: String, evidence: [Evidence])] = []
                for reference in symbols[file]?.references ?? [] {
                    guard let target = names.layers(of: reference).first, rule.types.contains(where: { $0.matches(own(target)) }) else { continue }
                    let outermost = reference.enclosingType.map { String($0.split(separator: ".").first ?? Substring($0)) }
                    if let outermost, rule.types.contains(where: { $0.matches(own(outermost)) }) { continue }
                    let layer = speaker(reference, file)
                    let allowed = rule.users.contains { selector in
                        switch selector.kind {
                        case .layer(let name): return layer == name
                        case .modules(let pattern): return outermost.map { pattern.matches(own($0)) } == true
                        }
                    }
                    guard !allowed else { continue }
                    let from = outermost ?? file
                    let evidence = Evidence(kind: .reference, location: reference.location, summary: Self.summary(reference))
                    if let index = byPair.firstIndex(where: { $0.from == from && $0.to == target }) {
                        byPair[index].evidence.append(evidence)
                    } else {
                        byPair.append((from, target, [evidence]))
                    }
                }
                let users = rule.users.map(\.description).joined(separator: ", ")
                for pair in byPair {
                    let key = "\(pair.from)→\(pair.to) (\(rule.rationale.name ?? ""))"
                    guard reported.insert("only-used-by: " + key).inserted else { continue }
                    var message = "'\(pair.from)' uses '\(pair.to)', which only \(users) may use"
                    if let because = rule.rationale.because { message += ": \(because)" }
                    found.append(Violation(rule: .onlyUsedBy, severity: severity, message: message, modules: [node.id], evidence: pair.evidence, rationale: rule.rationale, key: key))
                }
            }
        }
        return found
    }

    /// Whether a layer is made of files or types (not of modules).
    func isComponentLayer(_ name: String) -> Bool {
        layers.contains { $0.name == name && (!$0.paths.isEmpty || $0.hasTypeMembers) }
    }

    /// The violations of `forbid:` rules whose `from:` names a layer of files or types: an
    /// import in one of its files of a module the rule's `to:` selects (by name, glob, or a
    /// layer of modules), or a reference to a type of a layer its `to:` names. A file speaks
    /// for its own layer and for the layers of the types it declares.
    // swiftlint:disable:next function_parameter_count
    func forbidden(
        in node: ModuleNode, graph: ModuleGraph, symbols: [String: SwiftSymbols], layerOfFile: [String: String], layerOfType: [String: String],
        lookup: ScopedLookup, reported: inout Set<String>
    ) -> [Violation] {
        let rules = settings.forbid.filter { rule in
            rule.severity.severity != nil && rule.from.contains { if case .layer(let name) = $0.kind { isComponentLayer(name) } else { false } }
        }
        guard !rules.isEmpty else { return [] }
        var importsOfFile: [String: [(module: String, item: SwiftImport)]] = [:]
        for edge in graph.edges where edge.from == node.id {
            for item in edge.imports { importsOfFile[item.location.path, default: []].append((edge.to, item)) }
        }
        var found: [Violation] = []
        for file in node.sourceFiles {
            var speaksFor: Set<String> = []
            if let layer = layerOfFile[file] { speaksFor.insert(layer) }
            for declaration in symbols[file]?.declarations ?? [] { if let layer = layerOfType[declaration.name] { speaksFor.insert(layer) } }
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
                var byModule: [String: [Evidence]] = [:]
                for (module, item) in importsOfFile[file] ?? [] where rule.to.contains(where: { selects($0, module: module) }) {
                    byModule[module, default: []].append(Evidence(kind: .import, location: item.location, summary: "import \(item.path.joined(separator: "."))"))
                }
                // References to types of layers the rule forbids.
                for reference in symbols[file]?.references ?? [] {
                    let candidates = lookup.layers(of: reference)
                    guard candidates.count == 1, let to = candidates.first, to != from,
                          rule.to.contains(where: { if case .layer(let name) = $0.kind { name == to } else { false } }) else { continue }
                    byModule["\(to)|\(reference.name)", default: []].append(Evidence(kind: .reference, location: reference.location, summary: Self.summary(reference)))
                }
                for (target, evidence) in byModule.sorted(by: { $0.key < $1.key }) {
                    let shown = target.contains("|") ? String(target.split(separator: "|").last ?? "") : target
                    let key = "\(from)→\(shown) in \(file) (\(label))"
                    guard reported.insert(key).inserted else { continue }
                    found.append(Violation(
                        rule: .forbid, severity: severity,
                        message: "'\(from)' uses '\(shown)', which is forbidden (\(label))\(because)",
                        modules: [node.id], evidence: evidence.sorted { $0.location < $1.location }, rationale: rule.rationale, key: key
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

    /// `'UI' uses 'APIClient' from 'Infrastructure'; UI may use only Core`.
    func message(from: String, to: String, type: String) -> String {
        let allowed = layers.allowedUses(of: from)
        let rest = allowed.isEmpty ? "\(from) may use no other layer" : "\(from) may use only \(allowed.joined(separator: ", "))"
        return "'\(from)' uses '\(type)' from '\(to)'; \(rest)"
    }

    static func summary(_ reference: TypeReference) -> String {
        let what: String = switch reference.kind {
        case .type: "type \(reference.name)"
        case .inheritance: "inherits \(reference.name)"
        case .extension: "extension \(reference.name)"
        case .initializer: "\(reference.name)(…)"
        case .staticMember: "\(reference.name).…"
        case .attribute: "@\(reference.name)"
        case .keyPath: "\\\(reference.name).…"
        }
        return what + (reference.enclosingType.map { " in \($0)" } ?? "")
    }
}

/// Name lookup inside a module as Swift does it for a type name written in code: the types
/// nested in the enclosing types, innermost first, then the top level. `Fingerprint` in
/// `Memo` is not `ComponentSymbols.Fingerprint`.
struct ScopedLookup {
    /// Qualified declared name → what it stands for (its layers, or itself).
    let layersOfName: [String: Set<String>]

    func layers(of reference: TypeReference) -> Set<String> {
        var scopes: [String] = []
        if let enclosing = reference.enclosingType {
            let parts = enclosing.split(separator: ".")
            for count in stride(from: parts.count, to: 0, by: -1) { scopes.append(parts[0..<count].joined(separator: ".")) }
        }
        for scope in scopes {
            if let found = layersOfName[scope + "." + reference.name] { return found }
        }
        return layersOfName[reference.name] ?? []
    }
}
