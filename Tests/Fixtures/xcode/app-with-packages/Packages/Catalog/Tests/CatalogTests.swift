import XCTest
@testable import Catalog

final class CatalogTests: XCTestCase {}
