import SwiftUI

/// Planted: a screen that shows another screen inside it (independent).
struct OrderScreen: View {
    let products: [Product]

    var body: some View {
        ProductListScreen(products: products, refresh: {})
    }
}
