// swift-tools-version:5.9
import PackageDescription

struct Module {
    var name: String
    var dependencies: [String] = []

    func target() -> Target {
        .target(name: name, dependencies: dependencies.map { .byName(name: $0) })
    }
}

let modules = [Module(name: "Core"), Module(name: "Tool", dependencies: ["Core"])]

let package = Package(
    name: "Computed",
    targets: modules.map { $0.target() }
)
