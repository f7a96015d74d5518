import StrataCore
import Testing

@testable import StrataXcode

private let here = SourceLocation(path: "project.yml", line: 1)
private func text(_ value: String) -> DataNode { DataNode(.scalar(value), at: here) }
private func list(_ items: [DataNode]) -> DataNode { DataNode(.sequence(items), at: here) }
private func map(_ pairs: KeyValuePairs<String, DataNode>) -> DataNode {
    DataNode(.mapping(pairs.map { DataNode.Pair(key: text($0.key), value: $0.value) }), at: here)
}

/// XcodeGen's way of combining spec files: paths first made relative to the project, then
/// a file merged onto what it includes.
@Suite struct XcodeGenSpecFileTests {
    @Test func mappingsMergeListsJoinValuesAreReplacedAndReplaceReplaces() {
        let included = map([
            "name": text("Base"),
            "settings": map(["A": text("1"), "B": text("2")]),
            "targets": map(["App": map(["sources": list([text("Shared")])])]),
            "fileGroups": list([text("Docs")])
        ])
        let main = map([
            "name": text("App"),
            "settings": map(["B": text("3")]),
            "targets": map(["App": map(["sources": list([text("App")])])]),
            "fileGroups:REPLACE": list([text("Only")])
        ])
        let merged = XcodeGenSpecFile.merge(main, onto: included)
        #expect(merged["name"]?.scalar == "App")
        #expect(merged["settings"]?["A"]?.scalar == "1")
        #expect(merged["settings"]?["B"]?.scalar == "3")
        #expect(merged["targets"]?["App"]?["sources"]?.items?.compactMap(\.scalar) == ["Shared", "App"])
        #expect(merged["fileGroups"]?.items?.compactMap(\.scalar) == ["Only"])
    }

    @Test func anIncludedFilesPathsAreRelativeToItsFolderUnlessItSaysOtherwise() {
        let spec = XcodeGenSpecFile(
            path: "project.yml",
            root: map([
                "include": list([
                    text("App/target.yml"), map(["path": text("Ext/ext.yml"), "relativePaths": text("false")])
                ])
            ]), baseFolder: ".")
        #expect(spec.includes.map(\.path) == ["App/target.yml", "Ext/ext.yml"])
        #expect(spec.includes.map(\.baseFolder) == ["App", "."])

        let included = XcodeGenSpecFile(
            path: "App/target.yml",
            root: map([
                "targets": map([
                    "App": map([
                        "sources": list([
                            text("../Sources"), map(["path": text("Widget"), "excludes": list([text("**/*.md")])])
                        ]),
                        "dependencies": list([
                            map(["framework": text("Vendor/Charts.framework")]), map(["target": text("Kit")])
                        ])
                    ])
                ]),
                "packages": map([
                    "Storage": map(["path": text("../Packages/Storage")]), "Remote": map(["url": text("https://x/y")])
                ]),
                "localPackages": list([text("../Local")])
            ]), baseFolder: "App"
        ).resolved
        let app = included["targets"]?["App"]
        #expect(app?["sources"]?.items?.first?.scalar == "Sources")
        #expect(app?["sources"]?.items?.last?["path"]?.scalar == "App/Widget")
        #expect(
            app?["sources"]?.items?.last?["excludes"]?.items?.first?.scalar == "**/*.md",
            "globs stay relative to their source")
        #expect(app?["dependencies"]?.items?.first?["framework"]?.scalar == "App/Vendor/Charts.framework")
        #expect(app?["dependencies"]?.items?.last?["target"]?.scalar == "Kit")
        #expect(included["packages"]?["Storage"]?["path"]?.scalar == "Packages/Storage")
        #expect(included["packages"]?["Remote"]?["url"]?.scalar == "https://x/y")
        #expect(included["localPackages"]?.items?.first?.scalar == "Local")
    }

    @Test func foldersTakeWhatTheirGlobsSay() {
        let folder = XcodeSynchronizedFolder(
            path: "App",
            membership: .matching(includes: [], excludes: [PathPattern("Generated"), PathPattern("**/*Preview.swift")]),
            location: here
        )
        #expect(folder.contains("Feed/FeedView.swift"))
        #expect(!folder.contains("Generated/Strings.swift"), "an excluded folder takes everything below it")
        #expect(!folder.contains("Feed/FeedPreview.swift"))
        let only = XcodeSynchronizedFolder(
            path: "Widget", membership: .matching(includes: [PathPattern("*.swift")], excludes: []), location: here)
        #expect(only.contains("Widget.swift"))
        #expect(!only.contains("Sub/Widget.swift"))
    }
}
