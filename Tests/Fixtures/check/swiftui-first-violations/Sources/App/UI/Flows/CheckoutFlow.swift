import SwiftUI

/// Planted: a flow that reaches past the services into the infrastructure (layer-order).
struct CheckoutFlow: View {
    let client: APIClient
    @State private var products: [Product] = []

    var body: some View {
        CartScreen(products: products)
            .task { products = (try? await client.fetchProducts()) ?? [] }
    }
}
