extension ReadingLimits {
    /// The config readers' limits, in the order the limits page lists them.
    public static var configLimits: [ReadingLimit] { [] }
}
