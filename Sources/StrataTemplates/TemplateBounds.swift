/// The bounds of one parse and one render, so no theme can make a page take minutes or
/// gigabytes. The engine takes them from its caller (the site passes Strata's reading limits,
/// `ReadingLimits.template…`), and stays free of Strata's other modules; a failure names the
/// bound it passed, and the caller names the diagnostic.
package struct TemplateBounds: Sendable, Equatable {
    /// Sections open at once in one template.
    package var sectionNesting: Int
    /// Partials and parents inside one another: a partial that includes itself with no
    /// section to stop it would otherwise never end.
    package var partialDepth: Int
    /// Partials and parents one render includes, each time counted: forty partials that each
    /// include the next twice ask for 2^40 includes and write nothing to stop at.
    package var partialIncludes: Int
    /// Bytes one render writes.
    package var outputBytes: Int

    package init(sectionNesting: Int, partialDepth: Int, partialIncludes: Int, outputBytes: Int) {
        self.sectionNesting = sectionNesting
        self.partialDepth = partialDepth
        self.partialIncludes = partialIncludes
        self.outputBytes = outputBytes
    }

    /// The bounds a library has unless its caller gives others; the site gives Strata's
    /// reading limits, which a test keeps equal to these.
    package static let standard = TemplateBounds(
        sectionNesting: 500, partialDepth: 100, partialIncludes: 1_000_000, outputBytes: 64_000_000)

    /// Which bound a parse or render passed.
    package enum Bound: Sendable, Equatable {
        case sectionNesting, partialDepth, partialIncludes, outputBytes
    }
}
