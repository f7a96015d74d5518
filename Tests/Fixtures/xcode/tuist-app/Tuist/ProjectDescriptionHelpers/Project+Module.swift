import ProjectDescription

public let bundlePrefix = "io.example.shelf"

extension Project {
    /// A framework with its tests, as every module of the app is made.
    public static func module(name: String, dependencies: [TargetDependency] = []) -> Project {
        Project(
            name: name,
            targets: [
                framework(name, dependencies: dependencies),
                .target(
                    name: "\(name)Tests",
                    destinations: .iOS,
                    product: .unitTests,
                    bundleId: "\(bundlePrefix).\(name)Tests",
                    sources: ["Tests/**"],
                    dependencies: [.target(name: name), .xctest]
                ),
            ]
        )
    }

    static func framework(_ name: String, dependencies: [TargetDependency]) -> Target {
        .target(
            name: name,
            destinations: .iOS,
            product: .staticFramework,
            bundleId: "\(bundlePrefix).\(name)",
            sources: ["Sources/**/*.{swift,m}"],
            dependencies: dependencies
        )
    }
}
