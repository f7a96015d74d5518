import Foundation
import StrataCore
import StrataXcode

/// Turns an Xcode project into what the graph builder reads packages as: its native
/// targets as targets, with the Swift files Xcode compiles for each (listed in a Sources
/// phase, or found in its synchronized folders), its dependencies as declarations at their
/// lines of `project.pbxproj`, and its Swift package references as package dependencies.
struct XcodeProjectLoader: Sendable {
    let project: ProjectFiles
    /// What the Tuist manifests of one graph share, read once (see `TuistRoots`).
    var tuistRoots = TuistRoots()

    /// The project read, and the local packages it refers to (absolute folders, each with
    /// the line that names it).
    struct Loaded {
        var sources: PackageSources
        var localPackages: [(folder: URL, location: SourceLocation)]
        var warnings: [Diagnostic]
    }

    /// - Parameter path: the `.xcodeproj` folder, an XcodeGen spec (`project.yml`) or a
    ///   Tuist manifest (`Project.swift`), relative to the project.
    func load(_ path: String, isRoot: Bool) throws -> Loaded {
        let xcode = try read(path)
        var warnings = xcode.diagnostics

        var manifest = PackageManifest(name: xcode.name, path: xcode.path, origin: .xcodeProject)
        var localPackages: [(folder: URL, location: SourceLocation)] = []
        // By source, not by object: a product may name a second reference to a package the
        // project lists (the same URL), and Xcode takes it for the listed one.
        var identities: [XcodePackageReference.Source: String] = [:]
        for reference in xcode.packages + xcode.folderReferences {
            // The same package listed twice is one dependency.
            if identities[reference.source] != nil { continue }
            let declaration: PackageDependencyDeclaration
            switch reference.source {
            case .remote(let url):
                declaration = PackageDependencyDeclaration(source: .url(url), location: reference.location)
            case .local(let folder):
                let url = project.url(folder).standardizedFileURL
                let isFolderReference = xcode.folderReferences.contains(reference)
                // A folder the file tree shows is a package only when it holds a manifest.
                if isFolderReference, !ProjectFiles.entryExists(url.appendingPathComponent("Package.swift")) {
                    continue
                }
                declaration = PackageDependencyDeclaration(source: .path(url.path), location: reference.location)
                localPackages.append((url, reference.location))
            }
            identities[reference.source] = declaration.identity
            manifest.dependencies.append(declaration)
        }
        for target in xcode.targets {
            for case .product(let name, let package?) in target.dependencies.map(\.kind)
            where identities[package.source] == nil {
                // A product whose package reference the project does not list: Xcode still
                // resolves it, so the package is a dependency; the project file is worth fixing.
                guard case .remote(let url) = package.source else { continue }
                let declaration = PackageDependencyDeclaration(source: .url(url), location: package.location)
                warnings.append(
                    .warning(
                        "xcode.unlisted-package",
                        "product '\(name)' of target '\(target.name)' comes from the package at '\(url)', which the "
                            + "project's package references do not list; it is read as a dependency all the same",
                        at: package.location
                    ))
                identities[package.source] = declaration.identity
                manifest.dependencies.append(declaration)
            }
        }
        let buildOnly = Dictionary(
            xcode.buildOnlyTargets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

        // Apps first: a helper tool or a test bundle is not what the project is for.
        manifest.platforms =
            xcode.targets.filter { $0.productType.isApp }.compactMap(\.platform)
            + xcode.targets.filter { !$0.productType.isApp }.compactMap(\.platform)
        var targets: [TargetSources] = []
        var judge = ReadBoundary.PathJudge(project.boundary)
        for target in xcode.targets {
            var declared = TargetDeclaration(
                name: target.name, kind: target.productType.targetKind, location: target.location)
            declared.productType = target.productType.rawValue
            declared.dependencies = Self.throughBuildOnlyTargets(target.dependencies, buildOnly: buildOnly).map {
                dependency(of: $0.dependency, through: $0.through, identities: identities)
            }
            manifest.targets.append(declared)

            var files: Set<String> = []
            for file in target.files {
                if let real = judge.outside(project.path(file.path)) {
                    warnings.append(
                        .warning(
                            "source.outside-project",
                            ReadBoundary.refusal(
                                "'\(project.display(file.path))', which target '\(target.name)' compiles,",
                                leadsTo: real) + "; it is left out",
                            at: file.location
                        ))
                } else if ProjectFiles.entryExists(atPath: project.path(file.path)) {
                    files.insert(file.path)
                } else {
                    warnings.append(
                        .warning(
                            "xcode.missing-file",
                            "target '\(target.name)' compiles '\(project.display(file.path))', which does not exist "
                                + "(Xcode shows it in red); it is left out",
                            at: file.location
                        ))
                }
            }
            for folder in target.folders {
                guard ProjectFiles.entryExists(project.url(folder.path)) else {
                    warnings.append(
                        .warning(
                            "xcode.missing-folder",
                            "the synchronized folder '\(project.display(folder.path))' of target '\(target.name)' "
                                + "does not exist; it gives the target no files",
                            at: folder.location
                        ))
                    continue
                }
                if let real = project.boundary.outside(project.path(folder.path)) {
                    warnings.append(
                        .warning(
                            "source.outside-project",
                            ReadBoundary.refusal(
                                "the synchronized folder '\(project.display(folder.path))' of target '\(target.name)'",
                                leadsTo: real) + "; it gives the target no files",
                            at: folder.location
                        ))
                    continue
                }
                for file in swiftFiles(below: folder.path, warnings: &warnings) where folder.contains(file) {
                    files.insert(Self.join(folder.path, file))
                }
            }
            let sorted = files.sorted()
            targets.append(
                TargetSources(
                    name: target.name, folder: commonFolder(sorted, folders: target.folders.map(\.path)), files: sorted,
                    imports: [],
                    moduleNames: target.moduleName == target.name ? [] : [target.moduleName]
                ))
        }
        let sources = PackageSources(manifest: manifest, isRoot: isRoot, directory: xcode.sourceRoot, targets: targets)
        return Loaded(sources: sources, localPackages: localPackages, warnings: warnings)
    }

    /// The project as its file (or XcodeGen spec) declares it, before any source folder is
    /// walked; the spec's own warnings come first in its diagnostics.
    func read(_ path: String) throws -> XcodeProject {
        if TuistProjectLoader.isManifest(path) {
            return try TuistProjectLoader(project: project, roots: tuistRoots).read(path)
        }
        guard XcodeGenSpecLoader.isSpec(path) else {
            let reader = XcodeProjectReader(projectPath: path, rootPath: project.root.standardizedFileURL.path)
            return try reader.read(
                try project.readBytes(at: project.url(reader.filePath), displayPath: reader.filePath))
        }
        let (spec, warnings) = try XcodeGenSpecLoader(project: project).load(path)
        let files = project
        var xcode = XcodeGenProjectReader(specPath: path) { relative in
            let url = files.url(relative)
            guard ProjectFiles.entryExists(url) else { return .missing }
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
                ? .folder : .file
        }.read(spec)
        xcode.diagnostics = warnings + xcode.diagnostics
        return xcode
    }

    /// A dependency on an aggregate or external-build-tool target stands for what that
    /// target depends on (Xcode builds those first), at the line of the first dependency;
    /// a build-only target with no target dependencies (a script) stands for nothing.
    static func throughBuildOnlyTargets(
        _ dependencies: [XcodeDependency], buildOnly: [String: XcodeBuildOnlyTarget]
    ) -> [(dependency: XcodeDependency, through: XcodeBuildOnlyTarget?)] {
        var result: [(dependency: XcodeDependency, through: XcodeBuildOnlyTarget?)] = []
        for dependency in dependencies {
            guard case .target(let name, nil) = dependency.kind, let first = buildOnly[name] else {
                result.append((dependency, nil))
                continue
            }
            var seen: Set<String> = [name]
            var pending = first.dependencies
            while !pending.isEmpty {
                let next = pending.removeFirst()
                if case .target(let inner, nil) = next.kind, let nested = buildOnly[inner] {
                    if seen.insert(inner).inserted { pending += nested.dependencies }
                    continue
                }
                result.append((XcodeDependency(kind: next.kind, location: dependency.location), first))
            }
        }
        return result
    }

    func dependency(
        of dependency: XcodeDependency, through: XcodeBuildOnlyTarget?,
        identities: [XcodePackageReference.Source: String]
    ) -> TargetDependencyDeclaration {
        var declaration = self.dependency(of: dependency, identities: identities)
        if let through, let written = declaration.written {
            declaration.written = written + " through \(through.kind.rawValue) target \"\(through.name)\""
        }
        return declaration
    }

    func dependency(of dependency: XcodeDependency, identities: [XcodePackageReference.Source: String])
        -> TargetDependencyDeclaration
    {
        switch dependency.kind {
        case .target(let name, nil):
            return TargetDependencyDeclaration(
                kind: .target, name: name, location: dependency.location, written: "target dependency \"\(name)\"")
        case .target(let name, let project?):
            return TargetDependencyDeclaration(
                kind: .target, name: name, package: project, location: dependency.location,
                written: "target dependency \"\(name)\" of \(project).xcodeproj"
            )
        case .linkedTarget(let name, nil):
            return TargetDependencyDeclaration(
                kind: .target, name: name, location: dependency.location, written: "links the product of \"\(name)\"")
        case .linkedTarget(let name, let project?):
            return TargetDependencyDeclaration(
                kind: .target, name: name, package: project, location: dependency.location,
                written: "links the product of \"\(name)\" of \(project).xcodeproj"
            )
        case .product(let name, let package?):
            return TargetDependencyDeclaration(
                kind: .product, name: name, package: identities[package.source], location: dependency.location,
                written: "package product \"\(name)\""
            )
        case .product(let name, nil):
            return TargetDependencyDeclaration(
                kind: .byName, name: name, location: dependency.location, written: "package product \"\(name)\"")
        case .projectFolderTarget(let name, let folder):
            var declaration = TargetDependencyDeclaration(
                kind: .target, name: name, package: RelativePath.stem(folder), location: dependency.location,
                written: "target \"\(name)\" of the project in \(folder)"
            )
            declaration.projectFolder = folder
            return declaration
        }
    }

    /// Folders Xcode treats as one file (asset catalogs, bundles, data models…): their
    /// insides are never compiled as sources.
    static let opaqueFolderExtensions: Set<String> = [
        "xcassets", "bundle", "framework", "xcframework", "xcdatamodeld", "xcdatamodel", "docc", "xcodeproj",
        "xcworkspace",
        "playground", "app", "appex", "xctest", "scnassets", "rcproject", "mlpackage", "mlmodelc", "lproj"
    ]

    /// The Swift files below a folder (relative to it, sorted): hidden entries, opaque
    /// folders and links to folders are not entered; a link to a file outside the read
    /// boundary is left out, with a warning.
    func swiftFiles(below folder: String, warnings: inout [Diagnostic]) -> [String] {
        var outside: [Diagnostic] = []
        var found: [String] = []
        func walk(_ relative: String) {
            let absolute = project.path(relative == "." ? folder : Self.join(folder, relative))
            guard let entries = try? project.entries(of: absolute) else { return }
            for entry in entries {
                guard let name = entry.name, !name.hasPrefix(".") else { continue }
                let path = relative == "." ? name : relative + "/" + name
                if FolderListing.isFolder(entry, in: absolute, followingLinks: false) {
                    let ext = name.split(separator: ".").count > 1 ? String(name.split(separator: ".").last ?? "") : ""
                    if !Self.opaqueFolderExtensions.contains(ext) { walk(path) }
                } else if name.hasSuffix(".swift") {
                    if FolderListing.isLink(entry, in: absolute),
                        let real = project.boundary.outside(absolute + "/" + name)
                    {
                        let shown = project.display(Self.join(folder, path))
                        outside.append(
                            .warning(
                                "source.outside-link",
                                ReadBoundary.refusal("this symbolic link", leadsTo: real) + "; it is left out",
                                at: SourceLocation(path: shown)))
                        continue
                    }
                    found.append(path)
                }
            }
        }
        walk(".")
        warnings += outside
        return found.sorted()
    }

    /// The deepest folder all the files are in; for a target of synchronized folders only,
    /// its first folder.
    func commonFolder(_ files: [String], folders: [String]) -> String? {
        guard let first = files.first else { return folders.first }
        var common = first.split(separator: "/").dropLast().map(String.init)
        for file in files.dropFirst() {
            let parts = file.split(separator: "/").dropLast().map(String.init)
            var count = 0
            while count < common.count, count < parts.count, common[count] == parts[count] { count += 1 }
            common = Array(common.prefix(count))
        }
        return common.isEmpty ? "." : common.joined(separator: "/")
    }

    /// `Folder/Sub` + `File.swift`, for paths relative to the project.
    static func join(_ base: String, _ path: String) -> String {
        base == "." || base.isEmpty ? path : base + "/" + path
    }
}
