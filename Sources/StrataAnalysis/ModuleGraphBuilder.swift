import StrataCore

/// Builds the module graph from the packages read: declared dependencies resolved the way
/// SwiftPM resolves them, then every import attached to the edge it is evidence for, or
/// classified when no declaration covers it.
package struct ModuleGraphBuilder: Sendable {
    package let packages: [PackageSources]
    /// What remote products bring, where their checkouts were read: package identity →
    /// product → modules (its own and those it re-exports).
    package let productExports: [String: [String: Set<String>]]

    package init(packages: [PackageSources], productExports: [String: [String: Set<String>]] = [:]) {
        self.packages = packages
        self.productExports = productExports
    }

    package func build() -> (graph: ModuleGraph, diagnostics: [Diagnostic]) {
        var state = State()
        addTargetNodes(&state)
        for package in packages {
            for target in package.manifest.targets {
                for dependency in target.dependencies {
                    resolve(dependency, of: target, in: package, &state)
                }
            }
        }
        attachImports(&state)
        let summaries = packages.map { package -> PackageSummary in
            var reasons: [Diagnostic]?
            if case .swiftPM(let why) = package.manifest.origin { reasons = why }
            return PackageSummary(
                name: package.manifest.name, manifestPath: package.manifest.path, isRoot: package.isRoot,
                fallbackReasons: reasons,
                isXcodeProject: package.manifest.origin == .xcodeProject
            )
        }
        let edges = state.edges.values.map { edge -> ModuleEdge in
            var edge = edge
            edge.declarations.sort { $0.location < $1.location }
            edge.imports.sort { $0.location < $1.location }
            if edge.isDeclared { edge.relation = edge.isImported ? .declaredAndImported : .declaredOnly }
            return edge
        }
        return (
            ModuleGraph(nodes: Array(state.nodes.values), edges: edges, packages: summaries), state.diagnostics.sorted()
        )
    }

    struct EdgeKey: Hashable {
        var from: String
        var to: String
    }

    struct State {
        var nodes: [String: ModuleNode] = [:]
        var edges: [EdgeKey: ModuleEdge] = [:]
        var diagnostics: [Diagnostic] = []
        /// Target name → index of its package.
        var packageOfTarget: [String: Int] = [:]

        mutating func addEdge(_ from: String, _ to: String, declaration: TargetDependencyDeclaration) {
            let key = EdgeKey(from: from, to: to)
            edges[key, default: ModuleEdge(from: from, to: to, relation: .declaredOnly)].declarations.append(
                declaration)
        }
    }

    // MARK: Nodes

    func addTargetNodes(_ state: inout State) {
        for (index, package) in packages.enumerated() {
            let sources = Dictionary(package.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            for target in package.manifest.targets {
                if let other = state.packageOfTarget[target.name] {
                    state.diagnostics.append(
                        problem(
                            in: package.manifest,
                            "graph.duplicate-module",
                            "module '\(target.name)' is declared by both '\(packages[other].manifest.name)' and "
                                + "'\(package.manifest.name)'",
                            at: target.location
                        ))
                    continue
                }
                state.packageOfTarget[target.name] = index
                state.nodes[target.name] = ModuleNode(
                    id: target.name, kind: ModuleNode.Kind(target.kind), package: package.manifest.name,
                    section: target.section,
                    sourcePath: sources[target.name]?.folder, sourceFiles: sources[target.name]?.files ?? [],
                    sourceLineCount: sources[target.name]?.lineCount ?? 0, location: target.location,
                    productType: target.productType
                )
            }
        }
    }

    // MARK: Declared dependencies

    func resolve(
        _ dependency: TargetDependencyDeclaration, of target: TargetDeclaration, in package: PackageSources,
        _ state: inout State
    ) {
        let manifest = package.manifest
        switch dependency.kind {
        case .target:
            if let other = dependency.package {
                // A target of another Xcode project (a cross-project reference).
                if packages.contains(where: {
                    $0.manifest.name == other && $0.manifest.target(named: dependency.name) != nil
                }) {
                    state.addEdge(target.name, dependency.name, declaration: dependency)
                } else {
                    addExternalProduct(
                        dependency.name, package: other, from: target.name, declaration: dependency, &state)
                }
                return
            }
            // A target of an Xcode project left out for its name (see the loader) stands
            // for the module of that name.
            if manifest.origin == .xcodeProject, manifest.target(named: dependency.name) == nil,
                state.packageOfTarget[dependency.name] != nil
            {
                state.addEdge(target.name, dependency.name, declaration: dependency)
                return
            }
            guard manifest.target(named: dependency.name) != nil else {
                state.diagnostics.append(
                    problem(
                        in: manifest,
                        "manifest.unknown-target",
                        "target '\(target.name)' depends on target '\(dependency.name)', which "
                            + "\(container(manifest)) does not declare"
                            + suggestion(dependency.name, among: manifest.targets.map(\.name)),
                        at: dependency.location
                    ))
                return
            }
            state.addEdge(target.name, dependency.name, declaration: dependency)
        case .byName:
            if manifest.target(named: dependency.name) != nil {
                state.addEdge(target.name, dependency.name, declaration: dependency)
                return
            }
            for local in localPackages(of: package) {
                if let product = local.manifest.products.first(where: { $0.name == dependency.name }) {
                    for member in product.targets { state.addEdge(target.name, member, declaration: dependency) }
                    return
                }
            }
            if manifest.origin == .xcodeProject {
                // Xcode finds a product named without its package among every package of
                // the workspace (and of the project's file tree, before Xcode 15).
                for other in packages where other.manifest.origin != .xcodeProject {
                    if let product = other.manifest.products.first(where: { $0.name == dependency.name }) {
                        for member in product.targets { state.addEdge(target.name, member, declaration: dependency) }
                        return
                    }
                }
                addExternalProduct(dependency.name, package: nil, from: target.name, declaration: dependency, &state)
                return
            }
            let external = manifest.dependencies.filter { package.localPackages[$0.identity] == nil }
            guard !external.isEmpty else {
                state.diagnostics.append(
                    problem(
                        in: manifest,
                        "manifest.unknown-target",
                        "target '\(target.name)' depends on '\(dependency.name)', which is neither a target of "
                            + "'\(manifest.name)' nor a product of its dependencies"
                            + suggestion(dependency.name, among: manifest.targets.map(\.name)),
                        at: dependency.location
                    ))
                return
            }
            // A product of a package Strata does not read; SwiftPM would look it up by name.
            let owner = external.count == 1 ? external.first?.identity : nil
            addExternalProduct(dependency.name, package: owner, from: target.name, declaration: dependency, &state)
        case .product:
            guard let packageName = dependency.package, let declared = manifest.dependency(named: packageName) else {
                state.diagnostics.append(
                    problem(
                        in: manifest,
                        "manifest.unknown-package",
                        "target '\(target.name)' depends on product '\(dependency.name)' of package "
                            + "'\(dependency.package ?? "")', which is not among the dependencies of '\(manifest.name)'"
                            + suggestion(dependency.package ?? "", among: manifest.dependencies.map(\.identity)),
                        at: dependency.location
                    ))
                return
            }
            if let localName = package.localPackages[declared.identity],
                let local = packages.first(where: { $0.manifest.name == localName })
            {
                guard let product = local.manifest.products.first(where: { $0.name == dependency.name }) else {
                    state.diagnostics.append(
                        problem(
                            in: manifest,
                            "manifest.unknown-product",
                            "package '\(local.manifest.name)' has no product '\(dependency.name)'"
                                + suggestion(dependency.name, among: local.manifest.products.map(\.name)),
                            at: dependency.location
                        ))
                    return
                }
                for member in product.targets { state.addEdge(target.name, member, declaration: dependency) }
                return
            }
            addExternalProduct(
                dependency.name, package: declared.identity, from: target.name, declaration: dependency, &state)
        }
    }

    func addExternalProduct(
        _ name: String, package: String?, from: String, declaration: TargetDependencyDeclaration, _ state: inout State
    ) {
        var id = name
        if let existing = state.nodes[name], existing.kind != .product {
            id = "\(package ?? "external")/\(name)"
        }
        if state.nodes[id] == nil {
            state.nodes[id] = ModuleNode(id: id, kind: .product, package: package, location: declaration.location)
        } else if state.nodes[id]?.package == nil, let package {
            state.nodes[id]?.package = package
        }
        state.addEdge(from, id, declaration: declaration)
    }

    func localPackages(of package: PackageSources) -> [PackageSources] {
        package.localPackages.values.sorted().compactMap { name in packages.first { $0.manifest.name == name } }
    }

    /// A declaration that names nothing: an error in a package manifest (SwiftPM refuses
    /// it), a warning in an Xcode project (Xcode opens the project, and builds the rest).
    func problem(in manifest: PackageManifest, _ id: String, _ message: String, at location: SourceLocation)
        -> Diagnostic
    {
        guard manifest.origin == .xcodeProject else { return .error(id, message, at: location) }
        return .warning(id, message + "; it is left out of the graph", at: location)
    }

    /// `package 'Name'`, or `project 'Name'` for an Xcode project.
    func container(_ manifest: PackageManifest) -> String {
        "\(manifest.origin == .xcodeProject ? "project" : "package") '\(manifest.name)'"
    }

    func suggestion(_ name: String, among candidates: [String]) -> String {
        Suggestion.closest(to: name, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    // MARK: Imports

    func attachImports(_ state: inout State) {
        // Declared dependencies only, to tell what a target can reach without imports.
        var declared: [String: [String]] = [:]
        for edge in state.edges.values { declared[edge.from, default: []].append(edge.to) }
        for key in declared.keys { declared[key]?.sort() }
        var exportedBy: [String: Set<String>] = [:]
        for package in packages {
            for target in package.targets {
                for item in target.imports where item.isExported {
                    exportedBy[target.name, default: []].insert(item.module)
                }
            }
        }
        // A remote product whose checkout was read re-exports what its modules do.
        for node in state.nodes.values where node.kind == .product {
            guard let package = node.package,
                let brings = productExports[package]?[node.id.split(separator: "/").last.map(String.init) ?? node.id]
            else { continue }
            exportedBy[node.id, default: []].formUnion(brings.subtracting([node.id]))
        }
        // Modules a system library's module map declares, imported by that name.
        var targetOfModule: [String: String] = [:]
        for package in packages {
            for target in package.targets {
                for name in target.moduleNames where state.nodes[name] == nil && targetOfModule[name] == nil {
                    targetOfModule[name] = target.name
                }
            }
        }
        for package in packages {
            for target in package.targets {
                let reachable = closure(from: target.name, declared)
                for item in target.imports where item.module != target.name {
                    if let owner = targetOfModule[item.module], owner != target.name {
                        let relation = classify(owner, reachable: reachable, exportedBy: exportedBy, state: state)
                        state.edges[
                            EdgeKey(from: target.name, to: owner),
                            default: ModuleEdge(from: target.name, to: owner, relation: relation)
                        ].imports.append(item)
                        continue
                    }
                    let direct = EdgeKey(from: target.name, to: item.module)
                    if state.edges[direct] != nil {
                        state.edges[direct]?.imports.append(item)
                        continue
                    }
                    // A product node renamed to avoid a clash with a target of the same name.
                    if let renamed = declared[target.name]?.first(where: {
                        $0.hasSuffix("/" + item.module) && state.nodes[$0]?.kind == .product
                    }) {
                        state.edges[EdgeKey(from: target.name, to: renamed)]?.imports.append(item)
                        continue
                    }
                    let relation = classify(item.module, reachable: reachable, exportedBy: exportedBy, state: state)
                    if state.nodes[item.module] == nil {
                        let kind: ModuleNode.Kind = relation == .sdk ? .sdk : .unknown
                        state.nodes[item.module] = ModuleNode(id: item.module, kind: kind)
                    }
                    let key = direct
                    state.edges[key, default: ModuleEdge(from: target.name, to: item.module, relation: relation)]
                        .imports.append(item)
                }
            }
        }
    }

    func classify(_ module: String, reachable: [String], exportedBy: [String: Set<String>], state: State)
        -> ModuleEdge.Relation
    {
        if state.packageOfTarget[module] != nil || state.nodes[module]?.kind == .product {
            if reachable.contains(where: { exportedBy[$0]?.contains(module) == true }) { return .reexported }
            if reachable.contains(module) { return .transitive }
            // Another package's product (one some target declares), reached through an
            // external product this target declares: Strata has not read what that product
            // brings (it may re-export it, as ComposableArchitecture does Dependencies), so it
            // cannot call the import undeclared.
            if state.nodes[module]?.kind == .product, reachable.contains(where: { state.nodes[$0]?.kind == .product }) {
                return .viaProduct
            }
            return .undeclared
        }
        if ToolchainModules.names.contains(module) { return .sdk }
        if reachable.contains(where: { exportedBy[$0]?.contains(module) == true }) { return .reexported }
        if reachable.contains(where: { state.nodes[$0]?.kind == .product }) { return .viaProduct }
        return .unresolved
    }

    /// Every module reachable from `start` through declared dependencies, in a stable order.
    func closure(from start: String, _ declared: [String: [String]]) -> [String] {
        var seen: Set<String> = [start]
        var order: [String] = []
        var stack = declared[start, default: []].reversed().map { $0 }
        while let next = stack.popLast() {
            guard seen.insert(next).inserted else { continue }
            order.append(next)
            stack.append(contentsOf: declared[next, default: []].reversed())
        }
        return order
    }
}
