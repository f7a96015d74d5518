import AppCore

public actor PhotoStore {
    private var cache: [String: Photo] = [:]

    public init() {}

    // CHECK: A value is written to the cache.
    // IF: It came from the network. THEN: Store it with the server's timestamp.
    // ID: cache-writes-keep-server-time
    public func save(_ photo: Photo) {
        cache[photo.id] = photo
    }
}
