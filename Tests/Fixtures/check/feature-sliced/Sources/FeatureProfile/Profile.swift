import Domain
import FeatureFeed

public struct Profile {}
