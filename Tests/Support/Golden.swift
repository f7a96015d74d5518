import Foundation
import Testing

/// Golden files: what a command or writer printed, compared with a file under
/// `Tests/Fixtures/`, or written there when `STRATA_UPDATE_GOLDEN=1` (then read the diff).
public enum Golden {
    public static func check(
        _ actual: String, _ file: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        if ProcessInfo.processInfo.environment["STRATA_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: file)
        }
        let expected = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        #expect(actual == expected, "differs from \(file.path)", sourceLocation: sourceLocation)
    }
}
