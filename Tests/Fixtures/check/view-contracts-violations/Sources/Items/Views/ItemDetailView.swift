import SwiftUI

struct ItemDetailView<ViewModel: ItemDetailViewContract>: View {
    @ObservedObject var viewModel: ViewModel

    var body: some View {
        Text(viewModel.title)
    }
}
