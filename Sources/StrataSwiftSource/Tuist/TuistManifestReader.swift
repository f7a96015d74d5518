import StrataCore
import SwiftSyntax

/// Reads Tuist's manifests (`Project.swift`, `Workspace.swift`) from their syntax, as
/// `ManifestReader` reads `Package.swift`: evaluated by the same interpreter, never compiled
/// or run, with the declarations of `Tuist/ProjectDescriptionHelpers` in scope as Tuist
/// compiles them into a module the manifest imports.
package struct TuistManifestReader: Sendable {
    /// What reading a manifest gives.
    package enum Result<Value: Sendable>: Sendable {
        case manifest(Value)
        /// Valid Swift that computes its targets in ways Strata cannot follow, at each place.
        case unresolved([Diagnostic])
        case invalid([Diagnostic])
    }

    /// A file of `ProjectDescriptionHelpers`.
    package struct Helper: Sendable {
        package var path: String
        package var text: String

        package init(path: String, text: String) {
            self.path = path
            self.text = text
        }
    }

    /// Tuist compiles manifests on a Mac (taken to be Apple silicon), with ProjectDescription
    /// importable and PackageDescription not, whatever platform the project is read for:
    /// the platforms a Tuist project builds for are its targets' `destinations:`.
    package static var tuistConditions: CompilationConditions {
        var conditions = CompilationConditions(platform: .macOS)
        conditions.importableModules.formUnion(["ProjectDescription", "ProjectDescriptionHelpers"])
        conditions.importableModules.subtract(["PackageDescription", "CompilerPluginSupport"])
        conditions.missingModules.insert("PackageDescription")
        return conditions
    }

    /// A helper file, parsed once for every manifest that imports it.
    struct ParsedHelper: Sendable {
        var path: String
        var tree: SourceFileSyntax
    }

    let helpers: [ParsedHelper]
    /// Why the helpers cannot be read (a syntax error, …): every manifest read with them
    /// then fails so, as Tuist fails to compile the helpers module.
    let helperFailure: (isInvalid: Bool, diagnostics: [Diagnostic])?

    /// - Parameter helpers: the files of `Tuist/ProjectDescriptionHelpers`, parsed here once.
    package init(helpers: [Helper] = []) {
        var parsed: [ParsedHelper] = []
        var failure: (isInvalid: Bool, diagnostics: [Diagnostic])?
        for helper in helpers where failure == nil {
            switch ManifestReader.parse(text: helper.text, path: helper.path) {
            case .tree(let tree): parsed.append(ParsedHelper(path: helper.path, tree: tree))
            case .invalid(let diagnostics): failure = (true, diagnostics)
            case .unresolved(let diagnostics): failure = (false, diagnostics)
            }
        }
        self.helpers = parsed
        helperFailure = failure
    }

    /// - Parameters:
    ///   - path: the manifest as shown to the user.
    ///   - folder: its folder, as `Context.packageDirectory` would be.
    package func readProject(text: String, path: String, folder: String) -> Result<TuistProjectManifest> {
        evaluate(text: text, path: path, folder: folder) { interpreter, converter in
            converter.project(interpreter.globals.lookup("project"), manifestPath: path)
        }
    }

    package func readWorkspace(text: String, path: String, folder: String) -> Result<TuistWorkspaceManifest> {
        evaluate(text: text, path: path, folder: folder) { interpreter, converter in
            converter.workspace(interpreter.globals.lookup("workspace"), manifestPath: path)
        }
    }

    func evaluate<Value>(
        text: String, path: String, folder: String, convert: (ManifestInterpreter, inout TuistConverter) -> Value?
    ) -> Result<Value> {
        if let helperFailure {
            return helperFailure.isInvalid
                ? .invalid(helperFailure.diagnostics) : .unresolved(helperFailure.diagnostics)
        }
        let tree: SourceFileSyntax
        switch ManifestReader.parse(text: text, path: path) {
        case .tree(let parsed): tree = parsed
        case .invalid(let diagnostics): return .invalid(diagnostics)
        case .unresolved(let diagnostics): return .unresolved(diagnostics)
        }
        let interpreter = ManifestInterpreter(
            path: path, tree: tree, hasMarks: text.contains("MARK:"), conditions: Self.tuistConditions,
            environment: [:], packageDirectory: folder
        )
        interpreter.objectTypes = [
            "Project", "Target", "Workspace", "Package", "SourceFilesList", "SourceFileGlob", "Path", "BuildableFolder"
        ]
        for helper in helpers { interpreter.addHelper(helper.tree, path: helper.path) }
        interpreter.run(tree.statements)
        if !interpreter.invalid.isEmpty { return .invalid(interpreter.invalid) }
        if let excess = interpreter.excess { return .invalid([excess]) }
        var converter = TuistConverter(path: path)
        let value = convert(interpreter, &converter)
        if !converter.values.invalid.isEmpty { return .invalid(converter.values.invalid) }
        let unresolved = converter.values.unresolved
        if let value, unresolved.isEmpty { return .manifest(value) }
        return .unresolved(
            unresolved.isEmpty
                ? [
                    .error(
                        "manifest.unresolved", "no description is assigned at the top level",
                        at: SourceLocation(path: path))
                ] : Array(Set(unresolved)).sorted())
    }
}

