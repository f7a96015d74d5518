import StrataCore

/// Every type reference of the read files that names a declared type (or is written in a
/// stored property), resolved once: the layer the code speaks for, the outermost type it is
/// written in, and the declarations the name can mean. The rules
/// and the component graph all read these, so they cannot disagree.
struct ResolvedReferences {
    /// A layer and whether the module's layer (not a `paths:` or type claim) gave it.
    struct Placed: Hashable, Sendable {
        var layer: String
        var isModuleLayer: Bool
    }

    struct Resolved: Sendable {
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
    /// The references of layered modules' files between declared types, for the component
    /// graph, by file.
    private var graphByFile: [String: [ComponentGraph.Reference]] = [:]
    private let typeLayers: [String: [String: ComponentAssignment.Placed]]
    /// Names that can mean several declarations, reported once per file and name.
    private(set) var diagnostics: [Diagnostic] = []

    init(graph: ModuleGraph, symbols: [String: SwiftSymbols], assignment: ComponentAssignment, checker: ComponentChecker) {
        typeLayers = assignment.types
        let resolver = TypeResolver(graph: graph, declarations: assignment.declarations)
        // What each module's code can name and the layers of its types, then every file on
        // every core: a file's references are resolved on their own.
        struct Context: Sendable {
            var scope: TypeResolver.Scope
            var typeLayers: [String: ComponentAssignment.Placed]
        }
        var contexts: [Context] = []
        var jobs: [(context: Int, file: String, speaker: Placed?)] = []
        var seen: Set<String> = []
        for node in graph.nodes where assignment.files[node.id] != nil {
            let fileLayers = assignment.files[node.id] ?? [:]
            contexts.append(Context(scope: resolver.scope(of: node.id), typeLayers: assignment.types[node.id] ?? [:]))
            for file in node.sourceFiles where symbols[file] != nil && seen.insert(file).inserted {
                jobs.append((contexts.count - 1, file, fileLayers[file].map { Placed(layer: $0.layer, isModuleLayer: $0.isModuleLayer) }))
            }
        }
        let layered = assignment.layeredModules
        let allTypes = assignment.types
        let results = ParallelMap.map(jobs) { [contexts] job -> (resolved: [Resolved], diagnostics: [Diagnostic], graph: [ComponentGraph.Reference]) in
            let context = contexts[job.context]
            let (resolved, diagnostics) = Self.resolve(
                symbols[job.file]?.references ?? [], in: job.file, context.scope, typeLayers: context.typeLayers, fileSpeaker: job.speaker, checker: checker
            )
            let graph = layered.contains(context.scope.module) ? Self.graphReferences(resolved, types: allTypes) : []
            return (resolved, diagnostics, graph)
        }
        for (job, result) in zip(jobs, results) {
            byFile[job.file] = result.resolved
            diagnostics += result.diagnostics
            if !result.graph.isEmpty { graphByFile[job.file] = result.graph }
        }
    }

    /// One file's references resolved: those that name a declared type or are written in a
    /// stored property, each with the layer its code speaks for.
    // swiftlint:disable:next function_parameter_count
    private static func resolve(
        _ references: [TypeReference], in file: String, _ scope: TypeResolver.Scope, typeLayers: [String: ComponentAssignment.Placed], fileSpeaker: Placed?,
        checker: ComponentChecker
    ) -> (resolved: [Resolved], diagnostics: [Diagnostic]) {
        var speakers: [String: Placed?] = [:]
        var resolved: [Resolved] = []
        var diagnostics: [Diagnostic] = []
        var ambiguous: Set<String> = []
        for reference in references {
            let targets = scope.resolve(reference)
            // A name that means no declared type matters only to what a type owns.
            guard !targets.isEmpty || reference.isInStoredProperty else { continue }
            let outermost = reference.enclosingType.map(ComponentAssignment.outermost)
            var speaker = fileSpeaker
            if let outermost {
                if let known = speakers[outermost] {
                    speaker = known ?? fileSpeaker
                } else {
                    var found: Placed?
                    if let placed = typeLayers[outermost] {
                        found = Placed(layer: placed.layer, isModuleLayer: placed.isModuleLayer)
                    } else if checker.layers.contains(where: \.hasTypeMembers), let claim = checker.claims(name: outermost).first {
                        found = Placed(layer: claim.layer, isModuleLayer: false)
                    }
                    speakers[outermost] = found
                    speaker = found ?? fileSpeaker
                }
            }
            if targets.count > 1, ambiguous.insert(reference.name).inserted {
                diagnostics.append(.warning(
                    "reference.ambiguous",
                    "'\(reference.name)' can mean " + targets.map { "'\($0.module).\($0.name)'" }.joined(separator: " or ")
                        + "; Strata does not guess, so the layer rules leave it out",
                    at: reference.location
                ))
            }
            resolved.append(Resolved(reference: reference, module: scope.module, file: file, speaker: speaker, outermost: outermost, targets: targets))
        }
        return (resolved, diagnostics)
    }

    /// A file's references from one type (or its top-level code) to another declared type;
    /// a type naming itself or its own nested types says nothing about the architecture.
    private static func graphReferences(_ resolved: [Resolved], types: [String: [String: ComponentAssignment.Placed]]) -> [ComponentGraph.Reference] {
        var found: [ComponentGraph.Reference] = []
        for item in resolved {
            guard let speaker = item.speaker, let target = item.only, let placed = types[target.module]?[target.name] else { continue }
            if target.module == item.module, let outermost = item.outermost, ComponentAssignment.outermost(target.name) == outermost { continue }
            found.append(ComponentGraph.Reference(
                from: ComponentGraph.ComponentID(module: item.module, layer: speaker.layer), fromType: item.outermost,
                to: ComponentGraph.ComponentID(module: target.module, layer: placed.layer), toType: target.name,
                kind: item.reference.kind, location: item.reference.location
            ))
        }
        return found
    }

    /// Every reference of the component graph, by file path order.
    var graphReferences: [ComponentGraph.Reference] {
        graphByFile.keys.sorted().flatMap { graphByFile[$0] ?? [] }
    }

    /// The references written in a file, in source order.
    func of(_ file: String) -> [Resolved] {
        byFile[file] ?? []
    }

    /// The layer of a declared type.
    func placed(_ target: TypeResolver.Target) -> Placed? {
        typeLayers[target.module]?[target.name].map { Placed(layer: $0.layer, isModuleLayer: $0.isModuleLayer) }
    }
}
