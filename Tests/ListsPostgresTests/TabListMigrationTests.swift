import Foundation
import ListsModel
import ListsStoreContract
import Testing

@testable import ListsPostgres

/// A PostgreSQL database as the release before the Shopping List tab became a named list wrote it, opened by this
/// one.
@Suite(.enabled(if: PostgresTestSettings.isEnabled, PostgresTestSettings.reason)) struct TabListMigrationTests {
    /// `Fixtures/release-schema-17.sql` is `pg_dump --inserts` of a schema that release (schema 17) wrote through its
    /// `lists` commands: the tutorials' seeded data, Pear and Bread put on the shopping list, Oat milk added at 1.99
    /// and put on it, a list "Hardware" made and Pear put on it (2, "the ripe ones"). Its schema's name is
    /// `__SCHEMA__`, replaced by the test's own.
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/release-schema-17.sql")

    @Test func theShoppingListBecomesTheListShoppingWithNothingLost() throws {
        try PostgresTestServer.withFreshSchema { url in
            let schema = try PostgresTestServer.schema(in: url)
            let dump = try String(contentsOf: Self.fixture, encoding: .utf8)
            try PostgresTestServer.administration().execute(dump.replacingOccurrences(of: "__SCHEMA__", with: schema))
            let store = try PostgresStore(url: url)
            let shop = ShoppingList(store: store)
            let before = try shop.catalog().map { "\($0.record.name) \($0.record.price) \($0.record.meta.updatedAt)" }
            try ReleaseFold.foldsTheShoppingListIntoTheListShopping(store)
            // The items keep their names, prices and dates; only the marks went, to the list.
            #expect(
                try shop.catalog().map { "\($0.record.name) \($0.record.price) \($0.record.meta.updatedAt)" } == before)
            // Opened again, nothing more is folded.
            #expect(try ShoppingLists(store: try PostgresStore(url: url)).foldCheckmarks() == nil)
        }
    }
}
