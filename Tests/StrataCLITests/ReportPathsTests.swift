import Testing

@testable import StrataCLI

/// A graph's paths get the project's prefix when they are plain; the others are resolved
/// part by part. Plain is checked on the bytes, and must mean what it meant as strings,
/// except where a combining mark follows a `/` or `.` (`"./\u{301}a"`): Swift's strings
/// compare such a pair as one character, and the path is now resolved part by part.
@Suite struct ReportPathsTests {
    /// The definition the byte scan replaced.
    static func plainAsStrings(_ path: String) -> Bool {
        !path.hasPrefix("/") && !path.hasPrefix("./") && !path.contains("/./") && !path.contains("..")
    }

    @Test(arguments: [
        "", "a", "Sources/A/A.swift", "/abs/a.swift", "./a", "a/./b", "a/../b", "../Shared/x.swift", "a..b", "a/.b",
        "a/b.",
        "a/.", ".a", ".", "..", "./", "a./b", "a/.hidden/b", "x/y/./", "é/./ü", "日本/語.swift", "a//b", "/", ".../a"
    ])
    func plainMeansWhatItMeant(path: String) {
        #expect(ReportPaths.isPlain(path) == Self.plainAsStrings(path), "\(path)")
    }
}
