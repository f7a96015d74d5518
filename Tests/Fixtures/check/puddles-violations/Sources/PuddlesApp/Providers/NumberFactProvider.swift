import Combine
import Models
import Numbers

/// Grants the Modules access to number facts, live or mocked.
@MainActor
final class NumberFactProvider: ObservableObject {
    private let fact: (Int) async throws -> NumberFact

    init(fact: @escaping (Int) async throws -> NumberFact) {
        self.fact = fact
    }

    func factAboutNumber(_ number: Int) async throws -> NumberFact {
        try await fact(number)
    }

    /// Planted: a provider that draws a component (layer-order). FactOfTheDayView, a
    /// component, uses this provider, so Components and Providers form a cycle (cycle).
    func placeholder() -> NumberFactView {
        NumberFactView(numberFact: NumberFact(number: 0, content: "Loading…"))
    }

    static let live = NumberFactProvider { try await Numbers().fact(about: $0) }
    static let mock = NumberFactProvider { NumberFact(number: $0, content: "A mocked fact.") }
}
