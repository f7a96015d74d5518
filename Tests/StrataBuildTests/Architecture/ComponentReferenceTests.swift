import Foundation
import StrataCore
import Testing

@testable import StrataBuild

/// References between components across modules, names that can mean two types, cycles
/// between components, ownership rules, and the component graph the site draws.
@Suite struct ComponentReferenceTests {
    /// A package with an app target `App` that depends on the library `Kit`, and these files.
    static func appWithKit(_ files: [String: String]) throws -> TemporaryProject {
        var all = files
        all["Package.swift"] = """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "App", targets: [
                .target(name: "Kit"), .target(name: "Other"), .target(name: "App", dependencies: ["Kit", "Other"]),
                .testTarget(name: "AppTests", dependencies: ["Kit"]),
            ])

            """
        return try TemporaryProject(files: all)
    }

    func check(_ project: TemporaryProject) throws -> SiteBuilder.CheckRun {
        let builder = SiteBuilder(project: ProjectFiles(root: project.root, workingDirectory: project.root))
        return try builder.checkArchitecture(config: builder.configuration())
    }

    static let layers = """
        layers:
          - name: Platform
            modules: [Kit, Other]
          - name: Domain
            paths: ["Sources/App/Domain/**"]
            may_use: []
          - name: UI
            paths: ["Sources/App/UI/**"]
            may_use: [Domain]
        rules:
          unassigned-module: off

        """

