import Foundation

extension Decimal {
    var formattedPrice: String { "\(self) €" }
}
