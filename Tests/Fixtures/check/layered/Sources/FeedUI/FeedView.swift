import Models

public struct FeedView {
    public var posts: [Post]
    public init(posts: [Post]) { self.posts = posts }
}
