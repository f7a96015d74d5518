import Combine

/// Drives the list from the store.
final class ItemListViewModel: ItemListViewContract {
    @Published var searchTerm = ""
    private let store: ItemStore

    init(store: ItemStore) {
        self.store = store
    }

    var listOfItems: [ItemDetailViewModel] {
        store.fetchItems().filter { searchTerm.isEmpty || $0.title.contains(searchTerm) }.map { ItemDetailViewModel(item: $0) }
    }

    func add() {}
}
