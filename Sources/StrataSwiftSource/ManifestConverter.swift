import StrataCore

/// Turns the `Package` object a manifest evaluates to into a ``PackageManifest``, checking
/// each value the graph needs is known.
struct ManifestConverter {
    let path: String
    var unresolved: [Diagnostic] = []
    var invalid: [Diagnostic] = []

    init(path: String) {
        self.path = path
    }

    func diagnostic(_ unresolved: Unresolved) -> Diagnostic {
        .error("manifest.unresolved", "cannot evaluate \(unresolved.reason)", at: unresolved.location)
    }

    mutating func manifest(from interpreter: ManifestInterpreter) -> PackageManifest? {
        let value = interpreter.globals.lookup("package")
        guard case .object(let package)? = value, package.function == "Package" else {
            if let unresolved = value?.unresolved {
                self.unresolved.append(diagnostic(unresolved))
            }
            return nil
        }
        guard let name = string(package.property("name"), what: "the package name", at: package.location) else {
            return nil
        }
        var manifest = PackageManifest(name: name, path: path)
        manifest.platforms = Self.platforms(package.property("platforms"))
        for value in list(package.property("dependencies"), what: "the package dependencies", at: package.location) {
            if let dependency = packageDependency(value) { manifest.dependencies.append(dependency) }
        }
        for value in list(package.property("products"), what: "the products", at: package.location) {
            if let product = product(value) { manifest.products.append(product) }
        }
        for value in list(package.property("targets"), what: "the targets", at: package.location) {
            if let target = target(value) { manifest.targets.append(target) }
        }
        var seen: [String: SourceLocation] = [:]
        for target in manifest.targets {
            if let first = seen[target.name] {
                invalid.append(
                    .error(
                        "manifest.duplicate-target", "target '\(target.name)' is declared twice (first at \(first))",
                        at: target.location))
            }
            seen[target.name] = target.location
        }
        return manifest
    }

    /// `platforms: [.iOS(.v17), .macOS(.v14)]`, in order, the entries that name one of
    /// Strata's platforms (`.macCatalyst`, `.driverKit` do not). Read leniently: the list only
    /// chooses the platform the graph is read for, so one Strata cannot evaluate leaves that
    /// choice to the default and the manifest stands.
    static func platforms(_ value: ManifestValue) -> [DeclaredPlatform] {
        guard case .array(let items) = value.plain else { return [] }
        return items.compactMap { item in
            guard case .object(let object) = item else { return nil }
            var name = object.function
            if name == "custom", case .string(let text)? = object.firstUnlabeled?.plain { name = text }
            return TargetPlatform(name: name).map { DeclaredPlatform(platform: $0, location: object.location) }
        }
    }

    // MARK: Values

    mutating func string(_ value: ManifestValue, what: String, at location: SourceLocation) -> String? {
        switch value {
        case .string(let text), .locatedString(let text, _): return text
        case .unknown(let reason):
            unresolved.append(
                .error("manifest.unresolved", "cannot evaluate \(what): \(reason.reason)", at: reason.location))
        default:
            unresolved.append(.error("manifest.unresolved", "\(what) is not a string", at: location))
        }
        return nil
    }

    mutating func optionalString(_ value: ManifestValue, what: String, at location: SourceLocation) -> String?? {
        if value.isNone { return .some(nil) }
        guard let text = string(value, what: what, at: location) else { return nil }
        return .some(text)
    }

    mutating func list(_ value: ManifestValue, what: String, at location: SourceLocation) -> [ManifestValue] {
        switch value {
        case .array(let elements): return elements
        case .none: return []
        case .unknown(let reason):
            unresolved.append(
                .error("manifest.unresolved", "cannot evaluate \(what): \(reason.reason)", at: reason.location))
        default:
            unresolved.append(.error("manifest.unresolved", "\(what) is not a list", at: location))
        }
        return []
    }

    mutating func strings(_ value: ManifestValue, what: String, at location: SourceLocation) -> [String] {
        list(value, what: what, at: location).compactMap { string($0, what: what, at: location) }
    }

    mutating func object(_ value: ManifestValue, what: String, at location: SourceLocation) -> ManifestObject? {
        switch value {
        case .object(let object): return object
        case .unknown(let reason):
            unresolved.append(
                .error("manifest.unresolved", "cannot evaluate \(what): \(reason.reason)", at: reason.location))
        default:
            unresolved.append(.error("manifest.unresolved", "\(what) is not a declaration Strata knows", at: location))
        }
        return nil
    }

    // MARK: Declarations

