// swift-tools-version:5.9
// One feature in the responder-MVVM rule set's shape: a View driven by one View Model, which
// answers its Actions with a Use Case and sends Responder Actions up the chain.
import PackageDescription

let package = Package(
    name: "Login",
    platforms: [.iOS(.v17), .macOS(.v14)],
    targets: [.target(name: "Login")]
)