    @Test func typesOfADependencyResolveThroughItsPublicDeclarationsOnly() throws {
        let project = try Self.appWithKit([
            "strata.yml": Self.layers,
            "Sources/Kit/Client.swift": "public final class Client {}\nstruct Secret {}\n",
            "Sources/Other/Other.swift": "public struct Unrelated {}\n",
            "Sources/App/Domain/Order.swift":
                "import Kit\n\nstruct Order {\n    let client: Client\n    var secret: Secret?\n}\n",
            "Sources/App/UI/OrderView.swift": "import Other\n\nstruct OrderView {\n    let order: Order\n}\n",
            "Tests/AppTests/KitTests.swift":
                "@testable import Kit\n\nfinal class KitTests {\n    let secret = Secret()\n}\n"
        ])
        let run = try check(project)
        #expect(run.diagnostics.isEmpty, "\(run.diagnostics)")
        // Domain may use nothing: the public `Client` of Kit is named, the internal `Secret` cannot be.
        #expect(
            run.analysis.report.violations.map(\.diagnostic.description) == [
                "Sources/App/Domain/Order.swift:4:17: error: 'Domain' uses 'Client' from 'Platform'; Domain may use "
                    + "no other layer [layer-order]"
            ])
        let graph = run.analysis.components
        #expect(graph.components.map(\.id.description) == ["App · Domain", "App · UI"])
        #expect(
            graph.references.map {
                "\($0.from) \($0.fromType ?? "-") → \($0.to) \($0.toType) \($0.kind.rawValue) \($0.location)"
            } == [
                "App · Domain Order → Kit · Platform Client type Sources/App/Domain/Order.swift:4:17",
                "App · UI OrderView → App · Domain Order type Sources/App/UI/OrderView.swift:4:16"
            ])
        #expect(
            graph.components.first?.types.map { "\($0.name) \($0.origin)" } == [
                "Order file in paths: 'Sources/App/Domain/**'"
            ])
    }

    @Test func privateTypesOfTheSameNameInTwoFilesAreTwoTypes() throws {
        // Each file's own `PreviewState`: merged, the Domain file's would seem to name the UI
        // file's (Domain may use nothing), or the other way round.
        let project = try Self.appWithKit([
            "strata.yml": Self.layers,
            "Sources/Kit/Client.swift": "public final class Client {}\n",
            "Sources/Other/Other.swift": "public struct Unrelated {}\n",
            "Sources/App/Domain/Order.swift":
                "struct Order {\n    let state = PreviewState()\n}\n\nprivate struct PreviewState {\n    struct Row "
                + "{}\n}\n",
            "Sources/App/UI/OrderView.swift":
                "struct OrderView {\n    let order: Order\n    let state = PreviewState()\n    let row: "
                + "PreviewState.Row? = nil\n}\n\nfileprivate struct PreviewState {\n    struct Row "
                + "{}\n}\n\nextension PreviewState {\n    var order: Order? { nil }\n}\n"
        ])
        let run = try check(project)
        #expect(
            run.analysis.report.violations.filter { $0.rule != .unusedDependency }.map(\.diagnostic.description) == [])
        let types = run.analysis.components.components.flatMap { component in
            component.types.map { "\(component.id.layer) \($0.name)" }
        }
        #expect(types.contains("Domain PreviewState (Order.swift)"))
        #expect(types.contains("UI PreviewState (OrderView.swift)"))
        #expect(types.contains("UI PreviewState (OrderView.swift).Row"))
    }

    @Test func aPrivateTypeIsSeenOnlyInItsFileAndAnExtensionOfANestedTypeDoesNotSeeItsSiblings() throws {
        // `Error` here is Swift's, not the private one of another file; in `extension
        // Order.Line`, `Note` is not `Order.Note` (Swift does not look in `Order`).
        let project = try Self.appWithKit([
            "strata.yml": Self.layers,
            "Sources/Kit/Client.swift": "public final class Client {}\n",
            "Sources/Other/Other.swift": "public struct Unrelated {}\n",
            "Sources/App/Domain/Order.swift":
                "struct Order {\n    struct Line {}\n    struct Note {}\n}\n\nprivate enum Error: Swift.Error { "
                + "case bad }\n",
            "Sources/App/UI/OrderView.swift":
                "struct OrderView {\n    let failure: Error? = nil\n}\n\nextension Order.Line {\n    var note: "
                + "Note? { nil }\n}\n"
        ])
        let run = try check(project)
        let references = run.analysis.components.references.map { "\($0.from.layer) → \($0.toType) \($0.location)" }
        #expect(!references.contains { $0.contains("Error") }, "\(references)")
        #expect(!references.contains { $0.contains("Note") }, "\(references)")
        #expect(
            references.contains("UI → Order.Line Sources/App/UI/OrderView.swift:5:11"),
            "the extension itself names Order.Line")
    }

    @Test func aNameTwoDependenciesDeclareIsAmbiguousAndNotGuessed() throws {
        let project = try Self.appWithKit([
            "strata.yml": Self.layers,
            "Sources/Kit/Item.swift": "public struct Item {}\n",
            "Sources/Other/Item.swift": "public struct Item {}\n",
            "Sources/App/Domain/Order.swift":
                "import Kit\nimport Other\n\nstruct Order {\n    let item: Item\n    let kitItem: Kit.Item\n}\n",
            "Sources/App/UI/OrderView.swift": "struct OrderView {}\n",
            "Tests/AppTests/AppTests.swift": "import Kit\n"
        ])
        let run = try check(project)
        #expect(
            run.diagnostics.map(\.description) == [
                "Sources/App/Domain/Order.swift:5:15: warning: 'Item' can mean 'Kit.Item' or 'Other.Item'; Strata "
                    + "does not guess, so the layer rules leave it out [reference.ambiguous]"
            ])
        // `Kit.Item`, qualified, is not ambiguous.
        #expect(
            run.analysis.report.violations.map(\.diagnostic.description) == [
                "Sources/App/Domain/Order.swift:6:18: error: 'Domain' uses 'Kit.Item' from 'Platform'; Domain may "
                    + "use no other layer [layer-order]"
            ])
    }

    @Test func componentsThatReachOneAnotherAreOneCycleShownByItsShortestPath() throws {
        let project = try ComponentLayerTests.app([
            "strata.yml": """
            layers:
              - name: Core
                paths: ["Sources/App/Core/**"]
              - name: Data
                paths: ["Sources/App/Data/**"]
              - name: UI
                paths: ["Sources/App/UI/**"]
            rules:
              layer-order: off

            """,
            "Sources/App/Core/Model.swift": "struct Model {\n    var store: Store?\n}\n",
            "Sources/App/Data/Store.swift": "struct Store {\n    var model: Model\n    var screen: Screen?\n}\n",
            "Sources/App/UI/Screen.swift": "struct Screen {\n    var store: Store\n}\n"
        ])
        let run = try check(project)
        #expect(run.diagnostics.isEmpty, "\(run.diagnostics)")
        let violations = run.analysis.report.violations
        #expect(
            violations.map(\.diagnostic.description) == [
                "Sources/App/Core/Model.swift:2:16: error: component cycle in App: Core → Data → Core (and through "
                    + "UI) [cycle]"
            ])
        #expect(
            violations.first?.evidence.map { "\($0.location) \($0.summary)" } == [
                "Sources/App/Core/Model.swift:2:16 Core → Data: Store in Model",
                "Sources/App/Data/Store.swift:2:16 Data → Core: Model in Store"
            ])
    }

    @Test func aTypeMustOwnExactlyOneOfWhatTheRuleNames() throws {
        let project = try ComponentLayerTests.app([
            "strata.yml": """
            rules:
              type-rules:
                - types: ["*Screen"]
                  must_own_one: ["*ViewModel"]
                  because: a screen's View has exactly one View Model

            """,
            "Sources/App/Models.swift": "final class FeedViewModel {}\nfinal class SettingsViewModel {}\n",
            "Sources/App/FeedScreen.swift": """
            struct FeedScreen {
                @State var model = FeedViewModel()
                static var preview: SettingsViewModel { SettingsViewModel() }
                var computed: SettingsViewModel { SettingsViewModel() }
                func open(_ other: SettingsViewModel) {}
            }

            """,
            "Sources/App/EmptyScreen.swift": "struct EmptyScreen {\n    let title: String\n}\n",
            "Sources/App/TwoScreen.swift":
                "struct TwoScreen {\n    let feed: FeedViewModel\n    var settings: SettingsViewModel? { didSet {} "
                + "}\n}\n"
        ])
        let run = try check(project)
        #expect(run.diagnostics.isEmpty, "\(run.diagnostics)")
        #expect(
            run.analysis.report.violations.map(\.diagnostic.description) == [
                "Sources/App/EmptyScreen.swift:1:8: error: 'EmptyScreen' owns no '*ViewModel', against the type "
                    + "rule for *Screen: a screen's View has exactly one View Model [type-rule/*Screen]",
                "Sources/App/TwoScreen.swift:1:8: error: 'TwoScreen' owns 2 of '*ViewModel' (FeedViewModel, "
                    + "SettingsViewModel), against the type rule for *Screen: a screen's View has exactly one View "
                    + "Model [type-rule/*Screen]"
            ])
    }

    /// Feature folders of one target that must not know one another.
    @Test func independentLayersOfFilesMayNotNameOneAnothersTypes() throws {
        let project = try ComponentLayerTests.app([
            "strata.yml": """
            layers:
              - name: Shared
                paths: ["Sources/App/Shared/**"]
              - name: Feed
                paths: ["Sources/App/Feed/**"]
              - name: Settings
                paths: ["Sources/App/Settings/**"]
            rules:
              independent:
                - layers: [Feed, Settings]
                  because: each feature ships on its own

            """,
            "Sources/App/Shared/Theme.swift": "struct Theme {}\n",
            "Sources/App/Feed/FeedView.swift": "struct FeedView {\n    let theme: Theme\n}\n",
            "Sources/App/Settings/SettingsView.swift":
                "struct SettingsView {\n    let theme: Theme\n    func open() { _ = FeedView() }\n    var next: "
                + "FeedView?\n}\n"
        ])
        // The layer order lets Settings use Feed (it is declared after it); the group does not.
        let run = try check(project)
        #expect(run.diagnostics.isEmpty, "\(run.diagnostics)")
        let violations = run.analysis.report.violations
        #expect(
            violations.map(\.diagnostic.description) == [
                "Sources/App/Settings/SettingsView.swift:3:23: error: 'Settings' uses 'FeedView' from 'Feed', but "
                    + "Feed, Settings are independent of one another: each feature ships on its own "
                    + "[independent/Feed-Settings]"
            ])
        #expect(violations.first?.evidence.count == 2)
    }

    @Test func anIndependentGroupOfOneLayerOrAnUnknownLayerIsRefused() throws {
        let project = try ComponentLayerTests.app([
            "strata.yml":
                "layers:\n  - name: Feed\n    paths: [\"Sources/App/**\"]\nrules:\n  independent:\n    - layers: "
                + "[Feed, Nowhere]\n",
            "Sources/App/A.swift": "struct A {}\n"
        ])
        let builder = SiteBuilder(project: ProjectFiles(root: project.root, workingDirectory: project.root))
        #expect(throws: DiagnosticsError.self) { try builder.configuration() }
        do {
            _ = try builder.configuration()
        } catch let error as DiagnosticsError {
            #expect(
                error.diagnostics.map(\.description) == [
                    "strata.yml:6:22: error: an independent: group's layers: names 'Nowhere', which is not a "
                        + "declared layer [config.unknown-layer]",
                    "strata.yml:6:7: error: an independent: group needs at least one module glob (modules:) or type "
                        + "glob (types:), or two layers (layers:) [config.invalid-value]"
                ])
        }
    }

    /// In `strata serve`, a save resolves again the file saved and the files that name a type
    /// it declared, removed or moved to another layer; the others keep their references.
    @Test func aPreviewResolvesAgainOnlyTheFilesAChangeCanAffect() throws {
        let project = try ComponentLayerTests.app([
            "strata.yml": """
            layers:
              - name: Core
                paths: ["Sources/App/Core/**"]
              - name: Data
                paths: ["Sources/App/Data/**"]
              - name: UI
                paths: ["Sources/App/UI/**"]
                may_use: [Core]

            """,
            "Content/index.md": "# App\n",
            "Sources/App/Core/Model.swift": "struct Model {}\n",
            "Sources/App/Data/Store.swift": "struct Store {}\n",
            "Sources/App/UI/Screen.swift": "struct Screen {\n    var model: Model\n    var cache: Cache?\n}\n",
            "Sources/App/UI/Other.swift": "struct Other {\n    var model: Model\n}\n"
        ])
        let memory = BuildMemory(settleTime: .zero)
        let builder = SiteBuilder(
            project: ProjectFiles(root: project.root, workingDirectory: project.root), memory: memory)
        /// Whether the site's violations page reports UI using Cache.
        func reportsCache(_ files: [OutputFile]) -> Bool {
            let page =
                files.first { $0.path == "violations.html" }.map { String(decoding: $0.contents, as: UTF8.self) } ?? ""
            return page.contains("&#39;UI&#39; uses &#39;Cache&#39; from &#39;Data&#39;")
        }
        #expect(builder.renderSite().result.outcome == .written)
        #expect(memory.statistics.referencesReused == 0)
        #expect(builder.renderSite().result.outcome == .written)
        #expect(memory.statistics.referencesReused == 4)

        // A new Data type that Screen already names: Screen is resolved again, and judged.
        // As a preview's watcher does, the memory is told which files changed.
        func changed(_ paths: String...) { memory.noteChanges(paths.map { project.url($0).standardizedFileURL.path }) }
        try project.write("Sources/App/Data/Cache.swift", Data("struct Cache {}\n".utf8))
        changed("Sources/App/Data/Cache.swift")
        let added = builder.renderSite()
        #expect(memory.statistics.referencesReused == 3, "Model, Store and Other")
        let run = try check(project)
        #expect(
            run.analysis.report.violations.map(\.diagnostic.description) == [
                "Sources/App/UI/Screen.swift:3:16: error: 'UI' uses 'Cache' from 'Data'; UI may use only Core "
                    + "[layer-order]"
            ])
        #expect(reportsCache(added.files))

        // The same type moved to Core: its name is unchanged, its layer is not.
        try FileManager.default.removeItem(at: project.url("Sources/App/Data/Cache.swift"))
        try project.write("Sources/App/Core/Cache.swift", Data("struct Cache {}\n".utf8))
        changed("Sources/App/Data/Cache.swift", "Sources/App/Core/Cache.swift")
        let moved = builder.renderSite()
        #expect(memory.statistics.referencesReused == 3, "Model, Store and Other; Screen names the moved type")
        #expect(!reportsCache(moved.files))
        #expect(moved.files.contains { $0.path == "violations.html" })
    }

    /// `conforms_to:` and type rules see what a type conforms to through the protocols,
    /// classes and type aliases it names, and its extensions.
    @Test func conformancesAreFollowedThroughProtocolsSuperclassesAndAliases() throws {
        let project = try ComponentLayerTests.app([
            "strata.yml": """
            layers:
              - name: Model
                paths: ["Sources/App/Model/**"]
              - name: View
                conforms_to: [View, UIViewController]
                may_use: [Model]
            rules:
              unassigned-module: off
              type-rules:
                - layers: [View]
                  must_not_conform_to: [ObservableObject]
                  because: views hold no observable state of their own

            """,
            "Sources/App/Model/Kinds.swift": """
            protocol Screen: SwiftUI.View {}
            class BaseController: UIViewController {}
            typealias Panel = Identifiable & View
            protocol Observed: ObservableObject {}
            struct Store {}

            """,
            "Sources/App/Feed.swift": "struct FeedScreen: Screen {\n    var store: Store\n}\n",
            "Sources/App/Settings.swift": "final class SettingsController: BaseController {}\n",
            "Sources/App/Side.swift": "struct SidePanel: Panel {}\n",
            "Sources/App/Later.swift": "struct LaterView {}\nextension LaterView: Screen, Observed {}\n"
        ])
        let run = try check(project)
        #expect(run.diagnostics.isEmpty, "\(run.diagnostics)")
        let view = run.analysis.components.components.first { $0.layer == "View" }
        // The protocol and the base class that make the others views are views too; the alias
        // is only a name, and stays in its file's layer.
        #expect(
            view?.types.map { "\($0.name) \($0.origin)" } == [
                "BaseController conforms_to: 'UIViewController'", "FeedScreen conforms_to: 'View'",
                "LaterView conforms_to: 'View'", "Screen conforms_to: 'View'",
                "SettingsController conforms_to: 'UIViewController'", "SidePanel conforms_to: 'View'"
            ])
        #expect(
            run.analysis.report.violations.map(\.diagnostic.description) == [
                "Sources/App/Later.swift:1:8: error: 'LaterView' conforms to 'ObservableObject', against the type "
                    + "rule for View: views hold no observable state of their own [type-rule/View]"
            ])
    }

    /// Files and types that no layer holds, in a module with layers of files or types and no
    /// layer of its own, are reported as modules without a layer are.
    @Test func filesAndTypesNoLayerHoldsAreReported() throws {
        let project = try ComponentLayerTests.app([
            "strata.yml": """
            layers:
              - name: Model
                paths: ["Sources/App/Model/**"]
              - name: ViewModel
                types: ["*ViewModel"]
                may_use: [Model]

            """,
            "Sources/App/Model/Item.swift": "struct Item {}\n",
            "Sources/App/FeedViewModel.swift": "final class FeedViewModel {\n    var items: [Item] = []\n}\n",
            "Sources/App/Helpers.swift": "struct Formatter {}\nenum Constants {}\nextension Item {}\n",
            "Sources/App/Globals.swift": "func log(_ text: String) {}\n"
        ])
        let run = try check(project)
        #expect(run.diagnostics.isEmpty, "\(run.diagnostics)")
        #expect(
            run.analysis.report.violations.map(\.diagnostic.description) == [
                "Sources/App/Globals.swift:1:1: warning: 'Sources/App/Globals.swift' is in no layer: no paths: "
                    + "pattern matches it, no layer claims its types, and 'App' has no layer of its own "
                    + "[unassigned-module]",
                "Sources/App/Helpers.swift:1:8: warning: 'Sources/App/Helpers.swift' with 'Formatter', 'Constants' "
                    + "is in no layer: no paths: pattern matches it, no layer claims its types, and 'App' has no "
                    + "layer of its own [unassigned-module]"
            ])
        #expect(run.analysis.report.violations.last?.evidence.map(\.summary) == ["struct Formatter", "enum Constants"])
    }

    /// Two nested types of one short name are two types: one's conformances are not the other's.
    @Test func nestedTypesOfOneNameKeepTheirOwnConformances() throws {
        let project = try ComponentLayerTests.app([
            "strata.yml": """
            rules:
              type-rules:
                - types: ["ViewModel"]
                  must_conform_to: [ObservableObject]
                  because: view models are observed

            """,
            "Sources/App/Feed.swift": "enum Feed {\n    final class ViewModel: ObservableObject {}\n}\n",
            "Sources/App/Settings.swift": "enum Settings {\n    final class ViewModel {}\n}\n"
        ])
        let run = try check(project)
        #expect(
            run.analysis.report.violations.map(\.diagnostic.description) == [
                "Sources/App/Settings.swift:2:17: error: 'Settings.ViewModel' does not conform to "
                    + "'ObservableObject', against the type rule for ViewModel: view models are observed "
                    + "[type-rule/ViewModel]"
            ])
    }

    /// A file that leaves and comes back is resolved against what the code declares by then.
    @Test func aFileThatComesBackIsResolvedAgain() throws {
        let project = try ComponentLayerTests.app([
            "strata.yml":
                "layers:\n  - name: Core\n    paths: [\"Sources/App/Core/**\"]\n  - name: UI\n    paths: "
                + "[\"Sources/App/UI/**\"]\n    may_use: []\n",
            "Content/index.md": "# App\n",
            "Sources/App/Core/Base.swift": "struct Base {}\n",
            "Sources/App/UI/Screen.swift": "struct Screen {\n    var item: Item?\n}\n"
        ])
        let memory = BuildMemory(settleTime: .zero)
        let builder = SiteBuilder(
            project: ProjectFiles(root: project.root, workingDirectory: project.root), memory: memory)
        func changed(_ paths: String...) { memory.noteChanges(paths.map { project.url($0).standardizedFileURL.path }) }
        func reportsItem(_ files: [OutputFile]) -> Bool {
            let page =
                files.first { $0.path == "violations.html" }.map { String(decoding: $0.contents, as: UTF8.self) } ?? ""
            return page.contains("&#39;UI&#39; uses &#39;Item&#39; from &#39;Core&#39;")
        }
        #expect(!reportsItem(builder.renderSite().files))
        let screen = try Data(contentsOf: project.url("Sources/App/UI/Screen.swift"))
        try FileManager.default.removeItem(at: project.url("Sources/App/UI/Screen.swift"))
        try project.write("Sources/App/Core/Item.swift", Data("struct Item {}\n".utf8))
        changed("Sources/App/UI/Screen.swift", "Sources/App/Core/Item.swift")
        #expect(!reportsItem(builder.renderSite().files))
        try project.write("Sources/App/UI/Screen.swift", screen)
        changed("Sources/App/UI/Screen.swift")
        #expect(reportsItem(builder.renderSite().files), "Screen now names Core's Item, which UI may not use")
    }
}
