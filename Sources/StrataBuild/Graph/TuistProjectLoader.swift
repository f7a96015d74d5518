import Foundation
import StrataCore
import StrataSwiftSource
import StrataXcode

/// Reads a Tuist `Project.swift` into the `XcodeProject` that `tuist generate` would write,
/// without running Tuist: the manifest is evaluated with `Tuist/ProjectDescriptionHelpers`
/// in scope, its source globs become folders with patterns, `.project(target:path:)` names
/// the project in another folder, and the packages of `Tuist/Package.swift` are the
/// project's, for `.external(name:)`.
struct TuistProjectLoader {
    let project: ProjectFiles
    /// Shared by the projects of one module graph.
    var roots = TuistRoots()

    static let manifestName = "Project.swift"
    static let workspaceName = "Workspace.swift"

    static func isManifest(_ path: String) -> Bool {
        path == manifestName || path.hasSuffix("/" + manifestName)
    }

    static func isWorkspace(_ path: String) -> Bool {
        path == workspaceName || path.hasSuffix("/" + workspaceName)
    }

    /// Whether a `Project.swift` is Tuist's: it imports ProjectDescription.
    static func isTuistManifest(_ path: String, project: ProjectFiles) -> Bool {
        guard let bytes = try? project.readBytes(atPath: path, displayPath: path) else { return false }
        return String(decoding: bytes.prefix(65_536), as: UTF8.self).contains("import ProjectDescription")
    }

    /// - Throws: a `DiagnosticsError` when the manifest is broken or computes its targets in
    ///   ways Strata cannot follow.
    func read(_ path: String) throws -> XcodeProject {
        let folder = RelativePath.parent(path)
        let root = tuistRoot(from: folder)
        let shared = try roots.root(root) { try readRoot(root) }
        var warnings = shared.isFirst ? shared.root.warnings : []
        let text = try TextDecoding.decode(try project.readBytes(at: project.url(path), displayPath: path), path: path)
        let manifest: TuistProjectManifest
        switch shared.root.reader.readProject(text: text, path: path, folder: project.path(folder)) {
        case .manifest(let read): manifest = read
        case .invalid(let diagnostics): throw DiagnosticsError(diagnostics)
        case .unresolved(let diagnostics):
            throw DiagnosticsError(
                diagnostics.map { diagnostic in
                    Diagnostic.error(
                        diagnostic.ruleID,
                        diagnostic.message
                            + "; Strata reads Tuist's manifests without running Tuist (list the generated "
                            + ".xcodeproj under projects: to read that instead)",
                        at: diagnostic.location
                    )
                })
        }
        func resolve(_ written: TuistPath) -> String {
            switch written.base {
            case .manifest: RelativePath.join(folder, written.path)
            case .root: RelativePath.join(root, written.path)
            case .file(let file): RelativePath.join(RelativePath.parent(file), written.path)
            }
        }

        var packages: [XcodePackageReference] = manifest.packages.map { package in
            switch package.source {
            case .remote(let url): XcodePackageReference(source: .remote(url), location: package.location)
            case .local(let path): XcodePackageReference(source: .local(resolve(path)), location: package.location)
            }
        }
        packages += shared.root.packages

        var targets: [XcodeTarget] = []
        var buildOnly: [XcodeBuildOnlyTarget] = []
        for target in manifest.targets {
            if target.product == "foreignBuild" {
                buildOnly.append(
                    XcodeBuildOnlyTarget(
                        name: target.name, kind: .aggregate, dependencies: [], location: target.location))
                continue
            }
            var read = XcodeTarget(
                name: target.name, productType: Self.productType(target.product),
                moduleName: XcodeProjectReader.moduleName(settings: [:], targetName: target.productName ?? target.name),
                location: target.location
            )
            read.platform = target.platform
            for glob in target.sources {
                sources(glob, resolve: resolve, of: target.name, into: &read, warnings: &warnings)
            }
            for folderPath in target.buildableFolders {
                read.folders.append(
                    XcodeSynchronizedFolder(
                        path: resolve(folderPath), membership: .all(except: []), location: folderPath.location))
            }
            read.dependencies = target.dependencies.map { dependency in
                switch dependency.kind {
                case .target(let name):
                    return XcodeDependency(kind: .target(name, project: nil), location: dependency.location)
                case .project(let name, let path):
                    return XcodeDependency(
                        kind: .projectFolderTarget(name, folder: resolve(path)), location: dependency.location)
                case .external(let name), .package(let name):
                    return XcodeDependency(kind: .product(name, package: nil), location: dependency.location)
                case .prebuilt(let path):
                    let file = path.path.split(separator: "/").last.map(String.init) ?? path.path
                    return XcodeDependency(
                        kind: .product(RelativePath.stem(file), package: nil), location: dependency.location)
                }
            }
            targets.append(read)
        }
        return XcodeProject(
            name: manifest.name, path: path, sourceRoot: folder, targets: targets, packages: packages,
            buildOnlyTargets: buildOnly, diagnostics: warnings
        )
    }

