import DesignSystem
import FeatureFeed

struct Avatar {}
