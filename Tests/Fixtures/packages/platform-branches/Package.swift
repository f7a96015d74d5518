// swift-tools-version:5.9
import PackageDescription

// No `platforms:`: read for macOS unless told otherwise. Each platform adds its own target,
// which the display depends on.
#if os(Linux)
let platformTargets: [Target] = [.target(name: "LinuxSupport", dependencies: ["Core"])]
let displayDependencies: [Target.Dependency] = ["Core", "LinuxSupport"]
#elseif canImport(UIKit)
let platformTargets: [Target] = [.target(name: "TouchSupport", dependencies: ["Core"])]
let displayDependencies: [Target.Dependency] = ["Core", "TouchSupport"]
#else
let platformTargets: [Target] = []
let displayDependencies: [Target.Dependency] = ["Core"]
#endif

let package = Package(
    name: "Branches",
    targets: [
        .target(name: "Core"),
        .target(name: "Display", dependencies: displayDependencies),
        .testTarget(name: "DisplayTests", dependencies: ["Display"]),
    ] + platformTargets
)
