/// Folder paths as the Xcode readers combine them: relative to the Strata project folder,
/// `/`-separated, `.` for the folder itself, `..` kept only where it leaves the folder.
enum RelativePath {
    /// `base` + `path`, with `.` and `..` resolved; an absolute `path` stays absolute.
    static func join(_ base: String, _ path: String) -> String {
        if path.hasPrefix("/") { return normalize(path) }
        if base == "." || base.isEmpty { return normalize(path) }
        return normalize(base + "/" + path)
    }

    static func normalize(_ path: String) -> String {
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
    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// The last component, without the extension (`App` for `Apps/App.xcodeproj`).
    static func stem(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// An absolute path as seen from the absolute folder `root`.
    static func relative(_ absolute: String, to root: String) -> String {
        let target = normalize(absolute).split(separator: "/")
        let base = normalize(root).split(separator: "/")
        var common = 0
        while common < target.count, common < base.count, target[common] == base[common] { common += 1 }
        let parts = Array(repeating: Substring(".."), count: base.count - common) + target[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
