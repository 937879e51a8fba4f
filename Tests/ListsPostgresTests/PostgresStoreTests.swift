import Foundation
import ListsModel
import ListsStoreContract
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@testable import ListsPostgres

/// The store contract on a real PostgreSQL server, each check on a new schema.
@Suite(.enabled(if: PostgresTestSettings.isEnabled, PostgresTestSettings.reason)) struct PostgresContractTests {
    @Test(arguments: StoreContract.all)
    func onAFreshSchema(_ check: StoreContract.Check) throws {
        try PostgresTestServer.withFreshSchema { url in
            try check.run(try PostgresStore(url: url))
        }
    }

    /// Every check again in a household other than the first, beside the first's records, and the checks that
    /// try one household's records from another.
    @Test(arguments: StoreContract.inAnotherHousehold)
    func inAnotherHouseholdOfAFreshSchema(_ check: StoreContract.Check) throws {
        try PostgresTestServer.withFreshSchema { url in
            try check.run(try PostgresStore(url: url))
        }
    }

    /// Every check again in a list other than a household's main one, beside the main one's records, and the
    /// checks that try one list's records from another and a household's lists together.
    @Test(arguments: StoreContract.inAnotherList)
    func inAnotherListOfAFreshSchema(_ check: StoreContract.Check) throws {
        try PostgresTestServer.withFreshSchema { url in
            try check.run(try PostgresStore(url: url))
        }
    }

    /// Every check again in the whole of a household.
    @Test(arguments: StoreContract.inAWholeHousehold)
    func inAWholeHouseholdOfAFreshSchema(_ check: StoreContract.Check) throws {
        try PostgresTestServer.withFreshSchema { url in
            try check.run(try PostgresStore(url: url))
        }
    }
}

/// The accounts contract on a real PostgreSQL server, each check on a new schema, and on several stores (servers)
/// open on one schema at once.
@Suite(.enabled(if: PostgresTestSettings.isEnabled, PostgresTestSettings.reason)) struct PostgresAccountContractTests {
    @Test(arguments: AccountContract.all)
    func onAFreshSchema(_ check: StoreContract.Check) throws {
        try PostgresTestServer.withFreshSchema { url in
            try check.run(try PostgresStore(url: url))
        }
    }

    @Test(arguments: AccountContract.sharingADatabase)
    func onStoresSharingAFreshSchema(_ check: AccountContract.SharedCheck) throws {
        try PostgresTestServer.withFreshSchema { url in
            try check.run(try (0..<AccountContract.storesSharingADatabase).map { _ in try PostgresStore(url: url) })
        }
    }
}

