import Environment
import DesignSystem
import Models
import ImageLoader

public struct ProfileFeatureMarker { public init() {} }
