import Foundation
import ListsModel
@testable import ListsSQLite
import Testing

/// A new database file is made at once (`SQLiteStore.newDatabase`), not by replaying every migration: it must be
/// exactly what the migrations make of an empty file.
@Suite struct NewDatabaseTests {
    @Test func aNewFileIsWhatTheMigrationsMakeOfAnEmptyOne() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let made = directory.path("made.sqlite")
        let replayed = directory.path("replayed.sqlite")
        // The first household's creation time is SQLite's clock, in whole seconds, either way.
        let before = Int64(Date().timeIntervalSince1970) * 1000
        try SQLiteStore.migrate(SQLiteConnection(path: made, create: true))
        try SQLiteStore.migrate(SQLiteConnection(path: replayed, create: true), replaying: true)
        let after = Int64(Date().timeIntervalSince1970) * 1000

        let migrated = try sqlite3Shell(replayed, ".dump")
        #expect(
            try Self.withoutTimes(sqlite3Shell(made, ".dump")) == Self.withoutTimes(migrated),
            """
            SQLiteStore.newDatabase is not what the migrations make of an empty file; it should now read:
            \(Self.newDatabaseText(dump: migrated))
            """)
        let created = try #require(Int64(sqlite3Shell(made, "SELECT created_at FROM households WHERE id = 0")))
        #expect((before...after).contains(created))
        #expect(try sqlite3Shell(made, "PRAGMA user_version") == "\(SQLiteStore.migrations.count)")
        #expect(try sqlite3Shell(replayed, "PRAGMA user_version") == "\(SQLiteStore.migrations.count)")
        #expect(try sqlite3Shell(made, "PRAGMA integrity_check") == "ok")
        // Made at once: each change to a schema has SQLite read all of it again, and the migrations make about
        // three times as many (their tables made again, their columns added one by one).
        let madeChanges = try #require(Int(sqlite3Shell(made, "PRAGMA schema_version")))
        let replayedChanges = try #require(Int(sqlite3Shell(replayed, "PRAGMA schema_version")))
        #expect(madeChanges * 2 < replayedChanges)
    }

    @Test func aNewFileOpensAsAStoreAndKeepsWhatIsAdded() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("lists.sqlite")
        let store = try SQLiteStore(path: path)
        try TodoList(store: store).add(title: "Water the plants")
        let reopened = try SQLiteStore(path: path)
        #expect(try TodoList(store: reopened).all().map(\.record.title) == ["Water the plants"])
    }

    /// A task's priority is one of three values or none, in a new file and in one migrated from before schema 26
    /// (which wrote the check as comparisons rather than `IN` a list, the same values passing).
    @Test func aTasksPriorityIsOneOfThreeOrNoneInANewFileAndAMigratedOne() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for replaying in [false, true] {
            let path = directory.path("\(replaying).sqlite")
            let connection = try SQLiteConnection(path: path, create: true)
            try SQLiteStore.migrate(connection, replaying: replaying)
            try connection.execute(
                "INSERT INTO tasks (id, position, title, name_key, created_at, updated_at, version) "
                    + "VALUES ('A', 1, 'Pay rent', 'pay rent', 0, 0, 1)")
            for value in ["'low'", "'medium'", "'high'", "NULL"] {
                try connection.execute("UPDATE tasks SET priority = \(value)")
            }
            for value in ["'urgent'", "'High'", "''", "1"] {
                #expect(throws: SQLiteError.self) { try connection.execute("UPDATE tasks SET priority = \(value)") }
            }
            #expect(try connection.integer("SELECT count(*) FROM tasks WHERE priority IS NULL") == 1)
        }
    }

    /// The text of `SQLiteStore.newDatabase`: the shell's dump of a migrated file without the transaction round
    /// it (``SQLiteStore/migrate(_:replaying:)`` runs it inside its own), the first household made at SQLite's
    /// time, indented as the string literal is.
    static func newDatabaseText(dump: String) -> String {
        dump.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !["PRAGMA foreign_keys=OFF;", "BEGIN TRANSACTION;", "COMMIT;"].contains($0) }
            .map { line in
                guard line.hasPrefix(homeRow) else { return "        " + line }
                return "        \(homeRow)CAST(strftime('%s', 'now') AS INTEGER) * 1000);"
            }
            .joined(separator: "\n")
    }

    /// The dump with the first household's creation time left out.
    static func withoutTimes(_ dump: String) -> String {
        dump.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(homeRow) ? homeRow : String($0) }
            .joined(separator: "\n")
    }

    /// How the dump begins the first household's row (its creation time follows).
    static let homeRow = "INSERT INTO households VALUES(0,'Home','home',"
}
