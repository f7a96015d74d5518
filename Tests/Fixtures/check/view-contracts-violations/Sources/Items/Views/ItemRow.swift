import SwiftUI

/// Planted: a view that knows the concrete type of its view model (layer-order).
struct ItemRow: View {
    let viewModel: ItemDetailViewModel

    var body: some View {
        Text(viewModel.title)
    }
}
