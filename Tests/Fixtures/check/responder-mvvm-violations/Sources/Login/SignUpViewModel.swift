import Combine
import SwiftUI  // planted: a view model that needs the UI framework (forbid)

/// Planted: a view model off the main actor (type rule).
final class SignUpViewModel: ObservableObject {
    @Published var accentColor = Color.blue
    var login: LoginViewModel?  // planted: a view model talking to another (independent)
}
