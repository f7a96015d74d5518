// A cell of the feed.
import Database
import FeedService

struct FeedCell {}
