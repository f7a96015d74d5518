import Combine
import Foundation

/// Hard-coded data for previews, behind the same contract.
final class PreviewItemListViewModel: ItemListViewContract {
    @Published var searchTerm = ""
    var listOfItems = [ItemDetailViewModel(item: Item(id: UUID(), title: "Preview"))]

    func add() {}
}
