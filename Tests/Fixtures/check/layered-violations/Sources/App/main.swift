import FeedService
import FeedUI
import Models
import ProfileUI

print("acme")
