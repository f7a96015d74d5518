/// A package read from disk: its manifest and, per target, the files it compiles and the
/// imports in them. This is what the graph builder works from.
public struct PackageSources: Hashable, Sendable {
    public var manifest: PackageManifest
    public var isRoot: Bool
    /// The package folder, relative to the project root.
    public var directory: String
    public var targets: [TargetSources]
    /// Package identities of the local (`.package(path:)`) dependencies that were read,
    /// keyed by the identity the manifest uses for them.
    public var localPackages: [String: String]

    public init(manifest: PackageManifest, isRoot: Bool, directory: String, targets: [TargetSources], localPackages: [String: String] = [:]) {
        self.manifest = manifest
        self.isRoot = isRoot
        self.directory = directory
        self.targets = targets
        self.localPackages = localPackages
    }
}

/// One target's files and imports.
public struct TargetSources: Hashable, Sendable {
    public var name: String
    /// The target's folder, relative to the project root; nil for binary targets.
    public var folder: String?
    /// Swift files, relative to the project root, sorted.
    public var files: [String]
    public var imports: [SwiftImport]
    /// Lines in all its Swift files together.
    public var lineCount: Int
    /// Names Swift code imports it by besides its own: a system-library target's module map
    /// may declare `module zlibLinux` for the target `CZlib`.
    public var moduleNames: [String]

    public init(name: String, folder: String?, files: [String], imports: [SwiftImport], lineCount: Int = 0, moduleNames: [String] = []) {
        self.name = name
        self.folder = folder
        self.files = files
        self.imports = imports
        self.lineCount = lineCount
        self.moduleNames = moduleNames
    }
}
