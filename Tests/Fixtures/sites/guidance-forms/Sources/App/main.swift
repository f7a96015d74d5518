import FeedService
import FeedUI
import Networking
import Persistence
import ProfileUI

let screen = FeedScreen(service: FeedService(client: APIClient(), store: PhotoStore()))
