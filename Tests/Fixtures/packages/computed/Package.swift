// swift-tools-version:5.9
import PackageDescription

enum Module: String, CaseIterable {
    case core = "Core"
    case tool = "Tool"

    var dependencies: [String] { self == .tool ? ["Core"] : [] }
}

// Every case of an enum: only running the manifest lists them.
let package = Package(
    name: "Computed",
    targets: Module.allCases.map { .target(name: $0.rawValue, dependencies: $0.dependencies.map { .byName(name: $0) }) }
)
