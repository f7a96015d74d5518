// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Shop",
    dependencies: [.package(path: "Packages/Kit")],
    targets: [
        .target(name: "Checkout", dependencies: [.product(name: "KitModels", package: "Kit")]),
        .executableTarget(name: "Shop", dependencies: ["Checkout", .product(name: "KitUI", package: "Kit")]),
    ]
)
