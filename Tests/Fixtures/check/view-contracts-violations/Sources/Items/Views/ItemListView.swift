import SwiftUI
import CoreData  // planted: a view reaching for the persistence framework (forbid)

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
