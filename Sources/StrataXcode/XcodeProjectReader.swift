import Foundation
import StrataCore

/// Reads a `project.pbxproj` into an `XcodeProject`: the native targets, the Swift files
/// their Sources phases list (placed through the group tree), their synchronized folders
/// with the exception sets that remove files from a target or add them to another, their
/// target, linked-framework and package-product dependencies, and the package references.
package struct XcodeProjectReader: Sendable {
    /// The `.xcodeproj` folder, relative to the Strata project folder.
    package let projectPath: String
    /// The Strata project folder as an absolute path (for `<absolute>` file references).
    package let rootPath: String

    /// The `project.pbxproj` path, as reports show it: every location carries it, so it is
    /// made once.
    package let filePath: String

    package init(projectPath: String, rootPath: String) {
        self.projectPath = RelativePath.normalize(projectPath)
        self.rootPath = rootPath
        filePath = RelativePath.join(self.projectPath, "project.pbxproj")
    }

    /// - Throws: a `Diagnostic` when the file is not a property list, or not a project.
    package func read(_ bytes: [UInt8]) throws -> XcodeProject {
        let root = try PropertyListParser(path: filePath).parse(bytes)
        var reading = Reading(reader: self, objects: root["objects"]?.dictionary ?? [:])
        guard let rootID = root["rootObject"]?.string, let project = reading.objects[rootID],
            project["isa"]?.string == "PBXProject"
        else {
            throw Diagnostic.error(
                "xcode.invalid-project",
                "this file has no PBXProject object (its rootObject), so it is not an Xcode project file",
                at: SourceLocation(path: filePath, line: root.line, column: root.column)
            )
        }
        return reading.project(project, id: rootID)
    }

    /// The module name Xcode gives a target with these build settings (see
    /// `Reading.moduleName`), for other readers of Xcode targets (XcodeGen specs).
    package static func moduleName(settings: [String: String], targetName: String) -> String {
        Reading.moduleName(settings: settings, targetName: targetName)
    }

    func location(_ value: PropertyList) -> SourceLocation {
        SourceLocation(path: filePath, line: value.line, column: value.column)
    }

    /// The reading of one file: the object table and what was found so far.
    struct Reading {
        let reader: XcodeProjectReader
        let objects: [String: PropertyList]
        var diagnostics: [Diagnostic] = []
        /// Object id → its folder or file path, relative to the Strata project folder.
        var paths: [String: String] = [:]
        var sourceRoot = "."

        init(reader: XcodeProjectReader, objects: [String: PropertyList]) {
            self.reader = reader
            self.objects = objects
        }

        mutating func object(_ reference: PropertyList, what: String) -> PropertyList? {
            guard let id = reference.string else { return nil }
            guard let found = objects[id] else {
                diagnostics.append(
                    .warning(
                        "xcode.dangling-reference", "\(what) '\(id)' names no object of the project; it is skipped",
                        at: reader.location(reference)))
                return nil
            }
            return found
        }

        mutating func project(_ project: PropertyList, id: String) -> XcodeProject {
            let container = RelativePath.parent(reader.projectPath)
            sourceRoot = RelativePath.join(container, project["projectDirPath"]?.string ?? "")
            if let main = project["mainGroup"] { placeGroup(main, parentPath: sourceRoot, depth: 0) }

            var packages: [String: XcodePackageReference] = [:]
            var packageOrder: [XcodePackageReference] = []
            for reference in project["packageReferences"]?.array ?? [] {
                guard let id = reference.string, let found = packageReference(reference) else { continue }
                packages[id] = found
                packageOrder.append(found)
            }

            let targets = (project["targets"]?.array ?? []).compactMap { reference -> (String, PropertyList)? in
                guard let id = reference.string, let target = object(reference, what: "target") else { return nil }
                return (id, target)
            }
            var nameOfTarget: [String: String] = [:]
            var targetOfProduct: [String: String] = [:]
            for (id, target) in targets {
                let name = target["name"]?.string ?? id
                nameOfTarget[id] = name
                if let product = target["productReference"]?.string { targetOfProduct[product] = name }
            }
            let exceptions = synchronizedExceptions(targets.map(\.1))
            let projectSettings = buildSettings(project["buildConfigurationList"])
            let native = targets.filter { $0.1["isa"]?.string == "PBXNativeTarget" }
            let projectID = id
            var buildOnly: [XcodeBuildOnlyTarget] = []
            for (targetID, target) in targets where target["isa"]?.string != "PBXNativeTarget" {
                let name = target["name"]?.string ?? targetID
                let kind: XcodeBuildOnlyTarget.Kind
                switch target["isa"]?.string {
                case "PBXAggregateTarget": kind = .aggregate
                case "PBXLegacyTarget": kind = .externalBuildTool
                default:
                    diagnostics.append(
                        .warning(
                            "xcode.unknown-target-kind",
                            "target '\(name)' is a '\(target["isa"]?.string ?? "")', which Strata does not know; it "
                                + "is read as an aggregate target (no module)",
                            at: reader.location(target)
                        ))
                    kind = .aggregate
                }
                buildOnly.append(
                    XcodeBuildOnlyTarget(
                        name: name, kind: kind,
                        dependencies: targetDependencies(of: target, nameOfTarget: nameOfTarget, rootID: projectID),
                        location: reader.location(target)
                    ))
            }
            let read = native.map { id, target in
                self.target(
                    target, id: id, projectSettings: projectSettings, packages: packages, nameOfTarget: nameOfTarget,
                    targetOfProduct: targetOfProduct, exceptions: exceptions, rootID: projectID
                )
            }
            let folders = objects.keys.sorted().compactMap { id -> XcodePackageReference? in
                guard let item = objects[id], item["isa"]?.string == "PBXFileReference" else { return nil }
                let type = item["lastKnownFileType"]?.string ?? item["explicitFileType"]?.string
                guard type == "folder" || type == "wrapper", let path = paths[id] else { return nil }
                return XcodePackageReference(source: .local(path), location: reader.location(item))
            }
            return XcodeProject(
                name: RelativePath.stem(reader.projectPath), path: reader.filePath, sourceRoot: sourceRoot,
                targets: read,
                packages: packageOrder, folderReferences: folders, buildOnlyTargets: buildOnly, diagnostics: diagnostics
            )
        }

        // MARK: The file tree

        /// Places a group, a file or a synchronized folder, and everything under it.
        mutating func placeGroup(_ reference: PropertyList, parentPath: String?, depth: Int) {
            guard depth < 64, let id = reference.string, paths[id] == nil,
                let item = object(reference, what: "group child")
            else { return }
            let path = place(item, parentPath: parentPath)
            if let path { paths[id] = path }
            for child in item["children"]?.array ?? [] {
                placeGroup(child, parentPath: path, depth: depth + 1)
            }
        }

        /// Where an item of the tree is, from its `sourceTree`; nil for build products, SDK
        /// files and build-setting-relative places.
        func place(_ item: PropertyList, parentPath: String?) -> String? {
            let own = item["path"]?.string ?? ""
            switch item["sourceTree"]?.string ?? "<group>" {
            case "<group>":
                guard let parentPath else { return nil }
                return RelativePath.join(parentPath, own)
            case "SOURCE_ROOT":
                return RelativePath.join(sourceRoot, own)
            case "<absolute>":
                return RelativePath.relative(own, to: reader.rootPath)
            default:
                return nil
            }
        }

        // MARK: Packages

        mutating func packageReference(_ reference: PropertyList) -> XcodePackageReference? {
            guard let item = object(reference, what: "package reference") else { return nil }
            switch item["isa"]?.string {
            case "XCLocalSwiftPackageReference":
                guard let path = item["relativePath"]?.string else { return nil }
                return XcodePackageReference(
                    source: .local(RelativePath.join(sourceRoot, path)), location: reader.location(reference))
            case "XCRemoteSwiftPackageReference":
                guard let url = item["repositoryURL"]?.string else { return nil }
                return XcodePackageReference(source: .remote(url), location: reader.location(reference))
            default:
                return nil
            }
        }

        // MARK: Synchronized folders

        struct ExceptionKey: Hashable {
            var group: String
            var target: String
        }

        /// For each synchronized folder and target, the paths its build-file exception sets
        /// list: files taken out of a target the folder belongs to, or added to another.
        mutating func synchronizedExceptions(_ targets: [PropertyList]) -> [ExceptionKey: [String]] {
            var groups: Set<String> = []
            for target in targets {
                for group in target["fileSystemSynchronizedGroups"]?.array ?? [] {
                    if let id = group.string { groups.insert(id) }
                }
            }
            for (id, item) in objects where item["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" {
                groups.insert(id)
            }
            var found: [ExceptionKey: [String]] = [:]
            for group in groups.sorted() {
                guard let item = objects[group] else { continue }
                for reference in item["exceptions"]?.array ?? [] {
                    guard let set = object(reference, what: "exception set"),
                        set["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                        let target = set["target"]?.string
                    else { continue }
                    found[ExceptionKey(group: group, target: target), default: []] +=
                        (set["membershipExceptions"]?.array ?? []).compactMap(\.string)
                }
            }
            return found
        }

        // MARK: Targets

        // swiftlint:disable:next function_parameter_count
        mutating func target(
            _ target: PropertyList, id: String, projectSettings: [String: String],
            packages: [String: XcodePackageReference],
            nameOfTarget: [String: String], targetOfProduct: [String: String], exceptions: [ExceptionKey: [String]],
            rootID: String
        ) -> XcodeTarget {
            let name = target["name"]?.string ?? id
            var settings = projectSettings
            settings.merge(buildSettings(target["buildConfigurationList"]), uniquingKeysWith: { _, own in own })
            var read = XcodeTarget(
                name: name, productType: XcodeProductType(identifier: target["productType"]?.string ?? ""),
                moduleName: Self.moduleName(settings: settings, targetName: name), location: reader.location(target)
            )
            read.platform = Self.platform(settings: settings).map {
                DeclaredPlatform(platform: $0, location: read.location)
            }
            for phase in target["buildPhases"]?.array ?? [] {
                guard let item = object(phase, what: "build phase") else { continue }
                switch item["isa"]?.string {
                case "PBXSourcesBuildPhase":
                    for buildFile in item["files"]?.array ?? [] {
                        guard let file = object(buildFile, what: "build file"), let reference = file["fileRef"],
                            object(reference, what: "file reference") != nil, let id = reference.string,
                            let path = paths[id], path.hasSuffix(".swift")
                        else { continue }
                        let declared = objects[id].map(reader.location) ?? reader.location(buildFile)
                        read.files.append(XcodeSourceFile(path: path, location: declared))
                    }
                case "PBXFrameworksBuildPhase":
                    for buildFile in item["files"]?.array ?? [] {
                        guard let file = object(buildFile, what: "build file"), let reference = file["fileRef"]?.string
                        else { continue }
                        if let linked = targetOfProduct[reference], linked != name {
                            read.dependencies.append(
                                XcodeDependency(
                                    kind: .linkedTarget(linked, project: nil), location: reader.location(buildFile)))
                        } else if let proxy = objects[reference], proxy["isa"]?.string == "PBXReferenceProxy",
                            let remote = proxy["remoteRef"].flatMap({ $0.string }).flatMap({ objects[$0] }),
                            let (target, project) = remoteTarget(remote, rootID: rootID)
                        {
                            // The product of another project's target: Xcode builds that target first.
                            read.dependencies.append(
                                XcodeDependency(
                                    kind: .linkedTarget(target, project: project), location: reader.location(buildFile))
                            )
                        }
                    }
                default:
                    continue
                }
            }
            read.dependencies += targetDependencies(of: target, nameOfTarget: nameOfTarget, rootID: rootID)
            for reference in target["packageProductDependencies"]?.array ?? [] {
                guard let product = object(reference, what: "package product") else { continue }
                guard let productName = product["productName"]?.string, !productName.isEmpty else {
                    diagnostics.append(
                        .warning(
                            "xcode.dangling-reference",
                            "this package product dependency of target '\(name)' names no product; it is skipped",
                            at: reader.location(reference)
                        ))
                    continue
                }
                if productName.hasPrefix("plugin:") { continue }
                var package: XcodePackageReference?
                if let named = product["package"], let packageID = named.string {
                    package = packages[packageID] ?? packageReference(named)
                }
                read.dependencies.append(
                    XcodeDependency(kind: .product(productName, package: package), location: reader.location(reference))
                )
            }
            for reference in target["fileSystemSynchronizedGroups"]?.array ?? [] {
                guard let group = reference.string, let path = paths[group] else { continue }
                let except = exceptions[ExceptionKey(group: group, target: id)] ?? []
                read.folders.append(
                    XcodeSynchronizedFolder(
                        path: path, membership: .all(except: except.sorted()), location: reader.location(reference)))
            }
            let own = Set((target["fileSystemSynchronizedGroups"]?.array ?? []).compactMap(\.string))
            for (key, added) in exceptions.sorted(by: { $0.key.group < $1.key.group })
            where key.target == id && !own.contains(key.group) {
                guard let path = paths[key.group], let group = objects[key.group] else { continue }
                read.folders.append(
                    XcodeSynchronizedFolder(
                        path: path, membership: .only(added.sorted()), location: reader.location(group)))
            }
            return read
        }

        /// A target's `dependencies`: targets of this project, or of another one through a
        /// container proxy.
        mutating func targetDependencies(of target: PropertyList, nameOfTarget: [String: String], rootID: String)
            -> [XcodeDependency]
        {
            var found: [XcodeDependency] = []
            for reference in target["dependencies"]?.array ?? [] {
                guard let dependency = object(reference, what: "target dependency") else { continue }
                if let other = dependency["target"]?.string, let otherName = nameOfTarget[other] {
                    found.append(
                        XcodeDependency(kind: .target(otherName, project: nil), location: reader.location(reference)))
                } else if let proxy = dependency["targetProxy"], let item = object(proxy, what: "target proxy"),
                    let (target, project) = remoteTarget(item, rootID: rootID)
                {
                    found.append(
                        XcodeDependency(kind: .target(target, project: project), location: reader.location(reference)))
                }
                // A dependency on a package plug-in (`productRef`) builds a tool; nothing imports it.
            }
            return found
        }

        /// The target a `PBXContainerItemProxy` stands for: its `remoteInfo`, in this project
        /// or in the project its `containerPortal` file reference names.
        func remoteTarget(_ proxy: PropertyList, rootID: String) -> (String, String?)? {
            guard let remote = proxy["remoteInfo"]?.string else { return nil }
            let portal = proxy["containerPortal"]?.string ?? ""
            if portal == rootID || objects[portal]?["isa"]?.string == "PBXProject" { return (remote, nil) }
            guard let file = objects[portal], let path = file["path"]?.string ?? file["name"]?.string else {
                return nil
            }
            return (remote, RelativePath.stem(path))
        }

        /// The build settings of a configuration list's default configuration (Release when
        /// it names none): what Xcode builds from the command line.
        func buildSettings(_ list: PropertyList?) -> [String: String] {
            guard let id = list?.string, let item = objects[id] else { return [:] }
            let wanted = item["defaultConfigurationName"]?.string ?? "Release"
            let configurations = (item["buildConfigurations"]?.array ?? []).compactMap {
                $0.string.flatMap { objects[$0] }
            }
            guard let chosen = configurations.first(where: { $0["name"]?.string == wanted }) ?? configurations.first
            else { return [:] }
            return (chosen["buildSettings"]?.dictionary ?? [:]).compactMapValues(\.string)
        }

        /// The platform a target builds for: its `SDKROOT` (`iphoneos`), else the first entry
        /// of `SUPPORTED_PLATFORMS` that names one (`SDKROOT = auto` in a multiplatform target).
        static func platform(settings: [String: String]) -> TargetPlatform? {
            if let sdk = settings["SDKROOT"], let platform = TargetPlatform(sdk: sdk) { return platform }
            let supported = (settings["SUPPORTED_PLATFORMS"] ?? "").split(whereSeparator: { $0 == " " || $0 == "," })
            return supported.lazy.compactMap { TargetPlatform(sdk: String($0)) }.first
        }

        /// `PRODUCT_MODULE_NAME`, else `PRODUCT_NAME` (`$(TARGET_NAME)` by default) made a
        /// C99 identifier, as Xcode derives it.
        static func moduleName(settings: [String: String], targetName: String) -> String {
            func expand(_ text: String) -> String {
                // Most names have no `$(…)` to expand.
                guard text.utf8.contains(UInt8(ascii: "$")) else { return text }
                var result = text
                for (pattern, value) in [
                    ("TARGET_NAME", targetName), ("PRODUCT_NAME", settings["PRODUCT_NAME"] ?? targetName)
                ] {
                    for modifier in ["", ":c99extidentifier", ":rfc1034identifier"] {
                        result = result.replacingOccurrences(of: "$(\(pattern)\(modifier))", with: value)
                        result = result.replacingOccurrences(of: "${\(pattern)\(modifier)}", with: value)
                    }
                }
                return result
            }
            var name = expand(settings["PRODUCT_MODULE_NAME"] ?? expand(settings["PRODUCT_NAME"] ?? targetName))
            if name.contains("$") || name.isEmpty { name = targetName }
            return c99Identifier(name)
        }

        static func c99Identifier(_ text: String) -> String {
            // An ASCII letter, digit or `_` is kept as it is: most names are only these.
            let isPlain = text.utf8.allSatisfy { byte in
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
            }
            if isPlain, let first = text.utf8.first, !(first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) {
                return text
            }
            var scalars = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                let isWord = scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
                scalars.append(isWord ? scalar : "_")
            }
            var result = String(scalars)
            if let first = result.unicodeScalars.first, ("0"..."9").contains(first) { result = "_" + result }
            return result
        }
    }
}
