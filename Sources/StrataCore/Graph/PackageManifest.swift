/// What a `Package.swift` declares, as far as the module graph is concerned: the package's
/// name, its targets with their dependencies, its products and the packages it depends on.
/// Every declaration keeps the manifest line it is written on, so a report can point there.
package struct PackageManifest: Hashable, Sendable {
    /// How a manifest was read: from its syntax, or from SwiftPM's own evaluation.
    package enum Origin: Hashable, Sendable {
        case syntax
        /// SwiftPM evaluated the manifest (`swift package dump-package`), because the syntax
        /// reader met forms it cannot resolve (the reasons) or because it was asked to.
        case swiftPM(reasons: [Diagnostic])
        /// Not a manifest: an Xcode project's `project.pbxproj`, read as one, its native
        /// targets as targets and its package references as dependencies.
        case xcodeProject
    }

    package var name: String
    /// The manifest file, as shown to the user.
    package var path: String
    package var targets: [TargetDeclaration]
    package var products: [ProductDeclaration]
    package var dependencies: [PackageDependencyDeclaration]
    package var origin: Origin
    /// The `// swift-tools-version:` the manifest declares (`[5, 9]`), when it does: some of
    /// SwiftPM's rules depend on it (where a target's files may be).
    package var toolsVersion: [Int]?
    /// The platforms the project declares, the one to read it for first: a manifest's
    /// `platforms:` in order; an Xcode project's targets' SDKs, apps first. The graph is
    /// read for the first a root declares unless the command line or strata.yml names one.
    package var platforms: [DeclaredPlatform] = []

    package init(
        name: String, path: String, targets: [TargetDeclaration] = [], products: [ProductDeclaration] = [],
        dependencies: [PackageDependencyDeclaration] = [], origin: Origin = .syntax
    ) {
        self.name = name
        self.path = path
        self.targets = targets
        self.products = products
        self.dependencies = dependencies
        self.origin = origin
    }

    /// The version a manifest's first line declares (`// swift-tools-version:5.9` → `[5, 9]`).
    package static func declaredToolsVersion(in text: Substring) -> [Int]? {
        guard let firstLine = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first else {
            return nil
        }
        let marker = "swift-tools-version:"
        var start = firstLine.startIndex
        var found: Substring.Index?
        while start < firstLine.endIndex {
            if firstLine[start...].hasPrefix(marker) {
                found = firstLine.index(start, offsetBy: marker.count)
                break
            }
            start = firstLine.index(after: start)
        }
        guard let found else { return nil }
        let rest = firstLine[found...].drop(while: { $0 == " " })
        let digits = rest.prefix(while: { $0.isNumber || $0 == "." })
        let version = digits.split(separator: ".").compactMap { Int($0) }
        return version.isEmpty ? nil : version
    }

    /// Whether the declared tools version is at least `version` (false when none is declared).
    package func declaresToolsVersion(atLeast version: [Int]) -> Bool {
        guard let toolsVersion else { return false }
        let width = max(toolsVersion.count, version.count)
        let pad = { (v: [Int]) in v + Array(repeating: 0, count: width - v.count) }
        return !pad(toolsVersion).lexicographicallyPrecedes(pad(version))
    }

    package func target(named name: String) -> TargetDeclaration? {
        targets.first { $0.name == name }
    }

    /// The package dependency a `.product(name:package:)` names: SwiftPM matches the
    /// package's identity (the last path component of its URL or path), or its explicit name.
    package func dependency(named package: String) -> PackageDependencyDeclaration? {
        let wanted = package.lowercased()
        return dependencies.first { $0.identity == wanted || $0.name?.lowercased() == wanted }
    }
}

/// The kinds of target SwiftPM knows, named as `swift package dump-package` names them.
package enum TargetKind: String, Hashable, Sendable, CaseIterable {
    case regular, executable, test, system, binary, plugin, macro

    /// The manifest function that declares this kind (`.executableTarget`, …).
    package var manifestFunction: String {
        switch self {
        case .regular: "target"
        case .executable: "executableTarget"
        case .test: "testTarget"
        case .system: "systemLibrary"
        case .binary: "binaryTarget"
        case .plugin: "plugin"
        case .macro: "macro"
        }
    }

    package init?(manifestFunction: String) {
        guard let kind = TargetKind.allCases.first(where: { $0.manifestFunction == manifestFunction }) else {
            return nil
        }
        self = kind
    }
}

