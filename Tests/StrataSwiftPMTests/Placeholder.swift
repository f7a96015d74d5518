import Testing
@testable import StrataSwiftPM
