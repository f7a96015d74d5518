// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Shared",
    products: [
        .library(name: "Models", targets: ["Models"]),
        .library(name: "SharedKit", targets: ["Networking", "Models"]),
        .library(name: "SharedTestSupport", targets: ["SharedTestSupport"]),
    ],
    targets: [
        .target(name: "Models"),
        .target(name: "Networking", dependencies: ["Models"]),
        .target(name: "SharedTestSupport", dependencies: ["Models"]),
    ]
)