    mutating func packageDependency(_ value: ManifestValue) -> PackageDependencyDeclaration? {
        guard let object = object(value, what: "a package dependency", at: SourceLocation(path: path)) else {
            return nil
        }
        let location = object.location
        let name: String?? =
            object.value("name").map { optionalString($0, what: "the dependency's name", at: location) } ?? .some(nil)
        guard let name else { return nil }
        if let url = object.value("url") {
            guard let text = string(url, what: "the dependency's URL", at: location) else { return nil }
            return PackageDependencyDeclaration(source: .url(text), name: name, location: location)
        }
        if let pathValue = object.value("path") {
            guard let text = string(pathValue, what: "the dependency's path", at: location) else { return nil }
            return PackageDependencyDeclaration(source: .path(text), name: name, location: location)
        }
        if let id = object.value("id") {
            guard let text = string(id, what: "the dependency's registry id", at: location) else { return nil }
            return PackageDependencyDeclaration(source: .registry(text), name: name, location: location)
        }
        unresolved.append(
            .error(
                "manifest.unresolved",
                "a package dependency written as `.\(object.function)(…)` that Strata does not know", at: location))
        return nil
    }

    mutating func product(_ value: ManifestValue) -> ProductDeclaration? {
        guard let object = object(value, what: "a product", at: SourceLocation(path: path)) else { return nil }
        let location = object.location
        guard let name = string(object.property("name"), what: "the product's name", at: location) else { return nil }
        let kind = ProductDeclaration.Kind(rawValue: object.function) ?? .other
        let targets = strings(object.property("targets"), what: "the targets of product '\(name)'", at: location)
        return ProductDeclaration(name: name, kind: kind, targets: targets, location: location)
    }

    mutating func target(_ value: ManifestValue) -> TargetDeclaration? {
        guard let object = object(value, what: "a target", at: SourceLocation(path: path)) else { return nil }
        let location = object.location
        guard let kind = TargetKind(manifestFunction: object.function) else {
            unresolved.append(
                .error(
                    "manifest.unresolved", "a target written as `.\(object.function)(…)`, which Strata does not know",
                    at: location))
            return nil
        }
        guard let name = string(object.property("name"), what: "a target's name", at: location) else { return nil }
        var target = TargetDeclaration(name: name, kind: kind, section: object.section, location: location)
        for dependency in list(object.property("dependencies"), what: "the dependencies of '\(name)'", at: location) {
            if let declared = self.dependency(dependency, of: name, at: location) {
                target.dependencies.append(declared)
            }
        }
        guard let path = optionalString(object.property("path"), what: "the path of '\(name)'", at: location) else {
            return nil
        }
        target.path = path
        target.exclude = strings(object.property("exclude"), what: "the `exclude:` of '\(name)'", at: location)
        let sources = object.property("sources")
        if !sources.isNone {
            target.sources = strings(sources, what: "the `sources:` of '\(name)'", at: location)
        }
        // Resources only narrow the files scanned for imports; one Strata cannot read is skipped.
        if case .array(let resources) = object.property("resources") {
            for case .object(let resource) in resources {
                if case .string(let resourcePath)? = resource.firstUnlabeled { target.resources.append(resourcePath) }
            }
        }
        return target
    }

    mutating func dependency(_ value: ManifestValue, of target: String, at targetLocation: SourceLocation)
        -> TargetDependencyDeclaration?
    {
        switch value {
        case .locatedString(let name, let location):
            return TargetDependencyDeclaration(kind: .byName, name: name, location: location)
        case .string(let name):
            // A computed string has no position of its own; the target's line is the closest.
            return TargetDependencyDeclaration(kind: .byName, name: name, location: targetLocation)
        case .object(let object):
            let location = object.location
            let kind: TargetDependencyDeclaration.Kind
            switch object.function {
            case "target": kind = .target
            case "product": kind = .product
            case "byName": kind = .byName
            default:
                unresolved.append(
                    .error(
                        "manifest.unresolved",
                        "a dependency of '\(target)' written as `.\(object.function)(…)`, which Strata does not know",
                        at: location))
                return nil
            }
            guard let name = string(object.property("name"), what: "a dependency's name", at: location) else {
                return nil
            }
            var package: String?
            if kind == .product {
                guard
                    let text = optionalString(
                        object.property("package"), what: "the package of product '\(name)'", at: location)
                else { return nil }
                package = text
            }
            var condition: DependencyCondition?
            let conditionValue = object.property("condition")
            if !conditionValue.isNone {
                guard let when = self.object(conditionValue, what: "the condition of '\(name)'", at: location) else {
                    return nil
                }
                var parsed = DependencyCondition()
                for platform in list(when.property("platforms"), what: "the platforms of a condition", at: location) {
                    if case .member(let member) = platform {
                        parsed.platforms.append(member.lowercased())
                    } else if case .object(let custom) = platform {
                        // `.custom("name")`
                        if case .string(let text)? = custom.firstUnlabeled { parsed.platforms.append(text) }
                    } else if let reason = platform.unresolved {
                        unresolved.append(diagnostic(reason))
                    }
                }
                let traits = when.property("traits")
                if !traits.isNone {
                    parsed.traits = strings(traits, what: "the traits of a condition", at: location).sorted()
                }
                condition = parsed
            }
            return TargetDependencyDeclaration(
                kind: kind, name: name, package: package, condition: condition, location: location)
        case .unknown(let reason):
            unresolved.append(diagnostic(reason))
        default:
            unresolved.append(
                .error("manifest.unresolved", "a dependency of '\(target)' Strata cannot read", at: targetLocation))
        }
        return nil
    }
}
