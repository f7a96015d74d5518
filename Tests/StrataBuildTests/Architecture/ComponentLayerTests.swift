import Foundation
@testable import StrataBuild
import StrataCore
import Testing

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

    """

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
        try project.write("Notes/UI/NoteList.swift", Data("""
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
        #expect(violations.map(\.diagnostic.description) == [
            "Notes/UI/NoteList.swift:6:25: error: 'UI' uses 'NoteStore' from 'Infrastructure'; UI may use only Core, Service [layer-order]",
        ])
        #expect(violations.first?.evidence.map { "\($0.location) \($0.summary)" } == [
            "Notes/UI/NoteList.swift:6:25 NoteStore(…) in NoteList", "Notes/UI/NoteList.swift:7:16 type NoteStore in NoteList",
        ])
        #expect(violations.first?.modules == ["Notes"])
    }

    @Test func pathsThatMatchNoFileAndFilesTwoLayersClaimAreErrors() throws {
        let project = try TemporaryProject(xcode: "synced-app")
        try project.write("strata.yml", Data((Self.layers + """
          - name: Extra
            paths: ["Notes/Gone/**", "Notes/Core/Note.swift"]

        """).utf8))
        let run = try check(project)
        #expect(run.diagnostics.map(\.ruleID).sorted() == ["layer.ambiguous", "layer.unmatched-pattern"], "\(run.diagnostics)")
    }
}
