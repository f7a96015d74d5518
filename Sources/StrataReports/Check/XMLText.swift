import StrataCore

/// Text for the XML reports (JUnit, Checkstyle): the one escaping both use.
enum XMLText {
    /// Element text: line breaks and tabs kept; a carriage return, the characters XML 1.0
    /// cannot hold, other controls and bidirectional controls written as visible escapes
    /// (`\r`, `\u{202E}`), as on a diagnostic line; then `&`, `<`, `>`, `"` escaped.
    static func escape(_ text: String) -> String {
        var kept = ""
        kept.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\t" {
                kept.unicodeScalars.append(scalar)
            } else if OneLineText.needsEscape(scalar) || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                kept += OneLineText.visible(scalar)
            } else {
                kept.unicodeScalars.append(scalar)
            }
        }
        return HTMLEscaping.escape(kept)
    }

    /// An attribute value (a test case's name, a message): on one line, every control
    /// visible, since a parser would fold a raw line break into a space and a dashboard
    /// would show the name run together.
    static func attribute(_ text: String) -> String {
        escape(OneLineText.escape(text))
    }
}
