
public struct UtilitiesMarker { public init() {} }
