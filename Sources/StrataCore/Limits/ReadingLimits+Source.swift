extension ReadingLimits {
    /// The source readers' limits, in the order the limits page lists them.
    package static var sourceLimits: [ReadingLimit] {
        [
            sourceInterpolations, sourceBrackets, sourceSquareBrackets, sourceUnclosedBrackets, sourceConditionals,
            sourceChain, sourceElseIfChain, sourceSyntaxDepth
        ]
    }

    /// The import and comment scanner (every file): it follows interpolations by recursion.
    package static let sourceInterpolations = ReadingLimit(
        "source", .tooDeep, maximum: 100, counts: "string interpolations open at once")

    // Files read with swift-syntax (types and references, for layers inside targets), before
    // they are parsed: the same figures as a manifest's.

    package static let sourceBrackets = ReadingLimit(
        "source", .tooDeep, maximum: manifestBrackets.maximum, counts: manifestBrackets.counts)
    package static let sourceSquareBrackets = ReadingLimit(
        "source", .tooDeep, maximum: manifestSquareBrackets.maximum, counts: manifestSquareBrackets.counts)
    package static let sourceUnclosedBrackets = ReadingLimit(
        "source", .tooDeep, maximum: manifestUnclosedBrackets.maximum, counts: manifestUnclosedBrackets.counts)
    package static let sourceConditionals = ReadingLimit(
        "source", .tooDeep, maximum: manifestConditionals.maximum, counts: manifestConditionals.counts)
    package static let sourceChain = ReadingLimit(
        "source", .tooDeep, maximum: manifestChain.maximum, counts: manifestChain.counts)
    package static let sourceElseIfChain = ReadingLimit(
        "source", .tooDeep, maximum: manifestElseIfChain.maximum, counts: manifestElseIfChain.counts)
    /// After parsing, before the walk that collects types.
    package static let sourceSyntaxDepth = ReadingLimit(
        "source", .tooDeep, maximum: manifestSyntaxDepth.maximum, counts: manifestSyntaxDepth.counts)
}
