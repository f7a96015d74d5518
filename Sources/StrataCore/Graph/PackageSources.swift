/// A package read from disk: its manifest and, per target, the files it compiles and the
/// imports in them. This is what the graph builder works from.
package struct PackageSources: Hashable, Sendable {
    package var manifest: PackageManifest
    package var isRoot: Bool
    /// The package folder, relative to the project root.
    package var directory: String
    package var targets: [TargetSources]
    /// Package identities of the local (`.package(path:)`) dependencies that were read,
    /// keyed by the identity the manifest uses for them.
    package var localPackages: [String: String]

    package init(
        manifest: PackageManifest, isRoot: Bool, directory: String, targets: [TargetSources],
        localPackages: [String: String] = [:]
    ) {
        self.manifest = manifest
        self.isRoot = isRoot
        self.directory = directory
        self.targets = targets
        self.localPackages = localPackages
    }
}

/// One target's files and imports.
package struct TargetSources: Hashable, Sendable {
    package var name: String
    /// The target's folder, relative to the project root; nil for binary targets.
    package var folder: String?
    /// Swift files, relative to the project root, sorted.
    package var files: [String]
    package var imports: [SwiftImport]
    /// Lines in all its Swift files together.
    package var lineCount: Int
    /// Names Swift code imports it by besides its own: a system-library target's module map
    /// may declare `module zlibLinux` for the target `CZlib`.
    package var moduleNames: [String]

    package init(
        name: String, folder: String?, files: [String], imports: [SwiftImport], lineCount: Int = 0,
        moduleNames: [String] = []
    ) {
        self.name = name
        self.folder = folder
        self.files = files
        self.imports = imports
        self.lineCount = lineCount
        self.moduleNames = moduleNames
    }
}
