extension ReadingLimits {
    /// The manifest readers' limits, in the order the limits page lists them.
    package static var manifestLimits: [ReadingLimit] {
        [
            manifestBrackets, manifestSquareBrackets, manifestUnclosedBrackets, manifestConditionals, manifestChain,
            manifestElseIfChain, manifestSyntaxDepth, manifestEvaluationDepth, manifestHelperDepth, manifestSteps,
            manifestValueBytes, manifestTextBytes, manifestElements, manifestRange, swiftPMSeconds
        ]
    }

    // Read before swift-syntax parses the manifest (`SwiftNestingCheck`): its parser and
    // its look-ahead recurse once per level of each of these.

    package static let manifestBrackets = ReadingLimit(
        "manifest", .tooDeep, maximum: 200, counts: "brackets and string interpolations open at once")
    /// Each level doubles the look-ahead's work (22 levels took 25 s).
    package static let manifestSquareBrackets = ReadingLimit(
        "manifest", .tooDeep, maximum: 12, counts: "square brackets open at once")
    package static let manifestUnclosedBrackets = ReadingLimit(
        "manifest", .tooDeep, maximum: 48, counts: "brackets never closed")
    package static let manifestConditionals = ReadingLimit(
        "manifest", .tooDeep, maximum: 64, counts: "#if blocks open at once")
    /// `try try …`, `Array<Array<…`, `() -> () -> …`, `a ? b ? … : c : d`: the parser
    /// recurses once per link although no bracket is open.
    package static let manifestChain = ReadingLimit(
        "manifest", .tooDeep, maximum: 64,
        counts: "links in one chain of prefix keywords, generic `<`, `->` or nested `? :`")
    package static let manifestElseIfChain = ReadingLimit(
        "manifest", .tooDeep, maximum: 500, counts: "`else if` in one chain")

    // Read after parsing, before anything walks the tree (every walk recurses).

    /// Operators of one expression count as levels: folded, `1 + 1 + …` is that deep.
    package static let manifestSyntaxDepth = ReadingLimit(
        "manifest", .tooDeep, maximum: 1_000, counts: "levels of the syntax tree, each operator of an expression one")
    package static let manifestEvaluationDepth = ReadingLimit(
        "manifest", .tooDeep, maximum: 300, counts: "expressions evaluated inside one another")
    package static let manifestHelperDepth = ReadingLimit(
        "manifest", .tooDeep, maximum: 48, counts: "helper functions and closures called inside one another")

    // The interpreter's budget, for the whole manifest.

    package static let manifestSteps = ReadingLimit(
        "manifest", .tooSlow, maximum: 250_000, counts: "evaluation steps")
    /// Everything values hold at once is counted when built: a string doubled, then mapped
    /// over, is refused before it takes the memory.
    package static let manifestValueBytes = ReadingLimit(
        "manifest", .tooLarge, maximum: 64 << 20, counts: "bytes of values built in all")
    package static let manifestTextBytes = ReadingLimit(
        "manifest", .tooLarge, maximum: 1 << 20, counts: "bytes in one string")
    package static let manifestElements = ReadingLimit(
        "manifest", .tooLarge, maximum: 100_000, counts: "elements in one list")
    package static let manifestRange = ReadingLimit(
        "manifest", .tooLarge, maximum: 10_000, counts: "elements of one range")

    /// Seconds one SwiftPM command may run under `--manifest swiftpm`, which compiles and
    /// runs the manifest: past it, it and every process it started are killed.
    package static let swiftPMSeconds = ReadingLimit(
        "swiftpm", .tooSlow, maximum: 120, counts: "seconds for one SwiftPM command")
}
