import SwiftUI

@main
struct ShopApp: App {
    @State private var container = LiveContainer()

    var body: some Scene {
        WindowGroup {
            ProductFlow(dependency: container.service)
        }
    }
}
