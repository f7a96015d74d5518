import SwiftUI

@main
struct ItemsApp: App {
    var body: some Scene {
        WindowGroup {
            ItemListView(viewModel: ItemListViewModel(store: ItemStore()))
        }
    }
}
