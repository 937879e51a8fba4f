import Foundation
import ListsModel
@testable import ListsSQLite
import ListsStoreContract
import Testing

/// A database file as a released Lists wrote it, opened by this one: migrated, with nothing lost.
@Suite struct ReleaseMigrationTests {
    /// `Fixtures/release-schema-7.sqlite` was written by the release before undo and households (schema 7): the
    /// tutorials' seeded data, Pear and Bread put on the shopping list, Mango removed, the second task marked done,
    /// two tasks and a sighting added, all through its `lists` commands.
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/release-schema-7.sqlite")

    @Test func aReleasedDatabaseBecomesTheFirstHouseholdsWithNothingLost() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("lists.sqlite")
        try FileManager.default.copyItem(atPath: Self.fixture.path, toPath: path)
        #expect(try sqlite3Shell(path, "PRAGMA user_version") == "7")
        let before = try sqlite3Shell(
            path, "SELECT id, name, price_cents, on_shopping_list, version FROM items ORDER BY position")
        let store = try SQLiteStore(path: path)
        #expect(try sqlite3Shell(path, "PRAGMA user_version") == "\(SQLiteStore.migrations.count)")
        #expect(try sqlite3Shell(path, "PRAGMA integrity_check") == "ok")
        #expect(
            try sqlite3Shell(
                path, "SELECT id, name, price_cents, on_shopping_list, version FROM items ORDER BY position")
                == before)
        // The lists, their numbers, counts and marks, as the release showed them, now the first household's.
        #expect(store.household == .first)
        #expect(try store.read { try $0.accounts.households() }.map(\.name) == ["Home"])
        #expect(try store.read { try $0.accounts.userCount() } == 0)
        let shop = ShoppingList(store: store)
        #expect(try shop.catalog().listed() == ["1 Pear", "2 Notepad", "3 Pencil", "4 Bread"])
        #expect(try shop.shoppingList().map(\.record.name) == ["Pear", "Bread"])
        #expect(try shop.catalogCount() == 4)
        #expect(
            try TodoList(store: store).all().map { "\($0.record.title) \($0.record.isDone)" } == [
                "Walk the dogs false", "Feed the hogs true", "Chop the logs false", "Walk the dogs false",
                "Feed the hogs false",
            ])
        #expect(try BirdSightingLog(store: store).all().map(\.record.name) == ["Pigeon", "Robin"])
        let revision = try store.read { try $0.revision() }
        #expect(revision > 0)
        // Another household sees none of it; a change here grows this household's revision and not the other's.
        let other = store.scoped(to: HouseholdID(1))
        #expect(try ShoppingList(store: other).catalog().isEmpty)
        try shop.add(name: "Tea", price: Money(minorUnits: 250))
        #expect(try store.read { try $0.revision() } > revision)
        #expect(try other.read { try $0.revision() } == 0)
        // Deletes can now be undone in place.
        let notepad = try shop.remove([.typed("Notepad")])[0]
        #expect(try shop.restore(notepad.record.id) == notepad)
    }
}

/// A database file as the release before lists wrote it, opened by this one.
@Suite struct ListsMigrationTests {
    /// `Fixtures/release-schema-11.sqlite` was written by the release before lists inside households (schema 11),
    /// through its `lists` commands: the tutorials' seeded data, Pear and Bread put on the shopping list, Mango
    /// removed, the second task marked done, a task and a sighting added; then a household "Cabin" with two tasks
    /// and an item, its first task removed (kept for undo).
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/release-schema-11.sqlite")

    /// When the Cabin's task was removed, in milliseconds since 1970.
    static let removedAt: Int64 = 1_796_286_596_536

