import Environment
import DesignSystem
import Models

public struct SearchFeatureMarker { public init() {} }
