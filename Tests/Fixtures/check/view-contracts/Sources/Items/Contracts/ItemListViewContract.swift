import Combine

/// What the list screen needs: its search term, its rows, its actions.
protocol ItemListViewContract: ObservableObject {
    associatedtype Detail: ItemDetailViewContract
    var searchTerm: String { get set }
    var listOfItems: [Detail] { get }
    func add()
}
