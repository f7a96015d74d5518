import Foundation
import Models

public struct Client {
    public init() {}
}
