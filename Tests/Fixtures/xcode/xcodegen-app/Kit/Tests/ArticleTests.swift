@testable import KitCore
import XCTest
