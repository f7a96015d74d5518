import ProjectDescription
import ProjectDescriptionHelpers

let project = Project(
    name: "Shelf",
    settings: .settings(base: ["SWIFT_VERSION": "6.0"]),
    targets: [
        .target(
            name: "Shelf",
            destinations: [.iPhone, .iPad],
            product: .app,
            bundleId: "\(bundlePrefix).app",
            infoPlist: .extendingDefault(with: ["UILaunchScreen": [:]]),
            sources: [.glob("Sources/**", excluding: ["Sources/Generated/**"])],
            dependencies: [
                .project(target: "Feature", path: "../Feature"),
                .core,
                .external(name: "DesignSystem"),
                .sdk(name: "ARKit", type: .framework),
            ]
        ),
        .target(
            name: "ShelfTests",
            destinations: .iOS,
            product: .unitTests,
            bundleId: "\(bundlePrefix).tests",
            sources: "Tests/**",
            dependencies: [.target(name: "Shelf")]
        ),
    ]
)
