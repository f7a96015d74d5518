// swift-tools-version:5.9
// One app target of View, View Contract, View Model and Model, as "Application Architecture
// with SwiftUI" describes them: a View knows only the contract of what drives it.
import PackageDescription

let package = Package(
    name: "Items",
    platforms: [.iOS(.v17), .macOS(.v14)],
    targets: [
        .executableTarget(name: "Items"),
    ]
)
