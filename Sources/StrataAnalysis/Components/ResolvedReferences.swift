import StrataCore

/// Every type reference of the read files, resolved once: the layer the code speaks for,
/// the outermost type it is written in, and the declarations the name can mean. The rules
/// and the component graph all read these, so they cannot disagree.
struct ResolvedReferences {
    /// A layer and whether the module's layer (not a `paths:` or type claim) gave it.
    struct Placed: Hashable {
        var layer: String
        var isModuleLayer: Bool
    }

    struct Resolved {
        var reference: TypeReference
        var module: String
        var file: String
        /// The layer the code speaks for: its outermost type's, else its file's.
        var speaker: Placed?
        /// The outermost type the code is written in.
        var outermost: String?
        var targets: [TypeResolver.Target]

        /// The one declaration the name means, when it means exactly one.
        var only: TypeResolver.Target? { targets.count == 1 ? targets[0] : nil }
    }

    private var byFile: [String: [Resolved]] = [:]
    private let typeLayers: [String: [String: ComponentAssignment.Placed]]
    /// Names that can mean several declarations, reported once per file and name.
    private(set) var diagnostics: [Diagnostic] = []

    init(graph: ModuleGraph, symbols: [String: SwiftSymbols], assignment: ComponentAssignment, checker: ComponentChecker) {
        typeLayers = assignment.types
        let resolver = TypeResolver(graph: graph, declarations: assignment.declarations)
        for node in graph.nodes where assignment.files[node.id] != nil {
            let module = node.id
            for file in node.sourceFiles where byFile[file] == nil {
                guard let references = symbols[file]?.references else { continue }
                var resolved: [Resolved] = []
                resolved.reserveCapacity(references.count)
                var ambiguous: Set<String> = []
                for reference in references {
                    let outermost = reference.enclosingType.map(ComponentAssignment.outermost)
                    var speaker: Placed?
                    if let outermost {
                        if let placed = assignment.types[module]?[outermost] {
                            speaker = Placed(layer: placed.layer, isModuleLayer: placed.origin == "module layer")
                        } else if let claim = checker.claims(name: outermost).first {
                            speaker = Placed(layer: claim.layer, isModuleLayer: false)
                        }
                    }
                    if speaker == nil, let placed = assignment.files[module]?[file] {
                        speaker = Placed(layer: placed.layer, isModuleLayer: placed.origin == "module layer")
                    }
                    let targets = resolver.resolve(reference, in: module)
                    if targets.count > 1, ambiguous.insert(reference.name).inserted {
                        diagnostics.append(.warning(
                            "reference.ambiguous",
                            "'\(reference.name)' can mean " + targets.map { "'\($0.module).\($0.name)'" }.joined(separator: " or ")
                                + "; Strata does not guess, so the layer rules leave it out",
                            at: reference.location
                        ))
                    }
                    resolved.append(Resolved(reference: reference, module: module, file: file, speaker: speaker, outermost: outermost, targets: targets))
                }
                byFile[file] = resolved
            }
        }
    }

    /// The references written in a file, in source order.
    func of(_ file: String) -> [Resolved] {
        byFile[file] ?? []
    }

    /// Every file's references, by file path order.
    var all: [Resolved] {
        byFile.keys.sorted().flatMap { byFile[$0] ?? [] }
    }

    /// The layer of a declared type.
    func placed(_ target: TypeResolver.Target) -> Placed? {
        typeLayers[target.module]?[target.name].map { Placed(layer: $0.layer, isModuleLayer: $0.origin == "module layer") }
    }
}
