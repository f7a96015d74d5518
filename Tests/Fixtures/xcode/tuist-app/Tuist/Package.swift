// swift-tools-version: 5.9
import PackageDescription

#if TUIST
import ProjectDescription

let packageSettings = PackageSettings(productTypes: ["DesignSystem": .framework])
#endif

let package = Package(
    name: "Shelf",
    dependencies: [
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(path: "../Packages/DesignSystem"),
    ]
)
