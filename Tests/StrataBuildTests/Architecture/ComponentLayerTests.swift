import Foundation
import StrataCore
import Testing

@testable import StrataBuild

/// Layers that are folders of one app target (`paths:`), as the SwiftUI-First article lays
/// an app out: the Xcode fixture `synced-app` keeps Core, UI, Infrastructure and Service as
/// folders of the `Notes` target.
@Suite struct ComponentLayerTests {
    static let layers = """
        layers:
          - name: Core
            paths: ["Notes/Core/**"]
          - name: Infrastructure
            paths: ["Notes/Infrastructure/**"]
            may_use: [Core]
          - name: Service
            paths: ["Notes/Service/**"]
            may_use: [Core, Infrastructure]
          - name: UI
            paths: ["Notes/UI/**"]
            may_use: [Core, Service]
          - name: Live
            paths: ["Notes/NotesApp.swift"]
          - name: Widget
            paths: ["NotesWidget/**"]

        """

    /// A package of one target, `App`, with these files.
    static func app(_ files: [String: String]) throws -> TemporaryProject {
        var all = files
        all["Package.swift"] =
            "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"App\", targets: "
            + "[.target(name: \"App\")])\n"
        return try TemporaryProject(files: all)
    }

    func check(_ project: TemporaryProject) throws -> SiteBuilder.CheckRun {
        let builder = SiteBuilder(project: ProjectFiles(root: project.root, workingDirectory: project.root))
        return try builder.checkArchitecture(config: builder.configuration())
    }

    @Test func folderLayersThatKeepTheirOrderGiveNoViolation() throws {
        let project = try TemporaryProject(xcode: "synced-app")
        try project.write("strata.yml", Data(Self.layers.utf8))
        let run = try check(project)
        #expect(run.diagnostics.isEmpty, "\(run.diagnostics)")
        #expect(run.analysis.report.violations.isEmpty, "\(run.analysis.report.violations.map(\.message))")
    }

