import AppCore
import Networking
import Persistence

public struct FeedService: Sendable {
    let client: APIClient
    let store: PhotoStore

    public init(client: APIClient, store: PhotoStore) {
        self.client = client
        self.store = store
    }

    public func feed() async throws -> [Photo] {
        let photos = try await client.photos()
        for photo in photos { await store.save(photo) }
        return photos
    }
}
