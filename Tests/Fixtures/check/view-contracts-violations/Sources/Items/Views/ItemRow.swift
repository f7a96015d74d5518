import SwiftUI

/// Planted: a view that knows the concrete type of its view model (layer-order).
struct ItemRow: View {
    let viewModel: ItemDetailViewModel
    let store: ItemStore?  // planted: a view reaching the store itself (layer-order, only-used-by)

    var body: some View {
        Text(viewModel.title)
    }
}
