import StrataCore

/// Reads a merged XcodeGen spec (see `XcodeGenSpecFile`) into the `XcodeProject` the
/// generated `.xcodeproj` would give: targets (templates applied, one per platform when
/// `platform:` lists several) with their Swift sources and dependencies, aggregate and
/// legacy targets, and the Swift packages. Locations point into the spec files.
package struct XcodeGenProjectReader: Sendable {
    /// What is at a path relative to the Strata project folder.
    package enum Entry: Sendable {
        case file
        case folder
        case missing
    }

    /// The main spec (`project.yml`), relative to the Strata project folder.
    package let specPath: String
    package let entry: @Sendable (String) -> Entry

    package init(specPath: String, entry: @escaping @Sendable (String) -> Entry) {
        self.specPath = specPath
        self.entry = entry
    }

    package func read(_ spec: DataNode) -> XcodeProject {
        var diagnostics: [Diagnostic] = []
        let folder = RelativePath.parent(specPath)
        let name = spec["name"]?.scalar ?? RelativePath.stem(folder == "." ? specPath : folder)

        var packages: [String: XcodePackageReference] = [:]
        var order: [XcodePackageReference] = []
        for pair in spec["packages"]?.pairs ?? [] {
            guard let packageName = pair.key.scalar else { continue }
            let package = pair.value
            let source: XcodePackageReference.Source
            if let path = package["path"]?.scalar {
                source = .local(path)
            } else if let url = package["url"]?.scalar {
                source = .remote(url)
            } else if let repository = package["github"]?.scalar {
                source = .remote("https://github.com/" + repository)
            } else {
                diagnostics.append(
                    .warning(
                        "xcodegen.invalid-package",
                        "package '\(packageName)' has no url:, github: or path:; it is skipped", at: pair.key.location
                    ))
                continue
            }
            let reference = XcodePackageReference(source: source, location: pair.key.location)
            packages[packageName] = reference
            order.append(reference)
        }
        // The older form: a list of local package folders, each named by its folder.
        for item in spec["localPackages"]?.items ?? [] {
            guard let path = item.scalar else { continue }
            let reference = XcodePackageReference(source: .local(path), location: item.location)
            packages[path.split(separator: "/").last.map(String.init) ?? path] = reference
            order.append(reference)
        }

        let projectSettings = Self.settings(spec["settings"])
        var targets: [XcodeTarget] = []
        var buildOnly: [XcodeBuildOnlyTarget] = []
        for (targetName, target) in expandedTargets(spec, diagnostics: &diagnostics) {
            let dependencies = self.dependencies(target, packages: packages)
            if target["legacy"] != nil {
                buildOnly.append(
                    XcodeBuildOnlyTarget(
                        name: targetName, kind: .externalBuildTool, dependencies: dependencies,
                        location: target.location))
                continue
            }
            var settings = projectSettings
            settings.merge(Self.settings(target["settings"]), uniquingKeysWith: { _, own in own })
            var read = XcodeTarget(
                name: targetName, productType: XcodeProductType(identifier: target["type"]?.scalar ?? ""),
                moduleName: XcodeProjectReader.moduleName(
                    settings: settings, targetName: target["productName"]?.scalar ?? targetName),
                location: target.location, dependencies: dependencies
            )
            read.platform = Self.platform(of: target)
            sources(of: target, named: targetName, into: &read, diagnostics: &diagnostics)
            targets.append(read)
        }
        for pair in spec["aggregateTargets"]?.pairs ?? [] {
            guard let targetName = pair.key.scalar else { continue }
            let members = (pair.value["targets"]?.items ?? []).compactMap { item in
                item.scalar.map { XcodeDependency(kind: .target($0, project: nil), location: item.location) }
            }
            buildOnly.append(
                XcodeBuildOnlyTarget(
                    name: targetName, kind: .aggregate, dependencies: members, location: pair.key.location))
        }
        return XcodeProject(
            name: name, path: specPath, sourceRoot: folder, targets: targets, packages: order,
            buildOnlyTargets: buildOnly, diagnostics: diagnostics
        )
    }

    // MARK: Targets

    /// Every target by name, in the order written: templates applied (a template's
    /// templates first), `${target_name}` expanded, and a target whose `platform:` is a list
    /// made one target per platform, named `Target_iOS` (or with `platformPrefix` /
    /// `platformSuffix`), whose module keeps the written name.
    func expandedTargets(_ spec: DataNode, diagnostics: inout [Diagnostic]) -> [(String, DataNode)] {
        let templates = Dictionary(
            (spec["targetTemplates"]?.pairs ?? []).compactMap { pair in pair.key.scalar.map { ($0, pair.value) } },
            uniquingKeysWith: { _, last in last })
        var result: [(String, DataNode)] = []
        for pair in spec["targets"]?.pairs ?? [] {
            guard let written = pair.key.scalar else { continue }
            var target = withTemplates(pair.value, templates: templates, seen: [], diagnostics: &diagnostics)
            target = Self.expand(target, variables: ["target_name": written])
            let name = target["name"]?.scalar ?? written
            guard let platforms = target["platform"]?.items else {
                result.append((name, target))
                continue
            }
            for platform in platforms.compactMap(\.scalar) {
                var one = Self.expand(target, variables: ["platform": platform])
                // Each copy builds for its own platform.
                if let written = platforms.first(where: { $0.scalar == platform }) {
                    one = XcodeGenSpecFile.merge(
                        DataNode(.mapping([Self.pair("platform", platform, at: written.location)]), at: one.location),
                        onto: one)
                }
                let prefix = one["platformPrefix"]?.scalar ?? ""
                let suffix = one["platformSuffix"]?.scalar ?? "_\(platform)"
                if one["productName"] == nil {
                    one = XcodeGenSpecFile.merge(
                        DataNode(.mapping([Self.pair("productName", name, at: target.location)]), at: target.location),
                        onto: one)
                }
                result.append((prefix + name + suffix, one))
            }
        }
        return result
    }

    func withTemplates(
        _ target: DataNode, templates: [String: DataNode], seen: Set<String>, diagnostics: inout [Diagnostic]
    ) -> DataNode {
        guard let names = target["templates"]?.items, !names.isEmpty else { return target }
        var base = DataNode(.mapping([]), at: target.location)
        for item in names {
            guard let templateName = item.scalar else { continue }
            guard let template = templates[templateName], !seen.contains(templateName) else {
                if templates[templateName] == nil {
                    diagnostics.append(
                        .warning(
                            "xcodegen.unknown-template",
                            "target template '\(templateName)' is not among targetTemplates:; it is skipped",
                            at: item.location))
                }
                continue
            }
            base = XcodeGenSpecFile.merge(
                withTemplates(
                    template, templates: templates, seen: seen.union([templateName]), diagnostics: &diagnostics),
                onto: base)
        }
        return XcodeGenSpecFile.merge(target, onto: base)
    }

    /// A target's `platform:` (`iOS`), or with `platform: auto` the first of its
    /// `supportedDestinations:` that names a platform.
    static func platform(of target: DataNode) -> DeclaredPlatform? {
        guard let written = target["platform"], let name = written.scalar else { return nil }
        if let platform = TargetPlatform(name: name) {
            return DeclaredPlatform(platform: platform, location: written.location)
        }
        for destination in target["supportedDestinations"]?.items ?? [] {
            if let platform = destination.scalar.flatMap(TargetPlatform.init(name:)) {
                return DeclaredPlatform(platform: platform, location: destination.location)
            }
        }
        return nil
    }

    static func pair(_ key: String, _ value: String, at location: SourceLocation) -> DataNode.Pair {
        DataNode.Pair(key: DataNode(.scalar(key), at: location), value: DataNode(.scalar(value), at: location))
    }

    /// `${name}` replaced in every key and text of a node.
    static func expand(_ node: DataNode, variables: [String: String]) -> DataNode {
        func replace(_ text: String) -> String {
            guard text.contains("${") else { return text }
            var result = text
            for (name, value) in variables { result = result.replacingOccurrences(of: "${\(name)}", with: value) }
            return result
        }
        var copy = node
        switch node.value {
        case .null: break
        case .scalar(let text): copy.value = .scalar(replace(text))
        case .sequence(let items): copy.value = .sequence(items.map { expand($0, variables: variables) })
        case .mapping(let pairs):
            copy.value = .mapping(
                pairs.map {
                    DataNode.Pair(
                        key: expand($0.key, variables: variables), value: expand($0.value, variables: variables))
                })
        }
        return copy
    }

    /// Build settings as one flat mapping: `settings: {base: …}` or `settings: {KEY: value}`.
    static func settings(_ node: DataNode?) -> [String: String] {
        guard let node else { return [:] }
        let isGrouped = node["base"] != nil || node["configs"] != nil || node["groups"] != nil
        let flat = isGrouped ? node["base"] : node
        var result: [String: String] = [:]
        for pair in flat?.pairs ?? [] {
            if let key = pair.key.scalar, let value = pair.value.scalar { result[key] = value }
        }
        return result
    }

    // MARK: Sources

    func sources(of target: DataNode, named name: String, into read: inout XcodeTarget, diagnostics: inout [Diagnostic])
    {
        guard let sources = target["sources"] else { return }
        for source in sources.items ?? [sources] {
            guard let path = source.scalar ?? source["path"]?.scalar else { continue }
            let location = source["path"]?.location ?? source.location
            // Folder references, resources and files in no phase are not compiled.
            if let type = source["type"]?.scalar, type == "folder" { continue }
            if let phase = source["buildPhase"], phase.scalar != "sources" { continue }
            switch entry(path) {
            case .file:
                if path.hasSuffix(".swift") { read.files.append(XcodeSourceFile(path: path, location: location)) }
            case .folder:
                let includes = (source["includes"]?.items ?? []).compactMap(\.scalar).map { PathPattern($0) }
                let excludes = (source["excludes"]?.items ?? []).compactMap(\.scalar).map { PathPattern($0) }
                read.folders.append(
                    XcodeSynchronizedFolder(
                        path: path, membership: .matching(includes: includes, excludes: excludes), location: location))
            case .missing:
                if source["optional"]?.scalar == "true" { continue }
                diagnostics.append(
                    .warning(
                        "xcodegen.missing-source",
                        "target '\(name)' lists the source '\(path)', which does not exist (XcodeGen would stop "
                            + "here); it gives the target no files",
                        at: location
                    ))
            }
        }
    }

    // MARK: Dependencies

    func dependencies(_ target: DataNode, packages: [String: XcodePackageReference]) -> [XcodeDependency] {
        var found: [XcodeDependency] = []
        for item in target["dependencies"]?.items ?? [] {
            if let targetName = item["target"]?.scalar {
                let location = item["target"]?.location ?? item.location
                let parts = targetName.split(separator: "/", maxSplits: 1).map(String.init)
                let kind: XcodeDependency.Kind =
                    parts.count == 2 ? .target(parts[1], project: parts[0]) : .target(targetName, project: nil)
                found.append(XcodeDependency(kind: kind, location: location))
            } else if let packageName = item["package"]?.scalar {
                let location = item["package"]?.location ?? item.location
                var products = (item["products"]?.items ?? []).compactMap(\.scalar)
                if let product = item["product"]?.scalar { products.append(product) }
                if products.isEmpty { products = [packageName] }
                for product in products {
                    found.append(
                        XcodeDependency(kind: .product(product, package: packages[packageName]), location: location))
                }
            } else if let framework = item["framework"]?.scalar ?? item["carthage"]?.scalar {
                // A prebuilt framework: the module of its name, found by name.
                let location = (item["framework"] ?? item["carthage"])?.location ?? item.location
                let module = RelativePath.stem(framework.split(separator: "/").last.map(String.init) ?? framework)
                found.append(XcodeDependency(kind: .product(module, package: nil), location: location))
            }
            // `sdk:` (system frameworks) and `bundle:` bring no module of the project.
        }
        return found
    }
}
