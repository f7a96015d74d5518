/// Planted: Core reaching up to a service it must know nothing of (layer-order). The
/// Service layer uses Core, so Core and Service now form a cycle (cycle).
@MainActor
struct ProductCatalog {
    let service: ProductService
}
