import StrataCore
import Testing

@testable import StrataAnalysis

private func at(_ line: Int, _ path: String = "Package.swift") -> StrataCore.SourceLocation {
    SourceLocation(path: path, line: line, column: 1)
}

private func dependency(_ kind: TargetDependencyDeclaration.Kind, _ name: String, package: String? = nil, line: Int = 1)
    -> TargetDependencyDeclaration
{
    TargetDependencyDeclaration(kind: kind, name: name, package: package, location: at(line))
}

private func imports(_ modules: String..., attributes: [String] = [], file: String = "A.swift") -> [SwiftImport] {
    modules.enumerated().map { SwiftImport(module: $1, attributes: attributes, location: at($0 + 1, file)) }
}

/// Two packages: App (root) depends on Shared by path and on swift-log by URL.
private func appPackages(
    appImports: [String: [SwiftImport]] = [:], sharedImports: [String: [SwiftImport]] = [:],
    appTargets: [TargetDeclaration]? = nil
) -> [PackageSources] {
    let app = PackageManifest(
        name: "App", path: "Package.swift",
        targets: appTargets ?? [
            TargetDeclaration(
                name: "UI", kind: .regular,
                dependencies: [
                    dependency(.byName, "Feature", line: 10),
                    dependency(.product, "Models", package: "Shared", line: 11)
                ], location: at(9)),
            TargetDeclaration(
                name: "Feature", kind: .regular,
                dependencies: [
                    dependency(.product, "Kit", package: "shared", line: 13),
                    dependency(.product, "Logging", package: "swift-log", line: 14)
                ], location: at(12)),
            TargetDeclaration(
                name: "AppTests", kind: .test, dependencies: [dependency(.target, "UI", line: 16)], location: at(15))
        ],
        dependencies: [
            PackageDependencyDeclaration(source: .path("../Shared"), location: at(5)),
            PackageDependencyDeclaration(source: .url("https://github.com/apple/swift-log.git"), location: at(6))
        ]
    )
    let shared = PackageManifest(
        name: "Shared", path: "../Shared/Package.swift",
        targets: [
            TargetDeclaration(name: "Models", kind: .regular, location: at(8, "../Shared/Package.swift")),
            TargetDeclaration(
                name: "Networking", kind: .regular, dependencies: [dependency(.byName, "Models")],
                location: at(9, "../Shared/Package.swift"))
        ],
        products: [
            ProductDeclaration(name: "Models", kind: .library, targets: ["Models"], location: at(4)),
            ProductDeclaration(name: "Kit", kind: .library, targets: ["Networking", "Models"], location: at(5))
        ]
    )
    func sources(_ manifest: PackageManifest, _ imports: [String: [SwiftImport]]) -> [TargetSources] {
        manifest.targets.map {
            TargetSources(name: $0.name, folder: "Sources/\($0.name)", files: [], imports: imports[$0.name] ?? [])
        }
    }
    return [
        PackageSources(
            manifest: app, isRoot: true, directory: ".", targets: sources(app, appImports),
            localPackages: ["shared": "Shared"]),
        PackageSources(manifest: shared, isRoot: false, directory: "../Shared", targets: sources(shared, sharedImports))
    ]
}

private func edge(_ graph: ModuleGraph, _ from: String, _ to: String) -> ModuleEdge? {
    graph.edges.first { $0.from == from && $0.to == to }
}

@Suite struct ModuleGraphBuilderTests {
    @Test func declaredDependenciesResolveLikeSwiftPM() {
        let (graph, diagnostics) = ModuleGraphBuilder(packages: appPackages()).build()
        #expect(diagnostics.isEmpty)
        // byName → the in-package target; a local product → each of its targets; a URL
        // package's product → an external node.
        #expect(edge(graph, "UI", "Feature")?.relation == .declaredOnly)
        #expect(edge(graph, "UI", "Models")?.declarations.first?.location.line == 11)
        #expect(edge(graph, "Feature", "Networking") != nil)
        #expect(edge(graph, "Feature", "Models") != nil)
        #expect(graph.node("Logging")?.kind == .product)
        #expect(graph.node("Logging")?.package == "swift-log")
        #expect(graph.node("Models")?.package == "Shared")
        #expect(graph.packages.map(\.name) == ["App", "Shared"])
    }

