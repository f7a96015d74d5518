import Testing

@testable import StrataXcode

/// Paths joined as Xcode's group tree nests them. Joining two paths already in normal form
/// skips normalizing; the result must be the one normalizing gives.
@Suite struct RelativePathTests {
    static let paths = [
        ".", "App", "App/Sources", "../Shared", "../../x", "a/./b", "a/../b", "a//b", "a/", "./a", "...", "a/.../b",
        ".hidden/a",
        "/abs", "/abs/dir", "/", "é/日本", "a/..", "a/."
    ]

    @Test(arguments: paths)
    func joinGivesTheNormalizedPath(base: String) {
        for path in Self.paths where !path.hasPrefix("/") {
            let expected = base == "." ? RelativePath.normalize(path) : RelativePath.normalize(base + "/" + path)
            #expect(RelativePath.join(base, path) == expected, "'\(base)' + '\(path)'")
        }
    }

    @Test func normalFormIsRecognised() {
        #expect(RelativePath.isNormalRelative("App/Sources/x.swift"))
        #expect(RelativePath.isNormalRelative(".../a"))
        #expect(RelativePath.isNormalRelative(".hidden"))
        for path in ["", ".", "..", "a/.", "./a", "a/../b", "a//b", "a/", "/a"] {
            #expect(!RelativePath.isNormalRelative(path), "\(path)")
        }
    }
}
