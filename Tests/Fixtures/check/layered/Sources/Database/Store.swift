import Models

public struct Store {
    public init() {}
    public func posts() -> [Post] { [] }
}
