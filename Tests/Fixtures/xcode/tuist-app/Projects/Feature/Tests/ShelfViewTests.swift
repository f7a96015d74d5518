@testable import Feature
import XCTest

final class ShelfViewTests: XCTestCase {}
