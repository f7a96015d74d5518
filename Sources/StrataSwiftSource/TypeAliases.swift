import StrataCore

/// Strata's location type; swift-syntax has one with the same name.
typealias SourceLocation = StrataCore.SourceLocation
