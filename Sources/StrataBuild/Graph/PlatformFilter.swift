import StrataCore
import StrataSwiftSource

/// What the compiler for the platform the graph is read for sees of the packages read: a
/// dependency whose `.when(platforms:)` leaves that platform out is left out, as SwiftPM
/// leaves it out of the build; an import inside an `#if` that is false on that platform is
/// left out, and the conditions that are true on it are dropped from those that stay, so an
/// import inside `#if os(iOS)` read for iOS is an ordinary one. A condition that depends on
/// what Strata cannot know (`DEBUG`, `canImport` of a package's module) stays with its
/// import, whose edge is then conditional, unless it imports a module the target depends on
/// only for other platforms, which the compiler for this one could not import.
package struct PlatformFilter: Sendable {
    package let platform: TargetPlatform

    package init(platform: TargetPlatform) {
        self.platform = platform
    }

    /// Whether a dependency with this condition is built for the platform: one without
    /// platforms (none, or `.when(traits:)` alone) always is.
    package func admits(_ condition: DependencyCondition?) -> Bool {
        guard let platforms = condition?.platforms, !platforms.isEmpty else { return true }
        return platforms.contains { $0.lowercased() == platform.swiftPMName }
    }

    /// A manifest with the dependencies the platform leaves out removed.
    package func filtered(_ manifest: PackageManifest) -> PackageManifest {
        var copy = manifest
        for index in copy.targets.indices {
            copy.targets[index].dependencies.removeAll { !admits($0.condition) }
        }
        return copy
    }

    func apply(to packages: inout [PackageSources]) {
        let projectModules = Set(packages.flatMap { $0.targets.flatMap { [$0.name] + $0.moduleNames } })
        var conditions = ImportConditions(platform: platform, projectModules: projectModules)
        for index in packages.indices {
            // A module a target depends on for this platform is one it can import; one it
            // depends on only for other platforms, one it cannot.
            var modules: [String: ImportConditions.TargetModules] = [:]
            for target in packages[index].manifest.targets {
                let kept = Set(target.dependencies.filter { admits($0.condition) }.map(\.name))
                let leftOut = Set(target.dependencies.filter { !admits($0.condition) }.map(\.name))
                modules[target.name] = ImportConditions.TargetModules(
                    available: kept, unavailable: leftOut.subtracting(kept))
            }
            packages[index].manifest = filtered(packages[index].manifest)
            for targetIndex in packages[index].targets.indices {
                let target = packages[index].targets[targetIndex]
                let known = modules[target.name] ?? ImportConditions.TargetModules()
                packages[index].targets[targetIndex].imports = target.imports.compactMap { found in
                    guard found.isConditional else { return found }
                    guard let remaining = conditions.remaining(found.conditions, target: known),
                        // A module the target depends on only for other platforms cannot be
                        // imported here: a condition left undecided (a flag such a dependency's
                        // platforms define) must be false here, or the build would fail.
                        remaining.isEmpty || !known.unavailable.contains(found.module)
                    else { return nil }
                    var kept = found
                    kept.conditions = remaining
                    return kept
                }
            }
        }
    }
}