/// Turns the evaluated `Project(…)` or `Workspace(…)` into its description, reading the
/// values the graph needs and nothing else (settings, schemes and resources may stay unknown).
struct TuistConverter {
    var values: ManifestConverter

    init(path: String) {
        values = ManifestConverter(path: path)
    }

    mutating func project(_ value: ManifestValue?, manifestPath: String) -> TuistProjectManifest? {
        guard case .object(let project)? = value, project.function == "Project" else {
            values.unresolved.append(
                .error(
                    "manifest.unresolved",
                    value?.unresolved.map { "cannot evaluate the project: \($0.reason)" }
                        ?? "no `let project = Project(…)` at the top level",
                    at: value?.unresolved?.location ?? SourceLocation(path: manifestPath, line: 1)
                ))
            return nil
        }
        let location = project.location
        guard let name = values.string(project.property("name"), what: "the project's name", at: location) else {
            return nil
        }
        var packages: [TuistProjectManifest.Package] = []
        for item in values.list(project.property("packages"), what: "the project's packages", at: location) {
            guard let object = values.object(item, what: "a package", at: location) else { continue }
            if let url = object.value("url") {
                if let text = values.string(url, what: "the package's URL", at: object.location) {
                    packages.append(.init(source: .remote(text), location: object.location))
                }
            } else if let pathValue = object.value("path") ?? object.firstUnlabeled,
                let path = self.path(pathValue, at: object.location)
            {
                packages.append(.init(source: .local(path), location: object.location))
            }
        }
        var targets: [TuistProjectManifest.Target] = []
        for item in values.list(project.property("targets"), what: "the project's targets", at: location) {
            if let target = target(item, at: location) { targets.append(target) }
        }
        return TuistProjectManifest(name: name, location: location, packages: packages, targets: targets)
    }

    mutating func workspace(_ value: ManifestValue?, manifestPath: String) -> TuistWorkspaceManifest? {
        guard case .object(let workspace)? = value, workspace.function == "Workspace" else {
            values.unresolved.append(
                .error(
                    "manifest.unresolved", "no `let workspace = Workspace(…)` at the top level",
                    at: SourceLocation(path: manifestPath, line: 1)
                ))
            return nil
        }
        guard let name = values.string(workspace.property("name"), what: "the workspace's name", at: workspace.location)
        else { return nil }
        let projects = values.list(
            workspace.property("projects"), what: "the workspace's projects", at: workspace.location
        ).compactMap { path($0, at: workspace.location) }
        return TuistWorkspaceManifest(name: name, projects: projects)
    }

    // MARK: Targets

