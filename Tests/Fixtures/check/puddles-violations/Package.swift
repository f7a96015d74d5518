// swift-tools-version:5.9
// An app in Puddles' layers: Modules (screens), Components (generic views), Providers (the
// interface to data) as folders of the app target, and Core as a local package.
import PackageDescription

let package = Package(
    name: "PuddlesApp",
    platforms: [.iOS(.v17), .macOS(.v14)],
    dependencies: [.package(path: "Core")],
    targets: [
        .executableTarget(name: "PuddlesApp", dependencies: [.product(name: "Models", package: "Core"), .product(name: "Numbers", package: "Core")]),
    ]
)
