/// An entry of `packages:`: a folder (`Packages/Feed`), a glob over folders (`Packages/*`,
/// `Modules/**`, `Feature?`), or, after `!`, folders to leave out (`!Packages/Legacy`).
/// `*` and `?` match within one folder name, `**` any number of folders, as in .gitignore
/// and SwiftLint's `included:`.
enum PackagePattern {
    static func isExclusion(_ entry: String) -> Bool { entry.hasPrefix("!") }

    static func isGlob(_ entry: String) -> Bool { entry.contains("*") || entry.contains("?") }

    /// Why an entry cannot be used, or nil.
    static func problem(_ entry: String) -> String? {
        let pattern = isExclusion(entry) ? String(entry.dropFirst()) : entry
        if pattern.isEmpty { return "leaves out nothing: write the folder after '!'" }
        if pattern.hasPrefix("/") { return "is an absolute path; write it relative to the project folder" }
        if pattern.split(separator: "/").contains(where: { $0.contains("**") && $0 != "**" }) {
            return "uses '**' inside a name; '**' stands for whole folders only, as in 'Modules/**'"
        }
        return nil
    }

    /// Whether `path` (relative, `/`-separated, no `.` parts) matches `pattern`.
    static func matches(_ pattern: String, _ path: String) -> Bool {
        let parts = pattern.split(separator: "/").filter { $0 != "." }.map(String.init)
        let names = path == "." ? [] : path.split(separator: "/").map(String.init)
        return match(parts[...], names[...])
    }

    private static func match(_ parts: ArraySlice<String>, _ names: ArraySlice<String>) -> Bool {
        guard let first = parts.first else { return names.isEmpty }
        if first == "**" {
            // Zero or more folders: try each split, shortest first.
            var rest = names
            while true {
                if match(parts.dropFirst(), rest) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        }
        guard let name = names.first, matchName(Array(first.utf8)[...], Array(name.utf8)[...]) else { return false }
        return match(parts.dropFirst(), names.dropFirst())
    }

    /// `*` and `?` within one name, by bytes, without recursion: the usual greedy matcher
    /// that backtracks to the last `*`.
    private static func matchName(_ pattern: ArraySlice<UInt8>, _ name: ArraySlice<UInt8>) -> Bool {
        var p = pattern.startIndex, n = name.startIndex
        var star: (p: Int, n: Int)?
        while n < name.endIndex {
            if p < pattern.endIndex, pattern[p] == UInt8(ascii: "*") {
                star = (p, n)
                p += 1
            } else if p < pattern.endIndex, pattern[p] == UInt8(ascii: "?") || pattern[p] == name[n] {
                p += 1
                n += 1
            } else if let last = star {
                p = last.p + 1
                n = last.n + 1
                star = (last.p, last.n + 1)
            } else {
                return false
            }
        }
        while p < pattern.endIndex, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.endIndex
    }

    /// The folder a glob's matches are all inside (`../Shared/*` → `../Shared`), which a
    /// preview watches.
    static func fixedPrefix(_ entry: String) -> String {
        let parts = entry.split(separator: "/")
        let fixed = parts.prefix { !isGlob(String($0)) }
        return fixed.isEmpty ? "." : fixed.joined(separator: "/")
    }
}