    mutating func target(_ value: ManifestValue, at projectLocation: SourceLocation) -> TuistProjectManifest.Target? {
        guard let object = values.object(value, what: "a target", at: projectLocation) else { return nil }
        let location = object.location
        guard ["target", "Target", "foreignBuild"].contains(object.function) else {
            values.unresolved.append(
                .error(
                    "manifest.unresolved", "a target written as `.\(object.function)(…)`, which Strata does not know",
                    at: location))
            return nil
        }
        guard let name = values.string(object.property("name"), what: "a target's name", at: location) else {
            return nil
        }
        if object.function == "foreignBuild" {
            return .init(
                name: name, product: "foreignBuild", location: location, sources: [], buildableFolders: [],
                dependencies: [])
        }
        let product: String
        switch object.property("product").plain {
        case .member(let member): product = member
        case .unknown(let reason):
            values.unresolved.append(values.diagnostic(reason))
            return nil
        default:
            values.unresolved.append(
                .error("manifest.unresolved", "the product of '\(name)' is not a `Product` Strata knows", at: location))
            return nil
        }
        guard
            let productName = values.optionalString(
                object.property("productName"), what: "the product name of '\(name)'", at: location)
        else { return nil }
        var target = TuistProjectManifest.Target(
            name: name, product: product, productName: productName, location: location,
            sources: sources(object.property("sources"), of: name, at: location),
            buildableFolders: [], dependencies: []
        )
        target.platform = Self.platform(object.value("destinations") ?? object.value("platform")).map {
            DeclaredPlatform(platform: $0, location: location)
        }
        for folder in values.list(
            object.property("buildableFolders"), what: "the buildable folders of '\(name)'", at: location)
        {
            if case .object(let made) = folder, made.function == "folder" || made.function == "BuildableFolder",
                let inner = made.firstUnlabeled ?? made.value("path")
            {
                if let path = path(inner, at: made.location) { target.buildableFolders.append(path) }
            } else if let path = path(folder, at: location) {
                target.buildableFolders.append(path)
            }
        }
        for dependency in values.list(
            object.property("dependencies"), what: "the dependencies of '\(name)'", at: location)
        {
            if let read = self.dependency(dependency, of: name, at: location) { target.dependencies.append(read) }
        }
        return target
    }

    /// Tuist's `Destinations` (`.iOS`, `[.iPhone, .iPad, .mac]`) or `Platform` (`.iOS`): the
    /// platform of the first destination. Read leniently, as it only chooses the platform
    /// the graph is read for.
    static func platform(_ value: ManifestValue?) -> TargetPlatform? {
        let devices: [String: TargetPlatform] = [
            "iPhone": .iOS, "iPad": .iOS, "macWithiPadDesign": .iOS, "appleVisionWithiPadDesign": .iOS, "mac": .macOS,
            "appleWatch": .watchOS, "appleTv": .tvOS, "appleVision": .visionOS
        ]
        switch value?.plain {
        case .member(let name)?: return TargetPlatform(name: name) ?? devices[name]
        case .array(let items)?:
            for case .member(let name) in items.map(\.plain) {
                if let platform = devices[name] ?? TargetPlatform(name: name) { return platform }
            }
            return nil
        default: return nil
        }
    }

    /// `SourceFilesList`: a glob, a list of globs, `.paths([…])`, `.sourceFilesList(globs:)`.
    mutating func sources(_ value: ManifestValue, of target: String, at location: SourceLocation)
        -> [TuistProjectManifest.SourceGlob]
    {
        switch value.plain {
        case .none: return []
        case .array(let items):
            return items.compactMap { glob($0, of: target, at: location) }
        case .object(let object) where ["paths", "sourceFilesList", "SourceFilesList"].contains(object.function):
            let list = object.firstUnlabeled ?? object.value("globs") ?? .array([])
            return sources(list, of: target, at: object.location)
        default:
            return glob(value, of: target, at: location).map { [$0] } ?? []
        }
    }

