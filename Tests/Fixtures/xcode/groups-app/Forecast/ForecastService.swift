import Foundation

public struct ForecastService {
    public init() {}
    public var summary: String { "Sunny" }
}
