// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "MissingSources",
    targets: [
        .target(name: "A"),
        .target(name: "B", dependencies: ["A"]),
        .target(name: "C", path: "Modules/C"),
    ]
)
