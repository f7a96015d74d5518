import CoreData

/// Keeps the items in Core Data.
final class ItemStore {
    let container = NSPersistentContainer(name: "Items")

    func fetchItems() -> [Item] {
        []
    }
}
