import StrataCore

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
        PathPattern(pattern).matches(path)
    }

    /// The folder a glob's matches are all inside (`../Shared/*` → `../Shared`), which a
    /// preview watches.
    static func fixedPrefix(_ entry: String) -> String {
        let parts = entry.split(separator: "/")
        let fixed = parts.prefix { !isGlob(String($0)) }
        return fixed.isEmpty ? "." : fixed.joined(separator: "/")
    }
}
