import DesignSystem
import Domain
import FeatureSettings

public struct Feed {}
