import Collections
import Core
import SwiftUI

public struct ShelfView: View {
    let items: OrderedSet<Item>
    public init(items: [Item]) { self.items = OrderedSet(items) }
    public var body: some View { Text("\(items.count)") }
}
