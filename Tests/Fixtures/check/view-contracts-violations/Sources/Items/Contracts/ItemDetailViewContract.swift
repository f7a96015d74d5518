import Combine

protocol ItemDetailViewContract: ObservableObject, Identifiable {
    var title: String { get }
    var item: Item { get }  // planted: a Model type in a contract (layer-order, independent)
    /// Planted: a contract that knows a View Model (layer-order); View Models use their
    /// contracts, so the two form a cycle (cycle).
    func detailModel() -> ItemDetailViewModel
}
