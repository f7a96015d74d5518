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
    static let column = DiagramLegibility.desktopColumn

    struct Finding: CustomStringConvertible {
        var diagram: String
        var problem: String
        var description: String { "\(diagram): \(problem)" }
    }

    /// The problems of every drawing (page path → SVG).
    static func findings(in layouts: [String: Data]) -> [Finding] {
        var findings: [Finding] = []
        for (_, data) in layouts.sorted(by: { $0.key < $1.key }) {
            let svg = String(decoding: data, as: UTF8.self)
            let id =
                svg.firstRange(of: "id=\"svg.").flatMap { open in
                    svg[open.upperBound...].split(separator: "\"", maxSplits: 1).first.map(String.init)
                } ?? "?"
            let legibility = DiagramLegibility.measure(svg)
            if !legibility.overlaps.isEmpty {
                findings.append(Finding(diagram: id, problem: "overlaps \(legibility.overlaps.prefix(4))"))
            }
            if !legibility.overflowing.isEmpty {
                findings.append(Finding(diagram: id, problem: "overflows \(legibility.overflowing.prefix(4))"))
            }
            // The overview and a large graph's map of families are shown at their natural size
            // (zoom 1) when fitting would shrink their text. Every other drawing fits the column.
            let natural = id == "overview" || id.hasPrefix("map-famil")
            let font = legibility.smallestRenderedFont(
                inColumn: natural ? max(column, legibility.naturalWidth) : column)
            if font < DiagramLegibility.smallestReadableFont {
                findings.append(
                    Finding(
                        diagram: id,
                        problem:
                            "smallest text \(String(format: "%.1f", font)) px (\(Int(legibility.naturalWidth)) px wide)"
                    ))
            }
        }
        return findings
    }

    /// The packages are built once, by the `strata` binary, for this and the browser's
    /// gallery tests (`SharedSites`).
    @Test(arguments: [5, 30, 125, 500])
    func generatedPackagesAreLegibleAndTheGalleryShowsThem(modules: Int) async throws {
        let package = LayeredPackage(modules: modules)
        let site = try await SharedSites.layeredPackage(modules: modules)
        if let keep = ProcessInfo.processInfo.environment["STRATA_GALLERY_KEEP"] {
            // For looking at the drawings: the generated project and its site, kept.
            let target = URL(fileURLWithPath: keep).appendingPathComponent("\(modules)")
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: site.project, to: target)
        }
        let drawings = TemporaryProject.shownDiagrams(in: site.output)
        #expect(drawings.count > modules, "the overview, every layer and every module's neighbourhood")
        let findings = Self.findings(in: drawings)
        #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")

        // Content/module-graph/gallery.md shows three of them as they are built.
        for (kind, page) in package.galleryPages {
            let html = try String(contentsOf: site.output.appendingPathComponent(page), encoding: .utf8)
            let svg = try #require(Self.diagram(in: html), "\(page) has a diagram")
            let image = Self.galleryFolder.appendingPathComponent("\(modules)-\(kind).svg")
            if ProcessInfo.processInfo.environment["STRATA_UPDATE_GOLDEN"] == "1" {
                try FileManager.default.createDirectory(at: Self.galleryFolder, withIntermediateDirectories: true)
                try Data(svg.utf8).write(to: image)
            }
            #expect(
                (try? String(contentsOf: image, encoding: .utf8)) == svg,
                "Content/module-graph/gallery/\(modules)-\(kind).svg differs from \(page) as built")
        }
    }

    static let galleryFolder = TemporaryProject.fixtures.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Content/module-graph/gallery")

    /// A page's first architecture diagram as a file of its own.
    static func diagram(in page: String) -> String? {
        guard let marker = page.firstRange(of: "id=\"svg."),
            let open = page[..<marker.lowerBound].range(of: "<svg", options: .backwards),
            let close = page[marker.upperBound...].firstRange(of: "</svg>")
        else { return nil }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + page[open.lowerBound..<close.upperBound] + "\n"
    }

    /// The small app of the guide fixture: every diagram reads well, none needs a fallback.
    @Test func theGuidesDiagramsAreLegible() throws {
        let project = try TemporaryProject(fixture: "guide")
        _ = project.build()
        let drawings = project.shownDiagrams()
        #expect(drawings.count >= 10, "the overview, five layers and the modules' neighbourhoods")
        let findings = Self.findings(in: drawings)
        #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
        #expect(
            !project.text("Output/modules/index.html").contains("too wide to read"),
            "the overview is drawn module by module")
    }

    /// Strata's own site, built once for this and the browser tests (`SharedSites`).
    @Test func stratasOwnDiagramsAreLegible() async throws {
        let drawings = TemporaryProject.shownDiagrams(in: try await SharedSites.ownManual().output)
        #expect(drawings.count > 40, "the overview, the layers and every module")
        let findings = Self.findings(in: drawings)
        #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
    }
}
