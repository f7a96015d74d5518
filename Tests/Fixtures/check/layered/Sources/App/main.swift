import FeedService
import FeedUI
import Models

print(FeedView(posts: []).posts.count)
