import Foundation
import ListsModel
import ListsStoreContract
@testable import ListsSQLite
import Synchronization
import Testing

/// A directory of its own under the system's temporary directory, removed by ``remove()``.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("lists-sqlite-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the directory.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// The names of the files in the directory, sorted.
    func contents() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Runs Debian's `sqlite3` shell on `path` and returns what it printed.
func sqlite3Shell(_ path: String, _ sql: String) throws -> String {
    let shell = "/usr/bin/sqlite3"
    try #require(FileManager.default.isExecutableFile(atPath: shell), "the sqlite3 shell is needed")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: shell)
    process.arguments = [path, sql]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "sqlite3 \(sql)")
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}

/// The store contract on SQLite, in memory and in a file.
@Suite struct SQLiteContractTests {
    @Test(arguments: StoreContract.all)
    func inMemory(_ check: StoreContract.Check) throws {
        try check.run(try SQLiteStore(path: ":memory:"))
    }

    @Test(arguments: StoreContract.all)
    func inATemporaryFile(_ check: StoreContract.Check) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try check.run(try SQLiteStore(path: directory.path("lists.sqlite")))
    }

    @Test(arguments: StoreContract.all)
    func inATemporaryFileWithReadConnections(_ check: StoreContract.Check) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try check.run(try SQLiteStore(path: directory.path("lists.sqlite"), readConnections: 4))
    }

    /// Every check again in a household other than the first, beside the first's records, and the checks that
    /// try one household's records from another.
    @Test(arguments: StoreContract.inAnotherHousehold)
    func inAnotherHouseholdOfAFile(_ check: StoreContract.Check) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try check.run(try SQLiteStore(path: directory.path("lists.sqlite"), readConnections: 2))
    }

    /// Every check again in a list other than a household's main one, beside the main one's records, and the
    /// checks that try one list's records from another and a household's lists together.
    @Test(arguments: StoreContract.inAnotherList)
    func inAnotherListOfAFile(_ check: StoreContract.Check) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try check.run(try SQLiteStore(path: directory.path("lists.sqlite"), readConnections: 2))
    }

    /// Every check again in the whole of a household, in memory.
    @Test(arguments: StoreContract.inAWholeHousehold)
    func inAWholeHouseholdInMemory(_ check: StoreContract.Check) throws {
        try check.run(try SQLiteStore(path: ":memory:"))
    }
}

/// The accounts contract on SQLite files, with and without read connections, and on several stores open on one
/// file at once (several processes).
@Suite struct SQLiteAccountContractTests {
    @Test(arguments: AccountContract.all)
    func inATemporaryFile(_ check: StoreContract.Check) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try check.run(try SQLiteStore(path: directory.path("lists.sqlite")))
    }

    @Test(arguments: AccountContract.all)
    func inATemporaryFileWithReadConnections(_ check: StoreContract.Check) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try check.run(try SQLiteStore(path: directory.path("lists.sqlite"), readConnections: 2))
    }

    @Test(arguments: AccountContract.sharingADatabase)
    func onStoresSharingATemporaryFile(_ check: AccountContract.SharedCheck) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("lists.sqlite")
        try check.run(
            try (0..<AccountContract.storesSharingADatabase).map { _ in try SQLiteStore(path: path, readConnections: 1)
            })
    }
}