    @Test func everyHouseholdsRecordsBecomeItsMainListWithCountsRevisionsAndUndoKept() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("lists.sqlite")
        try FileManager.default.copyItem(atPath: Self.fixture.path, toPath: path)
        #expect(try sqlite3Shell(path, "PRAGMA user_version") == "11")
        let rows = "SELECT position, id, title, done, version FROM tasks ORDER BY position"
        let before = try sqlite3Shell(path, rows)
        let revisions = try sqlite3Shell(
            path, "SELECT household, sum(changes) FROM household_counts GROUP BY household ORDER BY household")
        let store = try SQLiteStore(path: path)
        #expect(try sqlite3Shell(path, "PRAGMA user_version") == "\(SQLiteStore.migrations.count)")
        #expect(try sqlite3Shell(path, "PRAGMA integrity_check") == "ok")
        #expect(try sqlite3Shell(path, rows) == before, "a row moved")
        let cabin = try #require(try store.read { try $0.accounts.households() }.first { $0.name == "Cabin" }).id

        // Each household's lists, numbers, counts and revision as the release showed them, in its main list and
        // in the whole household alike.
        let home = [store, store.scoped(to: .wholeHousehold(.first))]
        for scoped in home {
            let shop = ShoppingList(store: scoped)
            #expect(try shop.catalog().listed() == ["1 Pear", "2 Notepad", "3 Pencil", "4 Bread"])
            #expect(try shop.shoppingList().map(\.record.name) == ["Pear", "Bread"])
            #expect(try TodoList(store: scoped).counts() == (4, 3))
            #expect(try BirdSightingLog(store: scoped).all().map(\.record.name) == ["Pigeon", "Robin"])
        }
        let cabinTasks = TodoList(store: store.scoped(to: cabin))
        #expect(try cabinTasks.all().listed() == ["1 Sweep the porch"])
        #expect(try ShoppingList(store: store.scoped(to: cabin)).catalog().listed() == ["1 Matches"])
        let revisionsNow = try [HouseholdID.first, cabin].map { household in
            "\(household.rawValue)|\(try store.scoped(to: household).read { try $0.revision() })"
        }
        #expect(revisionsNow.joined(separator: "\n") == revisions, "a revision went back")

        // The Cabin's task removed before the upgrade comes back in its place.
        let removedAt = Date(timeIntervalSince1970: Double(Self.removedAt) / 1000)
        let stackID = try #require(
            UUID(uuidString: try sqlite3Shell(path, "SELECT id FROM removed_records WHERE kind = 'tasks'")))
        try store.scoped(to: cabin).write { try $0.restore(TodoTask.self, id: stackID, at: removedAt) }
        #expect(try cabinTasks.all().listed() == ["1 Stack the wood", "2 Sweep the porch"])
        #expect(try cabinTasks.counts() == (2, 2))

        // A second list of the Cabin starts empty, and its changes are its own.
        let second = store.scoped(to: StoreScope(household: cabin, list: ListID(1)))
        // As the Cabin's first opening does: its tasks go on "To-Do", which a task added anywhere would make.
        try TodoLists(store: store.scoped(to: cabin)).fold()
        let cabinRevision = try store.scoped(to: cabin).read { try $0.revision() }
        #expect(try TodoList(store: second).all().isEmpty)
        #expect(try TodoList(store: second).add(title: "Fix the roof").number == 1)
        #expect(try store.scoped(to: cabin).read { try $0.revision() } == cabinRevision)
        #expect(try cabinTasks.all().listed() == ["1 Stack the wood", "2 Sweep the porch"])
        #expect(
            try TodoList(store: store.scoped(to: .wholeHousehold(cabin))).all().listed() == [
                "1 Stack the wood", "2 Sweep the porch", "3 Fix the roof",
            ])
    }
}

/// A database file as the release before named shopping lists wrote it, opened by this one.
@Suite struct NamedListsMigrationTests {
    /// `Fixtures/release-schema-13.sqlite` was written by the release before named shopping lists (schema 13),
    /// through its `lists` commands: the tutorials' seeded data, Pear and Bread put on the shopping list, Milk added,
    /// Mango removed, the second task marked done, a sighting added.
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/release-schema-13.sqlite")

