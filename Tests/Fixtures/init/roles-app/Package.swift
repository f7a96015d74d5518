// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "RolesApp",
    targets: [
        .target(name: "Utilities"),
        .target(name: "Models", dependencies: ["Utilities"]),
        .target(name: "APIClient", dependencies: ["Models"]),
        .target(name: "APIClientLive", dependencies: ["APIClient"]),
        .target(name: "Persistence", dependencies: ["Models"]),
        .target(name: "Environment", dependencies: ["APIClient", "Persistence"]),
        .target(name: "DesignSystem", dependencies: ["Utilities"]),
        .target(name: "ImageLoader", dependencies: ["Utilities"]),
        .target(name: "FeedFeature", dependencies: ["Environment", "DesignSystem", "Models", "PlayerFeature"]),
        .target(name: "ProfileFeature", dependencies: ["Environment", "DesignSystem", "Models", "ImageLoader"]),
        .target(name: "SearchFeature", dependencies: ["Environment", "DesignSystem", "Models"]),
        .target(name: "SettingsFeature", dependencies: ["Environment", "DesignSystem", "Models"]),
        .target(name: "OnboardingFeature", dependencies: ["Environment", "DesignSystem", "Models"]),
        .target(name: "PlayerFeature", dependencies: ["Environment", "DesignSystem", "Models"]),
        .executableTarget(name: "App", dependencies: ["FeedFeature", "ProfileFeature", "SearchFeature", "SettingsFeature", "OnboardingFeature", "PlayerFeature", "APIClientLive"]),
    ]
)
