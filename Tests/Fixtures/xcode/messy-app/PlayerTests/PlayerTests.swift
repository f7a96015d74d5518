@testable import Player
import XCTest

final class PlayerTests: XCTestCase {}
