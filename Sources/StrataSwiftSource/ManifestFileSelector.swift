/// Chooses the manifest SwiftPM would read in a package folder: the version-specific
/// `Package@swift-X.Y.swift` with the highest version not newer than the toolchain, else
/// `Package.swift`.
public enum ManifestFileSelector {
    public static func select(from fileNames: [String], toolsVersion: [Int]) -> String? {
        var best: (version: [Int], name: String)?
        for name in fileNames where name.hasPrefix("Package@swift-") && name.hasSuffix(".swift") {
            let text = name.dropFirst("Package@swift-".count).dropLast(".swift".count)
            let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
            guard !parts.isEmpty, parts.count <= 3, parts.allSatisfy({ $0 != nil }) else { continue }
            let version = parts.compactMap { $0 }
            guard !isNewer(version, than: toolsVersion) else { continue }
            if best == nil || isNewer(version, than: best?.version ?? []) { best = (version, name) }
        }
        if let best { return best.name }
        return fileNames.contains("Package.swift") ? "Package.swift" : nil
    }

    static func isNewer(_ a: [Int], than b: [Int]) -> Bool {
        let width = max(a.count, b.count)
        let pad = { (v: [Int]) in v + Array(repeating: 0, count: width - v.count) }
        return pad(b).lexicographicallyPrecedes(pad(a))
    }
}
