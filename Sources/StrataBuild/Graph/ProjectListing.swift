import StrataCore

/// What was read from each package and Xcode project, as reviewable text: each target
/// with what it builds, the name Swift imports it by, its declared dependencies and its
/// Swift files. `make accuracy` and the fixture tests compare it with listings written by
/// reading the projects by hand, so it leaves out what a person cannot see in Xcode's
/// editor (line numbers, imports).
package enum ProjectListing {
    package static func text(_ packages: [PackageSources]) -> String {
        var lines: [String] = []
        for package in packages.sorted(by: { $0.manifest.path < $1.manifest.path }) {
            let kind = package.manifest.origin == .xcodeProject ? "xcode" : "package"
            lines.append("\(kind) \(package.manifest.name) (\(package.manifest.path))")
            let sources = Dictionary(package.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            for target in package.manifest.targets.sorted(by: { $0.name < $1.name }) {
                var heading = "  target \(target.name) [\(target.productType ?? target.kind.rawValue)]"
                if let names = sources[target.name]?.moduleNames, !names.isEmpty {
                    heading += " module " + names.joined(separator: ", ")
                }
                lines.append(heading)
                let dependencies = target.dependencies.map { dependency -> String in
                    switch dependency.kind {
                    case .target:
                        "    depends on target \(dependency.name)" + (dependency.package.map { " of \($0)" } ?? "")
                    case .product: "    depends on product \(dependency.name) of \(dependency.package ?? "?")"
                    case .byName: "    depends on \(dependency.name)"
                    }
                }
                lines += Set(dependencies).sorted()
                lines += (sources[target.name]?.files ?? []).map { "    file \($0)" }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
