import Environment
import DesignSystem
import Models

public struct OnboardingFeatureMarker { public init() {} }
