/// Which link destinations may reach a page. Browsers ignore tabs, line breaks and leading
/// control characters in a URL, and read its scheme without regard to case, so
/// `java&#9;script:` is `javascript:`; the check does the same before comparing.
package enum URLSafety {
    /// The schemes that run script (or could), lower case.
    static let scriptSchemes: [[UInt8]] = ["javascript:", "vbscript:", "data:"].map { Array($0.utf8) }

    /// Whether the destination runs script (or could) when followed: its bytes, leaving out
    /// spaces, control characters and DEL and with ASCII letters in lower case, begin with a
    /// script scheme. Read byte by byte and only as far as a scheme could still match: every
    /// link of a page is checked, and copying each destination into a lower-cased string
    /// was a twentieth of a large site's build. (A byte of a non-ASCII character never
    /// matches, as none of the schemes has one.)
    package static func isScript(_ url: String) -> Bool {
        var candidates = scriptSchemes
        var position = 0
        for byte in url.utf8 where byte > 0x20 && byte != 0x7F {
            let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            candidates.removeAll { $0[position] != lower }
            if candidates.isEmpty { return false }
            position += 1
            if candidates.contains(where: { $0.count == position }) { return true }
        }
        return false
    }

    /// The destination, or `#` when it would run script.
    package static func safe(_ url: String) -> String {
        isScript(url) ? "#" : url
    }
}
