import Combine

/// Planted: a provider that is not bound to the main actor (type rule).
final class SettingsProvider: ObservableObject {
    @Published var showsDecimals = false
}
