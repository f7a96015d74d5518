import Foundation
import StrataCore
import Testing

@testable import StrataReports

/// `llms.txt` and `guidance.json` give each module's public API beside the rules: every
/// type with its kind, summary, layer and page, so a coding agent learns what a module
/// offers and where it sits without reading the reference.
@Suite struct APISummaryExportTests {
    static let summary = APISummary(modules: [
        APISummary.Module(
            name: "Kit", layer: "Domain", outputPath: "documentation/Kit/index.html",
            symbols: [
                APISummary.Symbol(
                    name: "Store", kind: "Class", summary: "Keeps the notes.", layer: nil,
                    outputPath: "documentation/Kit/Store.html"),
                APISummary.Symbol(
                    name: "Store.Entry", kind: "Structure", summary: nil, layer: "Model",
                    outputPath: "documentation/Kit/Store.Entry.html")
            ]),
        APISummary.Module(name: "Empty", layer: nil, outputPath: nil, symbols: [])
    ])

    static func catalog(api: APISummary) -> GuidanceCatalog {
        var catalog = GuidanceCatalog()
        catalog.api = api
        return catalog
    }

    @Test func theDigestListsEachModulesTypesWithTheirLayers() {
        let site = SiteSettings(title: "Notes", baseURL: "https://example.com/docs")
        let text = GuidanceDigestWriter(site: site).write(Self.catalog(api: Self.summary))
        #expect(text.hasPrefix("# Notes: architecture guidance\n\n> No rules are written for this project yet"))
        #expect(
            text.contains("Each module's public API follows, with the layers that hold it; every type has a page.\n"))
        #expect(
            text.contains(
                """
                ## Public API

                ### [Kit](https://example.com/docs/documentation/Kit/index.html) (layer Domain)

                - [Store](https://example.com/docs/documentation/Kit/Store.html) (Class): Keeps the notes.
                - [Store.Entry](https://example.com/docs/documentation/Kit/Store.Entry.html) (Structure, layer Model)

                ### Empty

                No public type.

                """))
    }

    @Test func aDigestWithoutAPISaysNothingOfIt() {
        let text = GuidanceDigestWriter(site: SiteSettings(title: "Notes")).write(GuidanceCatalog())
        #expect(!text.contains("Public API"))
        #expect(!text.contains("public API follows"))
    }

    @Test func theJSONGivesTheSameSummaryWithURLs() throws {
        let text = GuidanceJSONWriter(baseURL: "/docs").write(Self.catalog(api: Self.summary))
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let modules = try #require(root["api"] as? [[String: Any]])
        #expect(modules.count == 2)
        #expect(modules[0]["module"] as? String == "Kit")
        #expect(modules[0]["layer"] as? String == "Domain")
        #expect(modules[0]["url"] as? String == "/docs/documentation/Kit/index.html")
        let symbols = try #require(modules[0]["symbols"] as? [[String: Any]])
        #expect(symbols.map { $0["name"] as? String } == ["Store", "Store.Entry"])
        #expect(symbols[0]["summary"] as? String == "Keeps the notes.")
        #expect(symbols[0]["layer"] == nil)
        #expect(symbols[1]["layer"] as? String == "Model")
        #expect(symbols[1]["summary"] == nil)
        #expect(symbols[1]["url"] as? String == "/docs/documentation/Kit/Store.Entry.html")
        #expect(modules[1]["layer"] == nil && modules[1]["url"] == nil)
    }

    @Test func theJSONLeavesTheAPIOutWhenNoneWasRead() {
        #expect(!GuidanceJSONWriter().write(GuidanceCatalog()).contains("\"api\""))
    }
}
