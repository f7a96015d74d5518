import Foundation

public struct PaymentTerminal {
    public init() {}
    public var name: String { "terminal" }
}
