/// Text that must stay on one line of a report: diagnostics are read line by line by CI
/// problem matchers and editors, so a file name holding a line break would end a line early
/// and forge a second, well-formed `path:line:col: error:` line; an escape character could
/// drive the terminal; a right-to-left override could make a line read otherwise than it
/// parses. Such characters are written as visible escapes instead. This is the escaping of
/// every plain-text output (diagnostics, the text reports, `strata graph`'s text); the other
/// formats (XML, Mermaid, DOT, GitHub commands) build theirs on `needsEscape`.
package enum OneLineText {
    /// `text` with line breaks, tabs and other control characters as `\n`, `\r`, `\t` or
    /// `\u{…}`; the same text when it has none (the usual case, checked without copying).
    package static func escape(_ text: String) -> String {
        // Printable ASCII (most paths) is looked at byte by byte, then everything else scalar by scalar.
        let isPrintableASCII = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        }
        if isPrintableASCII == true { return text }
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) { result += visible(scalar) } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// Prose that may span lines (a `because: |` block) on one line: each line break, with
    /// the spaces and tabs around it, becomes one space, and what is left is escaped as by
    /// `escape(_:)`. For messages; a file name keeps its visible `\n`.
    package static func fold(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) else {
            return escape(text)
        }
        var folded = ""
        folded.reserveCapacity(text.utf8.count)
        var pendingBreak = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n", "\r":
                while folded.unicodeScalars.last == " " || folded.unicodeScalars.last == "\t" {
                    folded.unicodeScalars.removeLast()
                }
                pendingBreak = true
            case " " where pendingBreak, "\t" where pendingBreak:
                continue
            default:
                if pendingBreak, !folded.isEmpty { folded.unicodeScalars.append(" ") }
                pendingBreak = false
                folded.unicodeScalars.append(scalar)
            }
        }
        return escape(folded)
    }

    /// A path where a location or a name is expected: escaped as by `escape(_:)`, and each
    /// `:` written `\u{3A}`, so that a file named `a.md:99:1: error: x.md` cannot make the
    /// line read as an error at `a.md:99` to a problem matcher that stops at the first colon.
    package static func path(_ text: String) -> String {
        let escaped = escape(text)
        guard escaped.utf8.contains(UInt8(ascii: ":")) else { return escaped }
        var result = ""
        result.reserveCapacity(escaped.utf8.count + 8)
        for scalar in escaped.unicodeScalars {
            if scalar == ":" { result += "\\u{3A}" } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// One scalar as `escape(_:)` writes it when it needs escaping.
    package static func visible(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        default: "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }

    /// C0 and C1 controls, DEL, the Unicode line and paragraph separators, and the
    /// bidirectional controls (marks, embeddings, overrides, isolates), which reorder how a
    /// line is shown without changing how it parses.
    package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (value >= 0x7F && value <= 0x9F) { return true }
        guard value >= 0x61C else { return false }
        switch value {
        case 0x61C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
