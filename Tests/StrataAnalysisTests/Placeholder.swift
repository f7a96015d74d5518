import Testing
@testable import StrataAnalysis
