import APIClient
import Models

public struct Store {
    public init() {}
}
