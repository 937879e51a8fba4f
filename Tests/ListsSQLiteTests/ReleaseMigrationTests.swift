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
        #expect(try store.household == .first)
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
