import SwiftUI

@main
struct PuddlesApp: App {
    var body: some Scene {
        WindowGroup {
            NumbersExample()
                .environmentObject(NumberFactProvider.live)
        }
    }
}
