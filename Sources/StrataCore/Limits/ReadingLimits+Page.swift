extension ReadingLimits {
    /// The page readers' limits, in the order the limits page lists them.
    public static var pageLimits: [ReadingLimit] { [] }
}
