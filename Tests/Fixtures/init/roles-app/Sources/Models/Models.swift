import Utilities

public struct ModelsMarker { public init() {} }
