import StrataCore

/// A path as Tuist's `Path` writes it: relative to the manifest's folder (a plain string,
/// `.relativeToManifest`, `.path`), to the repository's root (`.relativeToRoot`, `"//…"`),
/// or to the file that writes it (`.relativeToCurrentFile`).
package struct TuistPath: Hashable, Sendable {
    package enum Base: Hashable, Sendable {
        case manifest
        case root
        /// The file the path is written in (a helper, or the manifest itself).
        case file(String)
    }

    package var base: TuistPath.Base
    package var path: String
    package var location: StrataCore.SourceLocation

    package init(base: TuistPath.Base, path: String, location: StrataCore.SourceLocation) {
        self.base = base
        self.path = path
        self.location = location
    }
}

/// What a Tuist `Project.swift` declares, as far as the module graph is concerned.
package struct TuistProjectManifest: Hashable, Sendable {
    /// A Swift package of `Project(packages:)`, Xcode's own package integration.
    package struct Package: Hashable, Sendable {
        package enum Source: Hashable, Sendable {
            case remote(String)
            case local(TuistPath)
        }

        package var source: TuistProjectManifest.Package.Source
        package var location: StrataCore.SourceLocation
    }

    /// A source glob (`"Sources/**"`, `.glob("Sources/**", excluding: […])`).
    package struct SourceGlob: Hashable, Sendable {
        package var glob: TuistPath
        package var excluding: [TuistPath]
    }

    package struct Dependency: Hashable, Sendable {
        package enum Kind: Hashable, Sendable {
            /// `.target(name:)`, `.target(someTarget)`, `.macro(name:)`: a target of this project.
            case target(String)
            /// `.project(target:path:)`: a target of the project in another folder.
            case project(target: String, path: TuistPath)
            /// `.external(name:)`: a product of a package in `Tuist/Package.swift`.
            case external(String)
            /// `.package(product:)`: a product of one of the project's `packages:`.
            case package(String)
            /// `.framework`, `.xcframework`, `.library`: a prebuilt module, named by its file.
            case prebuilt(TuistPath)
        }

        package var kind: TuistProjectManifest.Dependency.Kind
        package var location: StrataCore.SourceLocation
    }

    package struct Target: Hashable, Sendable {
        package var name: String
        /// Tuist's `Product` case (`app`, `framework`, `unitTests`, …).
        package var product: String
        package var productName: String?
        package var location: StrataCore.SourceLocation
        package var sources: [TuistProjectManifest.SourceGlob]
        /// `buildableFolders:` (Xcode 16's synchronized folders).
        package var buildableFolders: [TuistPath]
        package var dependencies: [TuistProjectManifest.Dependency]
        /// The platform of its first destination (`destinations: .iOS`, `[.iPhone, .mac]`),
        /// or of the older `platform: .iOS`; nil when Strata cannot tell.
        package var platform: DeclaredPlatform? = nil
    }

    package var name: String
    package var location: StrataCore.SourceLocation
    package var packages: [TuistProjectManifest.Package]
    package var targets: [TuistProjectManifest.Target]
}

/// What a Tuist `Workspace.swift` declares: the folders of its projects (globs allowed).
package struct TuistWorkspaceManifest: Hashable, Sendable {
    package var name: String
    package var projects: [TuistPath]
}
