import StrataCore

/// Text for the XML reports (JUnit, Checkstyle), in attributes and elements alike.
enum XMLText {
    /// `text` with the characters XML 1.0 cannot hold dropped, and the rest escaped as for
    /// HTML (`&`, `<`, `>`, `"`).
    static func escape(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let allowed = scalar.value >= 0x20 || scalar == "\n" || scalar == "\t" || scalar == "\r"
            if allowed, scalar.value != 0xFFFE, scalar.value != 0xFFFF { kept.append(scalar) }
        }
        return HTMLEscaping.escape(String(kept))
    }
}
