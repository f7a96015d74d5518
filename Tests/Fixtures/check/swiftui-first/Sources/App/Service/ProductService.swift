import Observation

/// Implements what the UI asks for, with the infrastructure.
@MainActor
@Observable
final class ProductService: AppDependency {
    private let client: APIClient
    private(set) var products: [Product] = []

    init(client: APIClient) {
        self.client = client
    }

    func refresh() async {
        products = (try? await client.fetchProducts()) ?? products
    }
}
