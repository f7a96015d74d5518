import StrataCore

/// Which layer each file and each type of the read modules is in, and why: a file by the
/// first layer whose `paths:` match it, else by its module's layer; a type by the first
/// layer that claims it by its own name, conformances or attributes (`types:`,
/// `conforms_to:`, `attributes:`), else — a nested type — by the type it is declared in,
/// else by its file's. A type nested in an extension, with no claim of its own, is in the
/// file's layer when `paths:` place the file, else in the extended type's.
/// Two claims on one file or type are `layer.ambiguous`, reported once.
struct ComponentAssignment {
    struct Placed: Hashable, Sendable {
        var layer: String
        /// `paths: 'App/UI/**'`, `types: '*View'`, `module layer`.
        var origin: String
        /// Placed by its module's layer, not by a layer of files or types.
        let isModuleLayer: Bool

        init(layer: String, origin: String) {
            self.layer = layer
            self.origin = origin
            isModuleLayer = origin == Self.moduleLayer
        }

        static let moduleLayer = "module layer"
    }

    /// Module → file → its layer.
    var files: [String: [String: Placed]] = [:]
    /// Module → declared type (qualified) → its layer.
    var types: [String: [String: Placed]] = [:]
    /// Module → its declarations (no extensions), in file order.
    var declarations: [String: [TypeDeclaration]] = [:]
    /// Modules some of whose files a `paths:` layer or types a type claim holds.
    var layeredModules: Set<String> = []
    var diagnostics: [Diagnostic] = []
    var usedPaths: Set<PathPattern> = []
    var usedTypePatterns: Set<ModulePattern> = []

    static func outermost(_ qualified: String) -> String {
        // Searched as bytes: called for every reference written inside a type.
        guard let dot = qualified.utf8.firstIndex(of: UInt8(ascii: ".")) else { return qualified }
        return String(qualified[..<dot])
    }

    init() {}

    init(
        graph: ModuleGraph, symbols: [String: SwiftSymbols], layers: [LayerDeclaration], moduleLayers: [String: String],
        checker: ComponentChecker,
        conformances: ConformanceIndex
    ) {
        var reportedFiles: Set<String> = []
        var reportedTypes: Set<String> = []
        // Without layers of types, a type is in its file's layer: no claims to look for.
        let claimsTypes = layers.contains(where: \.hasTypeMembers)
        // Origins are made once per pattern, not once per file and type.
        var pathOrigins: [String: String] = [:]
        var fileOrigins: [String: String] = [:]
        for node in graph.nodes where node.isTarget && node.sourceFiles.contains(where: { symbols[$0] != nil }) {
            var fileLayers: [String: Placed] = [:]
            for file in node.sourceFiles {
                let claims = layers.compactMap { layer in
                    layer.paths.first { $0.matches(file) }.map { (layer: layer.name, pattern: $0) }
                }
                claims.forEach { usedPaths.insert($0.pattern) }
                if claims.count > 1, reportedFiles.insert(file).inserted {
                    diagnostics.append(
                        .error(
                            "layer.ambiguous",
                            "the file '\(file)' is matched by \(claims.count) layers: "
                                + claims.map { "'\($0.layer)' (paths: '\($0.pattern.pattern)')" }.joined(
                                    separator: ", "),
                            at: claims[1].pattern.location
                        ))
                }
                if let claim = claims.first {
                    let origin = pathOrigins[claim.pattern.pattern] ?? "paths: '\(claim.pattern.pattern)'"
                    pathOrigins[claim.pattern.pattern] = origin
                    fileLayers[file] = Placed(layer: claim.layer, origin: origin)
                    layeredModules.insert(node.id)
                } else if let layer = moduleLayers[node.id] {
                    fileLayers[file] = Placed(layer: layer, origin: "module layer")
                }
            }
            files[node.id] = fileLayers

            var typeLayers: [String: Placed] = [:]
            var declared: [TypeDeclaration] = []
            // Nested types with no claim of their own, placed once every type is.
            var unclaimedNested: [(declaration: TypeDeclaration, file: String)] = []
            for file in node.sourceFiles {
                for declaration in symbols[file]?.declarations ?? [] where declaration.kind != .extension {
                    declared.append(declaration)
                    // A type alias is another name for a type: it stays in its file's layer.
                    let claims =
                        claimsTypes && declaration.kind != .typealias
                        ? checker.claims(
                            name: declaration.name,
                            inherits: conformances.closure(of: declaration.inherits, for: declaration.name),
                            attributes: declaration.attributes
                        )
                        : []
                    claims.forEach { usedTypePatterns.insert($0.pattern) }
                    if !claims.isEmpty { layeredModules.insert(node.id) }
                    if claims.count > 1, reportedTypes.insert(declaration.name).inserted {
                        diagnostics.append(
                            .error(
                                "layer.ambiguous",
                                "the type '\(declaration.name)' is matched by \(claims.count) layers: "
                                    + claims.map { "'\($0.layer)' (\($0.label))" }.joined(separator: ", "),
                                at: claims[1].pattern.location
                            ))
                    }
                    if let claim = claims.first {
                        typeLayers[declaration.name] = Placed(layer: claim.layer, origin: claim.label)
                    } else if declaration.container != nil {
                        unclaimedNested.append((declaration, file))
                    } else if let placed = fileLayers[file] {
                        let origin =
                            placed.isModuleLayer
                            ? placed.origin : fileOrigins[placed.origin] ?? "file in \(placed.origin)"
                        fileOrigins[placed.origin] = origin
                        typeLayers[declaration.name] = Placed(layer: placed.layer, origin: origin)
                    }
                }
            }
            // Outer types first: a type nested in a nested type takes what its container took.
            for (declaration, file) in unclaimedNested.sorted(by: {
                $0.declaration.name.count < $1.declaration.name.count
            }) {
                guard let container = declaration.container, let filePlaced = fileLayers[file] else { continue }
                let fileOrigin =
                    filePlaced.isModuleLayer
                    ? filePlaced.origin : fileOrigins[filePlaced.origin] ?? "file in \(filePlaced.origin)"
                fileOrigins[filePlaced.origin] = fileOrigin
                if declaration.isInExtension, !filePlaced.isModuleLayer {
                    // Code in a file `paths:` place is that layer's, extensions included.
                    typeLayers[declaration.name] = Placed(layer: filePlaced.layer, origin: fileOrigin)
                } else if let outer = typeLayers[container] {
                    typeLayers[declaration.name] = Placed(
                        layer: outer.layer, origin: outer.isModuleLayer ? outer.origin : "nested in \(container)")
                } else {
                    typeLayers[declaration.name] = Placed(layer: filePlaced.layer, origin: fileOrigin)
                }
            }
            types[node.id] = typeLayers
            declarations[node.id] = declared
        }
    }
}
