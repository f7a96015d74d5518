import SwiftUI
import Catalog
import ComposableArchitecture
import Dependencies
import Analytics

@main
struct ShopApp: App {
    var body: some Scene {
        WindowGroup { Text(CatalogClient().title) }
    }
}
