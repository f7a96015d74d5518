/// The responder chain: a view model sends what it does not handle to its parent.
struct Responder<Action> {
    let send: (Action) -> Void
}

extension Responder {
    static var noop: Responder { Responder { _ in } }
}
