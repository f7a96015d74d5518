import SwiftUI
import Payments
import Receipts

@main
struct KioskApp: App {
    var body: some Scene { WindowGroup { Text(PaymentTerminal().name + ReceiptPrinter().name) } }
}
