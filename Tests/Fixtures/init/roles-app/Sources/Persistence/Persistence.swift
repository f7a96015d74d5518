import Models

public struct PersistenceMarker { public init() {} }
