import Combine

/// Planted: a provider that is not bound to the main actor (type rule).
final class SettingsProvider: ObservableObject {
    @Published var showsDecimals = false
    var facts: NumberFactProvider?  // planted: one provider holding another (independent)
}
