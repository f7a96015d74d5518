import Models
import SwiftUI

/// A screen of facts about random numbers: components, driven by a provider.
struct NumbersExample: View {
    @EnvironmentObject private var numberFactProvider: NumberFactProvider
    @State private var numberFacts: [NumberFact] = []

    var body: some View {
        List(numberFacts) { NumberFactView(numberFact: $0) }
            .task {
                if let fact = try? await numberFactProvider.factAboutNumber(Int.random(in: 0...100)) { numberFacts.append(fact) }
            }
    }
}
