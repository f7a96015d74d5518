import StrataCore

/// Layers made of files and types (`paths:` and `types:` in strata.yml), for apps whose
/// layers are folders and roles inside one target. Each Swift file belongs to the layer
/// whose paths match it (else to its module's layer); each type to the layer whose `types:`
/// match its name, else to its file's. Code inside a type speaks for the type's layer, code
/// outside any type for its file's. A place that names a type of a layer its own may not
/// use is a `layer-order` violation, grouped by file and type, with every place as evidence.
/// A name that can mean two declarations is ambiguous and never guessed.
package struct ComponentChecker: Sendable {
    package let layers: [LayerDeclaration]
    package let settings: RuleSettings

    package init(layers: [LayerDeclaration], settings: RuleSettings) {
        self.layers = layers
        self.settings = settings
    }

    package struct Result: Sendable {
        package var violations: [Violation] = []
        package var diagnostics: [Diagnostic] = []
        /// File → its layer, for the files that have one.
        package var fileLayers: [String: String] = [:]
        /// Modules some of whose files or types a layer of files or types holds.
        package var layeredModules: Set<String> = []
        /// The components and the references between their types, for the site.
        package var graph = ComponentGraph()
    }

    /// Whether any rule needs the types of every module (not only of modules with `paths:` layers).
    var needsEveryType: Bool {
        layers.contains(where: \.hasTypeMembers) || !settings.typeRules.isEmpty
            || settings.independent.contains { !$0.types.isEmpty }
            || settings.onlyUsedBy.contains { !$0.types.isEmpty }
    }

    /// Whether any layer is made of files or types; when none is, nothing needs reading.
    package var isNeeded: Bool {
        layers.contains { !$0.paths.isEmpty } || needsEveryType
    }

    /// The files whose symbols `check` needs: every Swift file of a target module one of
    /// whose files a layer's paths match, and of the target modules it depends on (whose
    /// types its code names); with layers or rules of types, of every target module.
    package func filesToRead(in graph: ModuleGraph) -> [String] {
        guard isNeeded else { return [] }
        let patterns = layers.flatMap(\.paths)
        var modules = Set(
            graph.nodes.filter { node in
                node.isTarget
                    && (needsEveryType || node.sourceFiles.contains { file in patterns.contains { $0.matches(file) } })
            }.map(\.id))
        let targets = Set(graph.nodes.filter(\.isTarget).map(\.id))
        for edge in graph.edges where modules.contains(edge.from) && targets.contains(edge.to) {
            modules.insert(edge.to)
        }
        var seen: Set<String> = []
        return graph.nodes.filter { modules.contains($0.id) }.flatMap(\.sourceFiles).filter { seen.insert($0).inserted }
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
        let own = Self.ownName(name)
        // `Foundation.Decodable` and `Store<Item>` conform as `Decodable` and `Store`.
        let conformances = inherits.map(Self.bareConformance)
        let bare = attributes.map(Self.bareAttribute)
        return layers.compactMap { layer in
            if let pattern = layer.types.first(where: { $0.matches(own) }) {
                return Claim(layer: layer.name, pattern: pattern, label: "types: '\(pattern.pattern)'")
            }
            if let pattern = layer.conformsTo.first(where: { pattern in conformances.contains { pattern.matches($0) } })
            {
                return Claim(layer: layer.name, pattern: pattern, label: "conforms_to: '\(pattern.pattern)'")
            }
            if let pattern = layer.attributes.first(where: { pattern in bare.contains { pattern.matches($0) } }) {
                return Claim(layer: layer.name, pattern: pattern, label: "attributes: '\(pattern.pattern)'")
            }
            return nil
        }
    }

    /// `Item` of `Feed.Item`.
    static func ownName(_ qualified: String) -> String {
        qualified.split(separator: ".").last.map(String.init) ?? qualified
    }

    /// `Decodable` of `Foundation.Decodable`, `Store` of `Store<Item>`.
    static func bareConformance(_ written: String) -> String {
        let base = written.split(separator: "<").first.map(String.init) ?? written
        return ownName(base)
    }

    /// `Observable` of `@Observable`, `Environment` of `@Environment(\.x)`.
    static func bareAttribute(_ written: String) -> String {
        let name = written.hasPrefix("@") ? String(written.dropFirst()) : written
        return name.split(separator: "(").first.map(String.init) ?? name
    }

    /// - Parameters:
    ///   - symbols: the declarations and references of each file `filesToRead` named.
    ///   - moduleLayers: each module's layer, from the module-level resolution.
    ///   - memo: the previous check's resolved references in this process (`strata serve`).
    package func check(
        _ graph: ModuleGraph, symbols: [String: SwiftSymbols], moduleLayers: [String: String],
        memo: ResolutionMemo? = nil
    ) -> Result {
        var result = Result()
        guard isNeeded else { return result }
        memo?.begin(layers: layers)
        let symbols = FilePrivateTypes.separate(symbols, graph: graph)
        let conformances = ConformanceIndex(symbols: symbols)
        let assignment = ComponentAssignment(
            graph: graph, symbols: symbols, layers: layers, moduleLayers: moduleLayers, checker: self,
            conformances: conformances)
        result.diagnostics = assignment.diagnostics
        result.layeredModules = assignment.layeredModules
        for files in assignment.files.values {
            result.fileLayers.merge(files.mapValues(\.layer), uniquingKeysWith: { first, _ in first })
        }
        let references = ResolvedReferences(
            graph: graph, symbols: symbols, assignment: assignment, checker: self, memo: memo)
        result.diagnostics += references.diagnostics
        var reported: Set<String> = []
        for node in graph.nodes where assignment.files[node.id] != nil {
            let files = node.sourceFiles.filter { symbols[$0] != nil }
            result.violations += layerOrderViolations(
                in: node.id, files: files, references: references, reported: &reported)
            result.violations += typeRuleViolations(
                in: node.id, files: files, symbols: symbols, assignment: assignment, references: references,
                conformances: conformances, reported: &reported
            )
            result.violations += independentTypeViolations(
                in: node.id, files: files, references: references, reported: &reported)
            result.violations += independentLayerViolations(
                in: node.id, files: files, references: references, reported: &reported)
            result.violations += protectedTypeViolations(
                in: node.id, files: files, references: references, reported: &reported)
            result.violations += forbidden(
                in: node, graph: graph, files: files, symbols: symbols, assignment: assignment, references: references,
                reported: &reported)
        }
        result.graph = ComponentGraphBuilder(layers: layers).build(assignment: assignment, references: references)
        result.violations += cycleViolations(in: result.graph)
        result.violations += unassignedViolations(graph, symbols: symbols, assignment: assignment)
        result.diagnostics += unmatchedPatterns(assignment)
        result.violations.sort()
        return result
    }

    /// Leftovers of a module with layers of files or types that has no layer of its own: each
    /// file that no `paths:` pattern matches and that declares a type no layer claims, or no
    /// type at all, as `unassigned-module` does for modules. One violation per file, with the
    /// types left over as evidence. Test targets are left to the test policy.
    func unassignedViolations(_ graph: ModuleGraph, symbols: [String: SwiftSymbols], assignment: ComponentAssignment)
        -> [Violation]
    {
        guard let severity = settings.severity(of: .unassignedModule).severity else { return [] }
        var found: [Violation] = []
        var reported: Set<String> = []
        for node in graph.nodes where node.isTarget && !node.isTest && assignment.layeredModules.contains(node.id) {
            let files = assignment.files[node.id] ?? [:]
            let types = assignment.types[node.id] ?? [:]
            for file in node.sourceFiles where files[file] == nil && reported.insert(file).inserted {
                guard let declarations = symbols[file]?.declarations else { continue }
                let declared = declarations.filter { $0.kind != .extension && $0.kind != .typealias }
                let leftover = declared.filter { types[$0.name] == nil }
                // A file whose every type a layer claims is in those layers.
                guard !(declared.count > 0 && leftover.isEmpty) else { continue }
                let evidence =
                    leftover.isEmpty
                    ? [
                        Evidence(
                            kind: .declaration, location: SourceLocation(path: file, line: 1, column: 1),
                            summary: "no type of its own")
                    ]
                    : leftover.map { Evidence(kind: .declaration, location: $0.location, summary: Self.written($0)) }
                let what =
                    leftover.isEmpty
                    ? ""
                    : " with " + leftover.prefix(3).map { "'\($0.name)'" }.joined(separator: ", ")
                        + (leftover.count > 3 ? " and \(leftover.count - 3) more" : "")
                found.append(
                    Violation(
                        rule: .unassignedModule, severity: severity,
                        message:
                            "'\(file)'\(what) is in no layer: no paths: pattern matches it, no layer claims its "
                            + "types, and '\(node.id)' has no layer of its own",
                        modules: [node.id], evidence: evidence, key: "file: \(file)"
                    ))
            }
        }
        return found
    }

    /// `layer.unmatched-pattern` for every `paths:`, `types:`, `conforms_to:` and
    /// `attributes:` pattern that matched nothing.
    func unmatchedPatterns(_ assignment: ComponentAssignment) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for layer in layers {
            for (key, patterns) in [
                ("types", layer.types), ("conforms_to", layer.conformsTo), ("attributes", layer.attributes)
            ] {
                for pattern in patterns where !assignment.usedTypePatterns.contains(pattern) {
                    found.append(
                        .error(
                            "layer.unmatched-pattern",
                            "\(key): '\(pattern.pattern)' of layer '\(layer.name)' matches no type declared in the "
                                + "graph",
                            at: pattern.location
                        ))
                }
            }
            for pattern in layer.paths where !assignment.usedPaths.contains(pattern) {
                found.append(
                    .error(
                        "layer.unmatched-pattern",
                        "paths: '\(pattern.pattern)' of layer '\(layer.name)' matches no Swift file of the graph",
                        at: pattern.location))
            }
        }
        return found
    }

    /// Each file's references to types of layers its own may not use, grouped by the type
    /// they name. References between two modules both judged by their module layers are the
    /// module rules' to judge (by their imports), not these.
    func layerOrderViolations(
        in module: String, files: [String], references: ResolvedReferences, reported: inout Set<String>
    ) -> [Violation] {
        guard let severity = settings.severity(of: .layerOrder).severity else { return [] }
        let permissions = LayerPermissions(layers)
        var found: [Violation] = []
        for file in files {
            var byType: [(name: String, from: String, to: String, references: [TypeReference])] = []
            for resolved in references.of(file, in: module) {
                guard let from = resolved.speaker, let target = resolved.only, let to = references.placed(target) else {
                    continue
                }
                guard to.layer != from.layer, !permissions.allows(from.layer, to.layer),
                    !(from.isModuleLayer && to.isModuleLayer)
                else { continue }
                let name = resolved.reference.name
                if let index = byType.firstIndex(where: { $0.name == name && $0.from == from.layer }) {
                    byType[index].references.append(resolved.reference)
                } else {
                    byType.append((name, from.layer, to.layer, [resolved.reference]))
                }
            }
            for item in byType where reported.insert("\(item.from)→\(item.to): \(item.name) in \(file)").inserted {
                let evidence = item.references.map {
                    Evidence(kind: .reference, location: $0.location, summary: Self.summary($0))
                }
                found.append(
                    Violation(
                        rule: .layerOrder, severity: severity,
                        message: message(from: item.from, to: item.to, type: item.name),
                        modules: [module], evidence: evidence, key: "\(item.from)→\(item.to): \(item.name) in \(file)"
                    ))
            }
        }
        return found
    }

    /// Whether a layer is made of files or types (not of modules).
    func isComponentLayer(_ name: String) -> Bool {
        layers.contains { $0.name == name && (!$0.paths.isEmpty || $0.hasTypeMembers) }
    }

    /// `'UI' uses 'APIClient' from 'Infrastructure'; UI may use only Core`.
    func message(from: String, to: String, type: String) -> String {
        let allowed = layers.allowedUses(of: from)
        let rest =
            allowed.isEmpty
            ? "\(from) may use no other layer" : "\(from) may use only \(allowed.joined(separator: ", "))"
        return "'\(from)' uses '\(type)' from '\(to)'; \(rest)"
    }

    static func summary(_ reference: TypeReference) -> String {
        let what: String =
            switch reference.kind {
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
