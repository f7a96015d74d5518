// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Acme",
    products: [.executable(name: "acme", targets: ["App"])],
    targets: [
        // MARK: Core
        .target(name: "Models"),
        // MARK: Infrastructure
        .target(name: "Database", dependencies: ["Models", "APIClient"]),
        .target(name: "APIClient", dependencies: ["Models"]),
        // MARK: UI
        .target(name: "FeedUI", dependencies: ["Models", "Database", "FeedService"]),
        .target(name: "ProfileUI", dependencies: ["Models", "FeedUI"]),
        // MARK: Service
        .target(name: "FeedService", dependencies: ["Models", "Database", "APIClient", "AcmeTestSupport"]),
        // MARK: Live
        .executableTarget(name: "App", dependencies: ["FeedUI", "ProfileUI", "FeedService"]),
        // MARK: Leftovers
        .target(name: "Legacy"),
        // MARK: Tests
        .target(name: "AcmeTestSupport", dependencies: ["Models"]),
        .testTarget(name: "FeedServiceTests", dependencies: ["FeedService", "AcmeTestSupport", "Database", "Models"]),
    ]
)
