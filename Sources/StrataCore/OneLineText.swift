/// Text that must stay on one line of a report: diagnostics are read line by line by CI
/// problem matchers and editors, so a file name holding a line break would end a line early
/// and forge a second, well-formed `path:line:col: error:` line; an escape character could
/// drive the terminal. Such characters are written as visible escapes instead.
public enum OneLineText {
    /// `text` with line breaks, tabs and other control characters as `\n`, `\r`, `\t` or
    /// `\u{…}`; the same text when it has none (the usual case, checked without copying).
    public static func escape(_ text: String) -> String {
        // Printable ASCII (most paths) is looked at byte by byte, then everything else scalar by scalar.
        let isPrintableASCII = text.utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
        if isPrintableASCII == true { return text }
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }

    /// Prose that may span lines (a `because: |` block) on one line: each line break, with
    /// the spaces and tabs around it, becomes one space, and what is left is escaped as by
    /// `escape(_:)`. For messages; a file name keeps its visible `\n`.
    public static func fold(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) else { return escape(text) }
        var folded = ""
        folded.reserveCapacity(text.utf8.count)
        var pendingBreak = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n", "\r":
                while folded.unicodeScalars.last == " " || folded.unicodeScalars.last == "\t" { folded.unicodeScalars.removeLast() }
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

    /// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (value >= 0x7F && value <= 0x9F) || value == 0x2028 || value == 0x2029
    }
}
