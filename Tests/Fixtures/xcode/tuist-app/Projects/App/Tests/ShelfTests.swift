@testable import Shelf
import XCTest

final class ShelfTests: XCTestCase {}
