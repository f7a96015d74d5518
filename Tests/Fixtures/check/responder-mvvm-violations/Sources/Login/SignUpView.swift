import SwiftUI

/// Planted: a screen driven by two view models (type rule: a View owns exactly one ViewModel).
struct SignUpView: View {
    @StateObject var viewModel: SignUpViewModel
    @StateObject var login: LoginViewModel

    var body: some View {
        Text("Sign up")
    }
}
