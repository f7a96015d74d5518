import APIClient
import Persistence

public struct EnvironmentMarker { public init() {} }
