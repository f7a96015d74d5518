import Foundation
import StrataBuild
import StrataCore
import Testing

/// Issue 45, item 16: a 2 GB asset took 2 GB of memory to publish. An asset of
/// `FileCopy.threshold` bytes or more is now held as a copy, made a megabyte at a time
/// when the site is written.
@Suite struct LargeAssetTests {
    /// A sparse file of `size` bytes with a marker at its start, middle and end, so that a
    /// copy that drops, shifts or truncates a piece differs.
    static func makeLargeFile(at url: URL, size: Int) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        for (offset, marker) in [(0, "start"), (size / 2 + 3, "middle"), (size - 3, "end")] {
            try handle.seek(toOffset: UInt64(offset))
            try handle.write(contentsOf: Data(marker.utf8))
        }
        try handle.truncate(atOffset: UInt64(size))
    }

    @Test func aLargeContentAssetIsCopiedNotHeld() throws {
        let project = try TemporaryProject(files: ["Content/index.md": "# Home\n", "Content/media/small.bin": "small\n"]
        )
        let size = FileCopy.threshold * 3 + 12_345
        try Self.makeLargeFile(at: project.url("Content/media/video.bin"), size: size)

        let rendered = SiteBuilder(project: ProjectFiles(root: project.root, workingDirectory: project.root))
            .renderSiteDeferringSearch()
        let video = try #require(rendered.files.first { $0.path == "media/video.bin" })
        #expect(video.contents.isEmpty, "the asset's bytes are not in memory")
        #expect(video.copy?.size == size)
        #expect(video.copy?.source == project.url("Content/media/video.bin").resolvingSymlinksInPath().path)
        #expect(rendered.files.first { $0.path == "media/small.bin" }?.copy == nil, "a small asset is read")

        let result = project.build()
        #expect(result.exitCode == 0, "\(result.diagnostics)")
        let copied = try Data(contentsOf: project.url("Output/media/video.bin"))
        #expect(copied == (try Data(contentsOf: project.url("Content/media/video.bin"))))
        #expect(project.text("Output/media/small.bin") == "small\n")
        // A rebuild over the previous site copies it again, whole.
        #expect(project.build().exitCode == 0)
        #expect((try Data(contentsOf: project.url("Output/media/video.bin"))) == copied)
    }

    @Test func aLargeThemeAssetIsCopiedToo() throws {
        let project = try TemporaryProject(files: [
            "Content/index.md": "# Home\n",
            "strata.yml": "theme: Themes/big\n",
            "Themes/big/templates/page.mustache": "<html><body>{{{page.contentHTML}}}</body></html>\n",
            "Themes/big/templates/404.mustache": "<html><body>Not found</body></html>\n"
        ])
        try Self.makeLargeFile(at: project.url("Themes/big/assets/font.bin"), size: FileCopy.threshold + 1)
        let result = project.build()
        #expect(result.exitCode == 0, "\(result.diagnostics)")
        #expect(
            (try Data(contentsOf: project.url("Output/assets/font.bin")))
                == (try Data(contentsOf: project.url("Themes/big/assets/font.bin"))))
    }

    /// A large asset linked from outside the project is refused as a small one is.
    @Test func aLargeAssetLinkedFromOutsideIsRefused() throws {
        let outside = try TemporaryProject()
        try Self.makeLargeFile(at: outside.url("secret.bin"), size: FileCopy.threshold + 1)
        let project = try TemporaryProject(files: ["Content/index.md": "# Home\n"])
        try FileManager.default.createSymbolicLink(
            atPath: project.url("Content/secret.bin").path, withDestinationPath: outside.url("secret.bin").path)
        let result = project.build()
        #expect(result.exitCode == 2)
        #expect(!FileManager.default.fileExists(atPath: project.url("Output/secret.bin").path))
    }
}
