/// A request's target read as a path inside the site, or the reason it is refused.
///
/// The preview server never opens a file per request (it serves the build's files from
/// memory), but the path is still checked strictly so that a request that tries to leave
/// the site is answered as such rather than as "not found": `..` and `.` segments, raw or
/// percent-encoded; encoded `/`, `\` and NUL; absolute paths (`//etc`); and bytes that are
/// not UTF-8 after decoding are all refused.
package enum RequestTarget: Equatable, Sendable {
    /// A path inside the site, without a leading `/`; it ends with `/` for a folder
    /// (`""` is the root).
    case path(String)
    /// The request must be refused with 400 (malformed) or 403 (leaves the site).
    case refused(status: Int, reason: String)

    /// Reads the request target of an HTTP request line (origin form `/a/b?q`, or absolute
    /// form `http://host/a/b`).
    package static func parse(_ raw: String) -> RequestTarget {
        var target = Substring(raw)
        if let scheme = target.range(of: "://"), target.hasPrefix("http") {
            // Absolute form: drop the scheme and authority.
            let afterAuthority = target[scheme.upperBound...]
            target = afterAuthority.firstIndex(of: "/").map { afterAuthority[$0...] } ?? "/"
        }
        if let end = target.firstIndex(where: { $0 == "?" || $0 == "#" }) { target = target[..<end] }
        guard target.first == "/" else { return .refused(status: 400, reason: "the request target is not a path") }
        let rawSegments = target.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        var segments: [String] = []
        for (index, rawSegment) in rawSegments.enumerated() {
            guard let bytes = percentDecoded(rawSegment) else {
                return .refused(status: 400, reason: "the path has a malformed percent escape")
            }
            guard let segment = String(validating: bytes, as: UTF8.self) else {
                return .refused(status: 400, reason: "the path is not UTF-8")
            }
            if segment.isEmpty {
                // Only a trailing slash may leave an empty segment; `//x` is an absolute path.
                if index == rawSegments.count - 1 { continue }
                return .refused(status: 403, reason: "the path has an empty segment (an absolute path)")
            }
            if segment == ".." || segment == "." {
                return .refused(status: 403, reason: "the path leaves the site ('\(segment)')")
            }
            if segment.contains(where: { $0 == "/" || $0 == "\\" || $0 == "\0" }) {
                return .refused(status: 403, reason: "the path has an encoded separator or NUL")
            }
            segments.append(segment)
        }
        let isFolder = target.hasSuffix("/")
        let joined = segments.joined(separator: "/")
        return .path(isFolder && !joined.isEmpty ? joined + "/" : joined)
    }

    /// `%41` → `A`; nil for a `%` not followed by two hex digits.
    static func percentDecoded(_ text: Substring) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