    /// The projects a `Workspace.swift` lists: the `Project.swift` of each folder its
    /// entries (globs allowed) name.
    func workspaceProjects(_ path: String) throws -> [String] {
        let folder = RelativePath.parent(path)
        let root = tuistRoot(from: folder)
        let text = try TextDecoding.decode(try project.readBytes(at: project.url(path), displayPath: path), path: path)
        let workspace: TuistWorkspaceManifest
        switch try roots.root(root, reading: { try readRoot(root) }).root.reader.readWorkspace(
            text: text, path: path, folder: project.path(folder))
        {
        case .manifest(let read): workspace = read
        case .invalid(let diagnostics), .unresolved(let diagnostics): throw DiagnosticsError(diagnostics)
        }
        var found: [String] = []
        for entry in workspace.projects {
            let pattern =
                entry.base == .root ? RelativePath.join(root, entry.path) : RelativePath.join(folder, entry.path)
            if PackagePattern.isGlob(pattern) {
                let below = ProjectSearch.find(under: PackagePattern.fixedPrefix(pattern), project: project)
                found += below.tuistManifests.filter { PackagePattern.matches(pattern, RelativePath.parent($0)) }
            } else if ProjectFiles.entryExists(project.url(RelativePath.join(pattern, Self.manifestName))) {
                found.append(RelativePath.join(pattern, Self.manifestName))
            }
        }
        return found
    }

    // MARK: Sources

