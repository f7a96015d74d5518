import Foundation
import StrataAnalysis
import StrataCore
import StrataSwiftPM
import StrataSwiftSource
import StrataXcode

/// Reads a codebase's module graph: the root package (or the manifests the configuration
/// lists), every local `.package(path:)` dependency recursively, the files of each target
/// and the imports in them.
package struct PackageGraphLoader: Sendable {
    /// The graph and the packages it was built from.
    package struct Loaded: Sendable {
        package var graph: ModuleGraph
        package var packages: [PackageSources]
        /// The guidance blocks written in source comments, by module and file, in order.
        package var guidance: [SourceGuidance] = []
        /// Problems in those blocks (a THEN without IF, …), for the commands that show guidance.
        package var guidanceDiagnostics: [Diagnostic] = []
        /// Warnings (errors are thrown).
        package var diagnostics: [Diagnostic]

        /// What was read, in one line: "Read 1 Xcode project and 3 packages: 14 targets,
        /// 212 Swift files."
        package var summary: String {
            func count(_ number: Int, _ noun: String) -> String {
                let digits = String(number)
                var grouped = ""
                for (index, digit) in digits.enumerated() {
                    if index > 0, (digits.count - index) % 3 == 0 { grouped += "," }
                    grouped.append(digit)
                }
                return "\(grouped) \(noun)\(number == 1 ? "" : "s")"
            }
            let projects = packages.filter { $0.manifest.origin == .xcodeProject }
            let manifests = packages.count - projects.count
            var read: [String] = []
            for kind in ["Xcode project", "XcodeGen project", "Tuist project"] {
                let number = projects.filter { PackageSummary.projectKind(ofManifest: $0.manifest.path) == kind }.count
                if number > 0 { read.append(count(number, kind)) }
            }
            if manifests > 0 || projects.isEmpty { read.append(count(manifests, "package")) }
            let targets = packages.reduce(0) { $0 + $1.targets.count }
            // A file two targets compile (a synchronized folder shared with an extension) once.
            let files = Set(packages.flatMap { $0.targets.flatMap(\.files) }).count
            let listed =
                read.count > 2
                ? read.dropLast().joined(separator: ", ") + " and " + (read.last ?? "")
                : read.joined(separator: " and ")
            return "Read " + listed + ": " + count(targets, "target") + ", " + count(files, "Swift file") + "."
        }
    }

    /// The guidance blocks of one Swift file, with file-local ids.
    package struct SourceGuidance: Sendable {
        package var module: String
        package var path: String
        package var drafts: [GuidanceAssembler.Draft]
    }

    package var project: ProjectFiles
    package var mode: ManifestMode
    package var reader: ManifestReader
    package var swiftPM: SwiftPMClient
    /// Swift files already scanned (`strata serve`).
    var scanCache: ItemCache<ScanFingerprint, FileScan> = .none
    /// Whether what only the site shows is read too (off for `strata graph`, which shows neither).
    package var readsSiteDetails = true
    /// The platform named on the command line or in strata.yml; nil reads the project for
    /// the platform it declares (`PlatformDefault`).
    package var platform: PlatformChoice?

    package init(
        project: ProjectFiles, mode: ManifestMode = .auto, reader: ManifestReader = ManifestReader(),
        swiftPM: SwiftPMClient = SwiftPMClient()
    ) {
        self.project = project
        self.mode = mode
        self.reader = reader
        self.swiftPM = swiftPM
    }

    /// - Parameters:
    ///   - roots: package folders relative to the project (default: the project).
    ///   - declaredAt: where the roots are listed (`packages:` in strata.yml), for diagnostics.
    ///   - projects: Xcode projects (`.xcodeproj` folders) relative to the project.
    package func load(roots: [String] = ["."], projects: [String] = [], declaredAt: SourceLocation? = nil) throws
        -> Loaded
    {
        // Manifests are parsed and evaluated by recursion: with the stack a Linux thread has,
        // which macOS gives only its main thread (`DeepStack`).
        try DeepStack.run { try loadOnThisThread(roots: roots, projects: projects, declaredAt: declaredAt) }
    }

    private func loadOnThisThread(roots: [String], projects: [String], declaredAt: SourceLocation?) throws -> Loaded {
        var queue: [(url: URL, isRoot: Bool, requiredBy: SourceLocation?)] = roots.map {
            (project.url($0), true, declaredAt)
        }
        var seen: Set<String> = []
        var packages: [PackageSources] = []
        var errors: [Diagnostic] = []
        var warnings: [Diagnostic] = []
        // Xcode projects first; the local packages they refer to join the queue after the
        // roots, as dependencies.
        var pendingProjects = projects
        var loadedProjects = Set(projects)
        let xcodeLoader = XcodeProjectLoader(project: project)
        while !pendingProjects.isEmpty {
            let path = pendingProjects.removeFirst()
            do {
                let loaded = try xcodeLoader.load(path, isRoot: true)
                var sources = loaded.sources
                for (folder, location) in loaded.localPackages {
                    queue.append((folder, false, location))
                    sources.localPackages[
                        PackageDependencyDeclaration(source: .path(folder.path), location: location).identity] =
                        folder.path
                }
                warnings += loaded.warnings
                // A Tuist project another one names by its folder is read too.
                for folder in Set(sources.manifest.targets.flatMap { $0.dependencies.compactMap(\.projectFolder) })
                    .sorted()
                {
                    let manifest = RelativePath.join(folder, TuistProjectLoader.manifestName)
                    if ProjectFiles.entryExists(project.url(manifest)),
                        project.boundary.outside(project.path(manifest)) == nil,
                        loadedProjects.insert(manifest).inserted
                    {
                        pendingProjects.append(manifest)
                    }
                }
                packages.append(sources)
            } catch let error as DiagnosticsError {
                errors += error.diagnostics
            } catch let diagnostic as Diagnostic {
                errors.append(diagnostic)
            }
        }
        // The Xcode projects read the same for every platform; the manifests are read for
        // the one chosen.
        let choice =
            platform ?? PlatformDefault.declared(byProjects: packages)
            ?? PlatformDefault.declared(byPackages: queue.filter(\.isRoot).map(\.url), loader: self) ?? .fallback
        var reading = self
        reading.reader.conditions = CompilationConditions(platform: choice.platform)
        while !queue.isEmpty {
            let next = queue.removeFirst()
            guard seen.insert(next.url.path).inserted else { continue }
            do {
                var package = try reading.loadPackage(
                    at: next.url, isRoot: next.isRoot, requiredBy: next.requiredBy, warnings: &warnings)
                for dependency in package.manifest.dependencies {
                    guard case .path(let path) = dependency.source else { continue }
                    let url = URL(fileURLWithPath: path, relativeTo: next.url.appendingPathComponent("/"))
                        .standardizedFileURL
                    queue.append((url, false, dependency.location))
                    package.localPackages[dependency.identity] = url.path
                }
                packages.append(package)
            } catch let missing as MissingLocalPackage {
                warnings.append(missing.diagnostic)
            } catch let error as DiagnosticsError {
                errors += error.diagnostics
            } catch let diagnostic as Diagnostic {
                errors.append(diagnostic)
            }
        }
        warnings += Self.nameProjectsByFolder(&packages)
        // Diagnostics placed in strata.yml already carry the path as shown to the user.
        if let declaredAt, !errors.isEmpty {
            let (shown, others) = (
                errors.filter { $0.location == declaredAt }, errors.filter { $0.location != declaredAt }
            )
            if !shown.isEmpty { throw DiagnosticsError(shown + others.map(displayed)) }
        }
        // Local dependencies are recorded by folder while loading; the graph names packages.
        let nameByFolder = Dictionary(
            packages.filter { $0.manifest.origin != .xcodeProject }.map {
                (project.url($0.directory).standardizedFileURL.path, $0.manifest.name)
            },
            uniquingKeysWith: { first, _ in first }
        )
        for index in packages.indices {
            packages[index].localPackages = packages[index].localPackages.compactMapValues { nameByFolder[$0] }
        }
        guard errors.isEmpty else { throw DiagnosticsError(errors.map(displayed)) }
        warnings += Self.leaveOutClashingXcodeTargets(&packages)
        let scanned = scanSources(packages, errors: &errors)
        packages = scanned.packages
        guard errors.isEmpty else { throw DiagnosticsError(errors.map(displayed)) }
        PlatformFilter(platform: choice.platform).apply(to: &packages)
        let exports = CheckoutExports(project: project, reader: reading.reader).read(for: packages)
        var (graph, diagnostics) = ModuleGraphBuilder(packages: packages, productExports: exports).build()
        graph.platform = choice
        let graphErrors = diagnostics.filter { $0.severity == .error }
        if !graphErrors.isEmpty { throw DiagnosticsError(graphErrors.map(displayed)) }
        warnings += diagnostics.filter { $0.severity != .error }
        let guidance = scanned.guidance.map { found in
            var shown = found
            for index in shown.drafts.indices { shown.drafts[index] = displayed(shown.drafts[index]) }
            return shown
        }
        return Loaded(
            graph: graph, packages: packages, guidance: guidance,
            guidanceDiagnostics: scanned.guidanceDiagnostics.map(displayed), diagnostics: warnings.map(displayed))
    }

    /// A dependency on a target of the project in a folder (Tuist's `.project(target:path:)`)
    /// names the project read there; with none, it is a module from outside, and a warning.
    static func nameProjectsByFolder(_ packages: inout [PackageSources]) -> [Diagnostic] {
        let projectInFolder = Dictionary(
            packages.filter { $0.manifest.origin == .xcodeProject }.map {
                (RelativePath.parent($0.manifest.path), $0.manifest.name)
            },
            uniquingKeysWith: { first, _ in first }
        )
        var warnings: [Diagnostic] = []
        for index in packages.indices where packages[index].manifest.origin == .xcodeProject {
            for targetIndex in packages[index].manifest.targets.indices {
                for dependencyIndex in packages[index].manifest.targets[targetIndex].dependencies.indices {
                    let dependency = packages[index].manifest.targets[targetIndex].dependencies[dependencyIndex]
                    guard let folder = dependency.projectFolder else { continue }
                    if let name = projectInFolder[folder] {
                        packages[index].manifest.targets[targetIndex].dependencies[dependencyIndex].package = name
                    } else {
                        warnings.append(
                            .warning(
                                "tuist.missing-project",
                                "target '\(packages[index].manifest.targets[targetIndex].name)' depends on target "
                                    + "'\(dependency.name)' of the project in '\(folder)', where Strata finds no "
                                    + "Project.swift it can read; it is read as a module from outside",
                                at: dependency.location
                            ))
                    }
                }
            }
        }
        return warnings
    }

    /// An Xcode target named like a module already read (GRDB.xcodeproj's `GRDB` framework
    /// beside the package's `GRDB` target, or a second project's target of the same name)
    /// is left out with a warning: modules are named by what code imports, and refusing the
    /// whole graph for it would refuse most repositories that ship both.
    static func leaveOutClashingXcodeTargets(_ packages: inout [PackageSources]) -> [Diagnostic] {
        var owner: [String: String] = [:]
        for package in packages where package.manifest.origin != .xcodeProject {
            for target in package.manifest.targets where owner[target.name] == nil {
                owner[target.name] = "package '\(package.manifest.name)'"
            }
        }
        var warnings: [Diagnostic] = []
        for index in packages.indices where packages[index].manifest.origin == .xcodeProject {
            let project = packages[index].manifest.name
            var clashing: Set<String> = []
            for target in packages[index].manifest.targets {
                if let other = owner[target.name] {
                    clashing.insert(target.name)
                    warnings.append(
                        .warning(
                            "xcode.duplicate-target",
                            "target '\(target.name)' of \(project).xcodeproj has the name of a module of \(other); "
                                + "it is left out of the graph, and what depends on it depends on that module",
                            at: target.location
                        ))
                } else {
                    owner[target.name] = "\(project).xcodeproj"
                }
            }
            packages[index].manifest.targets.removeAll { clashing.contains($0.name) }
            packages[index].targets.removeAll { clashing.contains($0.name) }
        }
        return warnings
    }

    /// Paths inside the graph are relative to the project root, so the graph is the same
    /// wherever Strata runs; diagnostics show them as the user would type them.
    func displayed(_ diagnostic: Diagnostic) -> Diagnostic {
        var copy = diagnostic
        if let path = copy.location?.path { copy.location?.path = project.display(path) }
        return copy
    }

    /// A path relative to the project root (`../Shared/Package.swift` for a sibling package).
    func relative(_ url: URL) -> String {
        let base = project.root.standardizedFileURL.pathComponents
        let target = url.standardizedFileURL.pathComponents
        var common = 0
        while common < base.count, common < target.count, base[common] == target[common] { common += 1 }
        let parts = Array(repeating: "..", count: base.count - common) + target[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// `folder/name`, for paths relative to the project; "" or "." on either side is the
    /// other side (a target whose `path:` is "." has the package's folder).
    func join(_ folder: String, _ name: String) -> String {
        if folder == "." || folder.isEmpty { return name.isEmpty ? "." : name }
        return name.isEmpty || name == "." ? folder : folder + "/" + name
    }

    // MARK: One package

    /// A `.package(path:)` whose folder holds no manifest: a warning, not a failure.
    struct MissingLocalPackage: Error {
        var diagnostic: Diagnostic
    }

    /// The first line of a file (where `// swift-tools-version:` is), or "" (also for one
    /// that resolves outside the read boundary).
    func firstLine(of url: URL) -> Substring {
        guard project.boundary.outside(url.path) == nil, let handle = try? FileHandle(forReadingFrom: url) else {
            return ""
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: 256)) ?? Data()
        return Substring(String(decoding: data, as: UTF8.self))
    }

    /// The manifest SwiftPM reads in a package folder (`Package@swift-6.0.swift` before
    /// `Package.swift` when the tools version allows), or nil when there is none.
    func manifestName(in url: URL) -> String? {
        guard let names = try? project.entries(of: url.path).compactMap(\.name) else { return nil }
        return ManifestFileSelector.select(
            from: names, toolsVersion: reader.conditions.compilerVersion,
            declaredToolsVersion: {
                ManifestFileSelector.toolsVersion(ofManifest: firstLine(of: url.appendingPathComponent($0)))
            }
        )
    }

    func loadPackage(at url: URL, isRoot: Bool, requiredBy: SourceLocation?, warnings: inout [Diagnostic]) throws
        -> PackageSources
    {
        let folder = relative(url)
        if let real = project.boundary.outside(url.path) {
            let message = ReadBoundary.refusal("the local package '\(folder)'", leadsTo: real)
            guard isRoot else {
                // As a package not checked out yet: the graph shows its products as external.
                throw MissingLocalPackage(
                    diagnostic: .warning(
                        "package.outside-project", message + "; its products are shown as external ones, unverified",
                        at: requiredBy))
            }
            throw DiagnosticsError([.error("package.outside-project", message, at: requiredBy)])
        }
        guard let manifestName = manifestName(in: url) else {
            guard isRoot else {
                // As SwiftPM's `dump-package` does, the package that names it is read all the
                // same: a generated or not-yet-checked-out folder leaves the rest standing.
                throw MissingLocalPackage(
                    diagnostic: .warning(
                        "package.missing-local",
                        "the local package '\(folder)' has no Package.swift (not generated or checked out yet?); "
                            + "its products are shown as external ones, unverified, and the rest of the graph stands",
                        at: requiredBy
                    ))
            }
            throw DiagnosticsError([
                .error(
                    "package.missing-manifest",
                    "no Package.swift in '\(folder)'; run Strata in a Swift package, or list the packages in "
                        + "strata.yml (`packages:`)",
                    at: requiredBy
                )
            ])
        }
        let manifestPath = join(folder, manifestName)
        let manifestURL = url.appendingPathComponent(manifestName)
        let bytes = try project.readBytes(at: manifestURL, displayPath: manifestPath)
        let text = String(decoding: bytes, as: UTF8.self)

        switch mode {
        case .swiftpm:
            return try loadWithSwiftPM(
                url: url, folder: folder, manifestText: text, manifestPath: manifestPath, isRoot: isRoot, reasons: [])
        case .syntax, .auto:
            switch reader.read(bytes: bytes, path: manifestPath, packageDirectory: url.path) {
            case .invalid(let diagnostics):
                throw DiagnosticsError(diagnostics)
            case .unresolved(let reasons):
                // Never SwiftPM unasked: it would compile and run the repository's code.
                throw DiagnosticsError(
                    reasons + [
                        .error(
                            "manifest.unresolved",
                            "Strata cannot read this manifest from its syntax alone, and runs no code from the "
                                + "repository unless asked; "
                                + "`--manifest swiftpm` on the command line lets SwiftPM evaluate it, which "
                                + "compiles and runs the "
                                + "manifest's Swift code on this machine (only for a repository you trust)",
                            at: SourceLocation(path: manifestPath)
                        )
                    ])
            case .manifest(let manifest):
                return try resolveSources(manifest, url: url, folder: folder, isRoot: isRoot, warnings: &warnings)
            }
        }
    }

    func loadWithSwiftPM(
        url: URL, folder: String, manifestText: String, manifestPath: String, isRoot: Bool, reasons: [Diagnostic]
    ) throws -> PackageSources {
        let loaded: SwiftPMClient.Package
        do {
            loaded = try swiftPM.load(
                directory: url, manifestText: manifestText, manifestPath: manifestPath, reasons: reasons)
        } catch let failure as Diagnostic {
            throw DiagnosticsError([failure])
        }
        let targets = loaded.manifest.targets.map { target -> TargetSources in
            guard let (path, files) = loaded.sources[target.name] else {
                return TargetSources(name: target.name, folder: nil, files: [], imports: [])
            }
            let targetFolder = join(folder, path)
            let swiftFiles = files.filter { $0.hasSuffix(".swift") }.map { join(targetFolder, $0) }.sorted()
            return TargetSources(name: target.name, folder: targetFolder, files: swiftFiles, imports: [])
        }
        return PackageSources(manifest: loaded.manifest, isRoot: isRoot, directory: folder, targets: targets)
    }

    func resolveSources(
        _ manifest: PackageManifest, url: URL, folder: String, isRoot: Bool, warnings: inout [Diagnostic]
    ) throws -> PackageSources {
        let resolver = SourceFileResolver(packageDirectory: url, manifest: manifest, project: project)
        var targets: [TargetSources] = []
        var errors: [Diagnostic] = []
        for target in manifest.targets {
            do {
                guard let (targetFolder, files, problems) = try resolver.resolve(target) else {
                    targets.append(TargetSources(name: target.name, folder: nil, files: [], imports: []))
                    continue
                }
                let shown = join(folder, targetFolder)
                for problem in problems {
                    switch problem {
                    case .fileName(let path, let isFolder):
                        let what =
                            isFolder
                            ? "this folder's name is not valid UTF-8 (shown with its bad bytes as \\x..), so the "
                                + "Swift files in it cannot be read"
                            : "this Swift file's name is not valid UTF-8 (shown with its bad bytes as \\x..)"
                        errors.append(
                            .error(
                                "source.file-name", what + "; rename it with a UTF-8 name",
                                at: SourceLocation(path: join(shown, path))))
                    case .unreadableFolder(let path, let reason):
                        errors.append(
                            .error(
                                "source.unreadable", "cannot list this folder of target '\(target.name)': \(reason)",
                                at: SourceLocation(path: path.isEmpty ? shown : join(shown, path))
                            ))
                    case .outsideLink(let path, let real):
                        warnings.append(
                            .warning(
                                "source.outside-link",
                                ReadBoundary.refusal("this symbolic link of target '\(target.name)'", leadsTo: real)
                                    + "; it is left out",
                                at: SourceLocation(path: join(shown, path))
                            ))
                    }
                }
                var sources = TargetSources(
                    name: target.name, folder: shown, files: files.map { join(shown, $0) }, imports: [])
                if target.kind == .system {
                    // Swift imports a system library by the modules its module map declares.
                    let map = url.appendingPathComponent(targetFolder).appendingPathComponent("module.modulemap")
                    if let bytes = try? project.readBytes(at: map, displayPath: join(shown, "module.modulemap")),
                        let text = String(validating: bytes, as: UTF8.self)
                    {
                        sources.moduleNames = ModuleMapNames.names(in: text).filter { $0 != target.name }
                    }
                }
                targets.append(sources)
            } catch SourceFileResolver.Failure.missingFolder(let tried, let whole) {
                var place =
                    target.path == nil
                    ? "looked for " + tried.map { "'\(join(folder, $0))'" }.joined(separator: ", ")
                    : "'\(join(folder, tried.first ?? ""))' does not exist"
                if let whole {
                    place +=
                        "; SwiftPM reads the whole '\(join(folder, whole))' folder as a target's only when it is "
                        + "the package's one target of its sort (tools version 5.9 or later)"
                }
                errors.append(
                    .error(
                        "target.missing-sources", "target '\(target.name)' has no source folder: \(place)",
                        at: target.location))
            } catch SourceFileResolver.Failure.outside(let path, let real) {
                warnings.append(
                    .warning(
                        "source.outside-project",
                        ReadBoundary.refusal(
                            "the folder '\(join(folder, path))' of target '\(target.name)'", leadsTo: real)
                            + "; the target is read without files",
                        at: target.location
                    ))
                targets.append(TargetSources(name: target.name, folder: nil, files: [], imports: []))
            }
        }
        guard errors.isEmpty else { throw DiagnosticsError(errors) }
        return PackageSources(manifest: manifest, isRoot: isRoot, directory: folder, targets: targets)
    }

    /// A draft with its locations shown as the user would type them.
    func displayed(_ draft: GuidanceAssembler.Draft) -> GuidanceAssembler.Draft {
        var copy = draft
        copy.block.location.path = project.display(copy.block.location.path)
        for index in copy.block.readAlso.indices {
            copy.block.readAlso[index].location.path = project.display(copy.block.readAlso[index].location.path)
        }
        if let path = copy.idLocation?.path { copy.idLocation?.path = project.display(path) }
        if let path = copy.appliesToLocation?.path { copy.appliesToLocation?.path = project.display(path) }
        return copy
    }

    // MARK: Imports and guidance

    /// Lines in a file: its newlines, plus a last line without one.
    static func lineCount(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { buffer -> Int in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
            // Eight bytes at a time: the exact zero-byte test on `chunk ^ "\n\n…"`, counted.
            let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            let newlines: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
            var count = 0
            var offset = 0
            while offset + 8 <= buffer.count {
                let chunk = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ newlines
                count += (~(((chunk & low) &+ low) | chunk | low)).nonzeroBitCount
                offset += 8
            }
            while offset < buffer.count {
                if buffer[offset] == 0x0A { count += 1 }
                offset += 1
            }
            return buffer.last == 0x0A ? count : count + 1
        }
    }

    struct Scanned {
        var packages: [PackageSources]
        var guidance: [SourceGuidance]
        var guidanceDiagnostics: [Diagnostic]
    }

    /// What one Swift file contributes to the graph.
    struct FileScan: Sendable {
        var imports: [SwiftImport]
        var guidance: CommentGuidanceExtractor.Result?
        var lines: Int
    }

    /// What a file's scan depends on: its bytes (which its stamp stands for), the module
    /// it belongs to (guidance ids start with the module's name), and whether its guidance
    /// and lines were read.
    struct ScanFingerprint: MemoFingerprint, Equatable {
        var stamp: FileStamp
        var module: String
        var readsDetails = true

        func matches(_ previous: ScanFingerprint) -> Bool { self == previous }
        func isKeepable(settleTime: Int64) -> Bool { stamp.isSettled(after: settleTime) }
    }

    /// Reads every source file once: its imports, and the guidance blocks in its comments.
    func scanSources(_ packages: [PackageSources], errors: inout [Diagnostic]) -> Scanned {
        struct Job: Sendable {
            var package: Int
            var target: Int
            var file: String
        }
        var jobs: [Job] = []
        for (p, package) in packages.enumerated() {
            for (t, target) in package.targets.enumerated() {
                jobs += target.files.map { Job(package: p, target: t, file: $0) }
            }
        }
        let project = self.project
        let scanner = ImportScanner()
        let cache = scanCache
        let readsDetails = self.readsSiteDetails
        let moduleOf: @Sendable (Job) -> String = { job in packages[job.package].targets[job.target].name }
        let results = ParallelMap.map(jobs) { job -> Result<FileScan, Diagnostic> in
            do {
                // Looked at before it is read: a save during the build is seen by the next one.
                let scan = try cache.value(
                    for: job.file,
                    fingerprint: {
                        FileStamp.of(project.path(job.file)).map {
                            ScanFingerprint(stamp: $0, module: moduleOf(job), readsDetails: readsDetails)
                        }
                    }
                ) {
                    let bytes = try project.readBytes(atPath: project.path(job.file), displayPath: job.file)
                    var guidance: CommentGuidanceExtractor.Result?
                    if readsDetails, GuidanceKeywordScan.mayOpenBlock(bytes) {
                        let stem =
                            job.file.split(separator: "/").last.map { String($0.dropLast(".swift".count)) } ?? job.file
                        guidance = CommentGuidanceExtractor(idPrefix: moduleOf(job) + "/" + stem).extract(
                            from: try scanner.comments(in: bytes, path: job.file))
                    }
                    return FileScan(
                        imports: try scanner.imports(in: bytes, path: job.file), guidance: guidance,
                        lines: readsDetails ? Self.lineCount(bytes) : 0)
                }
                return .success(scan)
            } catch let diagnostic as Diagnostic {
                return .failure(diagnostic)
            } catch {
                return .failure(
                    .error("source.unreadable", "cannot read the file: \(error)", at: SourceLocation(path: job.file)))
            }
        }
        var updated = packages
        var guidance: [SourceGuidance] = []
        var guidanceDiagnostics: [Diagnostic] = []
        for (job, result) in zip(jobs, results) {
            switch result {
            case .success(let scan):
                updated[job.package].targets[job.target].imports += scan.imports
                updated[job.package].targets[job.target].lineCount += scan.lines
                if let found = scan.guidance {
                    guidanceDiagnostics += found.diagnostics
                    if !found.drafts.isEmpty {
                        guidance.append(SourceGuidance(module: moduleOf(job), path: job.file, drafts: found.drafts))
                    }
                }
            case .failure(let diagnostic): errors.append(diagnostic)
            }
        }
        guidance.sort { ($0.module, $0.path) < ($1.module, $1.path) }
        return Scanned(packages: updated, guidance: guidance, guidanceDiagnostics: guidanceDiagnostics)
    }
}
