/// What the UI needs from the rest of the app: its global state and its actions.
@MainActor
protocol AppDependency: AnyObject {
    var products: [Product] { get }
    func refresh() async
}
