import StrataCore
import Testing

@testable import StrataSwiftSource

/// The forms real Tuist helpers are written in (issue 47, item 2), each read as Tuist's
/// compiled manifest would evaluate it.
@Suite struct TuistManifestReaderTests {
    func project(_ text: String, helpers: [String] = [], sourceLocation: Testing.SourceLocation = #_sourceLocation)
        -> TuistProjectManifest?
    {
        let files = helpers.enumerated().map {
            TuistManifestReader.Helper(path: "Tuist/ProjectDescriptionHelpers/H\($0.offset).swift", text: $0.element)
        }
        switch TuistManifestReader(helpers: files).readProject(
            text: "import ProjectDescription\nimport ProjectDescriptionHelpers\n" + text, path: "Project.swift",
            folder: "/p")
        {
        case .manifest(let manifest): return manifest
        case .unresolved(let diagnostics), .invalid(let diagnostics):
            Issue.record("\(diagnostics.map(\.description))", sourceLocation: sourceLocation)
            return nil
        }
    }

    func dependencies(_ target: TuistProjectManifest.Target?) -> [String] {
        (target?.dependencies ?? []).map { dependency in
            switch dependency.kind {
            case .target(let name): "target \(name)"
            case .project(let name, let path): "project \(name) at \(path.base == .root ? "//" : "")\(path.path)"
            case .external(let name): "external \(name)"
            case .package(let name): "package \(name)"
            case .prebuilt(let path): "prebuilt \(path.path)"
            }
        }
    }

    @Test func tuist4TargetsWithEveryDependencyForm() {
        let read = project(
            """
            let project = Project(name: "App", packages: [.remote(url: "https://x/y", requirement: .exact("1.0.0")), \
            .local(path: "../Kit")], targets: [
                .target(name: "App", destinations: .iOS, product: .app, productName: "MyApp", bundleId: "a", sources: \
            ["Sources/**"],
                        dependencies: [.target(name: "Kit"), .project(target: "Core", path: "//Projects/Core"), \
            .external(name: "Alamofire"),
                                       .package(product: "Y"), .xcframework(path: "Vendor/Pay.xcframework"), \
            .sdk(name: "ARKit", type: .framework), .xctest]),
                .target(name: "Kit", destinations: .iOS, product: .staticFramework, bundleId: "k", buildableFolders: \
            ["Kit"]),
            ])
            """)
        #expect(read?.name == "App")
        #expect(read?.packages.count == 2)
        let app = read?.targets.first
        #expect(app?.product == "app" && app?.productName == "MyApp")
        #expect(
            dependencies(app) == [
                "target Kit", "project Core at //Projects/Core", "external Alamofire", "package Y",
                "prebuilt Vendor/Pay.xcframework"
            ])
        #expect(app?.sources.map(\.glob.path) == ["Sources/**"])
        #expect(read?.targets.last?.buildableFolders.map(\.path) == ["Kit"])
    }

    @Test func tuist3TargetsAndGlobsWithExclusions() {
        let read = project(
            """
            let project = Project(name: "Old", targets: [
                Target(name: "Old", platform: .iOS, product: .framework, bundleId: "o",
                       sources: .glob("Sources/**", excluding: ["Sources/Gen/**"]), dependencies: []),
                Target(name: "OldTests", platform: .iOS, product: .unitTests, bundleId: "t", sources: \
            .paths(["Tests/A.swift", "Tests/B/**"])),
            ])
            """)
        #expect(read?.targets.first?.sources.first?.excluding.map(\.path) == ["Sources/Gen/**"])
        #expect(read?.targets.last?.sources.map(\.glob.path) == ["Tests/A.swift", "Tests/B/**"])
    }

    /// `Project.framework` making `.framework(…)` targets means Target's helper, not itself.
    @Test func helpersOfTheSameNameOnDifferentTypesAreTold() {
        let read = project(
            "let project = Project.framework(name: \"Home\")\n",
            helpers: [
                """
                import ProjectDescription
                public extension Project {
                    static func framework(name: String, dependencies: [TargetDependency] = []) -> Project {
                        Project(name: name, targets: [.framework(name: name, dependencies: dependencies)])
                    }
                }
                extension Target {
                    static func framework(name: String, dependencies: [TargetDependency] = []) -> Target {
                        .target(name: name, destinations: .iOS, product: .staticFramework, bundleId: "b.\\(name)", \
                sources: ["Sources/**"], dependencies: dependencies)
                    }
                }
                """
            ])
        #expect(read?.targets.map(\.name) == ["Home"])
        #expect(read?.targets.first?.product == "staticFramework")
    }

    /// `.init(…)` in a helper returning a Project, and dependencies as statics of nested types.
    @Test func implicitInitAndNestedTypesOfStatics() {
        let read = project(
            "let project = Project.feature(name: \"Feed\", dependencies: [.Project.Core, TargetDependency.SPM.Then])\n",
            helpers: [
                """
                import ProjectDescription
                public extension TargetDependency { enum Project {}; enum SPM {} }
                public extension TargetDependency.Project { static let Core = TargetDependency.project(target: \
                "Core", path: .relativeToRoot("Projects/Core")) }
                public extension TargetDependency.SPM { static let Then = TargetDependency.external(name: "Then") }
                extension Project {
                    public static func feature(name: String, tca: Bool = false, dependencies: [TargetDependency] = \
                []) -> Self {
                        .init(name: name, targets: [.target(name: name, destinations: .iOS, product: .framework, \
                bundleId: "f",
                                                            dependencies: (tca ? [.external(name: "TCA")] : []) + \
                dependencies)])
                    }
                }
                """
            ])
        #expect(dependencies(read?.targets.first) == ["project Core at //Projects/Core", "external Then"])
    }

