import Networking

public struct CatalogClient {
    public init() {}
    public var title: String { HTTPClient().host }
}
