import StrataTestSupport
import Testing

@testable import StrataCore

/// Code spans and links in a block's parts, found in one pass however the brackets nest.
@Suite struct InlineMarkupTests {
    @Test func codeSpansAndLinksBecomeSegments() {
        #expect(
            InlineMarkup.segments("Use `a [b](c)` and [the guide](../x.md#y), then stop.") == [
                .text("Use "), .code("a [b](c)"), .text(" and "), .link(text: "the guide", destination: "../x.md#y"),
                .text(", then stop.")
            ])
        #expect(
            InlineMarkup.segments("[a [nested] label]( dest ) and `unclosed") == [
                .link(text: "a [nested] label", destination: "dest"), .text(" and `unclosed")
            ])
        #expect(InlineMarkup.segments("[not a link] (x) and [unclosed(") == [.text("[not a link] (x) and [unclosed(")])
        #expect(
            InlineMarkup.links(in: "`[in code](x)` [out](y) [`tick](z) [last](w)").map(\.destination) == ["y", "z", "w"]
        )
    }

    /// The one-pass reader against the reader it replaced, on every short arrangement of
    /// the characters that matter and on random longer ones.
    @Test func theOnePassReaderAgreesWithTheScanningOne() {
        let alphabet: [Character] = ["[", "]", "(", ")", "`", "a", " "]
        var generator = SeededGenerator(seed: 22)
        var texts: [String] = [""]
        for length in 1...5 {
            texts += (0..<600).map { _ in
                String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
            }
        }
        for _ in 0..<400 {
            texts.append(
                String(
                    (0..<Int.random(in: 6...60, using: &generator)).map { _ in
                        alphabet.randomElement(using: &generator) ?? "a"
                    }))
        }
        for text in texts {
            #expect(InlineMarkup.segments(text) == ScanningReference.segments(text), "\(text.debugDescription)")
            let links = InlineMarkup.links(in: text).map {
                "\($0.text)|\($0.destination)|\(text.distance(from: text.startIndex, to: $0.range.lowerBound))"
            }
            #expect(links == ScanningReference.links(text), "\(text.debugDescription)")
        }
    }

    /// Unclosed brackets used to make every `[` scan to the end for every other: 800 of
    /// them took a minute. Now the time is linear: 100,000 take a moment.
    @Test(.timeLimit(.minutes(5))) func manyUnclosedBracketsAreReadInLinearTime() {
        let text = "a " + String(repeating: "[", count: 100_000) + "](x`"
        #expect(InlineMarkup.segments(text).count == 1)
        #expect(InlineMarkup.links(in: text).isEmpty)
        #expect(InlineMarkup.plainText(String(repeating: "[a](b)", count: 20_000)).count == 20_000)
        // Links nested in link labels, 100,000 deep: read eight levels, the rest kept as written.
        let nested = String(repeating: "[", count: 100_000) + "a" + String(repeating: "](b)", count: 100_000)
        #expect(InlineMarkup.plainText(nested).hasPrefix(String(repeating: "[", count: 99_992) + "a](b)"))
    }
}

/// The reader as it was before it was made linear, kept to check the new one against.
private enum ScanningReference {
    static func segments(_ text: String) -> [InlineMarkup.Segment] {
        var segments: [InlineMarkup.Segment] = []
        var plain = ""
        var index = text.startIndex
        func flush() {
            if !plain.isEmpty { segments.append(.text(plain)) }
            plain = ""
        }
        while index < text.endIndex {
            let character = text[index]
            if character == "`", let close = text[text.index(after: index)...].firstIndex(of: "`") {
                flush()
                segments.append(.code(String(text[text.index(after: index)..<close])))
                index = text.index(after: close)
                continue
            }
            if character == "[", let link = firstLink(in: text[index...]), link.start == index {
                flush()
                segments.append(.link(text: link.text, destination: link.destination))
                index = link.end
                continue
            }
            plain.append(character)
            index = text.index(after: index)
        }
        flush()
        return segments
    }

    static func links(_ text: String) -> [String] {
        var result: [String] = []
        var remaining = Substring(text)
        while !remaining.isEmpty, let link = firstLink(in: remaining) {
            result.append("\(link.text)|\(link.destination)|\(text.distance(from: text.startIndex, to: link.start))")
            remaining = remaining[link.end...]
        }
        return result
    }

    static func firstLink(in text: Substring) -> (
        start: String.Index, end: String.Index, text: String, destination: String
    )? {
        var index = text.startIndex
        var inCode = false
        while index < text.endIndex {
            let character = text[index]
            if character == "`" { inCode.toggle() }
            if !inCode, character == "[", let link = link(at: index, in: text) { return link }
            index = text.index(after: index)
        }
        return nil
    }

    static func link(at start: String.Index, in text: Substring) -> (
        start: String.Index, end: String.Index, text: String, destination: String
    )? {
        var depth = 0
        var index = start
        var closeBracket: String.Index?
        while index < text.endIndex {
            if text[index] == "[" { depth += 1 }
            if text[index] == "]" {
                depth -= 1
                if depth == 0 {
                    closeBracket = index
                    break
                }
            }
            index = text.index(after: index)
        }
        guard let closeBracket else { return nil }
        let open = text.index(after: closeBracket)
        guard open < text.endIndex, text[open] == "(", let close = text[open...].firstIndex(of: ")") else { return nil }
        return (
            start, text.index(after: close), String(text[text.index(after: start)..<closeBracket]),
            String(text[text.index(after: open)..<close]).trimmingWhitespace
        )
    }
}

/// The prepared suggester answers as the plain search over every candidate did.
@Suite struct SuggesterTests {
    /// The search it replaced: the closest by full edit distance, then the threshold.
    func reference(_ name: String, _ candidates: [String]) -> String? {
        let scored = candidates.map { ($0, Suggestion.distance(Array(name.lowercased()), Array($0.lowercased()))) }
        guard let best = scored.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }) else { return nil }
        return best.1 <= max(2, best.0.count / 3) && best.1 < best.0.count ? best.0 : nil
    }

    @Test func answersAsTheFullSearchDid() {
        var generator = SeededGenerator(seed: 7)
        let letters = Array("abcdeXY-_/.")
        func word() -> String {
            String(
                (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                    letters.randomElement(using: &generator) ?? "a"
                })
        }
        for _ in 0..<300 {
            let candidates = (0..<Int.random(in: 0...30, using: &generator)).map { _ in word() }
            let name = word()
            #expect(Suggester(candidates).closest(to: name) == reference(name, candidates), "\(name) in \(candidates)")
        }
        #expect(Suggester(["title", "description"]).closest(to: "tittle") == "title")
        // Lengths are counted in characters, as before: a family emoji is one.
        #expect(Suggester(["👨‍👩‍👧x"]).closest(to: "x") == reference("x", ["👨‍👩‍👧x"]))
        #expect(Suggester(["Café"]).closest(to: "cafe") == reference("cafe", ["Café"]))
    }

    @Test func stopsAnsweringPastItsLimit() {
        let suggester = Suggester(["alpha", "beta"], limit: 2)
        #expect(suggester.closest(to: "alpah") == "alpha")
        #expect(suggester.closest(to: "beat") == "beta")
        #expect(suggester.closest(to: "alpah") == nil)
    }
}
