// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Receipts",
    products: [.library(name: "Receipts", targets: ["Receipts"])],
    targets: [.target(name: "Receipts")]
)
