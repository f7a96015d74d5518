import Utilities

public struct ImageLoaderMarker { public init() {} }
