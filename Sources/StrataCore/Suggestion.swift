/// "Did you mean …?" for misspelt names: the closest candidate by edit distance, if close.
package enum Suggestion {
    package static func closest(to name: String, in candidates: [String]) -> String? {
        Suggester(candidates).closest(to: name)
    }

    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for (i, left) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, right) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// The candidates of many "did you mean" questions, prepared once: lower-cased, and each
/// comparison stopped as soon as it cannot beat the best so far or be close enough.
///
/// A page with 1,000 broken READ_ALSO targets asked 1,000 times among 1,000 block ids,
/// sorting them and comparing in full each time: over two minutes. Past `limit` questions a
/// suggester answers nil, so no input can make suggestions cost more than a bounded time.
package final class Suggester: @unchecked Sendable {
    private let candidates: [(text: String, characters: [Character])]
    /// The most edits any candidate accepts: a closest candidate farther than this is no
    /// suggestion, so no comparison needs to go further.
    private let widest: Int
    private var asked = 0
    private let limit: Int
    private var rows: [Int] = []

    package init(_ candidates: [String], limit: Int = .max) {
        self.candidates = candidates.sorted().map { ($0, Array($0.lowercased())) }
        widest = self.candidates.map { Self.allowed($0.characters.count) }.max() ?? -1
        self.limit = limit
    }

    /// How far a candidate of `length` characters may be from the name.
    private static func allowed(_ length: Int) -> Int {
        min(max(2, length / 3), length - 1)
    }

    /// The candidate closest to `name` (the alphabetically first on a tie), when it is
    /// within `max(2, length / 3)` edits and fewer than its length; nil otherwise, or when
    /// this suggester has answered `limit` questions already.
    package func closest(to name: String) -> String? {
        guard asked < limit else { return nil }
        asked += 1
        let target = Array(name.lowercased())
        var best: (text: String, length: Int, distance: Int)?
        for candidate in candidates {
            let bound = best.map { min(widest, $0.distance - 1) } ?? widest
            guard bound >= 0, abs(candidate.characters.count - target.count) <= bound,
                let distance = distance(target, candidate.characters, atMost: bound)
            else { continue }
            // Candidates are sorted, and only a strictly closer one replaces the best.
            best = (candidate.text, candidate.characters.count, distance)
        }
        guard let best, best.distance <= Self.allowed(best.length) else { return nil }
        return best.text
    }

    /// The edit distance of `a` and `b`, or nil when it is more than `limit` (the rows
    /// stop as soon as every cell of one is past it).
    private func distance(_ a: [Character], _ b: [Character], atMost limit: Int) -> Int? {
        if a.isEmpty { return b.count <= limit ? b.count : nil }
        if b.isEmpty { return a.count <= limit ? a.count : nil }
        if rows.count < 2 * (b.count + 1) { rows = Array(repeating: 0, count: 2 * (b.count + 1)) }
        let width = b.count + 1
        // Two rows in one buffer, reached without a check per cell.
        return rows.withUnsafeMutableBufferPointer { rows in
            a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in
                    var previous = 0
                    var current = width
                    for j in 0..<width { rows[j] = j }
                    for i in 0..<a.count {
                        rows[current] = i + 1
                        var rowMinimum = i + 1
                        let left = a[i]
                        for j in 0..<b.count {
                            let substitution = rows[previous + j] + (left == b[j] ? 0 : 1)
                            let value = Swift.min(
                                Swift.min(rows[previous + j + 1], rows[current + j]) + 1, substitution)
                            rows[current + j + 1] = value
                            if value < rowMinimum { rowMinimum = value }
                        }
                        if rowMinimum > limit { return nil }
                        swap(&previous, &current)
                    }
                    return rows[previous + b.count] <= limit ? rows[previous + b.count] : nil
                }
            }
        }
    }
}
