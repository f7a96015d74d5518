/// One bound Strata keeps on what it reads, so no input can crash it, hang it or take all
/// memory. Every reader checks its bounds through these values, and every one is listed in
/// `ReadingLimits.all`, which `Content/reference/limits.md` must match (a test ties the two),
/// so a bound a reader keeps is a bound a user can look up.
package struct ReadingLimit: Sendable, Hashable {
    /// What is bounded, and therefore which word ends the diagnostic id.
    package enum Kind: String, Sendable {
        /// Nesting: recursion in a reader, brackets open at once, partials inside partials.
        case tooDeep = "too-deep"
        /// Size: bytes, elements, boxes, layers.
        case tooLarge = "too-large"
        /// Work: evaluation steps, layout effort.
        case tooSlow = "too-slow"
    }

    /// The diagnostic id it reports with, `<reader>.<kind>` (`manifest.too-deep`).
    package let id: String
    package let kind: Kind
    /// The largest value accepted.
    package let maximum: Int
    /// What is counted, for messages and the limits page ("brackets open at once").
    package let counts: String

    package init(_ reader: String, _ kind: Kind, maximum: Int, counts: String) {
        self.id = "\(reader).\(kind.rawValue)"
        self.kind = kind
        self.maximum = maximum
        self.counts = counts
    }

    /// Whether `value` is within the bound.
    package func allows(_ value: Int) -> Bool { value <= maximum }

    /// The located error for going past the bound; `detail` says what the input did, in
    /// words a user can act on.
    package func exceeded(at location: SourceLocation?, _ detail: String) -> Diagnostic {
        .error(id, "\(detail) (Strata's limit: \(maximum) \(counts))", at: location)
    }

    /// Throws `exceeded(at:_:)` when `value` is past the bound.
    package func check(_ value: Int, at location: SourceLocation?, _ detail: @autoclosure () -> String) throws {
        if value > maximum { throw exceeded(at: location, detail()) }
    }
}

/// A reader's running count against one limit: recursion depth (`enter`/`leave`) or work
/// done (`spend`). Readers keep one per input they read; it is a plain value, so a reader
/// running on several threads keeps one per thread.
package struct LimitCounter: Sendable {
    package let limit: ReadingLimit
    package private(set) var value = 0
    /// The highest value reached; a depth counter returns to 0, this does not.
    package private(set) var peak = 0

    package init(_ limit: ReadingLimit) {
        self.limit = limit
    }

    /// One level deeper (or `amount` more work); false once past the limit. The caller stops
    /// and reports `limit.exceeded(at:_:)` at the place it is reading.
    @discardableResult
    package mutating func spend(_ amount: Int = 1) -> Bool {
        value += amount
        if value > peak { peak = value }
        return value <= limit.maximum
    }

    /// One level back out (for depth).
    package mutating func leave(_ amount: Int = 1) {
        value -= amount
    }

    /// Whether the limit has been passed at any time.
    package var isExceeded: Bool { peak > limit.maximum }
}
