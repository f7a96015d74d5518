import FeedFeature
import ProfileFeature
import SearchFeature
import SettingsFeature
import OnboardingFeature
import PlayerFeature
import APIClientLive

@main struct AppMain { static func main() {} }
