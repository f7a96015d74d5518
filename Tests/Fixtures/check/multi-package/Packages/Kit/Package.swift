// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Kit",
    products: [
        .library(name: "KitModels", targets: ["KitModels"]),
        .library(name: "KitUI", targets: ["KitUI"]),
    ],
    targets: [
        .target(name: "KitModels", dependencies: ["KitUI"]),
        .target(name: "KitUI"),
    ]
)
