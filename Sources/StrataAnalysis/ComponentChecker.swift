import StrataCore

/// Layers made of files (`paths:` in strata.yml), for apps whose layers are folders of one
/// target. Each Swift file belongs to the layer whose paths match it (else to its module's
/// layer), and each type to the layer of the file that declares it. A file that names a
/// type of a layer its own may not use is a `layer-order` violation, with every place it
/// names the type as evidence. A name two layers declare is ambiguous and never guessed.
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
    }

    /// Whether any layer is made of files; when none is, nothing needs reading.
    public var isNeeded: Bool { layers.contains { !$0.paths.isEmpty } }

    /// The files whose symbols `check` needs: every Swift file of a target module one of
    /// whose files a layer's paths match.
    public func filesToRead(in graph: ModuleGraph) -> [String] {
        guard isNeeded else { return [] }
        let patterns = layers.flatMap(\.paths)
        return graph.nodes.filter { $0.isTarget && $0.sourceFiles.contains { file in patterns.contains { $0.matches(file) } } }.flatMap(\.sourceFiles)
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

            // Each type's layer, by the names code may use for it.
            var layersOfName: [String: Set<String>] = [:]
            for file in node.sourceFiles {
                guard let layer = layerOfFile[file] else { continue }
                for declaration in symbols[file]?.declarations ?? [] where declaration.kind != .extension {
                    layersOfName[declaration.name, default: []].insert(layer)
                    if let last = declaration.name.split(separator: ".").last, String(last) != declaration.name {
                        layersOfName[String(last), default: []].insert(layer)
                    }
                }
            }

            // Each file's references, grouped by the type they name.
            for file in node.sourceFiles {
                guard let from = layerOfFile[file], let references = symbols[file]?.references else { continue }
                var byType: [(name: String, to: String, references: [TypeReference])] = []
                for reference in references {
                    // `Models.Item` may be the module's own nested type, or a module's type.
                    let candidates = layersOfName[reference.name] ?? reference.name.split(separator: ".").last.flatMap { layersOfName[String($0)] } ?? []
                    guard candidates.count == 1, let to = candidates.first, to != from, !permissions.allows(from, to) else { continue }
                    if let index = byType.firstIndex(where: { $0.name == reference.name }) {
                        byType[index].references.append(reference)
                    } else {
                        byType.append((reference.name, to, [reference]))
                    }
                }
                guard let severity = settings.severity(of: .layerOrder).severity else { continue }
                for found in byType where reportedKeys.insert("\(from)→\(found.to): \(found.name) in \(file)").inserted {
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
            for pattern in layer.paths where !used.contains(pattern) {
                result.diagnostics.append(.error(
                    "layer.unmatched-pattern", "paths: '\(pattern.pattern)' of layer '\(layer.name)' matches no Swift file of the graph", at: pattern.location
                ))
            }
        }
        result.violations.sort()
        return result
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
