import Foundation

/// How a product is stored on disk.
struct ProductRecord: Codable {
    var id: Int
    var name: String
    var price: Decimal
}

// Mapping written in Infrastructure: an extension of a Core type is this layer's code, so
// naming ProductRecord here is Infrastructure using itself, not Core using Infrastructure.
extension Product {
    init(record: ProductRecord) {
        self.init(id: record.id, name: record.name, price: record.price)
    }

    var record: ProductRecord { ProductRecord(id: id, name: name, price: price) }
}
