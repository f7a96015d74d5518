import Foundation

public struct HTTPClient {
    public init() {}
    public var host: String { "shop.example.com" }
}
