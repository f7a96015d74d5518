import Foundation
import StrataCore
import StrataTestSupport
import Testing

@testable import StrataBuild

/// Every file Strata reads goes through one reader; what it says about things that are not
/// regular files is what users see for a `--config`, `--baseline` or theme path gone wrong.
@Suite final class ProjectFilesTests {
    let folder: URL

    init() throws {
        folder = TestScratch.path("read")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { TestScratch.remove(folder) }

    func message(reading name: String) -> String? {
        do {
            _ = try ProjectFiles(root: folder).readBytes(at: folder.appendingPathComponent(name), displayPath: name)
            return nil
        } catch let diagnostic as Diagnostic {
            return diagnostic.description
        } catch {
            return "\(error)"
        }
    }

    @Test func readsARegularFileWhole() throws {
        let bytes = (0..<70_000).map { UInt8($0 % 251) }
        try Data(bytes).write(to: folder.appendingPathComponent("big.bin"))
        #expect(
            try ProjectFiles(root: folder).readBytes(
                at: folder.appendingPathComponent("big.bin"), displayPath: "big.bin") == bytes)
        try Data().write(to: folder.appendingPathComponent("empty.md"))
        #expect(
            try ProjectFiles(root: folder).readBytes(
                at: folder.appendingPathComponent("empty.md"), displayPath: "empty.md") == [])
    }

    #if os(Linux)
        /// A file whose size says less than it holds (Linux's /proc files say 0) is read to its end.
        @Test func readsPastTheSizeTheFileGives() throws {
            let expected = try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
            let bytes = try ProjectFiles(root: URL(fileURLWithPath: "/proc")).readBytes(
                atPath: "/proc/self/maps", displayPath: "maps")
            #expect(bytes.count > 4096)
            // The map changes as the test allocates; its first line (the executable) does not.
            #expect(String(decoding: bytes, as: UTF8.self).prefix { $0 != "\n" } == expected.prefix { $0 != "\n" })
        }
    #endif

    @Test func aFolderIsNamedAsOne() throws {
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("strata.yml"), withIntermediateDirectories: true)
        #expect(
            message(reading: "strata.yml")
                == "strata.yml:1:1: error: this is a folder; Strata reads only regular files [io.read]")
    }

    @Test func aPipeIsRefusedWithoutWaitingForAWriter() throws {
        #expect(mkfifo(folder.appendingPathComponent("baseline.json").path, 0o644) == 0)
        #expect(
            message(reading: "baseline.json")
                == "baseline.json:1:1: error: this is not a regular file (a device, pipe or socket); Strata reads "
                + "only regular files [io.read]"
        )
    }

    @Test func aMissingFileSaysSo() {
        #expect(
            message(reading: "gone.yml")
                == "gone.yml:1:1: error: cannot read this file: No such file or directory [io.read]")
    }
}
