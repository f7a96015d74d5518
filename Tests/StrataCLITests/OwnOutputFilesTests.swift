import Foundation
import Testing

@testable import StrataCLI

/// The files a process writes its output into are known by what they are, not by the path
/// that names them; pipes are no such files.
@Suite struct OwnOutputFilesTests {
    @Test func aFileOpenForOutputIsKnownByAnyPathThatLeadsToIt() throws {
        let root = try CommandLineTests().project(["serve.log": "", "Content/index.md": "# Home\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let log = root.appendingPathComponent("serve.log")
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("latest.log"), withDestinationURL: log)
        let own = OwnOutputFiles(descriptors: [handle.fileDescriptor])
        #expect(own.contains(log.path))
        #expect(own.contains(root.appendingPathComponent("latest.log").path))
        #expect(!own.contains(root.appendingPathComponent("Content/index.md").path))
        #expect(!own.contains(root.appendingPathComponent("gone.log").path))
    }

    @Test func aPipeIsNoFile() throws {
        let root = try CommandLineTests().project(["Content/index.md": "# Home\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let pipe = Pipe()
        let own = OwnOutputFiles(descriptors: [pipe.fileHandleForWriting.fileDescriptor])
        #expect(!own.contains(root.appendingPathComponent("Content/index.md").path))
        #expect(!own.contains(root.path))
    }
}
