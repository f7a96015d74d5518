public struct Episode {
    public var title: String

    public init(title: String) {
        self.title = title
    }
}
