import Environment
import DesignSystem
import Models

public struct PlayerFeatureMarker { public init() {} }
