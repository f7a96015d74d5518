public struct Storage {
    public init() {}
}
