/// Whether an example shows what to do, what not to do, or what is acceptable. Rule sets
/// mark their examples "👍 Good" / "👎 No Good" / "👌 Ok", wiki pages start the code with
/// `// CORRECT — …`; a reader must never have to guess which kind a code block is.
package enum ExampleVerdict: String, Hashable, Sendable, CaseIterable {
    case good
    case bad
    case ok

    /// How pages and exports name the verdict (always in words, never in colour alone).
    package var label: String {
        switch self {
        case .good: "Good"
        case .bad: "Bad"
        case .ok: "Ok"
        }
    }

    /// A verdict and the words written after it: `Bad: calling the API` → (.bad, "calling the API").
    package struct Label: Hashable, Sendable {
        package var verdict: ExampleVerdict
        /// What the label says besides the verdict, if anything.
        package var caption: String?
        /// Where a `GOOD:`/`BAD:`/`OK:` label was written, for saying when it labels nothing.
        package var location: SourceLocation?

        package init(verdict: ExampleVerdict, caption: String? = nil, location: SourceLocation? = nil) {
            self.verdict = verdict
            self.caption = caption
            self.location = location
        }
    }

    /// The words that name a verdict at the start of a label, longest first so "no good" is
    /// not read as "good".
    private static let phrases: [(String, ExampleVerdict)] = [
        ("not recommended", .bad), ("don't do this", .bad), ("do not do this", .bad), ("not good", .bad),
        ("no good", .bad), ("incorrect", .bad), ("wrong", .bad), ("bad", .bad), ("avoid", .bad), ("don't", .bad),
        ("do not", .bad),
        ("acceptable", .ok), ("okay", .ok), ("ok", .ok),
        ("recommended", .good), ("correct", .good), ("better", .good), ("prefer", .good), ("right", .good),
        ("good", .good), ("do", .good)
    ]

    /// Words that name the example right after a verdict: "Bad example", "Correct way".
    private static let exampleNouns: Set<String> = [
        "example", "examples", "way", "approach", "practice", "pattern", "code", "usage", "version", "solution",
        "implementation"
    ]

    /// Marks that carry a verdict on their own when no words do.
    private static let symbols: [Character: ExampleVerdict] = [
        "👍": .good, "✅": .good, "✔": .good, "👎": .bad, "❌": .bad, "✗": .bad, "✘": .bad, "🚫": .bad, "👌": .ok, "⚠": .ok
    ]

    /// Reads a label: a short line such as "👎 No Good", "**Good:**", "GOOD: with a cache" or
    /// "CORRECT — Owning a view model". Nil when the text does not start with a verdict, or
    /// is too long to be a label (a sentence that happens to start with "Do").
    package static func label(_ text: String, maximumWords: Int = 12) -> Label? {
        var rest = Substring(text.trimmingWhitespace)
        var symbol: ExampleVerdict?
        // Emoji, bullets, emphasis markers and comment slashes before the words.
        while let first = rest.first, !(first.isLetter || first.isNumber) {
            // By its first scalar: "✔️" and "⚠️" carry a variation selector after the mark.
            if symbol == nil, let mark = first.unicodeScalars.first, let verdict = symbols[Character(mark)] {
                symbol = verdict
            }
            rest = rest.dropFirst()
        }
        // A symbol the capture mangled into a letter ("π No Good") is skipped with it.
        if rest.count > 2, let first = rest.first, !first.isASCII, rest.dropFirst().first == " " {
            rest = rest.dropFirst(2)
        }
        let lowered = rest.lowercased()
        for (phrase, verdict) in phrases where lowered.hasPrefix(phrase) {
            let after = rest.dropFirst(phrase.count)
            // The phrase must end at a word's end: "Goodness", "Doing" and "Right-click" are not labels.
            if let next = after.first, next.isLetter || next.isNumber || next == "'" { continue }
            if after.first == "-", let second = after.dropFirst().first, second.isLetter { continue }
            let caption = after.drop { !($0.isLetter || $0.isNumber || $0 == "`" || $0 == "@" || $0 == "(") }
            var trimmed = String(caption).trimmingWhitespace
            while let last = trimmed.last, last == "*" || last == "_" || last == ":" { trimmed.removeLast() }
            trimmed = trimmed.trimmingWhitespace
            // A long sentence starting with "Do" or "Prefer" is prose, not a label.
            let words = trimmed.split(separator: " ").count
            if words > maximumWords { return nil }
            // "Do" and "Prefer" alone are labels; with words after them only when set off
            // by punctuation ("Do: …"), so "Do this first, then…" stays prose. ("Do not …"
            // is the phrase "do not", a bad example's label.)
            let setOff = [":", "—", "–", "-", ".", ","].contains(where: {
                String(after).trimmingWhitespace.hasPrefix($0)
            })
            if phrase == "do" || phrase == "prefer" || phrase == "right" || phrase == "better", !trimmed.isEmpty,
                !setOff
            {
                return nil
            }
            // Any verdict with words after it and nothing between is prose ("Bad request
            // handling looks like this"), unless the words name the example ("Bad example",
            // "Correct way") or the line introduces the code with a colon.
            if !trimmed.isEmpty, !setOff, !text.trimmingWhitespace.hasSuffix(":"),
                !exampleNouns.contains(trimmed.split(separator: " ").first.map { $0.lowercased() } ?? "")
            {
                return nil
            }
            return Label(verdict: verdict, caption: trimmed.isEmpty ? nil : trimmed)
        }
        if let symbol, rest.split(separator: " ").count <= maximumWords {
            let caption = String(rest).trimmingWhitespace
            return Label(verdict: symbol, caption: caption.isEmpty ? nil : caption)
        }
        return nil
    }

    /// The verdict a code block's first line gives in a comment: `// CORRECT — @Observable`,
    /// `// ❌ Bad`, `# wrong`. Nil when the first line is code or a comment without one.
    package static func label(ofCode code: String) -> Label? {
        guard let firstLine = code.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: true).first else {
            return nil
        }
        let line = String(firstLine).trimmingWhitespace
        for opener in ["//", "#", "--", "/*"] where line.hasPrefix(opener) {
            var comment = String(line.dropFirst(opener.count))
            // A block comment ends at its `*/`, code may follow on the line.
            if opener == "/*", let end = comment.firstRange(of: "*/") { comment = String(comment[..<end.lowerBound]) }
            // Only an upper-case verdict word, or a verdict symbol, marks the block: a comment
            // "// do the work" is just a comment, and "// DO NOT EDIT" is no verdict.
            let trimmed = comment.trimmingWhitespace
            guard let label = label(trimmed) else { return nil }
            let startsWithSymbol = trimmed.first.map { symbols[$0] != nil } ?? false
            let word = trimmed.prefix { $0.isLetter }
            guard
                startsWithSymbol
                    || (word.count > 1 && word.allSatisfy { $0.isUppercase }
                        && codeVerdictWords.contains(word.lowercased()))
            else { return nil }
            return label
        }
        return nil
    }

    /// The words that mark a code block's verdict in its first comment.
    private static let codeVerdictWords: Set<String> = [
        "correct", "incorrect", "wrong", "good", "bad", "ok", "okay", "acceptable", "avoid", "no", "not"
    ]

    /// The verdict in a fence's info string after the language: ```` ```swift bad ````.
    package static func verdict(ofInfo info: String) -> ExampleVerdict? {
        for word in info.split(separator: " ").dropFirst() {
            switch word.lowercased() {
            case "good", "correct", "do": return .good
            case "bad", "wrong", "incorrect", "avoid", "dont", "don't": return .bad
            case "ok", "okay", "acceptable": return .ok
            default: continue
            }
        }
        return nil
    }
}
