import FeatureFeed
import FeatureProfile
import FeatureSettings

print("app")
