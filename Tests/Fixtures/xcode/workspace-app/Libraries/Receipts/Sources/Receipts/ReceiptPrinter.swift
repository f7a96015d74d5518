public struct ReceiptPrinter {
    public init() {}
    public var name: String { "printer" }
}
