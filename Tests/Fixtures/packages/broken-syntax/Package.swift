// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Broken",
    targets: [
        .target(name: "A", dependencies: ["B"]
    ]
)
