import Testing

@testable import StrataCore

/// `paths:` globs: the byte-compared common forms (one file, a folder and everything below
/// it) agree with the general matcher's answers for every other form.
@Suite struct PathPatternTests {
    @Test(arguments: [
        ("App/MyApp.swift", "App/MyApp.swift", true), ("App/MyApp.swift", "App/MyApp.swift2", false),
        ("App/MyApp.swift", "App", false),
        ("App/UI/**", "App/UI/Feed/FeedView.swift", true), ("App/UI/**", "App/UI/Root.swift", true),
        ("App/UI/**", "App/UI", true),
        ("App/UI/**", "App/UIKit/Root.swift", false), ("App/UI/**", "App/U", false),
        ("App/UI/**", "Other/App/UI/A.swift", false),
        ("App/*.swift", "App/MyApp.swift", true), ("App/*.swift", "App/UI/MyApp.swift", false),
        ("App/**/*View.swift", "App/UI/Feed/FeedView.swift", true),
        ("App/**/*View.swift", "App/FeedView.swift", true),
        ("App/**/*View.swift", "App/UI/Feed/FeedModel.swift", false),
        ("./App/UI/**", "App/UI/A.swift", true), ("App/./UI/A.swift", "App/UI/A.swift", true),
        ("App//UI/A.swift", "App/UI/A.swift", true),
        ("App/UI/", "App/UI", true), ("App/?I/**", "App/UI/A.swift", true), ("**", "App/UI/A.swift", true),
        ("*/UI/**", "App/UI/A.swift", true)
    ])
    func matches(pattern: String, path: String, expected: Bool) {
        #expect(PathPattern(pattern).matches(path) == expected, "\(pattern) ~ \(path)")
    }

    /// Each `**` was tried at every split in turn: 200 of them in a `paths:` glob ran a
    /// check past 30 s (issue 45's campaign). Matching now grows with parts × names.
    @Test func manyDoubleStarsMatchInLinearRows() {
        let pattern = PathPattern(String(repeating: "**/", count: 60) + "x.swift")
        let deep = (0..<30).map { "d\($0)" }.joined(separator: "/")
        #expect(!pattern.matches(deep + "/y.swift"))
        #expect(pattern.matches(deep + "/x.swift"))
        #expect(PathPattern("App/**/UI/**/*.swift").matches("App/a/b/UI/c/V.swift"))
        #expect(!PathPattern("App/**/UI/**/*.swift").matches("App/a/b/Core/c/V.swift"))
        #expect(PathPattern("**").matches("a/b"))
        #expect(PathPattern("a/**").matches("a"))
    }

    /// The literal start of a pattern rejects a path only where the general matcher would:
    /// every pattern of a small alphabet against every path of it.
    @Test func theLiteralStartRejectsOnlyWhatTheNamesWouldReject() {
        let names = ["App", "UI", "Config.swift", "ConfigX.swift", "A.swift", "."]
        var paths = [""]
        for _ in 0..<3 { paths = paths + paths.flatMap { base in names.map { base.isEmpty ? $0 : base + "/" + $0 } } }
        paths += ["App//UI/A.swift", "/App/UI", "App/UI/", "."]
        let patterns = [
            "App/Config*.swift", "App/UI/*.swift", "App/**/*.swift", "App/U*/**", "*/UI/**", "App/*", "A*",
            "App/UI/Config*", "App/*/A.swift", "**/Config*"
        ]
        for pattern in patterns.map({ PathPattern($0) }) {
            for path in Set(paths) {
                #expect(pattern.matches(path) == pattern.matchesByNames(path), "\(pattern) ~ \(path)")
            }
        }
    }
}
