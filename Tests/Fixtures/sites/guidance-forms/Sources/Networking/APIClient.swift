import AppCore

/// ANTI_PATTERN: Decoding JSON into view models inside the API client.
/// FIX: Decode into `AppCore` values; services map them for their screens.
/// APPLIES_TO: Networking
public struct APIClient: Sendable {
    public init() {}

    public func photos() async throws -> [Photo] {
        let note = "CHECK: not a block, this is a string"
        _ = note
        return []
    }
}
