import Foundation

/// Fetches products and maps them to Core entities.
final class APIClient: Sendable {
    struct ProductDTO: Decodable {
        var id: Int
        var title: String
        var price: Decimal

        var entity: Product { Product(id: id, name: title, price: price) }
    }

    func fetchProducts() async throws -> [Product] {
        let (data, _) = try await URLSession.shared.data(from: URL(string: "https://shop.example.com/products")!)
        return try JSONDecoder().decode([ProductDTO].self, from: data).map(\.entity)
    }
}
