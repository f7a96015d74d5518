import Combine
import Foundation

final class ItemDetailViewModel: ItemDetailViewContract {
    let item: Item

    init(item: Item) {
        self.item = item
    }

    var id: UUID { item.id }
    var title: String { item.title }
}
