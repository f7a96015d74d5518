import Combine

protocol ItemDetailViewContract: ObservableObject, Identifiable {
    var title: String { get }
}
