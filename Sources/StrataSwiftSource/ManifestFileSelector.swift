import StrataCore

/// Chooses the manifest SwiftPM would read in a package folder, by SwiftPM's own rule:
/// a `Package@swift-X.Y.Z.swift`, `…@swift-X.Y.swift` or `…@swift-X.swift` matching the
/// toolchain's version wins outright; otherwise the version-specific manifest with the
/// highest version not newer than the toolchain is used, but only if its own
/// `swift-tools-version` is newer than `Package.swift`'s; otherwise `Package.swift`.
package enum ManifestFileSelector {
    /// - Parameters:
    ///   - fileNames: the names in the package folder.
    ///   - toolsVersion: the toolchain's version.
    ///   - declaredToolsVersion: reads a manifest's `// swift-tools-version:` line.
    package static func select(
        from fileNames: [String], toolsVersion: [Int], declaredToolsVersion: (String) -> [Int]? = { _ in nil }
    ) -> String? {
        let names = Set(fileNames)
        for length in stride(from: min(3, toolsVersion.count), through: 1, by: -1) {
            let key = "Package@swift-" + toolsVersion.prefix(length).map(String.init).joined(separator: ".") + ".swift"
            if names.contains(key) { return key }
        }
        let hasRegular = names.contains("Package.swift")
        var best: (version: [Int], name: String)?
        for name in fileNames where name.hasPrefix("Package@swift-") && name.hasSuffix(".swift") {
            let text = name.dropFirst("Package@swift-".count).dropLast(".swift".count)
            let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
            guard !parts.isEmpty, parts.count <= 3, parts.allSatisfy({ $0 != nil }) else { continue }
            let version = parts.compactMap { $0 }
            guard !isNewer(version, than: toolsVersion) else { continue }
            if best == nil || isNewer(version, than: best?.version ?? []) { best = (version, name) }
        }
        if let best {
            guard hasRegular else { return best.name }
            let specific = declaredToolsVersion(best.name) ?? best.version
            let regular = declaredToolsVersion("Package.swift") ?? []
            if isNewer(specific, than: regular) { return best.name }
        }
        return hasRegular ? "Package.swift" : nil
    }

    /// The version in a manifest's first line, `// swift-tools-version:5.9` → `[5, 9]`.
    package static func toolsVersion(ofManifest text: Substring) -> [Int]? {
        PackageManifest.declaredToolsVersion(in: text)
    }

    static func isNewer(_ a: [Int], than b: [Int]) -> Bool {
        let width = max(a.count, b.count)
        let pad = { (v: [Int]) in v + Array(repeating: 0, count: width - v.count) }
        return pad(b).lexicographicallyPrecedes(pad(a))
    }
}
