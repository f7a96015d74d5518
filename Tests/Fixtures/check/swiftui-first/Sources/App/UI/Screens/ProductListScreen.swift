import SwiftUI

/// A whole screen: its states, and the actions injected from outside.
struct ProductListScreen: View {
    let products: [Product]
    let refresh: () async -> Void

    var body: some View {
        List(products) { ProductCell(product: $0) }
            .refreshable { await refresh() }
    }
}