    @Test func aReleasedDatabaseGainsNamedListsWithNothingLost() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("lists.sqlite")
        try FileManager.default.copyItem(atPath: Self.fixture.path, toPath: path)
        #expect(try sqlite3Shell(path, "PRAGMA user_version") == "13")
        let tables = ["items", "tasks", "sightings", "household_counts", "removed_records", "settings", "households"]
        // The columns each table had: later schemas may add some (an item's category), each empty.
        let rows = try tables.map { table in
            "SELECT \(try sqlite3Shell(path, "SELECT group_concat(name, ', ') FROM pragma_table_info('\(table)')")) "
                + "FROM \(table) ORDER BY 1, 2"
        }
        let before = try rows.map { try sqlite3Shell(path, $0) }
        let store = try SQLiteStore(path: path)
        #expect(try sqlite3Shell(path, "PRAGMA user_version") == "\(SQLiteStore.migrations.count)")
        #expect(try sqlite3Shell(path, "PRAGMA integrity_check") == "ok")
        #expect(try rows.map { try sqlite3Shell(path, $0) } == before)
        #expect(try sqlite3Shell(path, "SELECT count(*) FROM items WHERE category IS NOT NULL") == "0")
        let shop = ShoppingList(store: store)
        #expect(try shop.catalog().listed() == ["1 Pear", "2 Notepad", "3 Pencil", "4 Bread", "5 Milk"])
        #expect(try shop.shoppingList().map(\.record.name) == ["Pear", "Bread"])
        #expect(try TodoList(store: store).counts() == (3, 2))
        #expect(try BirdSightingLog(store: store).all().map(\.record.name) == ["Pigeon", "Robin"])

        // Named lists start empty, and take the catalog's items.
        let lists = ShoppingLists(store: store)
        #expect(try lists.all().isEmpty)
        let groceries = try lists.make(name: "Groceries")
        try lists.put(.typed("Milk"), on: groceries, quantity: "2")
        try lists.put(.typed("Bread"), on: groceries)
        #expect(
            try lists.rows(of: groceries).map { "\($0.item?.name ?? "") \($0.entry.record.quantity ?? "-")" } == [
                "Milk 2", "Bread -",
            ])
        #expect(try lists.total(of: groceries) == Money(minorUnits: 2 * 119 + 312))
        // The household's catalog is unchanged by the list.
        #expect(try shop.catalog().listed() == ["1 Pear", "2 Notepad", "3 Pencil", "4 Bread", "5 Milk"])
    }
}

/// A database file as the release before the Shopping List tab became a named list wrote it, opened by this one.
@Suite struct TabListMigrationTests {
    /// `Fixtures/release-schema-17.sqlite` was written by the release before the fold (schema 17), through its `lists`
    /// commands: the tutorials' seeded data, Pear and Bread put on the shopping list, Oat milk added at 1.99 and put
    /// on it, a list "Hardware" made and Pear put on it (2, "the ripe ones").
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/release-schema-17.sqlite")

    @Test func theShoppingListBecomesTheListShoppingWithNothingLost() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("lists.sqlite")
        try FileManager.default.copyItem(atPath: Self.fixture.path, toPath: path)
        #expect(try sqlite3Shell(path, "PRAGMA user_version") == "17")
        let names = "SELECT id, name, price_cents, category, created_at, updated_at FROM items ORDER BY position"
        let before = try sqlite3Shell(path, names)
        let store = try SQLiteStore(path: path)
        let shopping = try ReleaseFold.foldsTheShoppingListIntoTheListShopping(store)
        let shop = ShoppingList(store: store)
        // The items keep their names, prices, aisles and dates; only the marks went, to the list.
        #expect(try sqlite3Shell(path, names) == before)
        #expect(try sqlite3Shell(path, "SELECT count(*) FROM items WHERE on_shopping_list = 1") == "0")
        #expect(try sqlite3Shell(path, "PRAGMA integrity_check") == "ok")
        #expect(try shop.catalog().listed() == ["1 Pear", "2 Notepad", "3 Pencil", "4 Bread", "5 Mango", "6 Oat milk"])
        // Opened again, nothing more is folded.
        let again = try SQLiteStore(path: path)
        #expect(try ShoppingLists(store: again).foldCheckmarks() == nil)
        #expect(try ShoppingLists(store: again).rows(of: shopping).count == 3)
    }
}
