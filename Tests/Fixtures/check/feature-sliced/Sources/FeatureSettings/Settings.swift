import DesignSystem
import Domain
import FeatureProfile

public struct Settings {}
