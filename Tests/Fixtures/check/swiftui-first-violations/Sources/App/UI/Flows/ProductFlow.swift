import SwiftUI

/// The only UI component aware of the dependency container.
struct ProductFlow: View {
    let dependency: any AppDependency

    var body: some View {
        NavigationStack {
            ProductListScreen(products: dependency.products, refresh: dependency.refresh)
        }
    }
}