    @Test func importsBecomeEvidenceOrAreClassified() {
        let packages = appPackages(
            appImports: [
                "UI": imports("Feature", "Networking", "Foundation", "Mystery"),
                "Feature": imports("Networking", "Logging", "CNIOLinux"),
                "AppTests": imports("UI", "Models")
            ],
            sharedImports: ["Networking": imports("Models", attributes: ["@_exported"])]
        )
        let (graph, _) = ModuleGraphBuilder(packages: packages).build()
        #expect(edge(graph, "UI", "Feature")?.relation == .declaredAndImported)
        #expect(edge(graph, "UI", "Feature")?.kind == "declared+imported")
        #expect(edge(graph, "UI", "Models")?.relation == .declaredOnly)
        // Networking is reachable from UI only through Feature → Kit.
        #expect(edge(graph, "UI", "Networking")?.relation == .transitive)
        #expect(edge(graph, "UI", "Networking")?.kind == "imported")
        #expect(edge(graph, "UI", "Foundation")?.relation == .sdk)
        #expect(graph.node("Foundation")?.kind == .sdk)
        // Mystery: not a target, product or toolchain module, but UI reaches an external product.
        #expect(edge(graph, "UI", "Mystery")?.relation == .viaProduct)
        #expect(edge(graph, "Feature", "Logging")?.relation == .declaredAndImported)
        // Models arrives in AppTests through Networking's @_exported import.
        #expect(edge(graph, "AppTests", "Models")?.relation == .reexported)
    }

    @Test func anInPackageTargetImportedWithNoPathIsUndeclared() {
        let packages = appPackages(appImports: ["Feature": imports("UI")])
        let (graph, _) = ModuleGraphBuilder(packages: packages).build()
        #expect(edge(graph, "Feature", "UI")?.relation == .undeclared)
        #expect(edge(graph, "Feature", "UI")?.imports.first?.location == at(1, "A.swift"))
    }

