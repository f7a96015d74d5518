import Foundation
import StrataBuild
import StrataCore
import Testing

@Suite struct OutputWriterTests {
    @Test func writesTheMarkerAndReplacesOnlyItsOwnFolders() throws {
        let project = try TemporaryProject()
        let writer = OutputWriter(destination: project.url("Output"), displayPath: "Output")
        try writer.write([OutputFile(path: "a/b.html", text: "one")])
        #expect(project.text("Output/a/b.html") == "one")
        #expect(FileManager.default.fileExists(atPath: project.url("Output/.strata-output").path))
        try writer.write([OutputFile(path: "c.html", text: "two")])
        #expect(project.files().keys.sorted() == [".strata-output", "c.html"])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: project.root.path)
        #expect(leftovers == ["Output"], "temporary folders were left behind: \(leftovers)")
    }

    /// Whatever made a path, the writer refuses one that would leave the new folder, and
    /// writes nothing.
    @Test(arguments: ["../outside.html", "a/../../outside.html", "/tmp/outside.html", "a//b.html", "./a.html"])
    func refusesPathsThatLeaveTheSite(path: String) throws {
        let project = try TemporaryProject()
        let writer = OutputWriter(destination: project.url("work/Output"), displayPath: "Output")
        let error = #expect(throws: Diagnostic.self) {
            try writer.write([OutputFile(path: "index.html", text: "x"), OutputFile(path: path, text: "escaped")])
        }
        #expect(error?.ruleID == "output.unsafe-path")
        #expect(project.files(in: ".").isEmpty, "\(project.files(in: ".").keys.sorted())")
    }

    @Test func refusesAFolderItDidNotMake() throws {
        let project = try TemporaryProject(files: ["Output/precious.txt": "keep me"])
        let writer = OutputWriter(destination: project.url("Output"), displayPath: "Output")
        #expect {
            try writer.write([OutputFile(path: "index.html", text: "x")])
        } throws: { error in
            (error as? Diagnostic)?.ruleID == "output.not-strata"
        }
        #expect(project.text("Output/precious.txt") == "keep me")
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.root.path) == ["Output"])
    }

    @Test func anEmptyFolderIsFine() throws {
        let project = try TemporaryProject()
        try FileManager.default.createDirectory(at: project.url("Output"), withIntermediateDirectories: true)
        try OutputWriter(destination: project.url("Output"), displayPath: "Output").write([
            OutputFile(path: "x.html", text: "x")
        ])
        #expect(project.text("Output/x.html") == "x")
    }

    @Test func aFolderHoldingOnlyFindersDSStoreCountsAsEmpty() throws {
        let project = try TemporaryProject(files: ["Output/.DS_Store": "Finder"])
        try OutputWriter(destination: project.url("Output"), displayPath: "Output").write([
            OutputFile(path: "x.html", text: "x")
        ])
        #expect(project.text("Output/x.html") == "x")
        let refused = try TemporaryProject(files: ["Output/.DS_Store": "Finder", "Output/notes.txt": "mine"])
        #expect(throws: Diagnostic.self) {
            try OutputWriter(destination: refused.url("Output"), displayPath: "Output").write([])
        }
        #expect(refused.text("Output/notes.txt") == "mine")
    }

    @Test func aFileInTheWayIsRefused() throws {
        let project = try TemporaryProject(files: ["Output": "a file"])
        #expect {
            try OutputWriter(destination: project.url("Output"), displayPath: "Output").write([])
        } throws: { error in
            (error as? Diagnostic)?.ruleID == "output.not-a-folder"
        }
        #expect(project.text("Output") == "a file")
    }

    @Test func aFailedWriteLeavesThePreviousSiteAndNoDebris() throws {
        let project = try TemporaryProject()
        let writer = OutputWriter(destination: project.url("Output"), displayPath: "Output")
        try writer.write([OutputFile(path: "index.html", text: "old")])
        // A file and a folder of the same name cannot both be written.
        #expect(throws: Diagnostic.self) {
            try writer.write([OutputFile(path: "x", text: "file"), OutputFile(path: "x/y.html", text: "under a file")])
        }
        #expect(project.text("Output/index.html") == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.root.path) == ["Output"])
    }

    /// A rebuild links the files that did not change instead of writing them: same bytes,
    /// same file. Anything that differs from what Strata would write, even a hand edit of
    /// the same length or a link put in its place, is written afresh.
    @Test func aRebuildReusesUnchangedFilesAndRewritesTheRest() throws {
        let project = try TemporaryProject(files: ["elsewhere.html": "same"])
        let writer = OutputWriter(destination: project.url("Output"), displayPath: "Output")
        let site = ["same.html": "same", "changed.html": "before", "edited.html": "abc", "linked.html": "same"]
        try writer.write(site.map { OutputFile(path: $0.key, text: $0.value) })
        func inode(_ path: String) throws -> Int {
            try #require(
                FileManager.default.attributesOfItem(atPath: project.url(path).path)[.systemFileNumber] as? Int)
        }
        let before = try Dictionary(uniqueKeysWithValues: site.keys.map { ($0, try inode("Output/" + $0)) })
        try project.write("Output/edited.html", Data("xyz".utf8))
        try FileManager.default.removeItem(at: project.url("Output/linked.html"))
        try FileManager.default.createSymbolicLink(
            atPath: project.url("Output/linked.html").path, withDestinationPath: project.url("elsewhere.html").path)

        try writer.write(
            ["same.html": "same", "changed.html": "after!", "edited.html": "abc", "linked.html": "same"].map {
                OutputFile(path: $0.key, text: $0.value)
            })
        #expect(try inode("Output/same.html") == before["same.html"])
        #expect(project.text("Output/changed.html") == "after!")
        #expect(project.text("Output/edited.html") == "abc")
        #expect(try inode("Output/edited.html") != before["edited.html"])
        let linked = try FileManager.default.attributesOfItem(atPath: project.url("Output/linked.html").path)
        #expect(
            linked[.type] as? FileAttributeType == .typeRegular, "a symbolic link in the old output was carried over")
        #expect(project.text("Output/linked.html") == "same")
        #expect(project.text("elsewhere.html") == "same")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: project.root.path).sorted() == [
                "Output", "elsewhere.html"
            ])
    }

    /// A file that also has a name outside the output, or permissions a new file would not
    /// have, is written afresh: the new site shares no file with anything that stays.
    @Test func aRebuildNeverSharesAFileWithAnythingOutside() throws {
        let project = try TemporaryProject()
        let writer = OutputWriter(destination: project.url("Output"), displayPath: "Output")
        let site = [OutputFile(path: "backed-up.html", text: "same"), OutputFile(path: "private.html", text: "same")]
        try writer.write(site)
        try FileManager.default.linkItem(at: project.url("Output/backed-up.html"), to: project.url("backup.html"))
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o400], ofItemAtPath: project.url("Output/private.html").path)
        try writer.write(site)
        let attributes = { (path: String) in try FileManager.default.attributesOfItem(atPath: project.url(path).path) }
        #expect(
            try attributes("Output/backed-up.html")[.systemFileNumber] as? Int != attributes("backup.html")[
                .systemFileNumber] as? Int)
        #expect(
            try attributes("Output/private.html")[.posixPermissions] as? Int == attributes("Output/.strata-output")[
                .posixPermissions] as? Int)
        #expect(project.text("Output/backed-up.html") == "same")
        #expect(project.text("Output/private.html") == "same")
    }

    /// Two files for one path (a page and a file Strata makes itself): the last is written,
    /// as when files were written one after another, never both at once.
    @Test func theLastFileForAPathIsWritten() throws {
        let project = try TemporaryProject()
        let writer = OutputWriter(destination: project.url("Output"), displayPath: "Output")
        for _ in 0..<2 {
            try writer.write([
                OutputFile(path: "404.html", text: "first"), OutputFile(path: "a.html", text: "a"),
                OutputFile(path: "404.html", text: "second")
            ])
            #expect(project.text("Output/404.html") == "second")
        }
    }
}
