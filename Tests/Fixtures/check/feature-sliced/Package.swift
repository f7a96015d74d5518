// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Sliced",
    targets: [
        // MARK: Domain
        .target(name: "Domain"),
        .target(name: "DesignSystem"),
        // MARK: Features
        .target(name: "FeatureFeed", dependencies: ["Domain", "DesignSystem", "FeatureSettings"]),
        .target(name: "FeatureProfile", dependencies: ["Domain", "DesignSystem", "FeatureFeed"]),
        .target(name: "FeatureSettings", dependencies: ["Domain", "DesignSystem"]),
        // MARK: App
        .executableTarget(name: "SlicedApp", dependencies: ["FeatureFeed", "FeatureProfile", "FeatureSettings"]),
        .testTarget(name: "FeatureFeedTests", dependencies: ["FeatureFeed", "FeatureProfile"]),
    ]
)
