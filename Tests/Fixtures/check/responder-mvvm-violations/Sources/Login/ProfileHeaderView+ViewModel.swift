import Combine

// A view model nested in its view, as many apps write it: its own type, in the
// ViewModel layer by its name, and its code speaks for itself.
extension ProfileHeaderView {
    @MainActor
    final class ViewModel: ObservableObject {
        @Published private(set) var title = "Profile"

        func logIn() -> LoginView? { nil }  // planted: a view model that builds a view (layer-order)
    }
}