/// One target of a manifest.
package struct TargetDeclaration: Hashable, Sendable {
    package var name: String
    package var kind: TargetKind
    package var dependencies: [TargetDependencyDeclaration]
    /// The `path:` argument, relative to the package folder.
    package var path: String?
    package var exclude: [String]
    /// The `sources:` argument: when present, only these files and folders are compiled.
    package var sources: [String]?
    /// Resource paths (`.copy`, `.process`, …): files there are not compiled.
    package var resources: [String]
    /// The `// MARK: <name>` section the target is declared under, a hint of its layer.
    package var section: String?
    /// What an Xcode target builds (`app`, `framework`, `unit-tests`…); nil for packages.
    package var productType: String?
    package var location: SourceLocation

    package init(
        name: String, kind: TargetKind, dependencies: [TargetDependencyDeclaration] = [], path: String? = nil,
        exclude: [String] = [], sources: [String]? = nil, resources: [String] = [], section: String? = nil,
        location: SourceLocation
    ) {
        self.name = name
        self.kind = kind
        self.dependencies = dependencies
        self.path = path
        self.exclude = exclude
        self.sources = sources
        self.resources = resources
        self.section = section
        self.location = location
    }
}

/// One entry of a target's `dependencies:` list, in the form it was written.
package struct TargetDependencyDeclaration: Hashable, Sendable {
    package enum Kind: String, Hashable, Sendable {
        /// A plain string or `.byName(name:)`: a target of this package if one has the name,
        /// else a product of a dependency.
        case byName
        case target
        case product
    }

    package var kind: Kind
    package var name: String
    /// For products: the package identity or name given as `package:`.
    package var package: String?
    package var condition: DependencyCondition?
    package var location: SourceLocation
    /// How evidence shows the entry when it is not written in a manifest (an Xcode
    /// project's `PBXTargetDependency "Core"`); nil for manifest entries.
    package var written: String?
    /// For a target of a project named by its folder (Tuist's `.project(target:path:)`):
    /// that folder, relative to the Strata project; the loader sets `package` to the name of
    /// the project it reads there.
    package var projectFolder: String?

    package init(
        kind: Kind, name: String, package: String? = nil, condition: DependencyCondition? = nil,
        location: SourceLocation, written: String? = nil
    ) {
        self.kind = kind
        self.name = name
        self.package = package
        self.condition = condition
        self.location = location
        self.written = written
    }
}

/// A `condition: .when(platforms:traits:)` on a dependency.
package struct DependencyCondition: Hashable, Sendable, CustomStringConvertible {
    package var platforms: [String]
    package var traits: [String]

    package init(platforms: [String] = [], traits: [String] = []) {
        self.platforms = platforms
        self.traits = traits
    }

    package var description: String {
        var parts: [String] = []
        if !platforms.isEmpty { parts.append("platforms: " + platforms.joined(separator: ", ")) }
        if !traits.isEmpty { parts.append("traits: " + traits.joined(separator: ", ")) }
        return "when " + parts.joined(separator: "; ")
    }
}

/// A product a package offers to its dependents.
package struct ProductDeclaration: Hashable, Sendable {
    package enum Kind: String, Hashable, Sendable {
        case library, executable, plugin, other
    }

    package var name: String
    package var kind: Kind
    package var targets: [String]
    package var location: SourceLocation

    package init(name: String, kind: Kind, targets: [String], location: SourceLocation) {
        self.name = name
        self.kind = kind
        self.targets = targets
        self.location = location
    }
}

/// A `.package(…)` entry.
package struct PackageDependencyDeclaration: Hashable, Sendable {
    package enum Source: Hashable, Sendable {
        case path(String)
        case url(String)
        case registry(String)
    }

    package var source: Source
    /// An explicit `name:` (older manifests).
    package var name: String?
    package var location: SourceLocation

    package init(source: Source, name: String? = nil, location: SourceLocation) {
        self.source = source
        self.name = name
        self.location = location
    }

    /// SwiftPM's identity: the last path component of the URL or path, lowercased, without
    /// `.git`; for registry packages the `scope.name` identifier.
    package var identity: String {
        switch source {
        case .registry(let id):
            return id.lowercased()
        case .path(let location), .url(let location):
            var text = location
            while text.hasSuffix("/") { text.removeLast() }
            var last = text.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? text
            if let colon = last.lastIndex(of: ":") { last = String(last[last.index(after: colon)...]) }
            if last.hasSuffix(".git") { last.removeLast(4) }
            return last.lowercased()
        }
    }
}
