import Foundation
import StrataBuild
import StrataCore
import Testing

/// The readers `make fuzz` drives, as it drives them: a real input reads without an
/// error, and a broken one gives a located error rather than a crash.
@Suite struct FuzzEntryPointsTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: Self.fixtures.appendingPathComponent(path)))
    }

    @Test func anXcodeProjectReadsAndABrokenOneIsAnErrorAtItsLine() throws {
        let project = try bytes("xcode/synced-app/Notes.xcodeproj/project.pbxproj")
        #expect(FuzzEntryPoints.xcodeProject(project).filter { $0.severity == .error }.isEmpty)
        // Cut off half-way: the property list ends too soon.
        let cut = FuzzEntryPoints.xcodeProject(Array(project.prefix(project.count / 2)))
        #expect(
            cut.contains {
                $0.severity == .error && $0.location?.path == "App.xcodeproj/project.pbxproj"
                    && ($0.location?.line ?? 0) > 1
            }, "\(cut)")
        // A property list that is not a project.
        let notAProject = FuzzEntryPoints.xcodeProject(Array("// !$*UTF8*$!\n{ archiveVersion = 1; }\n".utf8))
        #expect(notAProject.map(\.ruleID) == ["xcode.invalid-project"], "\(notAProject)")
    }

    @Test func everyOtherReaderGivesBrokenBytesALocatedError() {
        let broken = Array("---\ntitle: [\n---\n# A\n".utf8) + [0xFF, 0xFE]
        for (reader, diagnostics) in [
            ("page", FuzzEntryPoints.page(broken)), ("manifest", FuzzEntryPoints.manifest(broken)),
            ("config", FuzzEntryPoints.configuration(broken))
        ] {
            #expect(diagnostics.contains { $0.severity == .error && $0.location != nil }, "\(reader): \(diagnostics)")
        }
        // A guidance part with no text, in an unterminated block comment: still read, and
        // warned about at its line.
        let source = FuzzEntryPoints.swiftSource(Array("import A\n/* CHECK:\n".utf8))
        #expect(
            source.contains {
                $0.ruleID == "guidance.empty-part" && $0.location?.path == "F.swift" && $0.location?.line == 2
            }, "\(source)")
    }

    /// The diagram target draws in process through Graphviz: a graph of the shapes that
    /// crashed it is drawn or refused with a located warning, and broken code is a warning.
    @Test func theDiagramTargetDrawsOrRefusesWithAWarning() {
        #expect(
            FuzzEntryPoints.diagram(
                Array(
                    ("ddigraph G { rankdir=LR; subgraph cluster_1 { N4; N5; } N0 -> N2 [label=\"a\"]; N5 -> N2 "
                        + "[label=\"b\"]; N2 -> N4 [label=\"c\"]; N0 -> N4 [label=\"d\"]; }").utf8)
            ).isEmpty)
        let twoGroups = FuzzEntryPoints.diagram(
            Array("ddigraph G { subgraph cluster_a { X; } subgraph cluster_b { X; Y; } X -> Y; }".utf8))
        #expect(
            twoGroups.map(\.ruleID) == ["diagram.layout-failed"] && twoGroups.first?.location?.path == "page.md",
            "\(twoGroups)")
        #expect(FuzzEntryPoints.diagram(Array("mflowchart LR\n  A -->".utf8)).map(\.ruleID) == ["diagram.unreadable"])
        #expect(FuzzEntryPoints.diagram([]).isEmpty)
    }

    /// Found by `make fuzz` (the diagram target, 304,311 runs): a group named `Cluster_1`,
    /// which dot 2.42 takes for a cluster whatever the case and LayoutSafety then did not,
    /// with rank sets and unconstrained arrows, aborted dot's install_in_rank.
    @Test func theDiagramTargetsFindingIsDrawnSafely() {
        let finding: [UInt8] = [
            100, 100, 105, 103, 114, 97, 112, 104, 32, 71, 32, 123, 32, 99, 111, 110, 99, 101, 110, 116, 114, 97, 116,
            101, 61, 116, 114, 117, 101, 59, 32, 99, 111, 109, 112, 111, 117, 110, 100, 61, 116, 114, 32, 123, 32, 97,
            59, 32, 115, 117, 98, 103, 114, 97, 112, 104, 32, 67, 108, 117, 115, 116, 101, 114, 95, 49, 32, 123, 32, 98,
            59, 32, 125, 32, 125, 32, 123, 32, 114, 65, 110, 107, 61, 115, 97, 109, 101, 59, 32, 97, 59, 32, 99, 59, 32,
            125, 32, 123, 32, 114, 97, 110, 107, 61, 109, 97, 120, 59, 32, 99, 59, 32, 100, 59, 32, 125, 32, 97, 32, 45,
            62, 32, 98, 32, 91, 108, 255, 104, 101, 97, 100, 61, 34, 99, 108, 117, 115, 116, 101, 114, 95, 49, 34, 44,
            32, 108, 97, 98, 101, 108, 61, 34, 120, 34, 93, 59, 32, 98, 32, 45, 62, 32, 99, 59, 32, 163, 223, 98, 210,
            193, 223, 156, 196, 223, 99, 32, 45, 62, 32, 100, 32, 91, 99, 111, 110, 115, 116, 114, 97, 105, 110, 116,
            61, 102, 97, 108, 115, 101, 93, 59, 32, 125, 10
        ]
        #expect(FuzzEntryPoints.diagram(finding).allSatisfy { $0.severity == .warning })
    }
}
