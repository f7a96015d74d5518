extension ReadingLimits {
    /// The diagram readers' limits, in the order the limits page lists them.
    public static var diagramLimits: [ReadingLimit] { [] }
}
