// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Core",
    products: [
        .library(name: "Models", targets: ["Models"]),
        .library(name: "Numbers", targets: ["Numbers"]),
    ],
    targets: [
        .target(name: "Models"),
        .target(name: "Numbers", dependencies: ["Models"]),
    ]
)
