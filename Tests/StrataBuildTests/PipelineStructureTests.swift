import Foundation
import Testing

/// The pipeline's files depend on one another in one direction: no file of a stage, of the
/// memos, or of what they read through, refers (through the types it declares) to a file
/// that refers back to it. The compositions (`SiteBuilder`) refer to every stage, and no
/// stage to them.
@Suite struct PipelineStructureTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Sources/StrataBuild")

    /// The files looked at, relative to Sources/StrataBuild.
    static func files() throws -> [String] {
        var files: [String] = []
        for folder in ["Pipeline", "Memo"] {
            files += try FileManager.default.contentsOfDirectory(atPath: sources.appendingPathComponent(folder).path)
                .filter { $0.hasSuffix(".swift") }.map { "\(folder)/\($0)" }
        }
        return files.sorted() + [
            "ContentScanner.swift", "Graph/PackageGraphLoader.swift", "LinkResolver.swift", "SiteBuilder.swift"
        ]
    }

    /// Top-level types a file declares.
    static func declared(in text: String) throws -> [String] {
        let pattern = try NSRegularExpression(
            pattern: #"^(?:public |package )?(?:final )?(?:struct|enum|class|protocol|actor) ([A-Za-z_][A-Za-z0-9_]*)"#,
            options: .anchorsMatchLines)
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    @Test func noFileOfThePipelineRefersBackToAFileThatRefersToIt() throws {
        let files = try Self.files()
        var text: [String: String] = [:]
        var owner: [String: String] = [:]
        for file in files {
            let contents = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            text[file] = contents
            for type in try Self.declared(in: contents) { owner[type] = file }
        }
        #expect(
            owner["ReadStage"] == "Pipeline/ReadStage.swift" && owner["Memo"] == "Memo/Memo.swift",
            "the scan finds the stages' types")
        var uses: [String: Set<String>] = [:]
        for file in files {
            let words = Set((text[file] ?? "").split { !$0.isLetter && !$0.isNumber && $0 != "_" }.map(String.init))
            uses[file] = Set(owner.filter { words.contains($0.key) && $0.value != file }.map(\.value))
        }
        // Every pair of files that reach each other.
        func reaches(_ start: String) -> Set<String> {
            var seen: Set<String> = []
            var stack = Array(uses[start] ?? [])
            while let next = stack.popLast() {
                guard seen.insert(next).inserted else { continue }
                stack += uses[next] ?? []
            }
            return seen
        }
        for file in files {
            let circle = reaches(file).filter { reaches($0).contains(file) }
            #expect(circle.isEmpty, "\(file) and \(circle.sorted()) refer to each other")
        }
        #expect(
            uses["SiteBuilder.swift"]?.contains("Pipeline/RenderStage.swift") == true, "the compositions use the stages"
        )
    }
}
