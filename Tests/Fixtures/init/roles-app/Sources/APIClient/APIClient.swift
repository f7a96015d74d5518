import Models

public struct APIClientMarker { public init() {} }
