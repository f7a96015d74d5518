// swift-tools-version:5.3
import PackageDescription

let package = Package(
    name: "LocalKit",
    products: [.library(name: "LocalKit", targets: ["LocalKit"])],
    targets: [.target(name: "LocalKit")]
)
