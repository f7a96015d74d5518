// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Lumen",
    products: [
        .executable(name: "Lumen", targets: ["App"]),
    ],
    targets: [
        // MARK: Core
        .target(name: "AppCore"),
        // MARK: Infrastructure
        .target(name: "Networking", dependencies: ["AppCore"]),
        .target(name: "Persistence", dependencies: ["AppCore"]),
        // MARK: Service
        .target(name: "FeedService", dependencies: ["AppCore", "Networking", "Persistence"]),
        // MARK: UI
        .target(name: "FeedUI", dependencies: ["AppCore", "FeedService"]),
        .target(name: "ProfileUI", dependencies: ["AppCore"]),
        // MARK: App
        .executableTarget(name: "App", dependencies: ["FeedUI", "ProfileUI", "FeedService", "Networking", "Persistence"]),
    ]
)
