import Foundation
import StrataCore

/// Reads the JSON of `swift package dump-package` into a ``PackageManifest``. SwiftPM does
/// not say on which line a declaration is written, so each one is placed on the first
/// manifest line that names it (`name: "X"`), or on line 1.
package struct DumpPackageDecoder: Sendable {
    let manifestPath: String
    let lines: [Substring]

    package init(manifestPath: String, manifestText: String) {
        self.manifestPath = manifestPath
        self.lines = manifestText.split(separator: "\n", omittingEmptySubsequences: false)
    }

    package func decode(_ data: Data) throws -> PackageManifest {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let name = root["name"] as? String
        else {
            throw Diagnostic.error(
                "swiftpm.output", "`swift package dump-package` printed something Strata cannot read",
                at: SourceLocation(path: manifestPath))
        }
        var manifest = PackageManifest(name: name, path: manifestPath)
        if let version = (root["toolsVersion"] as? [String: Any])?["_version"] as? String {
            manifest.toolsVersion = version.split(separator: ".").compactMap { Int($0) }
        } else if let first = lines.first {
            manifest.toolsVersion = PackageManifest.declaredToolsVersion(in: first)
        }
        for case let product as [String: Any] in root["products"] as? [Any] ?? [] {
            guard let productName = product["name"] as? String else { continue }
            let type = (product["type"] as? [String: Any])?.keys.first ?? ""
            let kind = ProductDeclaration.Kind(rawValue: type) ?? .other
            manifest.products.append(
                ProductDeclaration(
                    name: productName, kind: kind, targets: product["targets"] as? [String] ?? [],
                    location: locate(productName)
                ))
        }
        for case let dependency as [String: Any] in root["dependencies"] as? [Any] ?? [] {
            if let declared = packageDependency(dependency) { manifest.dependencies.append(declared) }
        }
        for case let target as [String: Any] in root["targets"] as? [Any] ?? [] {
            guard let targetName = target["name"] as? String, let type = target["type"] as? String,
                let kind = TargetKind(rawValue: type)
            else { continue }
            let location = locate(targetName)
            var declaration = TargetDeclaration(name: targetName, kind: kind, location: location)
            declaration.path = target["path"] as? String
            declaration.exclude = target["exclude"] as? [String] ?? []
            declaration.sources = target["sources"] as? [String]
            declaration.resources = (target["resources"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
            for case let dependency as [String: Any] in target["dependencies"] as? [Any] ?? [] {
                if let declared = targetDependency(dependency, after: location) {
                    declaration.dependencies.append(declared)
                }
            }
            manifest.targets.append(declaration)
        }
        return manifest
    }

    func packageDependency(_ object: [String: Any]) -> PackageDependencyDeclaration? {
        guard let (kind, value) = object.first, let entry = (value as? [Any])?.first as? [String: Any] else {
            return nil
        }
        let explicitName = entry["nameForTargetDependencyResolutionOnly"] as? String
        switch kind {
        case "fileSystem":
            guard let path = entry["path"] as? String else { return nil }
            return PackageDependencyDeclaration(
                source: .path(path), name: explicitName,
                location: locate(quoted: URL(fileURLWithPath: path).lastPathComponent))
        case "sourceControl":
            let location = entry["location"] as? [String: Any]
            if let remote = (location?["remote"] as? [[String: Any]])?.first?["urlString"] as? String {
                return PackageDependencyDeclaration(
                    source: .url(remote), name: explicitName, location: locate(quoted: remote))
            }
            if let local = (location?["local"] as? [Any])?.first as? String {
                return PackageDependencyDeclaration(
                    source: .url(local), name: explicitName, location: locate(quoted: local))
            }
            return nil
        case "registry":
            guard let identity = entry["identity"] as? String else { return nil }
            return PackageDependencyDeclaration(
                source: .registry(identity), name: explicitName, location: locate(quoted: identity))
        default:
            return nil
        }
    }

    func targetDependency(_ object: [String: Any], after targetLocation: SourceLocation) -> TargetDependencyDeclaration?
    {
        guard let (kind, value) = object.first, let fields = value as? [Any], let name = fields.first as? String else {
            return nil
        }
        let location = locate(quoted: name, from: targetLocation.line) ?? targetLocation
        switch kind {
        case "byName":
            return TargetDependencyDeclaration(
                kind: .byName, name: name, condition: condition(fields.last), location: location)
        case "target":
            return TargetDependencyDeclaration(
                kind: .target, name: name, condition: condition(fields.last), location: location)
        case "product":
            let package = fields.count > 1 ? fields[1] as? String : nil
            return TargetDependencyDeclaration(
                kind: .product, name: name, package: package, condition: condition(fields.last), location: location)
        default:
            return nil
        }
    }

    func condition(_ value: Any?) -> DependencyCondition? {
        guard let object = value as? [String: Any] else { return nil }
        let platforms = object["platformNames"] as? [String] ?? []
        let traits = (object["traits"] as? [String] ?? []).sorted()
        if platforms.isEmpty && traits.isEmpty { return nil }
        return DependencyCondition(platforms: platforms, traits: traits)
    }

    // MARK: Lines

    func locate(_ name: String) -> SourceLocation {
        for (index, line) in lines.enumerated() where line.contains("name: \"\(name)\"") {
            let indent = line.firstIndex(where: { $0 != " " }).map { line.distance(from: line.startIndex, to: $0) } ?? 0
            return SourceLocation(path: manifestPath, line: index + 1, column: indent + 1)
        }
        return SourceLocation(path: manifestPath)
    }

    func locate(quoted text: String, from line: Int = 1) -> SourceLocation? {
        let needle = "\"\(text)\""
        for index in max(0, line - 1)..<lines.count where lines[index].contains(needle) {
            let column =
                lines[index].range(of: needle).map {
                    lines[index].distance(from: lines[index].startIndex, to: $0.lowerBound)
                } ?? 0
            return SourceLocation(path: manifestPath, line: index + 1, column: column + 1)
        }
        return nil
    }

    func locate(quoted text: String) -> SourceLocation {
        locate(quoted: text, from: 1) ?? SourceLocation(path: manifestPath)
    }
}

/// Reads `swift package describe --type json`: each target's folder and source files.
package struct DescribeDecoder: Sendable {
    package init() {}

    package func sources(from data: Data, packageDirectory: String) throws -> [String: (path: String, files: [String])]
    {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw Diagnostic.error("swiftpm.output", "`swift package describe` printed something Strata cannot read")
        }
        var result: [String: (path: String, files: [String])] = [:]
        for case let target as [String: Any] in root["targets"] as? [Any] ?? [] {
            guard let name = target["name"] as? String, let path = target["path"] as? String else { continue }
            result[name] = (path, target["sources"] as? [String] ?? [])
        }
        return result
    }
}
