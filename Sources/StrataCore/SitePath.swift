/// Paths inside a generated site. Every link Strata writes is relative, so a site works
/// under any base URL and when opened straight from disk.
package enum SitePath {
    /// The not-found page every site gets, from the theme's `404` template.
    package static let notFoundPage = "404.html"
    /// The site's home page: the content's `index.md`, or one Strata generates.
    package static let homePage = "index.html"

    /// The relative URL that leads from the page at `from` to the file at `to`, both
    /// relative to the site root (`guides/a.html` → `index.html` gives `../index.html`).
    package static func relativeURL(from: String, to: String) -> String {
        // Byte by byte: a site has a link like this for every sidebar entry and every link
        // of every page.
        var from = from
        var to = to
        return from.withUTF8 { from in to.withUTF8 { to in relativeURL(from, to) } }
    }

    private static func relativeURL(_ from: UnsafeBufferPointer<UInt8>, _ to: UnsafeBufferPointer<UInt8>) -> String {
        let fromSegments = segments(of: from)
        let toSegments = segments(of: to)
        let fromFolders = max(0, fromSegments.count - 1)
        let toFolders = max(0, toSegments.count - 1)
        var common = 0
        while common < fromFolders, common < toFolders, from[fromSegments[common]].elementsEqual(to[toSegments[common]])
        {
            common += 1
        }
        var out: [UInt8] = []
        out.reserveCapacity(3 * (fromFolders - common) + to.count + 8)
        for _ in common..<fromFolders {
            if !out.isEmpty { out.append(UInt8(ascii: "/")) }
            out.append(UInt8(ascii: "."))
            out.append(UInt8(ascii: "."))
        }
        for segment in toSegments[common...] {
            if !out.isEmpty { out.append(UInt8(ascii: "/")) }
            appendPercentEncoded(to[segment], to: &out)
        }
        return out.isEmpty ? "./" : String(decoding: out, as: UTF8.self)
    }

    /// The non-empty segments between slashes.
    private static func segments(of path: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var segments: [Range<Int>] = []
        var start = 0
        for index in 0...path.count where index == path.count || path[index] == UInt8(ascii: "/") {
            if index > start { segments.append(start..<index) }
            start = index + 1
        }
        return segments
    }

    /// A name (a module's, a component's) as one file name of the site. A plain name, as
    /// nearly every Swift module has, is kept: ASCII letters, digits, `_`, `-`, `+` and `.`,
    /// not starting with `.`, at most 100 bytes, and not the name of one of the modules
    /// folder's own pages (`index`, `map`, `matrix`) in any case, since macOS's file system
    /// takes `Index.html` for `index.html`. Anything else (a target
    /// named `../../outside/PWNED`, a slash, a space, non-ASCII) is slugged and given a
    /// short hash of the name, so no name can leave its folder and two never share a page.
    package static func pageName(for name: String) -> String {
        let bytes = name.utf8
        let plain =
            !bytes.isEmpty && bytes.count <= 100 && bytes.first != UInt8(ascii: ".")
            && !ArchitectureSiteMap.reservedPageNames.contains(name.lowercased())
            && bytes.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"),
                    UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
                    true
                default:
                    false
                }
            }
        if plain { return name }
        var slug = ""
        for scalar in name.unicodeScalars where slug.utf8.count < 60 {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug.append("-")
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return (slug.isEmpty ? "" : slug + "-") + String(SHA256.hex(name).prefix(10))
    }

    /// Why `path` may not be written inside a site's folder (absolute, `.` or `..`
    /// segments, empty segments, NUL), or nil when it may. Every file is checked before
    /// anything is written, whatever made its path.
    package static func unsafeReason(_ path: String) -> String? {
        if path.isEmpty { return "an empty path" }
        if path.hasPrefix("/") { return "an absolute path" }
        if path.utf8.contains(0) { return "a NUL byte" }
        for segment in path.split(separator: "/", omittingEmptySubsequences: false) {
            if segment.isEmpty { return "an empty segment" }
            if segment == "." || segment == ".." { return "a '\(segment)' segment" }
        }
        return nil
    }

    /// The prefix that leads from the page at `from` back to the site root (`""`, `../`, …).
    package static func rootPrefix(from: String) -> String {
        let depth = from.split(separator: "/", omittingEmptySubsequences: true).count - 1
        return String(repeating: "../", count: max(0, depth))
    }

    /// Resolves `relative` (which may contain `.` and `..`) against the folder `directory`.
    /// Returns `nil` when it climbs above the root.
    package static func resolve(_ relative: String, against directory: String) -> String? {
        // By bytes: every link of every page is resolved here, and `/` and `.` are ASCII.
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        var parts: [Substring.UTF8View] = relative.utf8.first == slash ? [] : directory.utf8.split(separator: slash)
        for part in relative.utf8.split(separator: slash) {
            if part.count == 1, part.first == dot { continue }
            if part.count == 2, part.first == dot, part.last == dot {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        var out: [UInt8] = []
        for (number, part) in parts.enumerated() {
            if number > 0 { out.append(slash) }
            out.append(contentsOf: part)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A site path (`guides/c#.html`) as a URL path, each segment percent-encoded, for URLs
    /// written from the site root: canonical links, the sitemap, the search index.
    package static func urlPath(_ path: String) -> String {
        // Each byte but `/` as `percentEncode` writes it: the same as encoding each segment.
        guard !path.utf8.allSatisfy({ isUnreserved($0) || $0 == UInt8(ascii: "/") }) else { return path }
        var result: [UInt8] = []
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                result.append(byte)
            } else {
                appendPercentEncoded(CollectionOfOne(byte), to: &result)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Percent-encodes one path segment for use in an `href` (spaces, `#`, `?`, non-ASCII).
    package static func percentEncode(_ segment: String) -> String {
        // Nearly every segment needs no escape: it is returned as it is, without a copy.
        guard !segment.utf8.allSatisfy(isUnreserved) else { return segment }
        var result: [UInt8] = []
        appendPercentEncoded(segment.utf8, to: &result)
        return String(decoding: result, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func appendPercentEncoded(_ segment: some Collection<UInt8>, to out: inout [UInt8]) {
        for byte in segment {
            if isUnreserved(byte) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0x0F)])
            }
        }
    }

    /// Bytes a path segment may hold as they are.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
            UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"):
            true
        default:
            false
        }
    }

    /// Decodes `%XX` escapes; invalid escapes are kept as written.
    package static func percentDecode(_ text: String) -> String {
        // `String.contains(String)` goes through Foundation's slow path; the byte is ASCII.
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
                let value = UInt8(String(decoding: utf8[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
