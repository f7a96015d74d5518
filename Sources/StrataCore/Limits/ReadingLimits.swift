/// Every bound Strata keeps on hostile input, in one list: the readers take their figures
/// from here, and `Content/reference/limits.md` has a row for each (a test checks both ways).
/// To add one: a `static let` in the file of its reader's area (`ReadingLimits+Area.swift`),
/// listed in that area's array, used by the reader, and given a row on the limits page.
package enum ReadingLimits {
    /// Every limit, in the order the limits page lists them.
    package static var all: [ReadingLimit] {
        manifestLimits + sourceLimits + configLimits + pageLimits + diagramLimits + templateLimits
    }
}
