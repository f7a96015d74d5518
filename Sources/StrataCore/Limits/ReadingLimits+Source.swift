extension ReadingLimits {
    /// The source readers' limits, in the order the limits page lists them.
    public static var sourceLimits: [ReadingLimit] { [] }
}
