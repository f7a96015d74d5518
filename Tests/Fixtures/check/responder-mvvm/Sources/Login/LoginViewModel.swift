import Combine

@MainActor
final class LoginViewModel: ObservableObject {
    init(authenticate: AuthenticateUseCase, responder: Responder<ResponderAction>) {
        self.authenticate = authenticate
        self.responder = responder
    }

    // MARK: - Dependencies
    private let authenticate: AuthenticateUseCase

    // MARK: - Responder
    enum ResponderAction { case loggedIn }
    private let responder: Responder<ResponderAction>

    // MARK: - Input
    enum Action { case logIn(username: String, password: String) }

    func send(_ action: Action) async {
        switch action {
        case .logIn(let username, let password):
            if await authenticate(username: username, password: password) {
                responder.send(.loggedIn)
            } else {
                error = "Wrong username or password"
            }
        }
    }

    // MARK: - Output
    @Published private(set) var error: String?
}