    mutating func glob(_ value: ManifestValue, of target: String, at location: SourceLocation) -> TuistProjectManifest
        .SourceGlob?
    {
        if case .object(let object) = value,
            object.function == "glob" || object.function == "generated" || object.function == "SourceFileGlob"
        {
            guard let globValue = object.firstUnlabeled ?? object.value("glob"),
                let glob = path(globValue, at: object.location)
            else { return nil }
            var excluding: [TuistPath] = []
            switch object.value("excluding")?.plain {
            case .array(let items)?: excluding = items.compactMap { path($0, at: object.location) }
            case .none?, nil: break
            case let single?: if let one = path(single, at: object.location) { excluding = [one] }
            }
            return .init(glob: glob, excluding: excluding)
        }
        return path(value, at: location).map { .init(glob: $0, excluding: []) }
    }

    // MARK: Dependencies

    mutating func dependency(_ value: ManifestValue, of target: String, at targetLocation: SourceLocation)
        -> TuistProjectManifest.Dependency?
    {
        switch value {
        case .member:
            return nil  // `.xctest`
        case .unknown(let reason):
            values.unresolved.append(values.diagnostic(reason))
            return nil
        case .object(let object):
            let location = object.location
            func named(_ label: String) -> String? {
                values.string(object.property(label), what: "a dependency's \(label)", at: location)
            }
            switch object.function {
            case "target", "macro":
                if case .object(let other)? = object.firstUnlabeled {
                    return values.string(other.property("name"), what: "a target's name", at: location).map {
                        .init(kind: .target($0), location: location)
                    }
                }
                return named("name").map { .init(kind: .target($0), location: location) }
            case "project":
                guard let name = named("target"), let path = path(object.property("path"), at: location) else {
                    return nil
                }
                return .init(kind: .project(target: name, path: path), location: location)
            case "external":
                return named("name").map { .init(kind: .external($0), location: location) }
            case "package":
                return named("product").map { .init(kind: .package($0), location: location) }
            case "framework", "xcframework", "library":
                return path(object.property("path"), at: location).map {
                    .init(kind: .prebuilt($0), location: location)
                }
            case "sdk", "xctest":
                return nil  // the system's, not the project's
            default:
                values.unresolved.append(
                    .error(
                        "manifest.unresolved",
                        "a dependency of '\(target)' written as `.\(object.function)(…)`, which Strata does not know",
                        at: location))
                return nil
            }
        default:
            values.unresolved.append(
                .error("manifest.unresolved", "a dependency of '\(target)' Strata cannot read", at: targetLocation))
            return nil
        }
    }

    // MARK: Paths

    /// A `Path`: a string (`//` at its start: from the root), or `.relativeToManifest(…)`,
    /// `.relativeToRoot(…)`, `.relativeToCurrentFile(…)`, `.path(…)`.
    mutating func path(_ value: ManifestValue, at location: SourceLocation) -> TuistPath? {
        switch value {
        case .locatedString(let text, let place):
            return Self.written(text, at: place)
        case .string(let text):
            return Self.written(text, at: location)
        case .object(let object):
            guard let inner = object.firstUnlabeled ?? object.value("pathString"),
                let text = values.string(inner, what: "a path", at: object.location)
            else { return nil }
            switch object.function {
            case "relativeToRoot": return TuistPath(base: .root, path: text, location: object.location)
            case "relativeToManifest", "path", "Path":
                return TuistPath(base: .manifest, path: text, location: object.location)
            case "relativeToCurrentFile":
                return TuistPath(base: .file(object.writtenIn), path: text, location: object.location)
            default:
                values.unresolved.append(
                    .error(
                        "manifest.unresolved", "a path written as `.\(object.function)(…)`, which Strata does not know",
                        at: object.location))
                return nil
            }
        case .unknown(let reason):
            values.unresolved.append(values.diagnostic(reason))
            return nil
        default:
            values.unresolved.append(.error("manifest.unresolved", "a path Strata cannot read", at: location))
            return nil
        }
    }

    static func written(_ text: String, at location: SourceLocation) -> TuistPath {
        text.hasPrefix("//")
            ? TuistPath(base: .root, path: String(text.dropFirst(2)), location: location)
            : TuistPath(base: .manifest, path: text, location: location)
    }
}
