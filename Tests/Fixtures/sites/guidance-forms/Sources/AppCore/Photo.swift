/// A photo as every layer sees it.
public struct Photo: Sendable, Hashable {
    public var id: String
    public var caption: String

    public init(id: String, caption: String) {
        self.id = id
        self.caption = caption
    }
}
