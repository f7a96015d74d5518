struct AuthenticateUseCase {
    /// Planted: a use case that knows the view model calling it (layer-order); view models
    /// call use cases, so the two form a cycle (cycle).
    weak var caller: LoginViewModel?

    func callAsFunction(username: String, password: String) async -> Bool {
        !username.isEmpty && !password.isEmpty
    }
}
