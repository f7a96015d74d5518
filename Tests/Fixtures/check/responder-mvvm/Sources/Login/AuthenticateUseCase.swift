struct AuthenticateUseCase {
    func callAsFunction(username: String, password: String) async -> Bool {
        !username.isEmpty && !password.isEmpty
    }
}