/// What only the SQLite file store does: durability on disk, refusing foreign files, WAL and several writers.
@Suite struct SQLiteFileTests {
    @Test func reopeningAFileKeepsEverything() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("lists.sqlite")
        let before: Snapshot
        do {
            let store = try SQLiteStore(path: path)
            try Seeding.seedIfNeeded(store)
            let shop = ShoppingList(store: store)
            try shop.toggle(.typed("Bread"))
            try shop.add(name: "Tea", price: Money(minorUnits: 199))
            try TodoList(store: store).toggle(.typed("1"))
            try BirdSightingLog(store: store).add(name: "Robin", location: "Garden")
            before = try Snapshot(store)
        }
        let reopened = try SQLiteStore(path: path)
        #expect(try Snapshot(reopened) == before)
        #expect(try Seeding.seedIfNeeded(reopened) == false)
        #expect(try ShoppingList(store: reopened).total() == Money(minorUnits: 312))
        #expect(try ShoppingList(store: reopened).add(name: "Jam", price: .zero).number == 7)
    }

    /// A process killed as it began a bulk load's rollback journal leaves one whose first bytes are zero: SQLite
    /// never reads it (not hot), and the next opening removes it, keeping everything. One with a journal's header
    /// is SQLite's to roll back, and is not touched by Lists.
    @Test func aRollbackJournalBegunByAKilledProcessIsRemovedAtTheNextOpening() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("lists.sqlite")
        let before: Snapshot
        do {
            let store = try SQLiteStore(path: path)
            try Seeding.seedIfNeeded(store)
            before = try Snapshot(store)
        }
        for stale in [Data(), Data(repeating: 0, count: 512) + Data("pages".utf8)] {
            try stale.write(to: URL(fileURLWithPath: path + "-journal"))
            let reopened = try SQLiteStore(path: path)
            #expect(!FileManager.default.fileExists(atPath: path + "-journal"), "\(stale.count) bytes")
            #expect(try Snapshot(reopened) == before)
        }
    }

    /// Every index of a record table is led by the household or by the position (the household's range), so
    /// that one household's reads and imports touch its own part of each index; a lookup by name reads through the
    /// household's names.
    @Test func everyIndexOfARecordTableIsLedByTheHousehold() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("lists.sqlite")
        let store = try SQLiteStore(path: path)
        try TodoList(store: store.scoped(to: HouseholdID(3))).add(title: "Milk")
        var checked = 0
        for table in ["items", "tasks", "sightings"] {
            let indexes = try sqlite3Shell(
                path, "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = '\(table)'"
            ).split(separator: "\n")
            for index in indexes {
                let first = try sqlite3Shell(path, "SELECT name FROM pragma_index_info('\(index)') WHERE seqno = 0")
                // An index led by an expression: the household's, from the position.
                let definition = try sqlite3Shell(path, "SELECT sql FROM sqlite_master WHERE name = '\(index)'")
                let isHouseholdExpression = first.isEmpty && definition.contains("(position >> 40,")
                #expect(
                    ["household", "position"].contains(first) || isHouseholdExpression, "\(index) is led by \(first)")
                checked += 1
            }
        }
        #expect(checked >= 6)
        let plan = try sqlite3Shell(
            path,
            "EXPLAIN QUERY PLAN SELECT id FROM tasks WHERE household = 3 AND name_key = 'milk' "
                + "AND position >= \(3 << 40) AND position < \(4 << 40)")
        #expect(plan.contains("tasks_by_name (household=? AND name_key=? AND rowid>? AND rowid<?)"), "\(plan)")
        #expect(try TodoList(store: store.scoped(to: HouseholdID(3))).all().map(\.record.title) == ["Milk"])
    }

    @Test func aMissingDirectoryIsCreated() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("data/lists/lists.sqlite")
        let store = try SQLiteStore(path: path)
        try TodoList(store: store).add(title: "Walk the dogs")
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func twoInMemoryStoresAreSeparate() throws {
        let first = try SQLiteStore(path: ":memory:")
        let second = try SQLiteStore(path: ":memory:")
        try TodoList(store: first).add(title: "Walk the dogs")
        #expect(try TodoList(store: second).all().isEmpty)
    }

    @Test(arguments: [
        "name,price\nPear,0.62\n",
        String(repeating: "This is a shopping list, not a database.\n", count: 200),
    ])
    func aFileThatIsNotSQLiteIsRefusedUntouched(text: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("items.csv")
        let bytes = Data(text.utf8)
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.notADatabase(path)) { _ = try SQLiteStore(path: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(try directory.contents() == ["items.csv"])
    }

    @Test func aDatabaseFromANewerListsIsRefusedUntouched() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("lists.sqlite")
        do {
            let store = try SQLiteStore(path: path)
            try Seeding.seedIfNeeded(store)
        }
        _ = try sqlite3Shell(path, "PRAGMA user_version = 99")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: StoreError.newerSchema(found: 99, known: SQLiteStore.migrations.count)) {
            _ = try SQLiteStore(path: path)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(try sqlite3Shell(path, "PRAGMA user_version") == "99")
        #expect(try sqlite3Shell(path, "SELECT count(*) FROM items") == "5")
    }

    @Test func aNewerDatabaseInRollbackJournalModeIsRefusedUntouched() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("lists.sqlite")
        _ = try sqlite3Shell(path, "CREATE TABLE items (id TEXT PRIMARY KEY); PRAGMA user_version = 99")
        #expect(try sqlite3Shell(path, "PRAGMA journal_mode") == "delete")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: StoreError.newerSchema(found: 99, known: SQLiteStore.migrations.count)) {
            _ = try SQLiteStore(path: path)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(try sqlite3Shell(path, "PRAGMA journal_mode") == "delete")
    }

    /// A large write (an import) gets a larger page cache for its transaction, and the default back after, also
    /// when it fails.
    @Test func aLargeWriteHasALargerCacheForItsTransactionOnly() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try SQLiteStore(path: directory.path("lists.sqlite"))
        func cacheSize(_ session: any StoreSession) throws -> Int64? {
            try (session as? SQLiteSession)?.connection.integer("PRAGMA cache_size")
        }
        #expect(
            try store.write(records: 100_000) { try cacheSize($0) } == -Int64(SQLiteStore.cacheKiB(records: 100_000)))
        #expect(SQLiteStore.cacheKiB(records: 100_000) > 2_000)
        #expect(SQLiteStore.cacheKiB(records: 10_000_000) == 65_536)
        #expect(try store.write { try cacheSize($0) } == -2000)
        #expect(throws: StoreError.conflict(.task)) {
            try store.write(records: 100_000) { _ in throw StoreError.conflict(.task) }
        }
        #expect(try store.write(records: 10) { try cacheSize($0) } == -2000)
        #expect(try store.write { try cacheSize($0) } == -2000)
    }

    @Test func aVersionSixDatabaseIsRebuiltInPositionOrderKeepingEverything() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("lists.sqlite")
        // Schema 6 exactly as Lists wrote it, with rows as it wrote them (positions with gaps, as after deletes).
        _ = try sqlite3Shell(
            path,
            SQLiteStore.migrations.prefix(6).joined(separator: "\n") + "; PRAGMA user_version = 6; "
                + "INSERT INTO items VALUES ('A0000000-0000-4000-8000-000000000001', 3, 'Bread', 'bread', 250, 1, 1, 2, 1), "
                + "('A0000000-0000-4000-8000-000000000002', 7, 'Milk', 'milk', 99, 0, 3, 4, 2); "
                + "INSERT INTO tasks VALUES ('B0000000-0000-4000-8000-000000000001', 2, 'Walk the dogs', 'walk the dogs', 0, 5, 6, 1, NULL), "
                + "('B0000000-0000-4000-8000-000000000002', 5, 'Feed the hogs', 'feed the hogs', 1, 7, 8, 3, '{\"project\":\"farm\"}'); "
                + "INSERT INTO sightings VALUES ('C0000000-0000-4000-8000-000000000001', 4, 'Robin', 'robin', 'Garden', 9, 10, 11, 1, 'X', 'Erithacus rubecula', '51.5', '-0.1', 'singing'); "
                + "UPDATE record_counts SET count = 2, changes = 5 WHERE kind = 'items'; "
                + "UPDATE record_counts SET count = 2, changes = 4 WHERE kind = 'tasks'; "
                + "UPDATE record_counts SET count = 1, changes = 1 WHERE kind = 'sightings'; "
                + "INSERT INTO settings VALUES ('seeded', '1');")
        let revision = try sqlite3Shell(
            path, "SELECT (SELECT value FROM revision) + (SELECT sum(changes) FROM record_counts)")
        let rows = schemaSixRows
        let before = try sqlite3Shell(path, rows)
        let store = try SQLiteStore(path: path)
        #expect(try sqlite3Shell(path, "PRAGMA user_version") == "\(SQLiteStore.migrations.count)")
        #expect(try sqlite3Shell(path, rows) == before)
        #expect(try sqlite3Shell(path, "PRAGMA integrity_check") == "ok")
        #expect(
            try sqlite3Shell(
                path, "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name")
                == "categories_by_id\ncategories_by_name\nhouseholds_by_name_key\nitems_by_id\nitems_by_name\nitems_on_shopping_list\n"
                + "list_entries_by_id\nlist_entries_by_name\nmemberships_by_user\nnamed_lists_by_id\nnamed_lists_by_name\n"
                + "purchases_by_id\npurchases_by_name\n"
                + "removed_records_by_position\nremoved_records_by_removal\n"
                + "removed_records_by_time\nsessions_by_end\nsessions_by_user\nsightings_by_id\nsightings_by_name\n"
                + "sightings_by_species\n"
                + "sign_in_failures_by_key\nsign_in_failures_by_time\ntasks_by_id\ntasks_by_name\ntasks_without_list\n"
                + "todo_lists_by_id\ntodo_lists_by_name"
        )
        #expect(try store.read { try $0.revision() } == Int64(revision))
        // Every record is the first household's, named Home; another household sees none of them.
        #expect(try sqlite3Shell(path, "SELECT id, name FROM households") == "0|Home")
        #expect(try sqlite3Shell(path, "SELECT DISTINCT household FROM items UNION SELECT household FROM tasks") == "0")
        #expect(try TodoList(store: store.scoped(to: HouseholdID(1))).all().isEmpty)
        #expect(try TodoList(store: store).all().listed() == ["1 Walk the dogs", "2 Feed the hogs"])
        let tasks = try store.read { try $0.list(TodoTask.self) }.map(\.record)
        #expect(tasks[1].taskwarrior == ["project": .string("farm")])
        #expect(tasks[1].meta.version == 3)
        #expect(try ShoppingList(store: store).catalog().map(\.record.name) == ["Bread", "Milk"])
        #expect(try ShoppingList(store: store).shoppingList().map(\.record.name) == ["Bread"])
        #expect(try BirdSightingLog(store: store).all().first?.record.details.comments == "singing")
        #expect(try BirdSightingLog(store: store).all().first?.record.ebirdRow == nil)
        // Ids stay unique; new records go after the last position.
        #expect(throws: StoreError.conflict(.task)) { try store.write { try $0.insert(tasks[0]) } }
        try TodoList(store: store).add(title: "Chop the logs")
        #expect(try sqlite3Shell(path, "SELECT position FROM tasks ORDER BY position") == "2\n5\n6")
        #expect(try store.read { try $0.revision() } > Int64(revision)!)
    }

    /// A database at schema 7, as Lists wrote it, gains the table of recently removed records and keeps
    /// everything else; its records can then be deleted and put back in place.
    @Test func aVersionSevenDatabaseGainsTheTableOfRemovedRecordsKeepingEverything() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("lists.sqlite")
        _ = try sqlite3Shell(
            path,
            SQLiteStore.migrations.prefix(7).joined(separator: "\n") + "; PRAGMA user_version = 7; "
                + "INSERT INTO tasks (id, position, title, name_key, done, created_at, updated_at, version) VALUES "
                + "('B0000000-0000-4000-8000-000000000001', 2, 'Walk the dogs', 'walk the dogs', 0, 5, 6, 1), "
                + "('B0000000-0000-4000-8000-000000000002', 5, 'Feed the hogs', 'feed the hogs', 1, 7, 8, 3), "
                + "('B0000000-0000-4000-8000-000000000003', 9, 'Chop the logs', 'chop the logs', 0, 9, 9, 1); "
                + "UPDATE record_counts SET count = 3, changes = 6 WHERE kind = 'tasks';")
        let rows = schemaSixRows
        let before = try sqlite3Shell(path, rows)
        let revision = try #require(
            Int64(
                try sqlite3Shell(path, "SELECT (SELECT value FROM revision) + (SELECT sum(changes) FROM record_counts)")
            ))
        let store = try SQLiteStore(path: path)
        #expect(try sqlite3Shell(path, "PRAGMA user_version") == "\(SQLiteStore.migrations.count)")
        #expect(try sqlite3Shell(path, rows) == before)
        #expect(try sqlite3Shell(path, "SELECT count(*) FROM removed_records") == "0")
        #expect(try store.read { try $0.revision() } == revision)
        let todo = TodoList(store: store)
        let feed = try todo.task(.typed("2"))
        try todo.remove([.typed("2"), .typed("3")])
        try todo.add(title: "Mend the fence")
        #expect(try sqlite3Shell(path, "SELECT position FROM tasks ORDER BY position") == "2\n10")
        #expect(try todo.restore(feed.record.id) == feed)
        #expect(try todo.all().listed() == ["1 Walk the dogs", "2 Feed the hogs", "3 Mend the fence"])
        #expect(try todo.counts() == (3, 2))
        #expect(try store.read { try $0.revision() } > revision)
    }

    @Test func indexesLeftOutForALoadComeBackOrTheWriteFails() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("lists.sqlite")
        let store = try SQLiteStore(path: path)
        let indexes = "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = 'tasks'"
        let tasks = (1...3).map { TodoTask(meta: RecordMeta(createdAt: Date()), title: "Task \($0)") }
        try store.write { session in
            let rebuild = try #require(try session.deferIndexes(of: TodoTask.self))
            #expect(try session.count(TodoTask.self, where: nil) == 0)
            // The index led by the position stays, and takes the load's rows as they come.
            var left: [String] = []
            try (session as? SQLiteSession)?.connection.query(
                "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'tasks' AND sql IS NOT NULL"
            ) { left.append($0.text(0)) }
            #expect(left == ["tasks_without_list"])
            try session.insert(contentsOf: tasks)
            try rebuild()
        }
        #expect(try sqlite3Shell(path, indexes) == "3")
        #expect(try sqlite3Shell(path, "PRAGMA integrity_check") == "ok")
        #expect(
            try sqlite3Shell(path, "SELECT count(*) FROM tasks INDEXED BY tasks_without_list WHERE list IS NULL")
                == "3")
        #expect(
            try store.read { try $0.records(TodoTask.self, named: "task 2", ignoringCase: true, limit: 5) }
                .map(\.number) == [2])
        // A duplicate id slipped in while the unique index was away: building it fails, and the write with it.
        let other = try SQLiteStore(path: directory.path("other.sqlite"))
        #expect(throws: StoreError.self) {
            try other.write { session in
                let rebuild = try #require(try session.deferIndexes(of: TodoTask.self))
                try session.insert(contentsOf: [tasks[0], tasks[1], tasks[0]])
                try rebuild()
            }
        }
        #expect(try sqlite3Shell(directory.path("other.sqlite"), indexes) == "3")
        #expect(try other.read { try $0.count(TodoTask.self, where: nil) } == 0)
    }

    /// A load's rows are written into the file before its indexes are built (for the disk to take them meanwhile):
    /// in a rollback journal, a load that fails after that (a duplicate id, found by the unique index) leaves the
    /// file as it was, its length too, and one that succeeds keeps every row.
    @Test func rowsWrittenAheadOfTheIndexesGoWithAFailedLoad() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("lists.sqlite")
        let store = try SQLiteStore(path: path)
        let tasks = (0..<12_000).map { TodoTask(meta: RecordMeta(createdAt: Date()), title: "Task \($0)") }
        // The file's length as a load began, and when its indexes failed.
        var sizes = (began: 0, failed: 0)
        /// A load of `tasks` and, with `duplicate`, one of them again.
        func load(duplicate: Bool) throws {
            try store.write(records: tasks.count) { session in
                sizes = (Platform.size(of: path) ?? 0, 0)
                let rebuild = try #require(try session.deferIndexes(of: TodoTask.self))
                try session.insert(contentsOf: duplicate ? tasks + [tasks[7]] : tasks)
                let connection = try #require((session as? SQLiteSession)?.connection)
                let cache = try connection.integer("PRAGMA cache_size")
                do { try rebuild() } catch {
                    sizes.failed = Platform.size(of: path) ?? 0
                    throw error
                }
                // The indexes are built with SQLite's default cache; the load's comes back after.
                #expect(try connection.integer("PRAGMA cache_size") == cache)
                #expect(cache == Int64(-SQLiteStore.cacheKiB(records: tasks.count)))
            }
        }
        #expect(throws: StoreError.self) { try load(duplicate: true) }
        // The rows were in the file when the unique index failed, and went with the load.
        #expect(sizes.failed - sizes.began > 1_000_000)
        #expect(Platform.size(of: path) == sizes.began)
        #expect(try sqlite3Shell(path, "PRAGMA integrity_check") == "ok")
        #expect(try sqlite3Shell(path, "SELECT count(*) FROM tasks") == "0")
        #expect(try sqlite3Shell(path, "PRAGMA journal_mode") == "wal")
        // With another connection open the load goes through WAL, where the rows written ahead are the log's.
        let reader = try SQLiteStore(path: path)
        #expect(try reader.read { try $0.count(TodoTask.self, where: nil) } == 0)
        #expect(throws: StoreError.self) { try load(duplicate: true) }
        #expect(try reader.read { try $0.count(TodoTask.self, where: nil) } == 0)
        #expect(try sqlite3Shell(path, "PRAGMA integrity_check") == "ok")
        try load(duplicate: false)
        #expect(try reader.read { try $0.count(TodoTask.self, where: nil) } == 12_000)
        #expect(try sqlite3Shell(path, "PRAGMA integrity_check") == "ok")
    }

    /// A bulk load on a file no other connection has open runs in a rollback journal (each page written once) and
    /// leaves the file in WAL, after a commit and after a failure; with another connection open, or for a write
    /// outside ``SQLiteStore/bulkLoadRecords``, it stays in WAL.
    @Test func aBulkLoadAloneUsesARollbackJournalAndLeavesTheFileInWAL() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("lists.sqlite")
        let store = try SQLiteStore(path: path)
        func journalMode(_ session: any StoreSession) throws -> String {
            var mode = ""
            try (session as? SQLiteSession)?.connection.query("PRAGMA journal_mode") { mode = $0.text(0) }
            return mode
        }
        func add(_ title: String, records: Int) throws -> String {
            try store.write(records: records) { session in
                try session.insert(TodoTask(meta: RecordMeta(createdAt: Date()), title: title))
                return try journalMode(session)
            }
        }
        #expect(try add("Walk the dogs", records: 100_000) == "truncate")
        #expect(try sqlite3Shell(path, "PRAGMA journal_mode") == "wal")
        #expect(try sqlite3Shell(path, "SELECT title FROM tasks") == "Walk the dogs")
        #expect(throws: StoreError.conflict(.task)) {
            try store.write(records: 100_000) { session in
                try session.insert(TodoTask(meta: RecordMeta(createdAt: Date()), title: "Feed the hogs"))
                throw StoreError.conflict(.task)
            }
        }
        #expect(try sqlite3Shell(path, "PRAGMA journal_mode") == "wal")
        #expect(try add("Chop the logs", records: 10) == "wal")
        #expect(try add("Mend the fence", records: 1_000_000) == "wal")

        // Another connection open on the file (a server, another CLI): the load goes through WAL.
        let other = try SQLiteStore(path: path)
        #expect(try other.read { try $0.count(TodoTask.self, where: nil) } == 3)
        #expect(try add("Paint the barn", records: 100_000) == "wal")
        #expect(try other.read { try $0.count(TodoTask.self, where: nil) } == 4)
        #expect(try sqlite3Shell(path, "SELECT count(*) FROM tasks") == "4")
        #expect(try sqlite3Shell(path, "PRAGMA journal_mode") == "wal")
        #expect(FileManager.default.fileExists(atPath: path + "-journal") == false)
    }

    /// A server's store (read connections of its own): a bulk load before any read has opened one runs in a
    /// rollback journal; reads during it and after it, on connections opened before and after the switch back to
    /// WAL, see what was committed.
    @Test func readConnectionsWorkDuringAndAfterABulkLoad() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("lists.sqlite")
        let store = try SQLiteStore(path: path, readConnections: 4)
        @Sendable func count() throws -> Int { try store.read { try $0.count(TodoTask.self, where: nil) } }
        let during = try store.write(records: 100_000) { session -> Int in
            for index in 0..<1_000 {
                try session.insert(TodoTask(meta: RecordMeta(createdAt: Date()), title: "Task \(index)"))
            }
            var mode = ""
            try (session as? SQLiteSession)?.connection.query("PRAGMA journal_mode") { mode = $0.text(0) }
            #expect(mode == "truncate")
            // Another thread reads meanwhile, on a read connection opened now: it sees what was committed.
            let seen = Mutex(-1)
            let reader = Thread { seen.withLock { $0 = (try? count()) ?? -2 } }
            reader.start()
            while seen.withLock({ $0 }) == -1 { Thread.sleep(forTimeInterval: 0.001) }
            return seen.withLock { $0 }
        }
        #expect(during == 0)
        #expect(try count() == 1_000)
        #expect(try sqlite3Shell(path, "PRAGMA journal_mode") == "wal")
        try TodoList(store: store).add(title: "After the load")
        #expect(try count() == 1_001)
        #expect(try sqlite3Shell(path, "SELECT count(*) FROM tasks") == "1001")
    }

    @Test func theFileIsInWriteAheadLogMode() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("lists.sqlite")
        let store = try SQLiteStore(path: path)
        try TodoList(store: store).add(title: "Walk the dogs")
        #expect(try sqlite3Shell(path, "PRAGMA journal_mode") == "wal")
        #expect(try sqlite3Shell(path, "PRAGMA user_version") == "\(SQLiteStore.migrations.count)")
        #expect(try sqlite3Shell(path, "SELECT title FROM tasks") == "Walk the dogs")
    }

    @Test func aVersionOneDatabaseIsMigratedKeepingItsRecords() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("lists.sqlite")
        try seedAtSchemaEight(path)
        // Back to the schema the first release wrote: no revision table or its triggers, no taskwarrior column.
        let triggers = try sqlite3Shell(path, "SELECT name FROM sqlite_master WHERE name LIKE '%_revision'")
        let drops = triggers.split(separator: "\n").map { "DROP TRIGGER \($0);" }.joined()
        _ = try sqlite3Shell(
            path,
            drops + "DROP TABLE revision; ALTER TABLE tasks DROP COLUMN taskwarrior; "
                + "ALTER TABLE sightings DROP COLUMN count; ALTER TABLE sightings DROP COLUMN scientific_name; "
                + "ALTER TABLE sightings DROP COLUMN latitude; ALTER TABLE sightings DROP COLUMN longitude; "
                + "ALTER TABLE sightings DROP COLUMN comments; ALTER TABLE record_counts DROP COLUMN changes; "
                + "DROP TABLE removed_records; PRAGMA user_version = 1")
        let store = try SQLiteStore(path: path)
        #expect(try sqlite3Shell(path, "PRAGMA user_version") == "\(SQLiteStore.migrations.count)")
        #expect(
            try store.read { try $0.list(ShoppingItem.self) }.map(\.record.name) == [
                "Pear", "Notepad", "Pencil", "Bread", "Mango",
            ])
        let before = try store.read { try $0.revision() }
        try TodoList(store: store).add(title: "Walk the dogs")
        #expect(try store.read { try $0.revision() } > before)
    }

    @Test func aVersionFourDatabaseIsMigratedWithItsCountsRight() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("lists.sqlite")
        try seedAtSchemaEight(path)
        // Schema 4 as it was: the counts and the revision kept by triggers; the counts here deliberately off, to
        // show that migration 5 counts afresh.
        let itemsBefore = try sqlite3Shell(path, "SELECT count(*) FROM items")
        _ = try sqlite3Shell(
            path,
            "ALTER TABLE record_counts DROP COLUMN changes; DROP TABLE removed_records; "
                + "UPDATE record_counts SET count = 999; PRAGMA user_version = 4; "
                + "CREATE TRIGGER items_counted_in AFTER INSERT ON items BEGIN UPDATE record_counts SET count = count + 1 WHERE kind = 'items'; END; "
                + "CREATE TRIGGER items_counted_out AFTER DELETE ON items BEGIN UPDATE record_counts SET count = count - 1 WHERE kind = 'items'; END; "
                + "CREATE TRIGGER items_added_revision AFTER INSERT ON items BEGIN UPDATE revision SET value = value + 1; END; "
                + "CREATE TRIGGER items_changed_revision AFTER UPDATE ON items BEGIN UPDATE revision SET value = value + 1; END; "
                + "CREATE TRIGGER items_removed_revision AFTER DELETE ON items BEGIN UPDATE revision SET value = value + 1; END; "
                + "CREATE TRIGGER tasks_counted_in AFTER INSERT ON tasks BEGIN UPDATE record_counts SET count = count + 1 WHERE kind = 'tasks'; END; "
                + "CREATE TRIGGER tasks_counted_out AFTER DELETE ON tasks BEGIN UPDATE record_counts SET count = count - 1 WHERE kind = 'tasks'; END; "
                + "CREATE TRIGGER tasks_added_revision AFTER INSERT ON tasks BEGIN UPDATE revision SET value = value + 1; END; "
                + "CREATE TRIGGER tasks_changed_revision AFTER UPDATE ON tasks BEGIN UPDATE revision SET value = value + 1; END; "
                + "CREATE TRIGGER tasks_removed_revision AFTER DELETE ON tasks BEGIN UPDATE revision SET value = value + 1; END; "
                + "CREATE TRIGGER sightings_counted_in AFTER INSERT ON sightings BEGIN UPDATE record_counts SET count = count + 1 WHERE kind = 'sightings'; END; "
                + "CREATE TRIGGER sightings_counted_out AFTER DELETE ON sightings BEGIN UPDATE record_counts SET count = count - 1 WHERE kind = 'sightings'; END; "
                + "CREATE TRIGGER sightings_added_revision AFTER INSERT ON sightings BEGIN UPDATE revision SET value = value + 1; END; "
                + "CREATE TRIGGER sightings_changed_revision AFTER UPDATE ON sightings BEGIN UPDATE revision SET value = value + 1; END; "
                + "CREATE TRIGGER sightings_removed_revision AFTER DELETE ON sightings BEGIN UPDATE revision SET value = value + 1; END; "
        )
        #expect(try sqlite3Shell(path, "SELECT count(*) FROM sqlite_master WHERE type = 'trigger'") == "15")
        let revision = Int(try sqlite3Shell(path, "SELECT value FROM revision")) ?? -1
        let store = try SQLiteStore(path: path)
        #expect(try sqlite3Shell(path, "PRAGMA user_version") == "\(SQLiteStore.migrations.count)")
        #expect(try sqlite3Shell(path, "SELECT count(*) FROM sqlite_master WHERE type = 'trigger'") == "0")
        #expect(try store.read { try $0.count(ShoppingItem.self, where: nil) } == Int(itemsBefore))
        #expect(
            try store.read { try $0.count(TodoTask.self, where: nil) }
                == Int(try sqlite3Shell(path, "SELECT count(*) FROM tasks")))
        #expect(
            try store.read { try $0.count(BirdSighting.self, where: nil) }
                == Int(try sqlite3Shell(path, "SELECT count(*) FROM sightings")))
        #expect(try store.read { try $0.revision() } > revision)
        let shop = ShoppingList(store: store)
        try shop.add(name: "Tea", price: .zero)
        #expect(try store.read { try $0.count(ShoppingItem.self, where: nil) } == Int(itemsBefore)! + 1)
        #expect(
            try sqlite3Shell(path, "SELECT count FROM household_counts WHERE household = 0 AND kind = 'items'")
                == sqlite3Shell(path, "SELECT count(*) FROM items"))
    }

    @Test func anotherProgramsWriteIsSeen() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("lists.sqlite")
        let store = try SQLiteStore(path: path)
        let todo = TodoList(store: store)
        try todo.add(title: "Walk the dogs")
        let other = TodoList(store: try SQLiteStore(path: path))
        try other.add(title: "Feed the hogs")
        try other.toggle(.typed("1"))
        #expect(try todo.all().listed() == ["1 Walk the dogs", "2 Feed the hogs"])
        #expect(try todo.task(.typed("1")).record.isDone)
        #expect(throws: StoreError.conflict(.task)) { try todo.edit(.typed("1"), title: "Run", expectedVersion: 1) }
    }

    /// A command's store reads the file through a memory map: it still sees every other writer's changes, in the
    /// WAL, copied into the file (which grows past what was mapped) and after the file shrank, and writes as any.
    @Test func aMappedStoreSeesOtherWritersAsTheFileGrowsAndShrinks() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("lists.sqlite")
        let mapped = try SQLiteStore(path: path, mapped: true)
        let mapSize = try mapped.read { try ($0 as? SQLiteSession)?.connection.integer("PRAGMA mmap_size") }
        #expect(mapSize == Int64(SQLiteStore.mappedBytes))
        let unmapped = try SQLiteStore(path: path)
        #expect(try unmapped.read { try ($0 as? SQLiteSession)?.connection.integer("PRAGMA mmap_size") } == 0)
        let todo = TodoList(store: mapped)
        let other = TodoList(store: unmapped)
        try todo.add(title: "Walk the dogs")
        try other.add(title: "Feed the hogs")
        #expect(try todo.all().listed() == ["1 Walk the dogs", "2 Feed the hogs"])
        // 3,000 more from the other store, copied from the WAL into the file, which grows to a few MB.
        let before = Platform.size(of: path) ?? 0
        try unmapped.write(records: 3_000) { session in
            try session.insert(
                contentsOf: (1...3_000).map {
                    TodoTask(
                        meta: RecordMeta(createdAt: Date()), title: "Task \($0) " + String(repeating: "x", count: 500))
                })
        }
        #expect(try sqlite3Shell(path, "PRAGMA wal_checkpoint(TRUNCATE)").hasPrefix("0|"))
        #expect((Platform.size(of: path) ?? 0) > before + 1_000_000)
        var all = try todo.all()
        #expect(all.count == 3_002)
        #expect(all.last?.record.title == "Task 3000 " + String(repeating: "x", count: 500))
        // Most of them removed (and their copies kept for undo), and the file made small again by another program.
        try other.remove((3...3_002).map { .typed("\($0)") })
        _ = try sqlite3Shell(path, "DELETE FROM removed_records; VACUUM; PRAGMA wal_checkpoint(TRUNCATE);")
        #expect((Platform.size(of: path) ?? 0) < before + 1_000_000)
        all = try todo.all()
        #expect(all.listed() == ["1 Walk the dogs", "2 Feed the hogs"])
        try todo.add(title: "Chop the logs")
        #expect(try other.all().listed() == ["1 Walk the dogs", "2 Feed the hogs", "3 Chop the logs"])
        #expect(try sqlite3Shell(path, "PRAGMA integrity_check") == "ok")
    }

    @Test func twoStoresOnOneFileWriteConcurrentlyWithoutLoss() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("lists.sqlite")
        let stores = [try SQLiteStore(path: path), try SQLiteStore(path: path)]
        let failures = Mutex<[String]>([])
        let threads = 4
        let addsPerThread = 50
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            let todo = TodoList(store: stores[thread % stores.count])
            for number in 0..<addsPerThread {
                do {
                    try todo.add(title: "Thread \(thread) task \(number)")
                } catch {
                    failures.withLock { $0.append("thread \(thread) task \(number): \(error)") }
                }
            }
        }
        let failed = failures.withLock { $0 }
        #expect(failed.isEmpty)
        for store in stores {
            let tasks = try TodoList(store: store).all()
            #expect(tasks.count == threads * addsPerThread)
            #expect(tasks.map(\.number) == Array(1...(threads * addsPerThread)))
            #expect(Set(tasks.map(\.record.title)).count == threads * addsPerThread)
            for thread in 0..<threads {
                let own = tasks.map(\.record.title).filter { $0.hasPrefix("Thread \(thread) ") }
                #expect(own == (0..<addsPerThread).map { "Thread \(thread) task \($0)" })
            }
            #expect(try store.read { try $0.count(TodoTask.self, where: nil) } == threads * addsPerThread)
        }
        #expect(try sqlite3Shell(path, "SELECT count(*) FROM tasks") == "\(threads * addsPerThread)")
    }

    @Test func oneStoreIsSafeToShareBetweenThreads() throws {
        let store = try SQLiteStore(path: ":memory:")
        let shop = ShoppingList(store: store)
        try shop.add(name: "Pear", price: Money(minorUnits: 1))
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for _ in 0..<25 {
                do {
                    try shop.toggle(.typed("Pear"))
                    _ = try shop.total()
                } catch {
                    failures.withLock { $0.append("thread \(thread): \(error)") }
                }
            }
        }
        let failed = failures.withLock { $0 }
        #expect(failed.isEmpty)
        #expect(try shop.item(.typed("1")).record.meta.version == 101)
    }

    @Test func readsOnReadConnectionsSeeEveryCommittedWriteFromEveryThread() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("lists.sqlite")
        let threads = 4
        let addsPerThread = 25
        let failures = Mutex<[String]>([])
        do {
            let store = try SQLiteStore(path: path, readConnections: 2)
            let todo = TodoList(store: store)
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                for add in 0..<addsPerThread {
                    do {
                        let task = try todo.add(title: "Task \(thread).\(add)")
                        // Acknowledged, so every later read, on whichever connection, sees it.
                        let seen = try todo.task(.id(task.record.id)).record
                        if seen != task.record { failures.withLock { $0.append("thread \(thread): \(seen)") } }
                    } catch {
                        failures.withLock { $0.append("thread \(thread): \(error)") }
                    }
                }
            }
            #expect(try store.read { try $0.count(TodoTask.self, where: nil) } == threads * addsPerThread)
        }
        #expect(failures.withLock { $0 }.isEmpty)
        // The write connection closed last: it checkpointed the WAL into the database and truncated it.
        let walSize = try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int
        #expect(walSize == 0)
        #expect(try sqlite3Shell(path, "SELECT count(*) FROM tasks") == "\(threads * addsPerThread)")
    }
}

