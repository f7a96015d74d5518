@testable import Display
import Testing

#if canImport(XCTest)
import XCTest
#endif

@Test func title() {
    #expect(Display.title == "Core")
}
