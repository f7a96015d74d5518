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
        try OutputWriter(destination: project.url("Output"), displayPath: "Output").write([OutputFile(path: "x.html", text: "x")])
        #expect(project.text("Output/x.html") == "x")
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
}
