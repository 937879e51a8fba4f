import Foundation
import ListsModel
import ListsSQLite

/// `fill-items`: a Lists database with N shopping items, for the server benchmarks (bench/server-*.sh).
enum FillItems {
    /// Creates the database at `path` (which must not exist yet), marks it seeded-empty, and appends `count`
    /// items ("Item 1" ... "Item N", prices cycling from 0.00 to 99.99, every third on the shopping list) in one
    /// write transaction.
    static func run(path: String, count: Int) throws {
        guard !FileManager.default.fileExists(atPath: path) else {
            throw UsageError("\(path) exists; fill-items creates a new database")
        }
        let store = try SQLiteStore(path: path)
        try Seeding.seedIfNeeded(store, empty: true)
        let seconds = try Measure.seconds {
            let now = Date().roundedToMilliseconds
            try store.write { session in
                for index in 0..<count {
                    try session.insert(
                        ShoppingItem(
                            meta: RecordMeta(createdAt: now), name: "Item \(index + 1)",
                            price: Money(minorUnits: Int64(index % 10_000)), isOnShoppingList: index % 3 == 0))
                }
            }
        }
        let stored = try store.read { try $0.count(ShoppingItem.self, where: nil) }
        Measure.say("fill-items: \(stored) items in \(path) (\(Measure.format(seconds)))")
    }
}
