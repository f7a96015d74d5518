import Combine

protocol ItemDetailViewContract: ObservableObject, Identifiable {
    var title: String { get }
    var item: Item { get }  // planted: a Model type in a contract (layer-order)
}
