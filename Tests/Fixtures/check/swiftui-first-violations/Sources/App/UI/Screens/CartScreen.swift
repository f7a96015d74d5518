/// Planted: a screen that is not a view (type rule).
struct CartScreen {
    let products: [Product]
}
