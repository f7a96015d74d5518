import SwiftUI

struct LoginView: View {
    @StateObject var viewModel: LoginViewModel
    @State private var username = ""
    @State private var password = ""
    private let check = AuthenticateUseCase()  // planted: a view calling a use case itself (layer-order)

    var body: some View {
        VStack {
            TextField("Username", text: $username)
            SecureField("Password", text: $password)
            if let error = viewModel.error { Text(error) }
            Button("Log in") { Task { await viewModel.send(.logIn(username: username, password: password)) } }
        }
    }
}
