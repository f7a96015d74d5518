@testable import FeedService
import AcmeTestSupport
import Database
import Models
import Testing

@Test func loads() {}