/// What only a server shared by several processes can show: concurrent start-ups, other writers, broken
/// connections, refused databases.
@Suite(.enabled(if: PostgresTestSettings.isEnabled, PostgresTestSettings.reason)) struct PostgresStoreTests {
    /// Several servers starting at once on a new database: one migrates and seeds, the others find it done.
    @Test func storesStartingAtOnceMigrateAndSeedExactlyOnce() throws {
        for _ in 0..<3 {
            try PostgresTestServer.withFreshSchema { url in
                let stores = Mutex<[PostgresStore]>([])
                let seeded = Mutex(0)
                let failures = Mutex<[String]>([])
                // Opening (migrating) at once, then seeding at once: a store that opened first would otherwise
                // often have seeded before the others had migrated, and the seeding race would not be run.
                DispatchQueue.concurrentPerform(iterations: 6) { _ in
                    do {
                        let store = try PostgresStore(url: url)
                        stores.withLock { $0.append(store) }
                    } catch {
                        failures.withLock { $0.append(String(reflecting: error)) }
                    }
                }
                let opened = stores.withLock { $0 }
                DispatchQueue.concurrentPerform(iterations: opened.count) { index in
                    do {
                        if try Seeding.seedIfNeeded(opened[index]) { seeded.withLock { $0 += 1 } }
                    } catch {
                        failures.withLock { $0.append(String(reflecting: error)) }
                    }
                }
                #expect(failures.withLock { $0 } == [])
                #expect(opened.count == 6)
                #expect(seeded.withLock { $0 } == 1)
                let store = try PostgresStore(url: url)
                let counts = try store.read { session in
                    [
                        try session.count(ShoppingItem.self, where: nil), try session.count(TodoTask.self, where: nil),
                        try session.count(BirdSighting.self, where: nil),
                    ]
                }
                #expect(counts == [5, 3, 1])
                #expect(try store.read { try $0.list(ShoppingItem.self) }.count == 5)
                let admin = try PostgresTestServer.administration()
                let schema = try PostgresTestServer.schema(in: url)
                #expect(
                    try admin.integer("SELECT version FROM \(schema).lists_schema")
                        == Int64(PostgresStore.migrations.count))
            }
        }
    }

    /// A connection killed in the middle of a request fails that request with a clear error and nothing else: the
    /// next request works on a new connection.
    /// Every index of a record table is led by the household, so that one household's reads and imports touch
    /// its own part of each index (positions come from a sequence every household takes from in turn).
    @Test func everyIndexOfARecordTableIsLedByTheHousehold() throws {
        try PostgresTestServer.withFreshSchema { url in
            _ = try PostgresStore(url: url)
            let admin = try PostgresTestServer.administration()
            let schema = try PostgresTestServer.schema(in: url)
            let rows = try admin.query(
                "SELECT i.relname, a.attname FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid "
                    + "JOIN pg_class t ON t.oid = x.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace "
                    + "JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = x.indkey[0] "
                    + "WHERE n.nspname = $1 AND t.relname IN ('items', 'tasks', 'sightings')",
                [.text(schema)])
            #expect(rows.count >= 9)
            for row in 0..<rows.count {
                #expect(rows.text(row, 1) == "household", "\(rows.text(row, 0)) is led by \(rows.text(row, 1))")
            }
        }
    }

    @Test func aConnectionKilledMidRequestFailsThatRequestOnly() throws {
        let name = "lists-kill-\(UUID().uuidString.prefix(8))"
        try PostgresTestServer.withFreshSchema(applicationName: name) { url in
            let store = try PostgresStore(url: url)
            let admin = try PostgresTestServer.administration()
            let shop = ShoppingList(store: store)
            _ = try shop.add(name: "Tea", price: .zero)
            #expect {
                try store.write { session in
                    try PostgresTestServer.terminateConnections(applicationName: name, using: admin)
                    try session.insert(ShoppingItem(meta: RecordMeta(createdAt: Date()), name: "Lost", price: .zero))
                }
            } throws: { error in
                guard let lost = error as? StoreError, lost.code == .connectionLost, let place = lost.place else {
                    return false
                }
                return !place.contains("search_path") && (error as? StoreError)?.description.contains("lost") == true
            }
            _ = try shop.add(name: "Milk", price: .zero)
            #expect(try store.read { try $0.list(ShoppingItem.self) }.listed() == ["1 Tea", "2 Milk"])
        }
    }

    /// A server that stops taking the store's connections while it is open (here the store's role may no longer
    /// log in, and its connections are ended: what a server going down looks like to Lists) fails each request of
    /// that time with an error the API answers 503, not with the "cannot open" that ends a command: the first
    /// add, sent on the pooled connection before it was found broken, with "lost ... may or may not have been
    /// saved" (Lists cannot know whether the server took it), the others with "cannot connect ... nothing was
    /// changed". Once logins are back the next request connects anew.
    @Test func aServerThatStopsTakingConnectionsFailsRequestsUntilItIsBack() throws {
        let admin = try PostgresTestServer.administration()
        let suffix = UUID().uuidString.prefix(8).lowercased()
        let role = "lists_gone_\(suffix)"
        let password = UUID().uuidString
        try admin.execute("CREATE ROLE \(role) LOGIN PASSWORD '\(password)'")
        defer { try? admin.execute("DROP ROLE \(role)") }
        let name = "lists-gone-\(suffix)"
        try PostgresTestServer.withFreshSchema(applicationName: name) { url in
            let schema = try PostgresTestServer.schema(in: url)
            try admin.execute("GRANT ALL ON SCHEMA \(schema) TO \(role)")
            var components = try #require(URLComponents(string: url))
            components.user = role
            components.password = password
            let store = try PostgresStore(url: try #require(components.string))
            let todo = TodoList(store: store)
            _ = try todo.add(title: "Walk")

            try admin.execute("ALTER ROLE \(role) NOLOGIN")
            try PostgresTestServer.terminateConnections(applicationName: name, using: admin)
            let place = PostgresStore.redacted(try #require(components.string))
            // The append itself (a task's add reads the household's to-do lists first, which would find the
            // connection broken before anything is sent).
            #expect(throws: StoreError.connectionLost(place)) {
                try store.append(TodoTask(meta: RecordMeta(createdAt: Date()), title: "Sent"), numbered: false)
            }
            // A numbered add (the CLI's), an API add (through the append queue), a read.
            #expect(throws: StoreError.unreachable(place)) { try todo.add(title: "Lost") }
            #expect(throws: StoreError.unreachable(place)) { try todo.add(title: "Lost", numbered: false) }
            #expect(throws: StoreError.unreachable(place)) { try store.read { try $0.revision() } }
            #expect(!StoreError.unreachable(place).description.contains(password))

            try admin.execute("ALTER ROLE \(role) LOGIN")
            _ = try todo.add(title: "Feed")
            #expect(try store.read { try $0.list(TodoTask.self) }.listed() == ["1 Walk", "2 Feed"])
        }
    }

    /// An idle pooled connection whose server process went away (a restarted server) is replaced without the
    /// request noticing: nothing had been sent on it yet.
    @Test func aConnectionKilledWhileIdleIsReplacedUnnoticed() throws {
        let name = "lists-idle-\(UUID().uuidString.prefix(8))"
        try PostgresTestServer.withFreshSchema(applicationName: name) { url in
            let store = try PostgresStore(url: url)
            _ = try TodoList(store: store).add(title: "Walk")
            try PostgresTestServer.terminateConnections(
                applicationName: name, using: try PostgresTestServer.administration())
            #expect(try store.read { try $0.list(TodoTask.self) }.listed() == ["1 Walk"])
            _ = try TodoList(store: store).add(title: "Feed")
            #expect(try store.read { try $0.count(TodoTask.self, where: nil) } == 2)
        }
    }

    /// An add is one statement without a transaction around it; when the pooled connection it took had lost its
    /// server process, the add is made on a new connection, once, and the record is there once.
    @Test func anAddOnAConnectionKilledWhileIdleIsMadeOnANewOne() throws {
        let name = "lists-add-\(UUID().uuidString.prefix(8))"
        try PostgresTestServer.withFreshSchema(applicationName: name) { url in
            let store = try PostgresStore(url: url)
            let todo = TodoList(store: store)
            _ = try todo.add(title: "Walk")
            try PostgresTestServer.terminateConnections(
                applicationName: name, using: try PostgresTestServer.administration())
            #expect(try todo.add(title: "Feed").number == 2)
            try PostgresTestServer.terminateConnections(
                applicationName: name, using: try PostgresTestServer.administration())
            _ = try todo.add(title: "Chop", numbered: false)
            #expect(try store.read { try $0.list(TodoTask.self) }.listed() == ["1 Walk", "2 Feed", "3 Chop"])
        }
    }

    /// Schema 6 appends a row to `record_changes` per change and folds them into the counts every so often: the
    /// counts, the numbers and the revision are the same as if every change were counted at once, before and after
    /// a fold, and the table of changes stays short.
    @Test func countsAndTheRevisionStayRightAcrossFolds() throws {
        try PostgresTestServer.withFreshSchema { url in
            let store = try PostgresStore(url: url)
            let todo = TodoList(store: store)
            var revision = try store.read { try $0.revision() }
            var added: [TodoTask] = []
            for index in 1...(PostgresStore.foldInterval * 2 + 10) {
                let numbered = try todo.add(title: "Task \(index)")
                #expect(numbered.number == index)
                added.append(numbered.record)
                let now = try store.read { try $0.revision() }
                #expect(now > revision)
                revision = now
            }
            _ = try todo.remove([.id(added[0].id)])
            try todo.setDone([.id(added[1].id)], isDone: true)
            #expect(try store.read { try $0.revision() } >= revision + 2)
            #expect(try store.read { try $0.count(TodoTask.self, where: nil) } == added.count - 1)
            let admin = try PostgresTestServer.administration()
            let schema = try PostgresTestServer.schema(in: url)
            let unfolded = try #require(try admin.integer("SELECT count(*) FROM \(schema).record_changes"))
            #expect(unfolded < Int64(PostgresStore.foldInterval) + 5)
            #expect(try admin.integer("SELECT sum(changes) FROM \(schema).record_counts") ?? 0 > 0)
        }
    }

    /// A write of many changes in one transaction (a household's lists filled at once) counts as its statements
    /// toward the fold, not as one write; a store opened on changes another process left unfolded folds them, and
    /// gives back the space a burst of them took, so that every count stays a short read.
    @Test func manyChangesInOneWriteAreFoldedAndTheirSpaceGivenBack() throws {
        try PostgresTestServer.withFreshSchema { url in
            let store = try PostgresStore(url: url)
            let admin = try PostgresTestServer.administration()
            let schema = try PostgresTestServer.schema(in: url)
            func unfolded() throws -> Int64 {
                try #require(try admin.integer("SELECT count(*) FROM \(schema).record_changes"))
            }
            let now = Date()
            let burst = PostgresStore.foldInterval * 3
            try store.write { session in
                for index in 1...burst {
                    try session.insert(TodoTask(meta: RecordMeta(createdAt: now), title: "Task \(index)"))
                }
            }
            #expect(try unfolded() == 0)
            #expect(try store.read { try $0.count(TodoTask.self, where: nil) } == burst)

            // Another process's burst, left unfolded and large: the next store opened folds it and shrinks the table.
            try admin.execute(
                "INSERT INTO \(schema).record_changes (household, kind, list, step) "
                    + "SELECT 0, 'tasks', 0, 0 FROM generate_series(1, 40000)")
            #expect(try unfolded() == 40000)
            let opened = try PostgresStore(url: url)
            #expect(try unfolded() == 0)
            #expect(try opened.read { try $0.count(TodoTask.self, where: nil) } == burst)
            // Its space comes back once no transaction of the cluster still sees the folded rows: other tests'
            // transactions may, for a while, so the shrink is tried again until it has (a state, however long a
            // busy machine takes; the bound ends a hang).
            try admin.execute("SET search_path TO \(schema)")
            func size() throws -> Int64 { try #require(try admin.integer("SELECT pg_relation_size('record_changes')")) }
            let deadline = Date().addingTimeInterval(120)
            while try size() > Int64(PostgresStore.changesShrinkBytes), Date() < deadline {
                Thread.sleep(forTimeInterval: 0.1)
                PostgresStore.shrinkChanges(admin)
            }
            #expect(try size() <= Int64(PostgresStore.changesShrinkBytes))
        }
    }

    /// API adds (the append queue) leave the fold to the add that has its answer, and it still happens: the table
    /// of changes stays short and the counts right.
    @Test func apiAddsFoldTheirChangesToo() throws {
        try PostgresTestServer.withFreshSchema { url in
            let store = try PostgresStore(url: url)
            let total = PostgresStore.foldInterval * 3 + 7
            for index in 1...total {
                let task = TodoTask(meta: RecordMeta(createdAt: Date()), title: "Task \(index)")
                #expect(try store.append(task, numbered: false) == nil)
            }
            #expect(try store.read { try $0.count(TodoTask.self, where: nil) } == total)
            #expect(try TodoList(store: store).all().map(\.number) == Array(1...total))
            let admin = try PostgresTestServer.administration()
            let schema = try PostgresTestServer.schema(in: url)
            let unfolded = try #require(try admin.integer("SELECT count(*) FROM \(schema).record_changes"))
            #expect(unfolded < Int64(PostgresStore.foldInterval) + 5)
            #expect(
                try admin.integer("SELECT sum(count) FROM \(schema).record_counts WHERE kind = 'tasks'") ?? 0
                    >= Int64(total) - Int64(PostgresStore.foldInterval) - 5)
        }
    }

    /// An administration connection whose search path is `url`'s schema, which this build's first `version`
    /// migrations bring to schema `version`, as a Lists of that schema left it; the caller fills it and resets the
    /// path. Answers the connection and the schema's name.
    private static func database(at version: Int, _ url: String) throws -> (PostgresConnection, String) {
        let admin = try PostgresTestServer.administration()
        let schema = try PostgresTestServer.schema(in: url)
        try admin.execute("SET search_path = \(schema)")
        try admin.execute(
            "CREATE TABLE lists_schema (id integer PRIMARY KEY CHECK (id = 1), version integer NOT NULL); "
                + "INSERT INTO lists_schema VALUES (1, \(version))")
        for migration in PostgresStore.migrations.prefix(version) { try admin.execute(migration) }
        return (admin, schema)
    }

    /// A database at schema 5 (counts and revision kept by row updates) is migrated to 6 keeping its counts, and
    /// its revision does not go back.
    @Test func aSchemaFiveDatabaseIsMigratedKeepingCountsAndRevision() throws {
        try PostgresTestServer.withFreshSchema { url in
            let (admin, _) = try Self.database(at: 5, url)
            try admin.execute(
                "INSERT INTO tasks (id, position, title, name_key, created_at, updated_at, version) "
                    + "SELECT upper(gen_random_uuid()::text), nextval('tasks_position'), 'Task ' || n, 'task ' || n, "
                    + "0, 0, 1 FROM generate_series(1, 40) AS n; DELETE FROM tasks WHERE title = 'Task 7'")
            let before = try #require(try admin.integer("SELECT sum(value)::bigint FROM revision"))
            #expect(before == 41)
            try admin.execute("RESET search_path")
            let store = try PostgresStore(url: url)
            #expect(try store.read { try $0.count(TodoTask.self, where: nil) } == 39)
            #expect(try store.read { try $0.revision() } == before)
            // Its first opening puts its tasks on "To-Do" (a list made and 39 tasks changed).
            try TodoLists(store: store).fold()
            #expect(try store.read { try $0.revision() } == before + 40)
            _ = try TodoList(store: store).add(title: "Walk")
            #expect(try store.read { try $0.count(TodoTask.self, where: nil) } == 40)
            #expect(try store.read { try $0.revision() } == before + 41)
        }
    }

    /// A database at schema 6 gains the table of recently removed records, its records and counts kept; a record
    /// is then deleted and put back in its place, as the next server sees it.
    @Test func aSchemaSixDatabaseGainsTheTableOfRemovedRecords() throws {
        try PostgresTestServer.withFreshSchema { url in
            let (admin, schema) = try Self.database(at: 6, url)
            try admin.execute(
                "INSERT INTO tasks (id, position, title, name_key, created_at, updated_at, version) "
                    + "SELECT 'B0000000-0000-4000-8000-00000000000' || n, nextval('tasks_position'), 'Task ' || n, "
                    + "'task ' || n, n, n, 1 FROM generate_series(1, 3) AS n; "
                    + "INSERT INTO record_changes (kind, step) VALUES ('tasks', 3)")
            try admin.execute("RESET search_path")
            let store = try PostgresStore(url: url)
            #expect(
                try admin.integer("SELECT version FROM \(schema).lists_schema") == Int64(PostgresStore.migrations.count)
            )
            #expect(try admin.integer("SELECT count(*) FROM \(schema).removed_records") == 0)
            let todo = TodoList(store: store)
            #expect(try todo.count() == 3)
            // As its first opening does: its tasks go on "To-Do", which a task added would make.
            try TodoLists(store: store).fold()
            let second = try todo.task(.typed("2"))
            let revision = try store.read { try $0.revision() }
            try todo.remove([.typed("2"), .typed("3")])
            try todo.add(title: "Task 4")
            #expect(try PostgresStore(url: url).read { try $0.revision() } == revision + 3)
            #expect(try TodoList(store: try PostgresStore(url: url)).restore(second.record.id) == second)
            #expect(try todo.all().listed() == ["1 Task 1", "2 Task 2", "3 Task 4"])
            #expect(try todo.count() == 3)
            #expect(try store.read { try $0.revision() } == revision + 4)
        }
    }

    /// A database at schema 13, as the release before named shopping lists left it, gains their tables with its
    /// records, counts and revision as they were; lists are then made and filled, beside another household.
    @Test func aSchemaThirteenDatabaseGainsNamedListsKeepingItsRecords() throws {
        try PostgresTestServer.withFreshSchema { url in
            let (admin, schema) = try Self.database(at: 13, url)
            try admin.execute(
                "INSERT INTO items (id, household, position, name, name_key, price_cents, on_shopping_list, "
                    + "created_at, updated_at, version) SELECT 'A0000000-0000-4000-8000-00000000000' || n, 0, "
                    + "nextval('items_position'), 'Item ' || n, 'item ' || n, n * 100, n = 2, n, n, 1 "
                    + "FROM generate_series(1, 3) AS n; "
                    + "INSERT INTO record_changes (household, kind, list, step) VALUES (0, 'items', 0, 3)")
            try admin.execute("RESET search_path")
            let before = try admin.query("SELECT id, name, on_shopping_list FROM \(schema).items ORDER BY position")
            let store = try PostgresStore(url: url)
            #expect(
                try admin.integer("SELECT version FROM \(schema).lists_schema") == Int64(PostgresStore.migrations.count)
            )
            let after = try admin.query("SELECT id, name, on_shopping_list FROM \(schema).items ORDER BY position")
            #expect((0..<after.count).map { after.text($0, 1) } == (0..<before.count).map { before.text($0, 1) })
            #expect(try ShoppingList(store: store).shoppingList().map(\.record.name) == ["Item 2"])
            #expect(try store.read { try $0.revision() } > 0)
            let lists = ShoppingLists(store: store)
            #expect(try lists.all().isEmpty)
            let groceries = try lists.make(name: "Groceries")
            try lists.put(.typed("Item 1"), on: groceries, quantity: "2")
            #expect(try lists.rows(of: groceries).map { $0.item?.name } == ["Item 1"])
            #expect(try ShoppingLists(store: store.scoped(to: HouseholdID(1))).all().isEmpty)
        }
    }

    /// A database at schema 11 (households, one list each) keeps every record in its household's main list: counts,
    /// numbers, revisions and what is kept for undo as they were, folded or not; a second list starts empty and
    /// changes alone.
    @Test func aSchemaElevenDatabaseKeepsEveryRecordInItsMainList() throws {
        try PostgresTestServer.withFreshSchema { url in
            let (admin, _) = try Self.database(at: 11, url)
            try admin.execute(
                "INSERT INTO households (id, name, name_key, created_at) VALUES (1, 'Cabin', 'cabin', 0); "
                    + "INSERT INTO tasks (household, id, position, title, name_key, created_at, updated_at, version) "
                    + "SELECT n % 2, 'C0000000-0000-4000-8000-00000000000' || n, nextval('tasks_position'), "
                    + "'Task ' || n, 'task ' || n, n, n, 1 FROM generate_series(1, 6) AS n; "
                    + "UPDATE record_counts SET count = 2, changes = 5 "
                    + "WHERE household = 0 AND kind = 'tasks' AND shard = 0; "
                    + "INSERT INTO record_changes (household, kind, step) VALUES (0, 'tasks', 1), (1, 'tasks', 3); "
                    + "INSERT INTO removed_records (household, kind, id, position, record, removed_at) "
                    + "SELECT household, 'tasks', id, position, to_jsonb(tasks), 1000 FROM tasks "
                    + "WHERE title = 'Task 3'; "
                    + "DELETE FROM tasks WHERE title = 'Task 3'; "
                    + "INSERT INTO record_changes (household, kind, step) VALUES (1, 'tasks', -1)")
            try admin.execute("RESET search_path")
            let store = try PostgresStore(url: url)
            let cabin = store.scoped(to: HouseholdID(1))
            #expect(try TodoList(store: store).all().listed() == ["1 Task 2", "2 Task 4", "3 Task 6"])
            #expect(try TodoList(store: cabin).all().listed() == ["1 Task 1", "2 Task 5"])
            #expect(try store.read { try $0.revision() } == 6)
            #expect(try cabin.read { try $0.revision() } == 2)
            let removedAt = Date(timeIntervalSince1970: 1)
            let third = try fixedID("C0000000-0000-4000-8000-000000000003")
            try cabin.write { try $0.restore(TodoTask.self, id: third, at: removedAt) }
            #expect(try TodoList(store: cabin).all().listed() == ["1 Task 1", "2 Task 3", "3 Task 5"])
            #expect(try TodoList(store: cabin).count() == 3)

            let second = store.scoped(to: StoreScope(household: HouseholdID(1), list: ListID(1)))
            // As the Cabin's first opening does: its tasks go on "To-Do", which a task added anywhere would make.
            try TodoLists(store: cabin).fold()
            let cabinRevision = try cabin.read { try $0.revision() }
            #expect(try TodoList(store: second).add(title: "Fix the roof").number == 1)
            #expect(try cabin.read { try $0.revision() } == cabinRevision)
            #expect(
                try TodoList(store: store.scoped(to: .wholeHousehold(HouseholdID(1)))).all().map(\.record.title) == [
                    "Task 1", "Task 3", "Task 5", "Fix the roof",
                ])
        }
    }

    /// An add retried on a new connection (the first one broke) that finds a record with its id counts as its
    /// own only when it is this very record; another record with the id (an add that chose the id, sent before) is
    /// a conflict, which the model answers with the stored record.
    @Test func aRetriedAddTakesOnlyItsOwnRecordForDone() throws {
        let name = "lists-retry-\(UUID().uuidString.prefix(8))"
        try PostgresTestServer.withFreshSchema(applicationName: name) { url in
            let store = try PostgresStore(url: url)
            let clock = TestClock()
            let todo = TodoList(store: store, clock: clock.closure)
            let first = try todo.add(title: "Buy stamps", numbered: false, id: UUID())
            for numbered in [false, true] {
                clock.advance(by: 1)
                var again = TodoTask(meta: RecordMeta(id: first.record.id, createdAt: clock.now), title: "Buy stamps")
                again.meta.createdAt = again.meta.createdAt.roundedToMilliseconds
                again.meta.updatedAt = again.meta.createdAt
                try PostgresTestServer.terminateConnections(
                    applicationName: name, using: try PostgresTestServer.administration())
                #expect(throws: StoreError.conflict(.task)) { try store.append(again, numbered: numbered) }
                try PostgresTestServer.terminateConnections(
                    applicationName: name, using: try PostgresTestServer.administration())
                let answer = try todo.add(title: "Buy stamps", numbered: numbered, id: first.record.id)
                #expect(!answer.isNew && answer.record == first.record)
            }
            #expect(try todo.count() == 1)
        }
    }

    /// Another server's writes are seen at once and grow the revision a page polls.
    @Test func anotherStoresWritesGrowTheRevision() throws {
        try PostgresTestServer.withFreshSchema { url in
            let first = try PostgresStore(url: url)
            let second = try PostgresStore(url: url)
            let before = try second.read { try $0.revision() }
            let tea = try ShoppingList(store: first).add(name: "Tea", price: .zero)
            let afterAdd = try second.read { try $0.revision() }
            #expect(afterAdd > before)
            try ShoppingList(store: first).toggle(.id(tea.record.id))
            #expect(try second.read { try $0.revision() } > afterAdd)
            #expect(try ShoppingList(store: second).shoppingList().map(\.record.name) == ["Tea"])
        }
    }

    /// A database a newer Lists migrated is refused, and left as it was.
    @Test func aNewerSchemaIsRefusedUntouched() throws {
        try PostgresTestServer.withFreshSchema { url in
            _ = try PostgresStore(url: url)
            let admin = try PostgresTestServer.administration()
            let schema = try PostgresTestServer.schema(in: url)
            try admin.execute("UPDATE \(schema).lists_schema SET version = 99")
            #expect(throws: StoreError.newerSchema(found: 99, known: PostgresStore.migrations.count)) {
                try PostgresStore(url: url)
            }
            #expect(try admin.integer("SELECT version FROM \(schema).lists_schema") == 99)
        }
    }

    /// Every connection has Lists's timeouts unless its URL sets its own, and shows as `lists` to the server.
    @Test func connectionsGiveUpOnAServerThatDoesNotAnswerUnlessTheURLSaysOtherwise() throws {
        let url = try PostgresTestServer.url()
        let plain = try PostgresConnection(url: url, place: "test")
        #expect(plain.option("connect_timeout") == "10")
        #expect(plain.option("keepalives_idle") == "30")
        #expect(plain.option("keepalives_interval") == "10")
        #expect(plain.option("keepalives_count") == "3")
        #expect(plain.option("tcp_user_timeout") == "60000")
        let rows = try plain.query("SELECT current_setting('application_name')")
        #expect(rows.text(0, 0) == "lists")

        let separator = url.contains("?") ? "&" : "?"
        let own = try PostgresConnection(
            url: url + separator + "connect_timeout=3&keepalives_idle=5&application_name=mine", place: "test")
        #expect(own.option("connect_timeout") == "3")
        #expect(own.option("keepalives_idle") == "5")
        #expect(own.option("keepalives_count") == "3")
        #expect(try own.query("SELECT current_setting('application_name')").text(0, 0) == "mine")
    }

    /// A server that takes the connection and never answers (a hung machine, a port that is not PostgreSQL's)
    /// is given up on after the default 10 s to connect, not the minutes libpq would wait by itself.
    @Test func aServerThatNeverAnswersIsGivenUpOn() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, 8) == 0
                    && getsockname(listener, pointer, &length) == 0
            }
        }
        try #require(bound)
        // Listening, never accepting: the kernel takes the connection, and libpq's login waits for an answer.
        let port = UInt16(bigEndian: address.sin_port)
        let started = ContinuousClock.now
        #expect(throws: StoreError.cannotOpen("postgres://lists@127.0.0.1:\(port)/lists")) {
            try PostgresStore(url: "postgres://lists@127.0.0.1:\(port)/lists")
        }
        let waited = ContinuousClock.now - started
        #expect(waited >= .seconds(9) && waited < .seconds(30), "gave up after \(waited)")
    }

    /// A server nobody listens on is "cannot open", named without its password.
    @Test func anUnreachableServerCannotBeOpened() throws {
        #expect(throws: StoreError.cannotOpen("postgres://lists@127.0.0.1:1/lists")) {
            try PostgresStore(url: "postgres://lists:secret@127.0.0.1:1/lists?connect_timeout=5")
        }
    }
}
