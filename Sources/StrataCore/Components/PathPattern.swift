/// A path or a glob over `/`-separated paths, relative to the project folder:
/// `App/UI/**` (everything below `App/UI`), `App/*.swift`, `App/MyApp.swift`. `*` and `?`
/// match within one name, `**` any number of folders, as in `.gitignore` and SwiftLint's
/// `included:`.
package struct PathPattern: Hashable, Sendable, CustomStringConvertible {
    package var pattern: String
    package var location: SourceLocation?

    package init(_ pattern: String, location: SourceLocation? = nil) {
        self.pattern = pattern
        self.location = location
    }

    package var description: String { pattern }

    /// Why the pattern cannot be used, or nil.
    package var problem: String? {
        if pattern.isEmpty { return "is empty" }
        if pattern.hasPrefix("/") { return "is an absolute path; write it relative to the project folder" }
        if pattern.split(separator: "/").contains(where: { $0.contains("**") && $0 != "**" }) {
            return "uses '**' inside a name; '**' stands for whole folders only, as in 'App/UI/**'"
        }
        return nil
    }

    /// Whether `path` (relative, `/`-separated, no `.` parts) matches.
    package func matches(_ path: String) -> Bool {
        // Most patterns are a folder and everything below it, or one file: compared as
        // bytes, they are checked for every file of a target on every build.
        let bytes = pattern.utf8
        // Plain: no `?`, no empty or `.` folder names (which the general matcher drops).
        var plain = true
        var nameLength = 0
        var nameIsDot = false
        for byte in bytes {
            if byte == UInt8(ascii: "?") {
                plain = false
                break
            }
            if byte == UInt8(ascii: "/") {
                if nameLength == 0 || nameIsDot {
                    plain = false
                    break
                }
                nameLength = 0
                nameIsDot = false
            } else {
                nameIsDot = nameLength == 0 && byte == UInt8(ascii: ".")
                nameLength += 1
            }
        }
        if nameLength == 0 || nameIsDot { plain = false }
        if plain {
            let star = UInt8(ascii: "*")
            if !bytes.contains(star) { return bytes.elementsEqual(path.utf8) }
            if pattern.hasSuffix("/**"), !bytes.dropLast(3).contains(star) {
                let folder = bytes.dropLast(3)
                let candidate = path.utf8
                guard candidate.starts(with: folder) else { return false }
                if candidate.count == folder.count { return true }
                return candidate[candidate.index(candidate.startIndex, offsetBy: folder.count)] == UInt8(ascii: "/")
            }
        }
        // What comes before the first wildcard is literal: a path that does not begin with it
        // cannot match, and most files of a target do not (`Sources/App/Config*.swift`). Only
        // for plain patterns and paths without empty names, which the general matcher drops.
        if plain, let wildcard = bytes.firstIndex(where: { $0 == UInt8(ascii: "*") }) {
            let candidate = path.utf8
            let slash = UInt8(ascii: "/")
            let hasEmptyName =
                candidate.first == slash || candidate.last == slash
                || zip(candidate, candidate.dropFirst()).contains { $0 == slash && $1 == slash }
            if !hasEmptyName, !candidate.starts(with: bytes[..<wildcard]) { return false }
        }
        return matchesByNames(path)
    }

    /// The general matcher: the pattern's parts against the path's names.
    func matchesByNames(_ path: String) -> Bool {
        let parts = pattern.split(separator: "/").filter { $0 != "." }.map(String.init)
        let names = path == "." ? [] : path.split(separator: "/").map(String.init)
        return Self.match(parts[...], names[...])
    }

    /// Whether `parts` match `names`, one row of a table at a time from the end (`**` takes
    /// zero or more names): time grows with parts × names, where trying each split of each
    /// `**` in turn was exponential in the number of `**` (200 of them ran for minutes).
    private static func match(_ parts: ArraySlice<String>, _ names: ArraySlice<String>) -> Bool {
        let parts = Array(parts)
        let names = Array(names)
        // below[j]: whether parts[(i + 1)...] match names[j...]; the last row is "no parts".
        var below = [Bool](repeating: false, count: names.count + 1)
        below[names.count] = true
        for part in parts.reversed() {
            var row = [Bool](repeating: false, count: names.count + 1)
            let pattern = part == "**" ? nil : ModulePattern(part)
            for j in stride(from: names.count, through: 0, by: -1) {
                if let pattern {
                    row[j] = j < names.count && below[j + 1] && pattern.matches(names[j])
                } else {
                    row[j] = below[j] || (j < names.count && row[j + 1])
                }
            }
            below = row
        }
        return below[0]
    }
}
