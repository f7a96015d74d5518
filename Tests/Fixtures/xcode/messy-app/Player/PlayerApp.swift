import Lottie
import Shared
import SwiftUI
import ZIPFoundation

@main
struct PlayerApp: App {
    var body: some Scene {
        WindowGroup { Text(Episode(title: "Pilot").title) }
    }
}
