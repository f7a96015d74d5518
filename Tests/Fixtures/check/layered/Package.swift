// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Acme",
    products: [.executable(name: "acme", targets: ["App"])],
    targets: [
        // MARK: Core
        .target(name: "Models"),
        // MARK: Infrastructure
        .target(name: "Database", dependencies: ["Models"]),
        .target(name: "APIClient", dependencies: ["Models"]),
        // MARK: UI
        .target(name: "FeedUI", dependencies: ["Models"]),
        // MARK: Service
        .target(name: "FeedService", dependencies: ["Models", "Database", "APIClient"]),
        // MARK: Live
        .executableTarget(name: "App", dependencies: ["Models", "FeedUI", "FeedService"]),
        // MARK: Tests
        .target(name: "AcmeTestSupport", dependencies: ["Models"]),
        .testTarget(name: "FeedServiceTests", dependencies: ["FeedService", "AcmeTestSupport", "Database", "Models"]),
    ]
)
