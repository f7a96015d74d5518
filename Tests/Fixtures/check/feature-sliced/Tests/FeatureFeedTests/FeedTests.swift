@testable import FeatureFeed
import FeatureProfile
import XCTest

final class FeedTests: XCTestCase {}