    /// A glob as a folder and the patterns below it (`Targets/App/Sources/**` is the folder
    /// `Targets/App/Sources`, all of it); a plain path is a file, or a whole folder.
    func sources(
        _ glob: TuistProjectManifest.SourceGlob, resolve: (TuistPath) -> String, of target: String,
        into read: inout XcodeTarget, warnings: inout [Diagnostic]
    ) {
        let location = glob.glob.location
        for pattern in Self.expandBraces(resolve(glob.glob)) {
            let folder = PackagePattern.isGlob(pattern) ? PackagePattern.fixedPrefix(pattern) : pattern
            let url = project.url(folder)
            guard ProjectFiles.entryExists(url) else {
                warnings.append(
                    .warning(
                        "tuist.missing-source",
                        "target '\(target)' lists the sources '\(project.display(pattern))', and "
                            + "'\(project.display(folder))' does not exist (Tuist would find no files); it gives "
                            + "the target no files",
                        at: location
                    ))
                continue
            }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
                if pattern.hasSuffix(".swift") { read.files.append(XcodeSourceFile(path: pattern, location: location)) }
                continue
            }
            let below = pattern == folder ? "**" : String(pattern.dropFirst(folder == "." ? 0 : folder.count + 1))
            let excludes = glob.excluding.flatMap { Self.expandBraces(resolve($0)) }.compactMap {
                excluded -> PathPattern? in
                guard folder == "." || excluded.hasPrefix(folder + "/") else { return nil }
                return PathPattern(folder == "." ? excluded : String(excluded.dropFirst(folder.count + 1)))
            }
            read.folders.append(
                XcodeSynchronizedFolder(
                    path: folder, membership: .matching(includes: [PathPattern(below)], excludes: excludes),
                    location: location
                ))
        }
    }

    /// `Sources/**/*.{swift,m}` as `Sources/**/*.swift` and `Sources/**/*.m`.
    static func expandBraces(_ pattern: String) -> [String] {
        guard let open = pattern.firstIndex(of: "{"), let close = pattern[open...].firstIndex(of: "}") else {
            return [pattern]
        }
        let head = pattern[..<open]
        let tail = String(pattern[pattern.index(after: close)...])
        return pattern[pattern.index(after: open)..<close].split(separator: ",", omittingEmptySubsequences: false)
            .flatMap { choice in
                expandBraces(head + choice + tail)
            }
    }

    // MARK: The Tuist folder

    /// The folder Tuist's `.relativeToRoot` starts from: the closest one, from the manifest's
    /// folder up to the project folder, that holds a `Tuist` folder, a `Tuist.swift` or `.git`.
    func tuistRoot(from folder: String) -> String {
        var current = folder
        while true {
            for marker in ["Tuist", "Tuist.swift", ".git"]
            where ProjectFiles.entryExists(project.url(RelativePath.join(current, marker))) {
                return current
            }
            guard current != ".", !current.hasPrefix("..") else { return "." }
            current = RelativePath.parent(current)
        }
    }

    /// What the manifests below `root` share: its helpers, parsed, and its external packages.
    func readRoot(_ root: String) throws -> TuistRoots.Root {
        var warnings: [Diagnostic] = []
        let reader = TuistManifestReader(helpers: try helpers(root: root, warnings: &warnings))
        let packages = externalPackages(root: root, warnings: &warnings)
        return TuistRoots.Root(reader: reader, packages: packages, warnings: warnings)
    }

    /// The files of `Tuist/ProjectDescriptionHelpers`, which every manifest imports (a link
    /// leading out of the project is left out, with a warning).
    func helpers(root: String, warnings: inout [Diagnostic]) throws -> [TuistManifestReader.Helper] {
        let folder = RelativePath.join(root, "Tuist/ProjectDescriptionHelpers")
        guard ProjectFiles.entryExists(project.url(folder)) else { return [] }
        return try XcodeProjectLoader(project: project).swiftFiles(below: folder, warnings: &warnings).map { file in
            let path = RelativePath.join(folder, file)
            return TuistManifestReader.Helper(
                path: path,
                text: try TextDecoding.decode(
                    try project.readBytes(at: project.url(path), displayPath: path), path: path))
        }
    }

    /// Whether a `Package.swift` is Tuist's list of external dependencies rather than a
    /// package: it configures Tuist (`#if TUIST`, `PackageSettings`) and declares no targets
    /// (a package that also configures Tuist is still a package).
    static func isDependencyManifest(_ path: String, project: ProjectFiles) -> Bool {
        guard let bytes = try? project.readBytes(atPath: project.path(path), displayPath: path) else { return false }
        let text = String(decoding: bytes.prefix(65_536), as: UTF8.self)
        return (text.contains("#if TUIST") || text.contains("PackageSettings(")) && !text.contains("targets:")
    }

    /// The packages Tuist's dependency manifest depends on (`Tuist/Package.swift`, or a root
    /// `Package.swift` that configures Tuist): `.external(name:)` names their products. A
    /// manifest Strata cannot read is a warning: the projects' own targets stand.
    func externalPackages(root: String, warnings: inout [Diagnostic]) -> [XcodePackageReference] {
        var path = RelativePath.join(root, "Tuist/Package.swift")
        if !ProjectFiles.entryExists(project.url(path)),
            Self.isDependencyManifest(RelativePath.join(root, "Package.swift"), project: project)
        {
            path = RelativePath.join(root, "Package.swift")
        }
        guard let bytes = try? project.readBytes(at: project.url(path), displayPath: path) else { return [] }
        switch ManifestReader().read(
            bytes: bytes, path: path, packageDirectory: project.path(RelativePath.parent(path)))
        {
        case .manifest(let manifest):
            return manifest.dependencies.compactMap { dependency in
                switch dependency.source {
                case .url(let url): XcodePackageReference(source: .remote(url), location: dependency.location)
                case .path(let local):
                    XcodePackageReference(
                        source: .local(RelativePath.join(RelativePath.parent(path), local)),
                        location: dependency.location)
                case .registry: nil
                }
            }
        case .invalid(let diagnostics), .unresolved(let diagnostics):
            warnings += diagnostics.prefix(1).map { diagnostic in
                Diagnostic.warning(
                    diagnostic.ruleID,
                    diagnostic.message
                        + "; the external dependencies of Tuist/Package.swift are read as outside modules",
                    at: diagnostic.location)
            }
            return []
        }
    }

    // MARK: Products

    /// Tuist's `Product` cases as Xcode's product types.
    static func productType(_ product: String) -> XcodeProductType {
        switch product {
        case "app", "appClip": .app
        case "framework": .framework
        case "staticFramework": .staticFramework
        case "staticLibrary": .staticLibrary
        case "dynamicLibrary": .dynamicLibrary
        case "unitTests": .unitTests
        case "uiTests": .uiTests
        case "commandLineTool", "macro": .commandLineTool
        case "bundle": .bundle
        case "watch2App": .watchApp
        case "watch2Extension": .watchExtension
        case "xpc": .xpcService
        case "appExtension", "tvTopShelfExtension", "messagesExtension", "stickerPackExtension", "systemExtension",
            "extensionKitExtension":
            .appExtension
        default: .other
        }
    }
}
