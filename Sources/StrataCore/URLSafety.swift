/// Which link destinations may reach a page. Browsers ignore tabs, line breaks and leading
/// control characters in a URL, and read its scheme without regard to case, so
/// `java&#9;script:` is `javascript:`; the check does the same before comparing.
package enum URLSafety {
    /// Whether the destination runs script (or could) when followed.
    package static func isScript(_ url: String) -> Bool {
        let compact = String(url.unicodeScalars.filter { $0.value > 0x20 && $0.value != 0x7F }.map(Character.init))
            .lowercased()
        return ["javascript:", "vbscript:", "data:"].contains { compact.hasPrefix($0) }
    }

    /// The destination, or `#` when it would run script.
    package static func safe(_ url: String) -> String {
        isScript(url) ? "#" : url
    }
}
