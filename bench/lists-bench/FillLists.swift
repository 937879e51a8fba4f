import Foundation
import ListsModel
import ListsPostgres
import ListsSQLite

/// `fill-lists`: a Lists database where each of N households keeps a catalog of E items and L named lists of E
/// entries each (every item once, quantity 2), for the server's list benchmark (bench/server-bench.py list-scale).
/// The first household is the one the benchmark's account is given. `path` is a SQLite file, which must not exist
/// yet, or a `postgres://` URL of an empty database.
enum FillLists {
    static func run(path: String, households: Int, lists: Int, entries: Int) throws {
        let root: any Store
        if path.hasPrefix("postgres://") || path.hasPrefix("postgresql://") {
            root = try PostgresStore(url: path)
        } else {
            guard !FileManager.default.fileExists(atPath: path) else {
                throw UsageError("\(path) exists; fill-lists creates a new database")
            }
            root = try SQLiteStore(path: path)
        }
        try Seeding.seedIfNeeded(root, empty: true)
        let seconds = try Measure.seconds {
            let now = Date().roundedToMilliseconds
            for index in 0..<households {
                let household = HouseholdID(Int64(index))
                let store = root.scoped(to: StoreScope(household: household))
                try store.write { session in
                    let items = (0..<entries).map { number in
                        ShoppingItem(
                            meta: RecordMeta(createdAt: now), name: "Item \(number + 1)",
                            price: Money(minorUnits: Int64(number % 10_000)))
                    }
                    // In statements of many rows where the store has them (PostgreSQL: 10 million rows in minutes).
                    try session.insert(contentsOf: items)
                    for number in 0..<lists {
                        let list = try ShoppingLists.make(
                            name: "List \(number + 1)", id: nil, household: household, now: now, in: session)
                        try session.session(in: list.entries).insert(
                            contentsOf: items.map { item in
                                ListEntry(meta: RecordMeta(createdAt: now), item: item.id, list: list.id, quantity: "2")
                            })
                    }
                }
            }
        }
        let stored = try root.scoped(to: .wholeHousehold(HouseholdID(0))).read {
            try $0.count(ListEntry.self, where: nil)
        }
        Measure.say(
            "fill-lists: \(households) households x \(lists) lists x \(entries) entries in \(path) "
                + "(the first holds \(stored) entries; \(Measure.format(seconds)))")
    }
}
