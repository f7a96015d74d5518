import FeedUI
import Models

public struct ProfileView {}
