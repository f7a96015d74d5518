import Environment
import DesignSystem
import Models

public struct SettingsFeatureMarker { public init() {} }
