// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "App",
    products: [
        .executable(name: "App", targets: ["App"]),
    ],
    dependencies: [
        .package(path: "../Shared"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
    ],
    targets: [
        // MARK: - UI
        .target(
            name: "AppUI",
            dependencies: [
                "Features",
                .product(name: "Models", package: "Shared"),
            ]
        ),
        // MARK: Features
        .target(
            name: "Features",
            dependencies: [
                .product(name: "SharedKit", package: "Shared"),
                .product(name: "Logging", package: "swift-log", condition: .when(platforms: [.linux, .macOS])),
            ]
        ),
        // MARK: Live
        .executableTarget(name: "App", dependencies: ["AppUI", "Features"]),
        // MARK: Tests
        .testTarget(name: "AppTests", dependencies: ["App", .product(name: "SharedTestSupport", package: "Shared")]),
    ]
)
