import Testing
@testable import StrataSwiftSource
