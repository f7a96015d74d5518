import Utilities

public struct DesignSystemMarker { public init() {} }
