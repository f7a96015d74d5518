import XCTest
@testable import Weather

final class WeatherTests: XCTestCase {}
