import Foundation

/// An entity of the app, used by every other layer.
public struct Product: Identifiable, Hashable, Sendable {
    public let id: Int
    public var name: String
    public var price: Decimal
}