/// The rows of every list in the columns schema 6 has, in position order: what migrations must keep.
private let schemaSixRows =
    "SELECT id, position, name, name_key, price_cents, on_shopping_list, created_at, updated_at, version FROM items "
    + "ORDER BY position; SELECT id, position, title, name_key, done, created_at, updated_at, version, taskwarrior "
    + "FROM tasks ORDER BY position; SELECT id, position, name, name_key, location, sighted_at, created_at, "
    + "updated_at, version, count, scientific_name, latitude, longitude, comments FROM sightings ORDER BY position;"

/// Makes the database at `path` as Lists at schema 8 wrote it, with the Shopping List tutorial's five items
/// (two on the shopping list), two tasks and a sighting, and their counts.
private func seedAtSchemaEight(_ path: String) throws {
    _ = try sqlite3Shell(
        path,
        SQLiteStore.migrations.prefix(8).joined(separator: "\n") + "; PRAGMA user_version = 8; "
            + "INSERT INTO items (id, position, name, name_key, price_cents, on_shopping_list, created_at, "
            + "updated_at, version) VALUES "
            + "('A0000000-0000-4000-8000-000000000001', 1, 'Pear', 'pear', 99, 0, 1, 1, 1), "
            + "('A0000000-0000-4000-8000-000000000002', 2, 'Notepad', 'notepad', 199, 1, 1, 1, 1), "
            + "('A0000000-0000-4000-8000-000000000003', 3, 'Pencil', 'pencil', 50, 0, 1, 1, 1), "
            + "('A0000000-0000-4000-8000-000000000004', 4, 'Bread', 'bread', 250, 1, 1, 1, 1), "
            + "('A0000000-0000-4000-8000-000000000005', 5, 'Mango', 'mango', 120, 0, 1, 1, 1); "
            + "INSERT INTO tasks (id, position, title, name_key, done, created_at, updated_at, version) VALUES "
            + "('B0000000-0000-4000-8000-000000000001', 1, 'Walk the dogs', 'walk the dogs', 0, 1, 1, 1), "
            + "('B0000000-0000-4000-8000-000000000002', 2, 'Feed the hogs', 'feed the hogs', 1, 1, 1, 1); "
            + "INSERT INTO sightings (id, position, name, name_key, location, sighted_at, created_at, updated_at, "
            + "version) VALUES ('C0000000-0000-4000-8000-000000000001', 1, 'Robin', 'robin', 'Garden', 1, 1, 1, 1); "
            + "UPDATE record_counts SET count = 5, changes = 5 WHERE kind = 'items'; "
            + "UPDATE record_counts SET count = 2, changes = 2 WHERE kind = 'tasks'; "
            + "UPDATE record_counts SET count = 1, changes = 1 WHERE kind = 'sightings'; "
            + "INSERT INTO settings VALUES ('seeded', '1');")
}
