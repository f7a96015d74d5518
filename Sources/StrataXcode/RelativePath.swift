/// Folder paths as the Xcode readers combine them: relative to the Strata project folder,
/// `/`-separated, `.` for the folder itself, `..` kept only where it leaves the folder.
package enum RelativePath {
    /// `base` + `path`, with `.` and `..` resolved; an absolute `path` stays absolute.
    package static func join(_ base: String, _ path: String) -> String {
        if path.hasPrefix("/") { return normalize(path) }
        if base == "." || base.isEmpty { return normalize(path) }
        // A group's path joined to its parent's, once per file and group of a project: when
        // both are already in normal form, there is nothing to resolve.
        if isNormalRelative(path), isNormalRelative(base.hasPrefix("/") ? String(base.dropFirst()) : base) {
            return base + "/" + path
        }
        return normalize(base + "/" + path)
    }

    /// Whether `path` is relative and has no empty, `.` or `..` part, so normalizing it would
    /// not change it.
    package static func isNormalRelative(_ path: String) -> Bool {
        var partLength = 0
        var partIsDots = true
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if partLength == 0 || (partIsDots && partLength <= 2) { return false }
                partLength = 0
                partIsDots = true
            } else {
                partLength += 1
                partIsDots = partIsDots && byte == UInt8(ascii: ".")
            }
        }
        return partLength > 0 && !(partIsDots && partLength <= 2)
    }

    package static func normalize(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." && !part.isEmpty {
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == "..", absolute {
                continue
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// The folder holding `path` (`.` for a top-level name).
    package static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// The last component, without the extension (`App` for `Apps/App.xcodeproj`).
    package static func stem(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// An absolute path as seen from the absolute folder `root`.
    package static func relative(_ absolute: String, to root: String) -> String {
        let target = normalize(absolute).split(separator: "/")
        let base = normalize(root).split(separator: "/")
        var common = 0
        while common < target.count, common < base.count, target[common] == base[common] { common += 1 }
        let parts = Array(repeating: Substring(".."), count: base.count - common) + target[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
