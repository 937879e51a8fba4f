import Foundation
import ListsModel
import ListsSQLite

/// A Lists shopping catalog of a given size in a fresh SQLite file: the setup both add benchmarks share.
struct Catalog {
    let store: SQLiteStore
    let shopping: ShoppingList
    let path: String
    /// How long the bulk fill took, in seconds.
    let fillSeconds: Double

    /// Creates `file` (which must not exist) with the store's own settings (WAL, `synchronous=FULL`), marks it
    /// seeded-empty, and appends `count` items through `session.insert` in one write transaction.
    init(file: URL, count: Int) throws {
        path = file.path
        store = try SQLiteStore(path: path)
        try Seeding.seedIfNeeded(store, empty: true)
        let store = store
        fillSeconds = try Measure.seconds {
            let now = Date().roundedToMilliseconds
            try store.write { session in
                for index in 0..<count {
                    try session.insert(
                        ShoppingItem(
                            meta: RecordMeta(createdAt: now), name: "Item \(index + 1)",
                            price: Money(minorUnits: Int64(index % 10_000))))
                }
            }
        }
        shopping = ShoppingList(store: store)
    }

    /// One add as the app does it (validation, one durable transaction), timed in seconds.
    func timedAdd(_ index: Int) throws -> Double {
        let name = "Added \(index)"
        let price = Money(minorUnits: 199)
        return try Measure.seconds { try shopping.add(name: name, price: price) }
    }

    /// The database file's size plus its WAL's, in bytes.
    var bytes: Int64 {
        [path, path + "-wal"].reduce(0) { sum, file in
            let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)?.int64Value
            return sum + (size ?? 0)
        }
    }

    /// How many items the catalog holds now.
    func count() throws -> Int { try store.read { try $0.count(ShoppingItem.self, where: nil) } }
}
