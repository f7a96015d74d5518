import AcmeTestSupport
import Database
import Models

public struct FeedService {
    public init() {}
}