    /// An app on the Composable Architecture imports Dependencies, which that product
    /// re-exports; another target declares swift-dependencies' product directly, so it is a
    /// node of the graph. Strata has not read the external packages, so the import is
    /// "via product", not undeclared.
    @Test func anotherPackagesProductReachedThroughAnExternalProductIsViaProductNotUndeclared() {
        let targets = [
            TargetDeclaration(
                name: "Feature", kind: .regular,
                dependencies: [
                    dependency(.product, "ComposableArchitecture", package: "swift-composable-architecture", line: 10)
                ], location: at(9)),
            TargetDeclaration(
                name: "Client", kind: .regular,
                dependencies: [dependency(.product, "Dependencies", package: "swift-dependencies", line: 12)],
                location: at(11)),
            TargetDeclaration(name: "Plain", kind: .regular, location: at(13))
        ]
        var packages = appPackages(appTargets: targets)
        packages[0].manifest.dependencies += [
            PackageDependencyDeclaration(
                source: .url("https://github.com/pointfreeco/swift-composable-architecture"), location: at(7)),
            PackageDependencyDeclaration(
                source: .url("https://github.com/pointfreeco/swift-dependencies"), location: at(8))
        ]
        packages[0].targets = [
            TargetSources(
                name: "Feature", folder: "Sources/Feature", files: [],
                imports: imports("ComposableArchitecture", "Dependencies")),
            TargetSources(name: "Client", folder: "Sources/Client", files: [], imports: imports("Dependencies")),
            TargetSources(name: "Plain", folder: "Sources/Plain", files: [], imports: imports("Dependencies"))
        ]
        let (graph, _) = ModuleGraphBuilder(packages: packages).build()
        #expect(edge(graph, "Feature", "Dependencies")?.relation == .viaProduct)
        #expect(edge(graph, "Client", "Dependencies")?.relation == .declaredAndImported)
        #expect(
            edge(graph, "Plain", "Dependencies")?.relation == .undeclared,
            "with no external product declared, it is still undeclared")
    }

    @Test func anImportNobodyCanExplainIsUnresolved() {
        let targets = [TargetDeclaration(name: "Solo", kind: .regular, location: at(3))]
        var packages = appPackages(appTargets: targets)
        packages[0].targets = [
            TargetSources(name: "Solo", folder: "Sources/Solo", files: [], imports: imports("Mystery"))
        ]
        let (graph, _) = ModuleGraphBuilder(packages: packages).build()
        #expect(edge(graph, "Solo", "Mystery")?.relation == .unresolved)
        #expect(graph.node("Mystery")?.kind == .unknown)
    }

    @Test func dependenciesOnThingsThatDoNotExistAreErrors() {
        let targets = [
            TargetDeclaration(name: "Model", kind: .regular, location: at(3)),
            TargetDeclaration(
                name: "A", kind: .regular,
                dependencies: [
                    dependency(.target, "Modle", line: 5),
                    dependency(.product, "X", package: "nowhere", line: 6),
                    dependency(.product, "Missing", package: "Shared", line: 7)
                ], location: at(4))
        ]
        let (_, diagnostics) = ModuleGraphBuilder(packages: appPackages(appTargets: targets)).build()
        #expect(
            diagnostics.map(\.ruleID) == [
                "manifest.unknown-target", "manifest.unknown-package", "manifest.unknown-product"
            ])
        #expect(diagnostics.map { $0.location?.line } == [5, 6, 7])
        #expect(diagnostics.first?.message.contains("did you mean 'Model'?") == true)
    }

    @Test func byNameWithoutATargetOrDependenciesIsAnError() {
        let manifest = PackageManifest(
            name: "P", path: "Package.swift",
            targets: [
                TargetDeclaration(
                    name: "A", kind: .regular, dependencies: [dependency(.byName, "Nothing", line: 4)], location: at(3))
            ])
        let (_, diagnostics) = ModuleGraphBuilder(packages: [
            PackageSources(manifest: manifest, isRoot: true, directory: ".", targets: [])
        ]).build()
        #expect(diagnostics.first?.ruleID == "manifest.unknown-target")
    }

    @Test func aModuleDeclaredByTwoPackagesIsAnError() {
        var packages = appPackages()
        packages[1].manifest.targets.append(
            TargetDeclaration(name: "UI", kind: .regular, location: at(12, "../Shared/Package.swift")))
        let (_, diagnostics) = ModuleGraphBuilder(packages: packages).build()
        #expect(diagnostics.first?.ruleID == "graph.duplicate-module")
    }

    @Test func focusDepthAndFilters() {
        let (graph, _) = ModuleGraphBuilder(packages: appPackages(appImports: ["UI": imports("Foundation")])).build()
        let near = graph.focused(on: "Feature", depth: 1)
        #expect(Set(near.nodes.map(\.id)) == ["Feature", "UI", "Networking", "Models", "Logging"])
        #expect(graph.focused(on: "AppTests", depth: 0).nodes.map(\.id) == ["AppTests"])
        #expect(graph.filtered { !$0.isTest }.node("AppTests") == nil)
        #expect(graph.filtered { $0.isTarget }.node("Foundation") == nil)
        #expect(graph.filtered { $0.isTarget }.edges.allSatisfy { $0.to != "Logging" })
    }

    @Test func sameInputSameGraph() {
        let packages = appPackages(appImports: ["UI": imports("Feature", "Networking", "Foundation")])
        #expect(
            ModuleGraphBuilder(packages: packages).build().graph == ModuleGraphBuilder(packages: packages).build().graph
        )
    }
}
