// swift-tools-version:6.1
// Strata's targets follow the layering it documents (see Content/architecture/modules.md and strata.yml):
// Core at the bottom; one infrastructure module per outside library; the site renderer
// depending only on Core; the build pipeline tying them together; the CLI on top.
import PackageDescription

let package = Package(
    name: "Strata",
    // macOS 15: Synchronization's Mutex and Atomic, and String(validating:as:).
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "strata", targets: ["strata"]),
        // `swift package strata check` in a package that depends on Strata.
        .plugin(name: "StrataPlugin", targets: ["StrataPlugin"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.0"),
        // The preview server (`strata serve`). Its traits are off: Strata needs neither
        // swift-configuration nor the URL-encoded-form coders.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0", traits: []),
        .package(url: "https://github.com/apple/swift-nio", from: "2.70.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.20.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0")
    ],
    targets: [
        // MARK: Core
        .target(name: "StrataCore"),

        // MARK: Infrastructure
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]
        ),
        .target(name: "StrataMarkdown", dependencies: ["StrataCore", "CCmarkGFM"]),
        .target(name: "StrataYAML", dependencies: ["StrataCore", .product(name: "Yams", package: "Yams")]),
        .target(
            name: "StrataSwiftSource",
            dependencies: [
                "StrataCore",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftOperators", package: "swift-syntax")
            ]
        ),
        .target(name: "StrataSwiftPM", dependencies: ["StrataCore"]),
        // Xcode's own file formats (project.pbxproj, contents.xcworkspacedata), read without Xcode.
        .target(name: "StrataXcode", dependencies: ["StrataCore"]),
        .systemLibrary(
            name: "CGraphviz", pkgConfig: "libgvc", providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]),
        .target(name: "StrataGraphviz", dependencies: ["StrataCore", "CGraphviz"]),
        .target(name: "StrataWatch"),
        // History: commits, changes and trees, read through the `git` command.
        .target(name: "StrataGit", dependencies: ["StrataCore"]),
        // The preview server wraps one stack: Hummingbird with the SwiftNIO, swift-log and
        // ServiceLifecycle types its API speaks in.
        .target(
            name: "StrataServer",
            dependencies: [
                "StrataCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
            ]
        ),
        .target(
            name: "StrataDefaultTheme",
            plugins: [.plugin(name: "EmbedThemePlugin")]
        ),

        // MARK: Rendering
        // Each turns Core values into one kind of output, and depends on Core only. The
        // template engine is Strata's own (fast, and it knows nothing of sites), which the
        // site's theme compiles and renders through.
        .target(name: "StrataTemplates"),
        .target(name: "StrataSearch", dependencies: ["StrataCore"]),
        .target(name: "StrataReports", dependencies: ["StrataCore"]),
        .target(name: "StrataDiagrams", dependencies: ["StrataCore"]),
        .target(name: "StrataSite", dependencies: ["StrataCore", "StrataTemplates"]),

        // MARK: Service
        .target(name: "StrataAnalysis", dependencies: ["StrataCore"]),
        .target(
            name: "StrataBuild",
            dependencies: [
                "StrataCore", "StrataMarkdown", "StrataYAML", "StrataSwiftSource", "StrataSwiftPM", "StrataXcode",
                "StrataGraphviz", "StrataAnalysis", "StrataSite", "StrataSearch", "StrataReports",
                "StrataDiagrams", "StrataDefaultTheme", "StrataGit"
            ]
        ),

        // MARK: Live
        .target(
            name: "StrataCLI",
            dependencies: [
                "StrataCore", "StrataBuild", "StrataReports", "StrataSearch", "StrataServer", "StrataWatch",
                "StrataGit",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]
        ),
        .executableTarget(name: "strata", dependencies: ["StrataCLI"]),
        .plugin(
            name: "StrataPlugin",
            capability: .command(
                intent: .custom(
                    verb: "strata", description: "Run strata (check, build, graph, guidance, init) on this package."),
                permissions: [
                    .writeToPackageDirectory(
                        reason:
                            "strata build writes the site into Output/, and strata init writes strata.yml and "
                            + "Content/index.md."
                    )
                ]
            ),
            dependencies: ["strata"],
            path: "Sources/StrataPlugin"
        ),

        // MARK: Tooling
        .executableTarget(
            name: "strata-accuracy",
            dependencies: ["StrataCore", "StrataBuild", "StrataSwiftSource", "StrataSwiftReference", "StrataSwiftPM"],
            path: "Sources/strata-accuracy"
        ),
        // The references the fast readers are held to (swift-syntax's parser and its IDE
        // classification): used by `make accuracy` and the tests, never by `strata`.
        .target(
            name: "StrataSwiftReference",
            dependencies: [
                "StrataCore", "StrataSwiftSource",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftIDEUtils", package: "swift-syntax")
            ]
        ),
        .executableTarget(name: "strata-embed-theme", path: "Sources/strata-embed-theme"),
        // The fuzz targets; a fuzzing build (`make fuzz`) links libFuzzer into it.
        .executableTarget(name: "strata-fuzz", dependencies: ["StrataBuild"], path: "Sources/strata-fuzz"),
        .plugin(
            name: "EmbedThemePlugin",
            capability: .buildTool(),
            dependencies: ["strata-embed-theme"]
        ),

        // MARK: Tests
        .testTarget(name: "StrataCoreTests", dependencies: ["StrataCore", "StrataTestSupport"]),
        .testTarget(name: "StrataYAMLTests", dependencies: ["StrataCore", "StrataYAML"]),
        .testTarget(name: "StrataMarkdownTests", dependencies: ["StrataCore", "StrataMarkdown"]),
        .testTarget(
            name: "StrataSwiftSourceTests", dependencies: ["StrataCore", "StrataSwiftSource", "StrataSwiftReference"]),
        .testTarget(name: "StrataSwiftPMTests", dependencies: ["StrataCore", "StrataSwiftPM"]),
        .testTarget(name: "StrataXcodeTests", dependencies: ["StrataCore", "StrataXcode"]),
        .testTarget(name: "StrataGraphvizTests", dependencies: ["StrataGraphviz"]),
        .testTarget(name: "StrataWatchTests", dependencies: ["StrataWatch", "StrataTestSupport"]),
        .testTarget(name: "StrataGitTests", dependencies: ["StrataGit", "StrataCore", "StrataTestSupport"]),
        .testTarget(
            name: "StrataServerTests",
            dependencies: [
                "StrataCore", "StrataServer", "StrataTestSupport", .product(name: "Hummingbird", package: "hummingbird")
            ]
        ),
        .testTarget(name: "StrataAnalysisTests", dependencies: ["StrataCore", "StrataAnalysis"]),
        .testTarget(name: "StrataTemplatesTests", dependencies: ["StrataTemplates"]),
        .testTarget(name: "StrataSearchTests", dependencies: ["StrataCore", "StrataSearch"]),
        .testTarget(
            name: "StrataReportsTests", dependencies: ["StrataCore", "StrataReports", "StrataYAML", "StrataTestSupport"]
        ),
        .testTarget(name: "StrataDiagramsTests", dependencies: ["StrataCore", "StrataDiagrams", "StrataTestSupport"]),
        .testTarget(name: "StrataSiteTests", dependencies: ["StrataCore", "StrataSite", "StrataTemplates"]),
        .testTarget(
            name: "StrataBuildTests",
            dependencies: [
                "StrataCore", "StrataSite", "StrataDiagrams", "StrataReports", "StrataBuild", "StrataSwiftPM",
                "StrataTestSupport"
            ]
        ),
        .testTarget(
            name: "StrataCLITests",
            dependencies: ["strata", "StrataCLI", "StrataCore", "StrataYAML", "StrataTestSupport"]),
        // Helpers shared by test targets (a raw HTTP client for the preview server).
        .target(name: "StrataTestSupport", path: "Tests/Support")
    ],
    swiftLanguageModes: [.v6]
)
