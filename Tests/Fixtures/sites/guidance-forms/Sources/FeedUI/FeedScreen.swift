import AppCore
import FeedService

public struct FeedScreen {
    let service: FeedService

    public init(service: FeedService) {
        self.service = service
    }
}
