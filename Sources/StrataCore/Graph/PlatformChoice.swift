/// The platform a graph was read for, and why that one: graph.json shows both, so a reader
/// who sees an import missing can tell it was left out for this platform.
package struct PlatformChoice: Hashable, Sendable {
    /// Where the choice came from, first that applies: the command line, `strata.yml`, what
    /// the project declares, else Apple's default.
    package enum Origin: String, Hashable, Sendable {
        case commandLine = "command-line"
        case configuration = "strata.yml"
        /// The first entry of a `Package.swift`'s `platforms:` that names a platform.
        case package
        /// An Xcode project's target: its `SDKROOT`, else its `SUPPORTED_PLATFORMS`.
        case xcodeProject = "xcode-project"
        /// An XcodeGen spec's target `platform:`.
        case xcodeGen = "xcodegen"
        /// A Tuist target's `destinations:` (or its older `platform:`).
        case tuist
        /// Nothing declares one: macOS, which SwiftPM assumes for a package that names none.
        case `default`
    }

    package var platform: TargetPlatform
    package var origin: Origin
    /// Where it is declared (the `--platform` option has no place).
    package var location: SourceLocation?

    package init(platform: TargetPlatform, origin: Origin, location: SourceLocation? = nil) {
        self.platform = platform
        self.origin = origin
        self.location = location
    }

    /// When the project declares nothing.
    package static let fallback = PlatformChoice(platform: .macOS, origin: .default)

    /// Why this platform, in words: "the first in the package's platforms: list".
    package var reason: String {
        switch origin {
        case .commandLine: "from --platform"
        case .configuration: "from platform: in strata.yml"
        case .package: "the first in the package's platforms: list"
        case .xcodeProject: "the SDK of the Xcode project's first target, apps first"
        case .xcodeGen: "the platform: of the XcodeGen spec's first target, apps first"
        case .tuist: "the destinations of the Tuist project's first target, apps first"
        case .default: "the default: the project declares no platform"
        }
    }

    /// The platform, why, and where: "iOS, the first in the package's platforms: list
    /// (Package.swift:6:9)".
    package var explanation: String {
        "\(platform.name), \(reason)" + (location.map { " (\($0))" } ?? "")
    }
}

/// A platform a project declares: a manifest's `platforms:` entry, an Xcode target's SDK,
/// an XcodeGen target's `platform:`, a Tuist target's destinations.
package struct DeclaredPlatform: Hashable, Sendable {
    package var platform: TargetPlatform
    package var location: SourceLocation

    package init(platform: TargetPlatform, location: SourceLocation) {
        self.platform = platform
        self.location = location
    }
}
