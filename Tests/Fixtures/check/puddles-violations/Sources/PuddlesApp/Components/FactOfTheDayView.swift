import Models
import Numbers  // planted: a component reaching the business logic (forbid)
import SwiftUI

/// Planted: a component that owns a provider instead of being given its data (layer-order).
struct FactOfTheDayView: View {
    @EnvironmentObject private var provider: NumberFactProvider
    @State private var fact: NumberFact?

    var body: some View {
        Text(fact?.content ?? "")
            .task { fact = try? await Numbers().fact(about: 7) }
    }
}
