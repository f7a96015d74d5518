import Foundation
import StrataCore
import StrataXcode

/// The Xcode projects to read: the entries of `projects:` (globs expanded, `!` entries
/// taken out), or the ones found below the project folder; a workspace stands for the
/// projects and Swift packages it lists.
enum XcodeProjectRoots {
    struct Roots: Equatable {
        var projects: [String] = []
        /// Package folders that workspaces list.
        var packages: [String] = []
    }

    /// - Throws: `DiagnosticsError` for an entry that names nothing, or a workspace that
    ///   cannot be read.
    static func expand(_ config: StrataConfig, project: ProjectFiles) throws -> Roots {
        guard let entries = config.projects else { return Roots() }
        let location = { (index: Int) in
            index < config.projectEntryLocations.count ? config.projectEntryLocations[index] : config.projectsLocation
        }
        let exclusions = entries.filter(PackagePattern.isExclusion).map {
            PackageRoots.normalize(String($0.dropFirst()))
        }
        var named: [(path: String, location: SourceLocation?)] = []
        var errors: [Diagnostic] = []
        var searched: [String: ProjectSearch.Found] = [:]
        let output = project.url(config.outputDirectory).standardizedFileURL.path
        for (index, entry) in entries.enumerated() where !PackagePattern.isExclusion(entry) {
            guard PackagePattern.isGlob(entry) else {
                let path = PackageRoots.normalize(entry)
                if ProjectFiles.entryExists(project.url(path)) {
                    named.append((path, location(index)))
                } else {
                    errors.append(
                        .error("projects.missing", "projects: '\(entry)' does not exist", at: location(index)))
                }
                continue
            }
            let start = PackagePattern.fixedPrefix(entry)
            let found = searched[start] ?? ProjectSearch.find(under: start, project: project, avoiding: [output])
            searched[start] = found
            let matches = (found.xcodeProjects + found.workspaces + found.xcodeGenSpecs + found.tuistManifests).filter {
                PackagePattern.matches(PackageRoots.normalize(entry), $0)
            }.sorted()
            if matches.isEmpty {
                errors.append(
                    .error(
                        "projects.unmatched",
                        "projects: '\(entry)' matches no .xcodeproj or .xcworkspace folder, XcodeGen spec or Tuist "
                            + "manifest",
                        at: location(index)))
            }
            named += matches.map { ($0, location(index)) }
        }
        guard errors.isEmpty else { throw DiagnosticsError(errors) }
        let kept = named.filter { entry in !exclusions.contains { PackagePattern.matches($0, entry.path) } }
        let roots = try resolve(kept, project: project)
        // `projects: []` says: no Xcode project.
        if roots.projects.isEmpty, roots.packages.isEmpty, !entries.isEmpty {
            throw DiagnosticsError([
                .error(
                    "projects.unmatched", "projects: the entries leave no Xcode project to read",
                    at: config.projectsLocation)
            ])
        }
        return roots
    }

    /// What a search below the project found: its projects, and what its workspaces add.
    /// A workspace that cannot be read adds nothing and is a warning (nobody named it, so
    /// the build goes on); the projects found, and what the other workspaces list, stand.
    static func discovered(_ found: ProjectSearch.Found, project: ProjectFiles) -> (
        roots: Roots, warnings: [Diagnostic]
    ) {
        let named = (found.xcodeProjects + found.workspaces + found.xcodeGenSpecs + found.tuistManifests).map {
            (path: $0, location: SourceLocation?.none)
        }
        var roots = Roots()
        var warnings: [Diagnostic] = []
        for entry in named {
            do {
                let one = try resolve([entry], project: project)
                roots.projects += one.projects.filter { !roots.projects.contains($0) }
                roots.packages += one.packages.filter { !roots.packages.contains($0) }
            } catch {
                let problems =
                    (error as? DiagnosticsError)?.diagnostics ?? (error as? Diagnostic).map { [$0] }
                    ?? [.error("xcode.invalid-workspace", "\(error)", at: SourceLocation(path: entry.path))]
                warnings += problems.map { problem in
                    var warning = problem
                    warning.severity = .warning
                    warning.message += "; what it lists is not read (name it under projects: to make this an error)"
                    return warning
                }
            }
        }
        return (roots, warnings)
    }

    /// The projects found that refer to the project folder's own package as a local
    /// package (`XCLocalSwiftPackageReference` to the root): the app of a repository whose
    /// modules live in a root `Package.swift`. A project that cannot be read is skipped
    /// here; it is not part of what was asked for.
    static func projectsUsingRootPackage(_ found: ProjectSearch.Found, project: ProjectFiles) -> [String] {
        found.xcodeProjects.filter { path in
            let reader = XcodeProjectReader(projectPath: path, rootPath: project.root.standardizedFileURL.path)
            guard let bytes = try? project.readBytes(at: project.url(reader.filePath), displayPath: reader.filePath),
                let xcode = try? reader.read(bytes)
            else { return false }
            return (xcode.packages + xcode.folderReferences).contains { $0.source == .local(".") }
        }
    }

    /// The projects and XcodeGen specs right in the project folder that build an app: with a
    /// root `Package.swift`, they are the app the package's modules (or tools) serve. A
    /// library's own project (frameworks and tests only) is not: it builds the package's
    /// modules again.
    static func rootAppProjects(_ found: ProjectSearch.Found, project: ProjectFiles) -> [String] {
        let atRoot = (found.xcodeProjects + found.xcodeGenSpecs + found.tuistManifests).filter { !$0.contains("/") }
        return atRoot.filter { path in
            // The declarations only: the source folders are walked once, when it is loaded.
            guard let xcode = try? XcodeProjectLoader(project: project).read(path) else { return false }
            return xcode.targets.contains { $0.productType == .app }
        }
    }

    /// Projects as they are; workspaces replaced by what they list. Each path once, in order.
    static func resolve(_ named: [(path: String, location: SourceLocation?)], project: ProjectFiles) throws -> Roots {
        var roots = Roots()
        var seen: Set<String> = []
        for entry in named {
            if entry.path.hasSuffix(".xcworkspace") {
                let reader = XcodeWorkspaceReader(
                    workspacePath: entry.path, rootPath: project.root.standardizedFileURL.path)
                let bytes = try project.readBytes(at: project.url(reader.filePath), displayPath: reader.filePath)
                for reference in try reader.read(bytes) {
                    // Other tools' projects (CocoaPods' Pods.xcodeproj) are not the app's code.
                    guard
                        !reference.path.split(separator: "/").contains(where: {
                            ProjectSearch.skipped.contains(String($0))
                        }),
                        seen.insert(reference.path).inserted
                    else { continue }
                    if reference.path.hasSuffix(".xcodeproj") {
                        if ProjectFiles.entryExists(
                            project.url(reference.path).appendingPathComponent("project.pbxproj"))
                        {
                            roots.projects.append(reference.path)
                        }
                    } else if ProjectFiles.entryExists(
                        project.url(reference.path).appendingPathComponent("Package.swift"))
                    {
                        roots.packages.append(reference.path)
                    }
                }
            } else if TuistProjectLoader.isWorkspace(entry.path) {
                for listed in try TuistProjectLoader(project: project).workspaceProjects(entry.path)
                where seen.insert(listed).inserted {
                    roots.projects.append(listed)
                }
            } else if seen.insert(entry.path).inserted {
                roots.projects.append(entry.path)
            }
        }
        return roots
    }
}
