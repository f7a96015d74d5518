// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "UnknownTarget",
    targets: [
        .target(name: "A", dependencies: [.target(name: "Modle")]),
        .target(name: "Model"),
    ]
)
