import Foundation
import StrataCore
import StrataSwiftSource

/// The platform a project is read for when neither `--platform` nor `platform:` names one:
/// the project's own, never the machine's. The first that applies:
/// 1. the first Xcode project, XcodeGen spec or Tuist project read (as listed or found)
///    whose targets name a platform, apps first (`PackageManifest.platforms`);
/// 2. the first root package whose manifest's `platforms:` names one, its first entry;
/// 3. macOS, which SwiftPM assumes for a package that declares no platform.
enum PlatformDefault {
    /// What the Xcode projects read declare, in the order they were read.
    static func declared(byProjects projects: [PackageSources]) -> PlatformChoice? {
        for project in projects where project.manifest.origin == .xcodeProject {
            guard let first = project.manifest.platforms.first else { continue }
            let origin: PlatformChoice.Origin =
                switch PackageSummary.projectKind(ofManifest: project.manifest.path) {
                case "Tuist project": .tuist
                case "XcodeGen project": .xcodeGen
                default: .xcodeProject
                }
            return PlatformChoice(platform: first.platform, origin: origin, location: first.location)
        }
        return nil
    }

    /// What the root packages' manifests declare in `platforms:`. A manifest's `#if` could
    /// change its own `platforms:`; it is read here for macOS, the platform SwiftPM assumes,
    /// and then again for the one chosen. One Strata cannot read here declares nothing: the
    /// reading proper reports why.
    static func declared(byPackages roots: [URL], loader: PackageGraphLoader) -> PlatformChoice? {
        var reader = loader.reader
        reader.conditions = .standard
        for url in roots {
            let project = loader.project
            guard project.boundary.outside(url.path) == nil, let name = loader.manifestName(in: url) else { continue }
            let path = loader.join(loader.relative(url), name)
            guard let bytes = try? project.readBytes(at: url.appendingPathComponent(name), displayPath: path),
                case .manifest(let manifest) = reader.read(bytes: bytes, path: path, packageDirectory: url.path),
                let first = manifest.platforms.first
            else { continue }
            return PlatformChoice(platform: first.platform, origin: .package, location: first.location)
        }
        return nil
    }
}
