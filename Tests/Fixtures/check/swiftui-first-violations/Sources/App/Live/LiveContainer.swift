/// Assembles and holds the infrastructure and the services of the real app.
@MainActor
final class LiveContainer {
    let client = APIClient()
    lazy var service = ProductService(client: client)
}
