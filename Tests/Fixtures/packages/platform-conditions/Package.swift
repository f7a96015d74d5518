// swift-tools-version:5.9
import PackageDescription

// Declares iOS first: read for iOS unless told otherwise. Linux gets its own storage and
// swift-crypto, which Apple's platforms have as CryptoKit.
let package = Package(
    name: "Conditions",
    platforms: [.iOS(.v17), .macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.0.0"),
    ],
    targets: [
        .target(name: "Storage"),
        .target(name: "LinuxStorage", dependencies: ["Storage"]),
        .target(
            name: "Sync",
            dependencies: [
                "Storage",
                .target(name: "LinuxStorage", condition: .when(platforms: [.linux])),
                .product(name: "Crypto", package: "swift-crypto", condition: .when(platforms: [.linux, .android])),
            ]
        ),
    ]
)
