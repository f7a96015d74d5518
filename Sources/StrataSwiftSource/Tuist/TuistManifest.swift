import StrataCore

/// A path as Tuist's `Path` writes it: relative to the manifest's folder (a plain string,
/// `.relativeToManifest`, `.path`), to the repository's root (`.relativeToRoot`, `"//…"`),
/// or to the file that writes it (`.relativeToCurrentFile`).
public struct TuistPath: Hashable, Sendable {
    public enum Base: Hashable, Sendable {
        case manifest
        case root
        /// The file the path is written in (a helper, or the manifest itself).
        case file(String)
    }

    public var base: TuistPath.Base
    public var path: String
    public var location: StrataCore.SourceLocation

    public init(base: TuistPath.Base, path: String, location: StrataCore.SourceLocation) {
        self.base = base
        self.path = path
        self.location = location
    }
}

/// What a Tuist `Project.swift` declares, as far as the module graph is concerned.
public struct TuistProjectManifest: Hashable, Sendable {
    /// A Swift package of `Project(packages:)`, Xcode's own package integration.
    public struct Package: Hashable, Sendable {
        public enum Source: Hashable, Sendable {
            case remote(String)
            case local(TuistPath)
        }

        public var source: TuistProjectManifest.Package.Source
        public var location: StrataCore.SourceLocation
    }

    /// A source glob (`"Sources/**"`, `.glob("Sources/**", excluding: […])`).
    public struct SourceGlob: Hashable, Sendable {
        public var glob: TuistPath
        public var excluding: [TuistPath]
    }

    public struct Dependency: Hashable, Sendable {
        public enum Kind: Hashable, Sendable {
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

        public var kind: TuistProjectManifest.Dependency.Kind
        public var location: StrataCore.SourceLocation
    }

    public struct Target: Hashable, Sendable {
        public var name: String
        /// Tuist's `Product` case (`app`, `framework`, `unitTests`, …).
        public var product: String
        public var productName: String?
        public var location: StrataCore.SourceLocation
        public var sources: [TuistProjectManifest.SourceGlob]
        /// `buildableFolders:` (Xcode 16's synchronized folders).
        public var buildableFolders: [TuistPath]
        public var dependencies: [TuistProjectManifest.Dependency]
    }

    public var name: String
    public var location: StrataCore.SourceLocation
    public var packages: [TuistProjectManifest.Package]
    public var targets: [TuistProjectManifest.Target]
}

/// What a Tuist `Workspace.swift` declares: the folders of its projects (globs allowed).
public struct TuistWorkspaceManifest: Hashable, Sendable {
    public var name: String
    public var projects: [TuistPath]
}
