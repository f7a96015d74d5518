import StrataCore

/// Every type reference of the read files that names a declared type (or is written in a
/// stored property), resolved once: the layer the code speaks for, the type whose code it
/// is, and the declarations the name can mean. The rules
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
        /// The layer the code speaks for: its `speakingType`'s, else its file's (see
        /// "Whose code it is" in Content/checking/index.md).
        var speaker: Placed?
        /// The type whose code it is: the innermost type declared around it, else the type
        /// an extension extends (in a file no `paths:` place); nil for the file's own code.
        var speakingType: String?
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

    /// One file's references resolved, its ambiguity warnings, and its component-graph references.
    struct FileResult: Sendable {
        var resolved: [Resolved]
        var diagnostics: [Diagnostic]
        var graph: [ComponentGraph.Reference]
    }

    /// - Parameter memo: the previous check's results in this process, of which those of
    ///   files nothing changed for are reused.
    init(
        graph: ModuleGraph, symbols: [String: SwiftSymbols], assignment: ComponentAssignment, checker: ComponentChecker,
        memo: ResolutionMemo? = nil
    ) {
        typeLayers = assignment.types
        let resolver = TypeResolver(graph: graph, declarations: assignment.declarations)
        // What each module's code can name and the layers of its types, then every file on
        // every core: a file's references are resolved on their own.
        struct Context: Sendable {
            var scope: TypeResolver.Scope
            var typeLayers: [String: ComponentAssignment.Placed]
            var isLayered: Bool
            var changes = ResolutionMemo.Changes(all: true)
        }
        struct Job: Sendable {
            var context: Int
            var file: String
            var speaker: Placed?
            /// A file two targets compile is resolved in each (an app and its extension can
            /// each declare an `AppDefaults` of their own).
            var key: String { ResolvedReferences.fileKey(file, contextModule) }
            var contextModule: String
        }
        var contexts: [Context] = []
        var jobs: [Job] = []
        var seen: Set<String> = []
        for node in graph.nodes where assignment.files[node.id] != nil {
            let fileLayers = assignment.files[node.id] ?? [:]
            var context = Context(
                scope: resolver.scope(of: node.id), typeLayers: assignment.types[node.id] ?? [:],
                isLayered: assignment.layeredModules.contains(node.id)
            )
            if let memo {
                let others = Dictionary(
                    context.scope.others.map { ($0.module, $0.names) }, uniquingKeysWith: { first, _ in first })
                // A type made private (or public again) changes what other files see: its
                // name and file join the own names, so files that write it are resolved again.
                let own = context.scope.own.union(context.scope.privateFile.map { "\($0.key).\u{0}\($0.value)" })
                context.changes = memo.changes(
                    of: node.id,
                    now: ResolutionMemo.Environment(own: own, others: others, typeLayers: context.typeLayers))
            }
            contexts.append(context)
            for file in node.sourceFiles where symbols[file] != nil && seen.insert(Self.fileKey(file, node.id)).inserted
            {
                jobs.append(
                    Job(
                        context: contexts.count - 1, file: file,
                        speaker: fileLayers[file].map { Placed(layer: $0.layer, isModuleLayer: $0.isModuleLayer) },
                        contextModule: node.id
                    ))
            }
        }
        var typesWithNewLayers: Set<TypeResolver.Target> = []
        for context in contexts {
            for type in context.changes.typesWithNewLayers {
                typesWithNewLayers.insert(TypeResolver.Target(module: context.scope.module, name: type))
            }
        }
        // Files nothing changed for keep their results; the rest are resolved on every core.
        var results: [FileResult?] = jobs.map { job in
            let context = contexts[job.context]
            return memo?.result(
                for: job.key, module: context.scope.module, isLayered: context.isLayered,
                references: symbols[job.file]?.references ?? [],
                fileSpeaker: job.speaker, changes: context.changes, typesWithNewLayers: typesWithNewLayers
            )
        }
        let pending = jobs.indices.filter { results[$0] == nil }
        let allTypes = assignment.types
        let computed = ParallelMap.map(pending.map { jobs[$0] }) { [contexts] job -> FileResult in
            let context = contexts[job.context]
            let (resolved, diagnostics) = Self.resolve(
                symbols[job.file]?.references ?? [], in: job.file, context.scope, typeLayers: context.typeLayers,
                fileSpeaker: job.speaker, checker: checker
            )
            return FileResult(
                resolved: resolved, diagnostics: diagnostics,
                graph: context.isLayered ? Self.graphReferences(resolved, types: allTypes) : [])
        }
        for (index, result) in zip(pending, computed) {
            results[index] = result
            let job = jobs[index]
            let context = contexts[job.context]
            memo?.remember(
                result, for: job.key, module: context.scope.module, isLayered: context.isLayered,
                references: symbols[job.file]?.references ?? [], fileSpeaker: job.speaker
            )
        }
        memo?.keepOnly(seen)
        for (job, result) in zip(jobs, results) {
            guard let result else { continue }
            byFile[job.key] = result.resolved
            diagnostics += result.diagnostics
            if !result.graph.isEmpty { graphByFile[job.key] = result.graph }
        }
    }

    /// One file's references resolved: those that name a declared type or are written in a
    /// stored property, each with the layer its code speaks for.
    // swiftlint:disable:next function_parameter_count
    private static func resolve(
        _ references: [TypeReference], in file: String, _ scope: TypeResolver.Scope,
        typeLayers: [String: ComponentAssignment.Placed], fileSpeaker: Placed?,
        checker: ComponentChecker
    ) -> (resolved: [Resolved], diagnostics: [Diagnostic]) {
        var speakers: [String: Placed?] = [:]
        var resolved: [Resolved] = []
        var diagnostics: [Diagnostic] = []
        var ambiguous: Set<String> = []
        let claimsTypes = checker.layers.contains(where: \.hasTypeMembers)
        for reference in references {
            let targets = scope.resolve(reference)
            // A name that means no declared type matters only to what a type owns.
            guard !targets.isEmpty || reference.isInStoredProperty else { continue }
            var speaker = fileSpeaker
            // Code directly in an extension, in a file `paths:` place, is the file's code: it
            // names even the extended type as any other code of its layer would.
            let isPlacedFile = fileSpeaker.map { !$0.isModuleLayer } ?? false
            let speakingType = reference.declaredIn ?? (isPlacedFile ? nil : reference.enclosingType)
            if let declared = reference.declaredIn {
                // Code in a type declared here is that type's (a nested type's is its own).
                if let placed = typeLayers[declared] {
                    speaker = Placed(layer: placed.layer, isModuleLayer: placed.isModuleLayer)
                }
            } else if let extended = reference.enclosingType, fileSpeaker?.isModuleLayer != false {
                // Code in an extension is the extended type's, unless `paths:` place the
                // file: then it is the file's layer, like everything written there.
                if let known = speakers[extended] {
                    speaker = known ?? fileSpeaker
                } else {
                    var found: Placed?
                    let outermost = ComponentAssignment.outermost(extended)
                    if let placed = typeLayers[extended] ?? typeLayers[outermost] {
                        found = Placed(layer: placed.layer, isModuleLayer: placed.isModuleLayer)
                    } else if claimsTypes, let claim = checker.claims(name: extended).first {
                        found = Placed(layer: claim.layer, isModuleLayer: false)
                    }
                    speakers[extended] = found
                    speaker = found ?? fileSpeaker
                }
            }
            if targets.count > 1, ambiguous.insert(reference.name).inserted {
                diagnostics.append(
                    .warning(
                        "reference.ambiguous",
                        "'\(reference.name)' can mean "
                            + targets.map { "'\($0.module).\($0.name)'" }.joined(separator: " or ")
                            + "; Strata does not guess, so the layer rules leave it out",
                        at: reference.location
                    ))
            }
            resolved.append(
                Resolved(
                    reference: reference, module: scope.module, file: file, speaker: speaker,
                    speakingType: speakingType, targets: targets))
        }
        return (resolved, diagnostics)
    }

    /// A file's references from one type (or its top-level code) to another declared type;
    /// a type naming itself or its own nested types says nothing about the architecture.
    private static func graphReferences(_ resolved: [Resolved], types: [String: [String: ComponentAssignment.Placed]])
        -> [ComponentGraph.Reference]
    {
        var found: [ComponentGraph.Reference] = []
        for item in resolved {
            guard let speaker = item.speaker, let target = item.only, let placed = types[target.module]?[target.name]
            else { continue }
            if target.module == item.module, let speaking = item.speakingType,
                Self.isSelfOrNested(target.name, in: speaking)
            {
                continue
            }
            found.append(
                ComponentGraph.Reference(
                    from: ComponentGraph.ComponentID(module: item.module, layer: speaker.layer),
                    fromType: item.speakingType,
                    to: ComponentGraph.ComponentID(module: target.module, layer: placed.layer), toType: target.name,
                    kind: item.reference.kind, location: item.reference.location
                ))
        }
        return found
    }

    /// A file as one module compiles it: a file two targets compile is resolved in each.
    static func fileKey(_ file: String, _ module: String) -> String { file + "\u{0}" + module }

    /// Whether `name` is `type` itself or a type nested in it: a type naming itself or its
    /// own parts says nothing about the architecture (a nested type naming its container does).
    static func isSelfOrNested(_ name: String, in type: String) -> Bool {
        name == type || (name.hasPrefix(type) && name.dropFirst(type.count).first == ".")
    }

    /// Every reference of the component graph, by file path order.
    var graphReferences: [ComponentGraph.Reference] {
        graphByFile.keys.sorted().flatMap { graphByFile[$0] ?? [] }
    }

    /// The references written in a file, in source order.
    func of(_ file: String, in module: String) -> [Resolved] {
        byFile[Self.fileKey(file, module)] ?? []
    }

    /// The layer of a declared type.
    func placed(_ target: TypeResolver.Target) -> Placed? {
        typeLayers[target.module]?[target.name].map { Placed(layer: $0.layer, isModuleLayer: $0.isModuleLayer) }
    }
}
