import Models
import Database

public struct FeedView {
    public init() {}
}
