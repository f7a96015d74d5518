import Core
import DesignSystem
import Feature
import SwiftUI

@main
struct ShelfApp: App {
    var body: some Scene {
        WindowGroup { ShelfView(items: Catalog().items) }
    }
}
