/// The module graph of a codebase: every target of the root package and of its local
/// packages, the external products and toolchain modules they use, and one edge per
/// (module, module) pair with all the evidence for it.
package struct ModuleGraph: Hashable, Sendable {
    /// Nodes sorted by id.
    package var nodes: [ModuleNode]
    /// Edges sorted by source, then destination.
    package var edges: [ModuleEdge]
    /// The packages read, root first, then in the order they were found.
    package var packages: [PackageSummary]
    /// The platform the manifests' and imports' `#if` conditions were decided for, and why
    /// that one; nil for a graph made without reading a project (a test's).
    package var platform: PlatformChoice?

    package init(
        nodes: [ModuleNode], edges: [ModuleEdge], packages: [PackageSummary], platform: PlatformChoice? = nil
    ) {
        self.nodes = nodes.sorted { $0.id < $1.id }
        self.edges = edges.sorted { ($0.from, $0.to) < ($1.from, $1.to) }
        self.packages = packages
        self.platform = platform
    }

    /// The node with this id, by binary search (nodes are sorted by id).
    package func node(_ id: String) -> ModuleNode? {
        var low = 0
        var high = nodes.count
        while low < high {
            let middle = (low + high) / 2
            if nodes[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low < nodes.count && nodes[low].id == id ? nodes[low] : nil
    }

    /// The subgraph of nodes `keep` accepts, with the edges between them.
    package func filtered(_ keep: (ModuleNode) -> Bool) -> ModuleGraph {
        let kept = nodes.filter(keep)
        let ids = Set(kept.map(\.id))
        return ModuleGraph(
            nodes: kept, edges: edges.filter { ids.contains($0.from) && ids.contains($0.to) }, packages: packages,
            platform: platform)
    }

    /// The nodes within `depth` edges of `focus`, following edges both ways (what it uses
    /// and what uses it); `depth` nil means no limit.
    package func focused(on focus: String, depth: Int?) -> ModuleGraph {
        focused(on: [focus], depth: depth)
    }

    /// The nodes within `depth` edges of any of `focuses`, following edges both ways: the
    /// neighbourhoods of several modules in one drawing.
    package func focused(on focuses: [String], depth: Int?) -> ModuleGraph {
        var outgoing: [String: [String]] = [:]
        var incoming: [String: [String]] = [:]
        for edge in edges {
            outgoing[edge.from, default: []].append(edge.to)
            incoming[edge.to, default: []].append(edge.from)
        }
        var reached = Set(focuses)
        for neighbours in [outgoing, incoming] {
            var frontier = focuses
            var distance = 0
            var seen = Set(focuses)
            while !frontier.isEmpty, depth.map({ distance < $0 }) ?? true {
                distance += 1
                var next: [String] = []
                for id in frontier {
                    for other in neighbours[id, default: []] where !seen.contains(other) {
                        seen.insert(other)
                        next.append(other)
                    }
                }
                reached.formUnion(next)
                frontier = next
            }
        }
        return filtered { reached.contains($0.id) }
    }
}

/// A package that contributed nodes, and how its manifest was read.
package struct PackageSummary: Hashable, Sendable {
    package var name: String
    package var manifestPath: String
    package var isRoot: Bool
    /// Why SwiftPM had to evaluate the manifest; nil when Strata read it from its syntax.
    package var fallbackReasons: [Diagnostic]?
    /// An Xcode project (its `project.pbxproj`, or the XcodeGen spec or Tuist manifest it is
    /// generated from), not a package.
    package var isXcodeProject: Bool

    /// What an Xcode project is read from, as a user names it.
    package var projectKind: String { Self.projectKind(ofManifest: manifestPath) }

    /// "Tuist project" for a `Project.swift`, "XcodeGen project" for a spec, else "Xcode project".
    package static func projectKind(ofManifest path: String) -> String {
        if path == "Project.swift" || path.hasSuffix("/Project.swift") { return "Tuist project" }
        if path.hasSuffix(".yml") || path.hasSuffix(".yaml") { return "XcodeGen project" }
        return "Xcode project"
    }

    package init(
        name: String, manifestPath: String, isRoot: Bool, fallbackReasons: [Diagnostic]? = nil,
        isXcodeProject: Bool = false
    ) {
        self.name = name
        self.manifestPath = manifestPath
        self.isRoot = isRoot
        self.fallbackReasons = fallbackReasons
        self.isXcodeProject = isXcodeProject
    }
}

/// A module: a target of a package Strata read, a product of an external package, or a
/// module only seen in an `import`.
package struct ModuleNode: Hashable, Sendable {
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        case regular, executable, test, system, binary, plugin, macro
        /// A product of a package Strata did not read (a URL dependency).
        case product
        /// A module that ships with the toolchain or the OS (Foundation, XCTest, Glibc…).
        case sdk
        /// Imported, but neither a target, a declared product nor a toolchain module.
        case unknown

        package init(_ kind: TargetKind) {
            self = Kind(rawValue: kind.rawValue) ?? .regular
        }
    }

    /// Unique in the graph: the module name (SwiftPM requires module names to be unique).
    package var id: String
    package var kind: Kind
    /// The package that declares it (its manifest name, or the dependency identity for
    /// external products); nil for toolchain and unknown modules.
    package var package: String?
    /// The `// MARK:` section of the manifest it is declared under.
    package var section: String?
    /// The target's source folder, as shown to the user.
    package var sourcePath: String?
    /// The Swift files compiled for it, as shown to the user.
    package var sourceFiles: [String]
    /// Lines in those files together.
    package var sourceLineCount: Int
    /// Where it is declared (a target's manifest line, or an external product's `.package` line).
    package var location: SourceLocation?
    /// What an Xcode target builds (`app`, `framework`, `unit-tests`…); nil for packages.
    package var productType: String?

    package init(
        id: String, kind: Kind, package: String? = nil, section: String? = nil, sourcePath: String? = nil,
        sourceFiles: [String] = [], sourceLineCount: Int = 0, location: SourceLocation? = nil,
        productType: String? = nil
    ) {
        self.productType = productType
        self.id = id
        self.kind = kind
        self.package = package
        self.section = section
        self.sourcePath = sourcePath
        self.sourceFiles = sourceFiles
        self.sourceLineCount = sourceLineCount
        self.location = location
    }

    /// Targets of packages Strata read (not products, toolchain or unknown modules).
    package var isTarget: Bool {
        switch kind {
        case .product, .sdk, .unknown: false
        default: true
        }
    }

    package var isExternal: Bool { !isTarget }
    package var isTest: Bool { kind == .test }
}

/// One dependency between two modules, with every manifest line and import that makes it.
package struct ModuleEdge: Hashable, Sendable {
    /// How a module relates to a module it uses.
    package enum Relation: String, Hashable, Sendable, CaseIterable {
        /// In the manifest and imported in code.
        case declaredAndImported = "declared-and-imported"
        /// In the manifest, never imported (an unused dependency, or a non-Swift target's).
        case declaredOnly = "declared-only"
        /// Imported with no declared path to it at all: a bug SwiftPM may hide by build order.
        case undeclared
        /// Imported without being declared, but reachable through declared dependencies.
        case transitive
        /// Imported without being declared, re-exported (`@_exported`) by a declared dependency.
        case reexported
        /// Imported, and part of an external product the target declares.
        case viaProduct = "via-product"
        /// A toolchain or OS module, which needs no declaration.
        case sdk
        /// Imported, but Strata cannot tell where the module comes from.
        case unresolved
    }

    package var from: String
    package var to: String
    package var relation: Relation
    /// The manifest entries that declare the dependency.
    package var declarations: [TargetDependencyDeclaration]
    /// The imports that use it, by file and position.
    package var imports: [SwiftImport]

    package init(
        from: String, to: String, relation: Relation, declarations: [TargetDependencyDeclaration] = [],
        imports: [SwiftImport] = []
    ) {
        self.from = from
        self.to = to
        self.relation = relation
        self.declarations = declarations
        self.imports = imports
    }

    package var isDeclared: Bool { !declarations.isEmpty }
    package var isImported: Bool { !imports.isEmpty }

    /// `declared`, `imported` or `declared+imported`.
    package var kind: String {
        switch (isDeclared, isImported) {
        case (true, true): "declared+imported"
        case (true, false): "declared"
        default: "imported"
        }
    }

    /// Conditional when every declaration has a `condition:` and every import sits inside `#if`.
    package var isConditional: Bool {
        declarations.allSatisfy { $0.condition != nil } && imports.allSatisfy(\.isConditional)
    }
}

extension ModuleGraph {
    /// The same graph with every file path (manifests, source folders and files, and the
    /// places of declarations and imports) passed through `path`: `strata graph` shows
    /// paths from the repository's root, as `strata check` does.
    package func mappingPaths(_ path: (String) -> String) -> ModuleGraph {
        var graph = self
        if let place = platform?.location?.path { graph.platform?.location?.path = path(place) }
        graph.packages = packages.map { package in
            var package = package
            package.manifestPath = path(package.manifestPath)
            return package
        }
        graph.nodes = nodes.map { node in
            var node = node
            node.sourcePath = node.sourcePath.map(path)
            node.sourceFiles = node.sourceFiles.map(path)
            if let place = node.location?.path { node.location?.path = path(place) }
            return node
        }
        graph.edges = edges.map { edge in
            var edge = edge
            edge.declarations = edge.declarations.map { declaration in
                var declaration = declaration
                declaration.location.path = path(declaration.location.path)
                return declaration
            }
            edge.imports = edge.imports.map { item in
                var item = item
                item.location.path = path(item.location.path)
                return item
            }
            return edge
        }
        return graph
    }
}