    /// A struct of the helpers, made in the manifest and read in a helper.
    @Test func helperStructsWithDefaultsAndMethods() {
        let read = project(
            """
            let project = Project.app(name: "Dex", modules: [Module(name: "Home", path: "Home"), Module(name: "Net", \
            path: "Network", dependencies: [.external(name: "Moya")])])
            """,
            helpers: [
                """
                import ProjectDescription
                public struct Module {
                    let name: String
                    let path: String
                    var dependencies: [TargetDependency] = []
                    var sources: SourceFilesList { ["Features/\\(path)/Sources/**"] }
                    public init(name: String, path: String, dependencies: [TargetDependency] = []) {
                        self.name = name
                        self.path = path
                        self.dependencies = dependencies
                    }
                    func target() -> Target { .target(name: name, destinations: .iOS, product: .framework, bundleId: \
                name, sources: sources, dependencies: dependencies) }
                }
                extension Project {
                    public static func app(name: String, modules: [Module]) -> Project {
                        var targets = [Target.target(name: name, destinations: .iOS, product: .app, bundleId: name, \
                dependencies: modules.map { .target(name: $0.name) })]
                        targets += modules.map { $0.target() }
                        return Project(name: name, targets: targets)
                    }
                }
                """
            ])
        #expect(read?.targets.map(\.name) == ["Dex", "Home", "Net"])
        #expect(read?.targets.last?.sources.map(\.glob.path) == ["Features/Network/Sources/**"])
        #expect(dependencies(read?.targets.last) == ["external Moya"])
        #expect(dependencies(read?.targets.first) == ["target Home", "target Net"])
    }

    /// What cannot be followed is located in the file that writes it: here, a helper.
    @Test func whatCannotBeFollowedIsLocatedInItsFile() {
        let result = TuistManifestReader(
            helpers: [
                .init(
                    path: "Tuist/ProjectDescriptionHelpers/M.swift",
                    text:
                        "import ProjectDescription\nextension Project {\n    static func module() -> Project "
                        + "{\n        Project(name: Module.allCases[0].rawValue, targets: [])\n    }\n}\n"
                )
            ]
        ).readProject(
            text: "import ProjectDescription\nlet project = Project.module()\n", path: "Project.swift", folder: "/p")
        guard case .unresolved(let diagnostics) = result else {
            Issue.record("expected an unresolved manifest")
            return
        }
        #expect(diagnostics.first?.location?.path == "Tuist/ProjectDescriptionHelpers/M.swift")
        #expect(diagnostics.first?.location?.line == 4)
    }

    /// `.relativeToCurrentFile` written in a helper is relative to the helper's file, not to
    /// the manifest that calls it.
    @Test func aPathRelativeToTheCurrentFileIsTheHelpers() {
        let read = project(
            "let project = Project.kit()\n",
            helpers: [
                """
                import ProjectDescription
                extension Project {
                    static func kit() -> Project {
                        Project(name: "Kit", targets: [.target(name: "Kit", destinations: .iOS, product: .framework, \
                bundleId: "k",
                                                               sources: \
                [.glob(.relativeToCurrentFile("../../Shared/**"))])])
                    }
                }
                """
            ])
        #expect(read?.targets.first?.sources.first?.glob.base == .file("Tuist/ProjectDescriptionHelpers/H0.swift"))
    }

    /// A helper that does not parse fails every manifest, at the helper's line, as Tuist fails to
    /// compile the helpers module.
    @Test func aBrokenHelperIsAnErrorAtItsLine() {
        let reader = TuistManifestReader(helpers: [
            .init(
                path: "Tuist/ProjectDescriptionHelpers/Broken.swift",
                text: "import ProjectDescription\nextension Project {\n")
        ])
        guard
            case .invalid(let diagnostics) = reader.readProject(
                text: "import ProjectDescription\nlet project = Project(name: \"A\", targets: [])\n",
                path: "Project.swift", folder: "/p")
        else {
            Issue.record("expected an invalid manifest")
            return
        }
        #expect(diagnostics.first?.location?.path == "Tuist/ProjectDescriptionHelpers/Broken.swift")
        #expect(diagnostics.first?.ruleID == "manifest.syntax")
    }

    @Test func aManifestWithoutAProjectSaysSo() {
        guard
            case .unresolved(let diagnostics) = TuistManifestReader().readProject(
                text: "import ProjectDescription\nlet other = 1\n", path: "Project.swift", folder: "/p")
        else {
            Issue.record("expected an unresolved manifest")
            return
        }
        #expect(
            diagnostics.map(\.description) == [
                "Project.swift:1:1: error: no `let project = Project(…)` at the top level [manifest.unresolved]"
            ])
    }
}
