import Environment
import DesignSystem
import Models
import PlayerFeature

public struct FeedFeatureMarker { public init() {} }
