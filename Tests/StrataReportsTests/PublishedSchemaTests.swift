import Foundation
import StrataCore
import StrataTestSupport
import StrataYAML
import Testing

@testable import StrataReports

/// The JSON Schemas Strata publishes (`Content/schemas/v1/`, in the repository and in the
/// manual) describe what Strata writes and reads: every machine output of the fixtures, and
/// of the binary on Xcode projects, validates against its schema, as does every
/// `strata.yml` Strata accepts; and each schema refuses what Strata would not write or read.
@Suite struct PublishedSchemaTests {
    static let repository = SharedSites.repository
    static let fixtures = repository.appendingPathComponent("Tests/Fixtures")

    static func schema(_ name: String) throws -> JSONSchemaValidator {
        let text = try String(
            contentsOf: repository.appendingPathComponent("Content/schemas/v1/\(name).schema.json"), encoding: .utf8)
        return JSONSchemaValidator(root: try JSONValue.parse(text))
    }

    /// Every file called `name` below the fixtures, in a stable order.
    static func fixtureFiles(named name: String) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: fixtures, includingPropertiesForKeys: nil)
        var found: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.lastPathComponent == name { found.append(url) }
        }
        return found.sorted { $0.path < $1.path }
    }

    static func json(_ url: URL) throws -> JSONValue {
        try JSONValue.parse(try String(contentsOf: url, encoding: .utf8))
    }

    @Test func checkReportsValidate() throws {
        let schema = try Self.schema("check-report")
        let files = Self.fixtureFiles(named: "check.json")
        #expect(files.count >= 10)
        for file in files {
            #expect(schema.validate(try Self.json(file)) == [], "\(file.path)")
        }
        #expect(schema.validate(try JSONValue.parse(CheckJSONWriter().write(CheckReportWriterTests.report))) == [])
        #expect(
            !schema.validate(
                try JSONValue.parse(
                    #"{"version": 1, "summary": {"errors": -1, "warnings": 0, "modules": 0, "baselined": 0}, "#
                        + #""violations": [], "stale_baseline": [], "rules": []}"#
                )
            ).isEmpty)
        #expect(
            !schema.validate(
                try JSONValue.parse(
                    #"{"version": 2, "summary": {"errors": 0, "warnings": 0, "modules": 0, "baselined": 0}, "#
                        + #""violations": [], "stale_baseline": [], "rules": []}"#
                )
            ).isEmpty)
    }

    @Test func graphsValidate() async throws {
        let schema = try Self.schema("graph")
        let files = Self.fixtureFiles(named: "graph.json")
        #expect(files.count >= 8)
        // The package goldens too, each read for a platform (`platform-branches.ios.graph.json`).
        let packages = Self.fixtures.appendingPathComponent("packages")
        let goldens = try FileManager.default.contentsOfDirectory(atPath: packages.path)
            .filter { $0.hasSuffix(".graph.json") }.sorted().map { packages.appendingPathComponent($0) }
        #expect(goldens.count >= 7)
        for file in files + goldens {
            #expect(schema.validate(try Self.json(file)) == [], "\(file.path)")
        }
        // Xcode projects too: their reader, product types and pbxproj locations.
        for shape in ["app-with-packages", "groups-app", "synced-app", "workspace-app", "messy-app", "xcodegen-app"] {
            let run = try await ChildProcess.run(
                SharedSites.executable,
                ["graph", "-f", "json", "-q", "-C", Self.fixtures.appendingPathComponent("xcode/\(shape)").path])
            #expect(run.status == 0, "\(shape): \(run.stderr)")
            let graph = try JSONValue.parse(run.stdout)
            #expect(schema.validate(graph) == [], "\(shape)")
            #expect(run.stdout.contains("\"reader\" : \"xcode\""), "\(shape)")
        }
        #expect(
            !schema.validate(
                try JSONValue.parse(
                    #"{"version": 1, "packages": [], "nodes": [{"id": "A", "kind": "library"}], "edges": []}"#)
            ).isEmpty)
        #expect(
            !schema.validate(
                try JSONValue.parse(
                    #"{"version": 1, "packages": [], "nodes": [], "edges": [], "platform": {"name": "iPadOS", "#
                        + #""origin": "default"}}"#)
            ).isEmpty)
    }

    /// The graph schema's closed lists are the code's: a value the code writes and the schema
    /// leaves out makes real output fail validation, as `unresolved` edges once did.
    @Test func theGraphSchemasListsAreTheCodes() throws {
        let text = try String(
            contentsOf: Self.repository.appendingPathComponent("Content/schemas/v1/graph.schema.json"), encoding: .utf8)
        let root = try JSONValue.parse(text)
        func values(_ list: JSONValue?) -> Set<String> {
            guard case .array(let items) = list else { return [] }
            return Set(items.compactMap { if case .string(let text) = $0 { text } else { nil } })
        }
        let edges = root["properties"]?["edges"]?["items"]?["properties"]
        let nodes = root["properties"]?["nodes"]?["items"]?["properties"]
        #expect(values(edges?["relation"]?["enum"]) == Set(ModuleEdge.Relation.allCases.map(\.rawValue)))
        #expect(values(nodes?["kind"]?["enum"]) == Set(ModuleNode.Kind.allCases.map(\.rawValue)))
    }

    @Test func componentsValidate() throws {
        let schema = try Self.schema("components")
        let files = Self.fixtureFiles(named: "components.json")
        #expect(files.count >= 8)
        for file in files {
            #expect(schema.validate(try Self.json(file)) == [], "\(file.path)")
        }
        let written = ComponentJSONWriter().write(
            ComponentGraph(
                components: [
                    ComponentGraph.Component(
                        module: "App", layer: "UI",
                        types: [
                            ComponentGraph.Member(name: "Feed", layer: "UI", origin: "types: '*Feed'", kind: .struct)
                        ])
                ],
                references: [
                    ComponentGraph.Reference(
                        from: ComponentGraph.ComponentID(module: "App", layer: "UI"), fromType: nil,
                        to: ComponentGraph.ComponentID(module: "App", layer: "UI"), toType: "Feed",
                        kind: .initializer, location: SourceLocation(path: "A.swift", line: 1, column: 2)
                    )
                ]
            ))
        #expect(schema.validate(try JSONValue.parse(written)) == [])
        #expect(
            !schema.validate(
                try JSONValue.parse(
                    #"{"version": 1, "components": [], "references": [{"from": {"module": "A"}, "to": {"module": "#
                        + #""B", "layer": "L"}, "kind": "type", "location": "a:1:1"}]}"#
                )
            ).isEmpty)
        #expect(
            !schema.validate(try JSONValue.parse(#"{"version": 1, "components": [], "references": [], "extra": 1}"#))
                .isEmpty)
    }

    @Test func guidanceValidates() throws {
        let schema = try Self.schema("guidance")
        let files = Self.fixtureFiles(named: "guidance.json")
        #expect(files.count >= 2)
        for file in files {
            #expect(schema.validate(try Self.json(file)) == [], "\(file.path)")
        }
        #expect(
            !schema.validate(
                try JSONValue.parse(
                    #"{"version": 1, "blocks": [{"id": "x"}], "reading_lists": [], "layers": [], "rules": []}"#)
            ).isEmpty)
    }

    /// YAML as JSON, scalars typed as YAML 1.2's core schema types them.
    static func json(_ node: DataNode) -> JSONValue {
        switch node.value {
        case .null: return .null
        case .sequence(let items): return .array(items.map(json))
        case .mapping(let pairs):
            var members: [String: JSONValue] = [:]
            for pair in pairs { if case .scalar(let key) = pair.key.value { members[key] = json(pair.value) } }
            return .object(members)
        case .scalar(let text):
            if ["true", "True", "TRUE"].contains(text) { return .bool(true) }
            if ["false", "False", "FALSE"].contains(text) { return .bool(false) }
            if let number = Int(text) { return .integer(number) }
            return .string(text)
        }
    }

    static func config(_ yaml: String) throws -> JSONValue {
        try #require(try YAMLReader.read(yaml, path: "strata.yml")).map(json) ?? .object([:])
    }

    @Test func everyConfigurationStrataReadsValidates() async throws {
        let schema = try Self.schema("strata")
        let files = Self.fixtureFiles(named: "strata.yml") + [Self.repository.appendingPathComponent("strata.yml")]
        #expect(files.count >= 15)
        for file in files {
            #expect(
                schema.validate(try Self.config(try String(contentsOf: file, encoding: .utf8))) == [], "\(file.path)")
        }
        #expect(
            schema.validate(
                try Self.config(
                    "site:\n  base-url: https://docs.test/\nrules:\n  unused_dependency: off\n  layer-order: error\n"))
                == [], "either spelling")
        for platform in ["iOS", "ios", "LINUX", "visionOS", "xros", "Windows"] {
            #expect(schema.validate(try Self.config("platform: \(platform)\n")) == [], "\(platform)")
        }
        // What `strata init` writes, for a package with sections and one without.
        for fixture in ["check/layered", "check/multi-package"] {
            let folder = TestScratch.path("init")
            defer { TestScratch.remove(folder) }
            try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(fixture), to: folder)
            try FileManager.default.removeItem(at: folder.appendingPathComponent("strata.yml"))
            let run = try await ChildProcess.run(SharedSites.executable, ["init", "-q"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            let written = try String(contentsOf: folder.appendingPathComponent("strata.yml"), encoding: .utf8)
            #expect(schema.validate(try Self.config(written)) == [], "\(written)")
        }
        for wrong in [
            "site:\n  tittle: A\n", "rules:\n  cycle: fatal\n", "layers:\n  - modules: [A]\n",
            "build:\n  fail_on_violations: always\n", "guidance:\n  as_of: tomorrow\n", "unknown: 1\n",
            "platform: iPadOS\n", "platform: [iOS, macOS]\n"
        ] {
            #expect(!schema.validate(try Self.config(wrong)).isEmpty, "\(wrong)")
        }
    }
}
