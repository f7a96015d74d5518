import StrataCore
import Testing

@testable import StrataAnalysis

/// Names declared by several modules, resolved as Swift resolves them (found by comparing
/// with tree-sitter-swift on the package manager's repository).
@Suite struct TypeResolverTests {
    func at(_ path: String, _ line: Int = 1) -> StrataCore.SourceLocation {
        StrataCore.SourceLocation(path: path, line: line, column: 1)
    }

    /// `Tests` depends on `Build` and `SwiftBuild`, which both declare `PluginConfiguration`.
    func resolver(importing imported: [String]) -> TypeResolver {
        let nodes = ["Tests", "Build", "SwiftBuild", "Workspace"].map {
            ModuleNode(id: $0, kind: .regular, package: "P")
        }
        let edges = ["Build", "SwiftBuild", "Workspace"].map { module in
            ModuleEdge(
                from: "Tests", to: module, relation: .declaredAndImported,
                imports: imported.contains(module)
                    ? [SwiftImport(module: module, location: at("Tests/Helper.swift"))] : []
            )
        }
        return TypeResolver(
            graph: ModuleGraph(nodes: nodes, edges: edges, packages: []),
            declarations: [
                "Tests": [TypeDeclaration(name: "Helper", kind: .struct, location: at("Tests/Helper.swift", 3))],
                "Build": [
                    TypeDeclaration(
                        name: "PluginConfiguration", kind: .struct, location: at("Build/A.swift"), isPublic: true)
                ],
                "SwiftBuild": [
                    TypeDeclaration(
                        name: "PluginConfiguration", kind: .struct, location: at("SwiftBuild/B.swift"), isPublic: true)
                ],
                "Workspace": [
                    TypeDeclaration(name: "Workspace", kind: .class, location: at("Workspace/W.swift"), isPublic: true),
                    TypeDeclaration(
                        name: "Workspace.Manager", kind: .struct, location: at("Workspace/W.swift", 9), isPublic: true),
                    TypeDeclaration(name: "Manager", kind: .struct, location: at("Workspace/M.swift"), isPublic: true)
                ]
            ])
    }

    func resolve(_ name: String, with resolver: TypeResolver) -> [String] {
        resolver.resolve(TypeReference(name: name, kind: .type, location: at("Tests/Helper.swift", 5)), in: "Tests").map
        { "\($0.module).\($0.name)" }
    }

    @Test func aNameTwoDependenciesDeclareIsTheImportedOnes() {
        #expect(resolve("PluginConfiguration", with: resolver(importing: ["Build"])) == ["Build.PluginConfiguration"])
        // Both imported, or neither: never guessed.
        #expect(resolve("PluginConfiguration", with: resolver(importing: ["Build", "SwiftBuild"])).count == 2)
        #expect(resolve("PluginConfiguration", with: resolver(importing: [])).count == 2)
    }

    /// In module `Workspace`, the class `Workspace` holds `Manager`: `Workspace.Manager` is the
    /// class's, not the module's top-level `Manager`.
    @Test func aTypeNamedLikeItsModuleWinsOverTheModule() {
        #expect(
            resolve("Workspace.Manager", with: resolver(importing: ["Workspace"])) == ["Workspace.Workspace.Manager"])
        #expect(resolve("Workspace.Other", with: resolver(importing: ["Workspace"])) == [])
    }
}