    @Test func aFileUsingATypeOfALayerItMayNotUseIsAViolationAtEachReference() throws {
        let project = try TemporaryProject(xcode: "synced-app")
        try project.write("strata.yml", Data(Self.layers.utf8))
        try project.write(
            "Notes/UI/NoteList.swift",
            Data(
                """
                import SwiftUI

                struct NoteList: View {
                    let service: SyncService
                    var body: some View { List(service.notes) { Text($0.text) } }
                    func reload() { _ = NoteStore().load() }
                    var cache: NoteStore?
                }

                """.utf8))
        let run = try check(project)
        #expect(run.diagnostics.isEmpty, "\(run.diagnostics)")
        let violations = run.analysis.report.violations
        #expect(
            violations.map(\.diagnostic.description) == [
                "Notes/UI/NoteList.swift:6:25: error: 'UI' uses 'NoteStore' from 'Infrastructure'; UI may use only "
                    + "Core, Service [layer-order]"
            ])
        #expect(
            violations.first?.evidence.map { "\($0.location) \($0.summary)" } == [
                "Notes/UI/NoteList.swift:6:25 NoteStore(…) in NoteList",
                "Notes/UI/NoteList.swift:7:16 type NoteStore in NoteList"
            ])
        #expect(violations.first?.modules == ["Notes"])
    }

    @Test func aLayerOfFilesListsItsFilesAndTheViolationsMadeInThemOnItsPage() throws {
        let project = try TemporaryProject(xcode: "synced-app")
        try project.write("strata.yml", Data(Self.layers.utf8))
        try project.write("Content/index.md", Data("# Notes\n".utf8))
        try project.write("Notes/UI/NoteList.swift", Data("struct NoteList {\n    var store: NoteStore?\n}\n".utf8))
        let result = project.build()
        #expect(result.outcome == .written, "\(result.diagnostics)")
        let page = project.text("Output/layers/ui.html")
        #expect(page.contains("0 modules, 1 file of modules."))
        #expect(
            page.contains(
                "<h2 id=\"files\">Files</h2>\n<ul class=\"layer-files\">\n<li><code>Notes/UI/NoteList.swift</code></li>"
            ), "\(page)")
        #expect(page.contains("&#39;UI&#39; uses &#39;NoteStore&#39; from &#39;Infrastructure&#39;"))
        #expect(
            !project.text("Output/layers/core.html").contains("NoteStore&#39; from"),
            "a violation is listed where it is made")
    }

    @Test func pathsThatMatchNoFileAndFilesTwoLayersClaimAreErrors() throws {
        let project = try TemporaryProject(xcode: "synced-app")
        try project.write(
            "strata.yml",
            Data(
                (Self.layers + """
                      - name: Extra
                        paths: ["Notes/Gone/**", "Notes/Core/Note.swift"]

                    """).utf8))
        let run = try check(project)
        #expect(
            run.diagnostics.map(\.ruleID).sorted() == ["layer.ambiguous", "layer.unmatched-pattern"],
            "\(run.diagnostics)")
    }

    /// Roles of types (the View / ViewModel / Use Case / Model articles): a type's name
    /// decides its layer, and the code inside it speaks for that layer.
    static let roles = """
        layers:
          - name: Model
            paths: ["Notes/Core/**"]
          - name: Repository
            types: ["*Store"]
            may_use: [Model]
          - name: Service
            types: ["*Service"]
            may_use: [Model, Repository]
          - name: View
            types: ["*List", "*Widget"]
            may_use: [Model, Service]
          - name: Live
            paths: ["Notes/NotesApp.swift"]
          - name: Widget
            paths: ["NotesWidget/**"]

        """

    @Test func typesByNameAreLayersAndTheirCodeIsJudgedByThem() throws {
        let project = try TemporaryProject(xcode: "synced-app")
        try project.write("strata.yml", Data(Self.roles.utf8))
        let clean = try check(project)
        #expect(clean.diagnostics.isEmpty, "\(clean.diagnostics)")
        #expect(clean.analysis.report.violations.isEmpty, "\(clean.analysis.report.violations.map(\.message))")

        try project.write(
            "Notes/UI/NoteList.swift",
            Data(
                """
                import SwiftUI

                struct NoteList: View {
                    let service: SyncService
                    var body: some View { List(service.notes) { Text($0.text) } }
                    func reload() { _ = NoteStore().load() }
                }

                """.utf8))
        let broken = try check(project)
        #expect(
            broken.analysis.report.violations.map(\.diagnostic.description) == [
                "Notes/UI/NoteList.swift:6:25: error: 'View' uses 'NoteStore' from 'Repository'; View may use only "
                    + "Model, Service [layer-order]"
            ])
    }

    @Test func aTypesPatternThatMatchesNoTypeIsAnError() throws {
        let project = try TemporaryProject(xcode: "synced-app")
        try project.write(
            "strata.yml",
            Data(
                (Self.roles + """
                      - name: Domain
                        types: ["*UseCase"]

                    """).utf8))
        let run = try check(project)
        #expect(
            run.diagnostics.map(\.description) == [
                "strata.yml:18:13: error: types: '*UseCase' of layer 'Domain' matches no type declared in the graph "
                    + "[layer.unmatched-pattern]"
            ])
    }

    /// Types by what they are: conforming to `View`, annotated `@Observable` (the wiki page's
    /// Model / View / ViewModel), beside types by name and files by folder.
    @Test func typesByConformanceAndAttributeAreLayers() throws {
        let project = try Self.app([
            "Sources/App/Models/Item.swift": "struct Item {}\n",
            "Sources/App/Data/ItemRepository.swift":
                "final class ItemRepository {\n    func all() -> [Item] { [] }\n}\n",
            "Sources/App/Features/FeedModel.swift":
                "@Observable\nfinal class FeedModel {\n    let repository = ItemRepository()\n}\n",
            "Sources/App/Features/FeedView.swift":
                "import SwiftUI\n\nstruct FeedView: SwiftUI.View {\n    let model: FeedModel\n    var body: some "
                + "View { Text(\"\") }\n    func refresh() { _ = ItemRepository().all() }\n}\n",
            "strata.yml": """
            layers:
              - name: Model
                paths: ["Sources/App/Models/**"]
              - name: Data
                types: ["*Repository"]
                may_use: [Model]
              - name: ViewModel
                attributes: ["@Observable"]
                may_use: [Model, Data]
              - name: View
                conforms_to: [View]
                may_use: [Model, ViewModel]
            rules:
              unassigned-module: error      # the module's types are in layers: it is not unassigned

            """
        ])
        let run = try check(project)
        #expect(run.diagnostics.isEmpty, "\(run.diagnostics)")
        #expect(
            run.analysis.report.violations.map(\.diagnostic.description) == [
                "Sources/App/Features/FeedView.swift:6:26: error: 'View' uses 'ItemRepository' from 'Data'; View "
                    + "may use only Model, ViewModel [layer-order]"
            ])
    }

    /// "ViewModels do not import SwiftUI", "Views do not reach a Repository directly":
    /// `forbid:` from a layer of types, to a module (by its imports) or to another layer of
    /// types (by its references).
    @Test func forbidRulesFromALayerOfTypesJudgeImportsAndReferences() throws {
        let project = try Self.app([
            "Sources/App/Data/ItemRepository.swift": "final class ItemRepository {}\n",
            "Sources/App/Features/FeedModel.swift":
                "import SwiftUI\nimport Foundation\n\n@Observable\nfinal class FeedModel {\n    let repository = "
                + "ItemRepository()\n}\n",
            "Sources/App/Features/FeedView.swift":
                "import SwiftUI\n\nstruct FeedView: View {\n    let model: FeedModel\n    let repository: "
                + "ItemRepository\n    var body: some View { Text(\"\") }\n}\n",
            "strata.yml": """
            layers:
              - name: Data
                types: ["*Repository"]
              - name: ViewModel
                attributes: ["@Observable"]
              - name: View
                conforms_to: [View]
            rules:
              unassigned-module: off
              forbid:
                - from: ViewModel
                  to: SwiftUI
                  because: view models are tested without a UI
                - from: View
                  to: Data
                  because: a View reaches data through its ViewModel

            """
        ])
        let run = try check(project)
        #expect(run.diagnostics.isEmpty, "\(run.diagnostics)")
        #expect(
            run.analysis.report.violations.map(\.diagnostic.description) == [
                "Sources/App/Features/FeedModel.swift:1:1: error: 'ViewModel' uses 'SwiftUI', which is forbidden "
                    + "(ViewModel → SwiftUI): view models are tested without a UI [forbid/ViewModel-SwiftUI]",
                "Sources/App/Features/FeedView.swift:5:21: error: 'View' uses 'ItemRepository', which is forbidden "
                    + "(View → Data): a View reaches data through its ViewModel [forbid/View-Data]"
            ])
    }

    /// The wiki page's rule: "a ViewModel uses `@Observable`, not `ObservableObject`".
    @Test func typeRulesJudgeConformancesAndAttributesIncludingExtensions() throws {
        let project = try Self.app([
            "Sources/App/FeedViewModel.swift": "import Combine\n\nfinal class FeedViewModel: ObservableObject {}\n",
            "Sources/App/ProfileViewModel.swift": "@Observable\nfinal class ProfileViewModel {}\n",
            "Sources/App/SettingsViewModel.swift":
                "@Observable\nfinal class SettingsViewModel {}\nextension SettingsViewModel: "
                + "Combine.ObservableObject {}\n",
            "strata.yml": """
            rules:
              type-rules:
                - types: ["*ViewModel"]
                  must_have_attribute: ["@Observable"]
                  must_not_conform_to: [ObservableObject]
                  because: view models use Observation

            """
        ])
        let run = try check(project)
        #expect(run.diagnostics.isEmpty, "\(run.diagnostics)")
        #expect(
            run.analysis.report.violations.map(\.diagnostic.description) == [
                "Sources/App/FeedViewModel.swift:3:13: error: 'FeedViewModel' conforms to 'ObservableObject' and "
                    + "does not carry '@Observable', against the type rule for *ViewModel: view models use "
                    + "Observation [type-rule/*ViewModel]",
                "Sources/App/SettingsViewModel.swift:2:13: error: 'SettingsViewModel' conforms to "
                    + "'ObservableObject', against the type rule for *ViewModel: view models use Observation "
                    + "[type-rule/*ViewModel]"
            ])
        #expect(run.analysis.report.rules.map(\.id).contains("type-rule/*ViewModel"))
    }

    @Test func aTypeRuleWithoutWhatToJudgeIsRefused() throws {
        let project = try Self.app([
            "Sources/App/A.swift": "struct A {}\n",
            "strata.yml": "rules:\n  type-rules:\n    - types: [\"*Model\"]\n      because: nothing to check\n"
        ])
        #expect {
            _ = try check(project)
        } throws: { error in
            (error as? DiagnosticsError)?.diagnostics.first?.ruleID == "config.invalid-value"
        }
    }

    /// A preview reads a file for its types again only when it changed.
    @Test func aPreviewReadsOnlyChangedFilesForTheirTypesAgain() throws {
        let project = try TemporaryProject(xcode: "synced-app")
        try project.write("strata.yml", Data(Self.layers.utf8))
        try project.write("Content/index.md", Data("# Notes\n".utf8))
        let memory = BuildMemory(settleTime: .zero)
        let builder = SiteBuilder(
            project: ProjectFiles(root: project.root, workingDirectory: project.root), memory: memory)
        #expect(builder.renderSite().result.outcome == .written)
        #expect(
            memory.statistics.sourcesReadForTypes == 6,
            "the files of the app and the widget (which share one), not the tests")
        #expect(builder.renderSite().result.outcome == .written)
        #expect(memory.statistics.sourcesReadForTypes == 0)
        try project.write("Notes/UI/NoteList.swift", Data("struct NoteList {\n    var store: NoteStore?\n}\n".utf8))
        let changed = builder.renderSite()
        #expect(memory.statistics.sourcesReadForTypes == 1)
        #expect(changed.result.diagnostics.isEmpty)
        let pages = Dictionary(
            changed.files.map { ($0.path, String(decoding: $0.contents, as: UTF8.self)) },
            uniquingKeysWith: { first, _ in first })
        #expect(
            pages["layers/ui.html"]?.contains("&#39;UI&#39; uses &#39;NoteStore&#39;") == true, "the edit is judged")
    }

    /// Layers of types only: the module holding them is in layers, not unassigned.
    @Test func aModuleWhoseTypesAreInLayersIsNotUnassigned() throws {
        let files = [
            "Sources/App/FeedView.swift":
                "import SwiftUI\nstruct FeedView: View {\n    var body: some View { Text(\"\") }\n}\n",
            "strata.yml": "layers:\n  - name: View\n    conforms_to: [View]\nrules:\n  unassigned-module: error\n"
        ]
        let run = try check(Self.app(files))
        #expect(run.analysis.report.violations.isEmpty, "\(run.analysis.report.violations.map(\.message))")
        // With a layer that claims nothing here, the module is unassigned again.
        var unclaimed = files
        unclaimed["Sources/App/FeedView.swift"] = "struct Feed {}\n"
        unclaimed["strata.yml"] = "layers:\n  - name: Core\n    modules: [Other*]\nrules:\n  unassigned-module: error\n"
        let other = try check(Self.app(unclaimed))
        #expect(other.analysis.report.violations.map(\.ruleID) == ["unassigned-module"])
    }
}
