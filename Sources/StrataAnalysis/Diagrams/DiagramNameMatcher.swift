import StrataCore

/// Finds the module or layer a box of a hand-drawn diagram means, as a person reading it
/// would: the exact name; else the same words whatever the case and separators
/// (`feed-ui`, `Feed UI`, `feed_ui` for `FeedUI`); else the only name whose words end or
/// start with the box's words (`Features_AllBreeds` for `PresentationLayer_Features_AllBreeds`,
/// `Profile` for `ProfileUI`). A box two names could mean names neither.
struct DiagramNameMatcher: Sendable {
    struct Candidate: Sendable {
        var name: String
        var words: [String]
        var joined: String
    }

    private let exact: Set<String>
    private let candidates: [Candidate]
    private let byJoined: [String: [String]]

    init(_ names: some Sequence<String>) {
        let unique = Set(names)
        exact = unique
        candidates = unique.sorted().map { name in
            let words = Self.words(name)
            return Candidate(name: name, words: words, joined: words.joined())
        }
        byJoined = Dictionary(grouping: candidates, by: \.joined).mapValues { $0.map(\.name) }
    }

    /// The name a label means, and whether it was written otherwise.
    func match(_ label: String) -> (name: String, isExact: Bool)? {
        if exact.contains(label) { return (label, true) }
        let words = Self.words(label)
        guard !words.isEmpty else { return nil }
        if let same = byJoined[words.joined()] { return same.count == 1 ? (same[0], false) : nil }
        let affixed = candidates.filter { candidate in
            candidate.words.count > words.count
                && (Array(candidate.words.suffix(words.count)) == words
                    || Array(candidate.words.prefix(words.count)) == words)
        }
        return affixed.count == 1 ? (affixed[0].name, false) : nil
    }

    /// A name's words, lowercased: split at separators, at a lowercase-to-uppercase step
    /// (`AllBreeds`) and before the last capital of a run of capitals (`URLSession`).
    static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current: [Character] = []
        let characters = Array(name)
        func flush() {
            if !current.isEmpty { words.append(String(current).lowercased()) }
            current = []
        }
        for (index, character) in characters.enumerated() {
            guard character.isLetter || character.isNumber else {
                flush()
                continue
            }
            if let previous = current.last {
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if character.isUppercase, previous.isLowercase || previous.isNumber {
                    flush()
                } else if character.isUppercase, previous.isUppercase, let next, next.isLowercase {
                    flush()
                }
            }
            current.append(character)
        }
        flush()
        return words
    }
}
