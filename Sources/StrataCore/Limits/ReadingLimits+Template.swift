extension ReadingLimits {
    /// The template readers' limits, in the order the limits page lists them.
    package static var templateLimits: [ReadingLimit] {
        [templateNesting, templateDepth, templateOutput, templateIncludes]
    }

    /// Sections open at once in one template: past it, an error, not a stack overflow.
    package static let templateNesting = ReadingLimit(
        "template", .tooDeep, maximum: 500, counts: "sections open at once")

    /// Partials and parents inside one another while one page renders: a partial that
    /// includes itself with no section to stop it would otherwise never end.
    package static let templateDepth = ReadingLimit(
        "template", .tooDeep, maximum: 100, counts: "partials inside one another")

    /// Bytes one template render writes: a few times the largest page Strata reads (10 MB),
    /// so partials that each include the next twice, or a page's content written a thousand
    /// times, stop at this instead of taking all memory.
    package static let templateOutput = ReadingLimit(
        "template", .tooLarge, maximum: 64_000_000, counts: "bytes written by one render")

    /// Partials and parents one render includes, counted each time: forty partials that
    /// each include the next twice ask for 2^40 includes and write nothing to stop at.
    package static let templateIncludes = ReadingLimit(
        "template", .tooSlow, maximum: 1_000_000, counts: "partials included by one render")
}
