import StrataCore

/// What an Xcode project declares, as far as the module graph is concerned: its native
/// targets with their Swift files and dependencies, and the Swift packages it uses. Paths
/// are relative to the Strata project folder (they may start with `..`); locations point
/// into `project.pbxproj`.
package struct XcodeProject: Hashable, Sendable {
    /// The project's name (`App` for `App.xcodeproj`).
    package var name: String
    /// The `project.pbxproj` file.
    package var path: String
    /// The folder `<group>` and `SOURCE_ROOT` paths start from: the one holding the
    /// `.xcodeproj`, moved by the project's `projectDirPath`.
    package var sourceRoot: String
    package var targets: [XcodeTarget]
    /// The project's Swift package references (`XCLocalSwiftPackageReference`,
    /// `XCRemoteSwiftPackageReference`), in the order the project lists them.
    package var packages: [XcodePackageReference]
    /// Folders the project's file tree refers to, as package references: before Xcode 15,
    /// a local package was added this way, and its products were then named without a
    /// package. Only those that hold a `Package.swift` are packages.
    package var folderReferences: [XcodePackageReference]
    /// Aggregate and legacy (external build tool) targets: they compile no Swift module,
    /// but a native target that depends on one is built after what it depends on.
    package var buildOnlyTargets: [XcodeBuildOnlyTarget]
    /// What the reader could not follow (a dangling object id, …): warnings.
    package var diagnostics: [Diagnostic]

    package init(
        name: String, path: String, sourceRoot: String, targets: [XcodeTarget], packages: [XcodePackageReference],
        folderReferences: [XcodePackageReference] = [], buildOnlyTargets: [XcodeBuildOnlyTarget] = [],
        diagnostics: [Diagnostic] = []
    ) {
        self.name = name
        self.path = path
        self.sourceRoot = sourceRoot
        self.targets = targets
        self.packages = packages
        self.folderReferences = folderReferences
        self.buildOnlyTargets = buildOnlyTargets
        self.diagnostics = diagnostics
    }
}

/// A native target.
package struct XcodeTarget: Hashable, Sendable {
    package var name: String
    package var productType: XcodeProductType
    /// The name Swift code imports it by (`PRODUCT_MODULE_NAME`, else `PRODUCT_NAME` as a
    /// C99 identifier).
    package var moduleName: String
    /// The target's entry in `project.pbxproj`.
    package var location: SourceLocation
    /// Swift files its Sources build phase lists, with where each file reference is.
    package var files: [XcodeSourceFile]
    /// Synchronized folders (Xcode 16) that give it files: all of a folder's files, or only
    /// the ones an exception set adds.
    package var folders: [XcodeSynchronizedFolder]
    package var dependencies: [XcodeDependency]
    /// The platform it builds for: its `SDKROOT`, else the first of its
    /// `SUPPORTED_PLATFORMS` (a multiplatform target's `SDKROOT` is `auto`); an XcodeGen
    /// target's `platform:`; a Tuist target's first destination. Nil when none is named.
    package var platform: DeclaredPlatform?

    package init(
        name: String, productType: XcodeProductType, moduleName: String, location: SourceLocation,
        files: [XcodeSourceFile] = [],
        folders: [XcodeSynchronizedFolder] = [], dependencies: [XcodeDependency] = []
    ) {
        self.name = name
        self.productType = productType
        self.moduleName = moduleName
        self.location = location
        self.files = files
        self.folders = folders
        self.dependencies = dependencies
    }
}

/// A target that builds no module: `PBXAggregateTarget` (scripts, or a group of other
/// targets) or `PBXLegacyTarget` (an external build tool such as `make`).
package struct XcodeBuildOnlyTarget: Hashable, Sendable {
    package enum Kind: String, Hashable, Sendable {
        case aggregate
        case externalBuildTool = "external build tool"
    }

    package var name: String
    package var kind: Kind
    /// The targets it depends on (of this project, or another one).
    package var dependencies: [XcodeDependency]
    package var location: SourceLocation

    package init(name: String, kind: Kind, dependencies: [XcodeDependency], location: SourceLocation) {
        self.name = name
        self.kind = kind
        self.dependencies = dependencies
        self.location = location
    }
}

/// A file a Sources build phase compiles.
package struct XcodeSourceFile: Hashable, Sendable {
    package var path: String
    /// Where its file reference is declared.
    package var location: SourceLocation

    package init(path: String, location: SourceLocation) {
        self.path = path
        self.location = location
    }
}

/// A synchronized folder's part in one target.
package struct XcodeSynchronizedFolder: Hashable, Sendable {
    package enum Membership: Hashable, Sendable {
        /// Every file below the folder, but those paths (relative to the folder).
        case all(except: [String])
        /// Only those paths: the folder belongs to another target, and an exception set
        /// adds them to this one.
        case only([String])
        /// A folder an XcodeGen spec lists as a source: the files its `includes:` globs match
        /// (all when there are none), but those its `excludes:` globs match or are below.
        case matching(includes: [PathPattern], excludes: [PathPattern])
    }

    package var path: String
    package var membership: Membership
    package var location: SourceLocation

    package init(path: String, membership: Membership, location: SourceLocation) {
        self.path = path
        self.membership = membership
        self.location = location
    }

    /// Whether a file (relative to the folder) is in the target: an exception names the
    /// file itself or a folder above it.
    package func contains(_ relativePath: String) -> Bool {
        func listed(_ entries: [String]) -> Bool {
            entries.contains { relativePath == $0 || relativePath.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
        }
        switch membership {
        case .all(let excluded): return !listed(excluded)
        case .only(let added): return listed(added)
        case .matching(let includes, let excludes):
            // A glob that matches a folder takes everything below it.
            var prefixes: [String] = []
            var parts = relativePath.split(separator: "/")
            while !parts.isEmpty {
                prefixes.append(parts.joined(separator: "/"))
                parts.removeLast()
            }
            if excludes.contains(where: { pattern in prefixes.contains { pattern.matches($0) } }) { return false }
            return includes.isEmpty || includes.contains { pattern in prefixes.contains { pattern.matches($0) } }
        }
    }
}

/// A Swift package the project refers to.
package struct XcodePackageReference: Hashable, Sendable {
    package enum Source: Hashable, Sendable {
        /// A folder, relative to the Strata project folder.
        case local(String)
        case remote(String)
    }

    package var source: Source
    package var location: SourceLocation

    package init(source: Source, location: SourceLocation) {
        self.source = source
        self.location = location
    }
}

/// One thing a target depends on, at the line of `project.pbxproj` that says so.
package struct XcodeDependency: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        /// A target of this project (`dependencies`), or of another project (then named).
        case target(String, project: String?)
        /// A target whose product the Frameworks build phase links: of this project, or of
        /// another (then named), through a `PBXReferenceProxy`.
        case linkedTarget(String, project: String?)
        /// A Swift package product; the package is nil when the project does not say.
        case product(String, package: XcodePackageReference?)
        /// A target of the project in another folder (Tuist's `.project(target:path:)`), the
        /// folder relative to the Strata project folder: its name is known once it is read.
        case projectFolderTarget(String, folder: String)
    }

    package var kind: Kind
    package var location: SourceLocation

    package init(kind: Kind, location: SourceLocation) {
        self.kind = kind
        self.location = location
    }
}
