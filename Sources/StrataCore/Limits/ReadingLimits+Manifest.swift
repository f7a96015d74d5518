extension ReadingLimits {
    /// The manifest readers' limits, in the order the limits page lists them.
    public static var manifestLimits: [ReadingLimit] { [] }
}
