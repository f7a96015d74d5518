@testable import App
import SharedTestSupport
import XCTest

final class AppTests: XCTestCase {}
