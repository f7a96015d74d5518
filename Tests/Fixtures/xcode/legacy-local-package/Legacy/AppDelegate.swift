import UIKit
import LocalKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {}
