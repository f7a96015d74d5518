import Foundation
import Models
import Database

public struct Client {
    public init() {}
}
