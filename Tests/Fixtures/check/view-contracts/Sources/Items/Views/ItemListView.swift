import SwiftUI

struct ItemListView<ViewModel: ItemListViewContract>: View {
    @ObservedObject var viewModel: ViewModel

    var body: some View {
        List {
            TextField("Search", text: $viewModel.searchTerm)
            ForEach(viewModel.listOfItems) { item in
                ItemDetailView(viewModel: item)
            }
            Button("Add", action: viewModel.add)
        }
    }
}
