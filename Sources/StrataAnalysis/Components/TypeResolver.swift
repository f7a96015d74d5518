import StrataCore

/// Resolves a type name written in code to the declarations it can mean, as Swift looks a
/// name up: the types nested in the enclosing types, innermost first; then the module's top
/// level; then the top level of the modules it depends on (`Models.Item` names `Item` of
/// `Models`). A name two dependencies declare means the one the file imports, as Swift
/// decides; when the file imports both (or neither), it resolves to both, never guessed.
struct TypeResolver {
    /// A declared type: its module and its name qualified by the types it is nested in.
    struct Target: Hashable, Comparable, Sendable {
        var module: String
        var name: String

        static func < (lhs: Target, rhs: Target) -> Bool { (lhs.module, lhs.name) < (rhs.module, rhs.name) }
    }

    /// Module → the qualified names it declares.
    let declared: [String: Set<String>]
    /// Module → the qualified names other modules can name (`public`, `open`, `package`).
    let visible: [String: Set<String>]
    /// Test modules, which `@testable import` lets name internal types too.
    let tests: Set<String>
    /// Module → the own names of its nested types (`Item` of `Feed.Item`): a name that does
    /// not start with one needs no look-up through the enclosing types.
    let nestedNames: [String: Set<String>]
    /// Module → the read modules it depends on, sorted.
    let dependencies: [String: [String]]
    /// Module → its `private` / `fileprivate` types → the file they are seen in.
    let privateFiles: [String: [String: String]]
    /// Module → the names `@testable import` lets a test name: all but file-private ones.
    let testable: [String: Set<String>]
    /// File → the modules it imports.
    let importsOfFile: [String: Set<String>]

    init(graph: ModuleGraph, declarations: [String: [TypeDeclaration]]) {
        declared = declarations.mapValues { Set($0.map(\.name)) }
        visible = declarations.mapValues { Set($0.filter(\.isPublic).map(\.name)) }
        privateFiles = declarations.mapValues { list in
            Dictionary(
                list.filter(\.isFilePrivate).map { ($0.name, $0.location.path) },
                uniquingKeysWith: { first, _ in first })
        }
        testable = declarations.mapValues { Set($0.filter { !$0.isFilePrivate }.map(\.name)) }
        tests = Set(graph.nodes.filter(\.isTest).map(\.id))
        nestedNames = declarations.mapValues { list in
            Set(
                list.compactMap { declaration in
                    declaration.name.lastIndex(of: ".").map {
                        String(declaration.name[declaration.name.index(after: $0)...])
                    }
                })
        }
        var dependencies: [String: Set<String>] = [:]
        for edge in graph.edges
        where edge.from != edge.to && declarations[edge.from] != nil && declarations[edge.to] != nil {
            dependencies[edge.from, default: []].insert(edge.to)
        }
        self.dependencies = dependencies.mapValues { $0.sorted() }
        var imports: [String: Set<String>] = [:]
        for edge in graph.edges {
            for evidence in edge.imports { imports[evidence.location.path, default: []].insert(edge.to) }
        }
        importsOfFile = imports
    }

    /// The declarations `reference`, written in `module`, can mean: none, one, or (ambiguous) several.
    func resolve(_ reference: TypeReference, in module: String) -> [Target] {
        scope(of: module).resolve(reference)
    }

    /// What code of `module` can name, looked up once for all its references.
    func scope(of module: String) -> Scope {
        let others = dependencies[module] ?? []
        let names = tests.contains(module) ? testable : visible
        return Scope(
            module: module, own: declared[module] ?? [], nested: nestedNames[module] ?? [],
            others: others.map { ($0, names[$0] ?? []) }, privateFile: privateFiles[module] ?? [:],
            importsOfFile: importsOfFile
        )
    }

    /// The names one module's code can use: its own declarations, and the visible ones of
    /// the modules it depends on.
    struct Scope: Sendable {
        let module: String
        let own: Set<String>
        /// The own names of its nested types.
        let nested: Set<String>
        /// Each module it depends on, with the names visible to it, in name order.
        let others: [(module: String, names: Set<String>)]
        /// Its file-private types (and their nested types, by the first name) → their file.
        let privateFile: [String: String]
        /// File → the modules it imports, to tell apart a name several dependencies declare.
        let importsOfFile: [String: Set<String>]

        /// Whether the module's own `name` is seen from `file`: a `private` type only in its file.
        func isOwn(_ name: some StringProtocol, from file: String) -> Bool {
            guard own.contains(String(name)) else { return false }
            guard !privateFile.isEmpty else { return true }
            let first = name.firstIndex(of: ".").map { String(name[..<$0]) } ?? String(name)
            guard let owner = privateFile[String(name)] ?? privateFile[first] else { return true }
            return owner == file
        }

        func resolve(_ reference: TypeReference) -> [Target] {
            let name = reference.name
            let file = reference.location.path
            let dot = name.utf8.firstIndex(of: UInt8(ascii: "."))
            // `Inner.Item` inside `Outer` can be `Outer.Inner.Item`: its first name decides.
            if let enclosing = reference.enclosingType, !nested.isEmpty,
                nested.contains(dot.map { String(name[..<$0]) } ?? name)
            {
                var scope = Substring(enclosing)
                while !scope.isEmpty {
                    let candidate = scope + "." + name
                    if isOwn(candidate, from: file) { return [Target(module: module, name: String(candidate))] }
                    // In `extension Outer.Inner`, the types `Outer` holds are not in scope.
                    if let extended = reference.extendedType, scope == extended { break }
                    guard let last = scope.lastIndex(of: ".") else { break }
                    scope = scope[..<last]
                }
            }
            if isOwn(name, from: file) { return [Target(module: module, name: name)] }
            guard !others.isEmpty || dot != nil else { return [] }
            // `Models.Item`: a module-qualified name, unless a type has the module's name
            // and holds `Item` (Swift takes the type: `Workspace.BinaryArtifactsManager` is the
            // class `Workspace`'s, in the module `Workspace`).
            if let dot, !others.contains(where: { $0.names.contains(name) }) {
                let prefix = String(name[..<dot])
                let rest = String(name[name.index(after: dot)...])
                if prefix == module { return isOwn(rest, from: file) ? [Target(module: module, name: rest)] : [] }
                if let other = others.first(where: { $0.module == prefix }) {
                    return other.names.contains(rest) ? [Target(module: prefix, name: rest)] : []
                }
            }
            let candidates = others.filter { $0.names.contains(name) }.map { Target(module: $0.module, name: name) }
            guard candidates.count > 1, let imported = importsOfFile[file] else { return candidates }
            let narrowed = candidates.filter { imported.contains($0.module) }
            return narrowed.isEmpty ? candidates : narrowed
        }
    }
}
