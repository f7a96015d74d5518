// swift-tools-version:5.9
// One app target whose layers are folders, as "SwiftUI-First Architecture" lays them out:
// Core at the bottom; UI and Infrastructure on Core only; Service implementing what the UI
// asks for with Infrastructure; Live assembling everything.
import PackageDescription

let package = Package(
    name: "Shop",
    platforms: [.iOS(.v17), .macOS(.v14)],
    targets: [
        .executableTarget(name: "App"),
    ]
)
