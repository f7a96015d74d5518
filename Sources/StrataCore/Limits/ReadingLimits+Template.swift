extension ReadingLimits {
    /// The template readers' limits, in the order the limits page lists them.
    public static var templateLimits: [ReadingLimit] { [] }
}
