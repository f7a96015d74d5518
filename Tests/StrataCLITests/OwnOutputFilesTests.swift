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

    /// A named pipe in the project open for output is not a file anyone edits: a change
    /// to it is a change like any other.
    @Test func aPipeIsNoFile() throws {
        let root = try CommandLineTests().project(["Content/index.md": "# Home\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let fifo = root.appendingPathComponent("out.pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // Read and write, so opening it waits for no other end.
        let descriptor = open(fifo, O_RDWR)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(!OwnOutputFiles(descriptors: [descriptor]).contains(fifo))
    }
}
