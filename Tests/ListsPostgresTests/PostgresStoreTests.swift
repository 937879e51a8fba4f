import Foundation
import ListsModel
import Synchronization
import Testing

@testable import ListsPostgres

/// The store contract on a real PostgreSQL server, each check on a new schema.
@Suite struct PostgresContractTests {
    @Test(arguments: StoreContract.all)
    func onAFreshSchema(_ check: StoreContract.Check) throws {
        try PostgresTestServer.withFreshSchema { url in
            try check.run(try PostgresStore(url: url))
        }
    }
}

/// What only a server shared by several processes can show: concurrent start-ups, other writers, broken
/// connections, refused databases.
@Suite struct PostgresStoreTests {
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
                let schema = try #require(
                    url.split(separator: "%3D").last.map { String($0.prefix(while: { $0 != "&" })) })
                #expect(try admin.integer("SELECT version FROM \(schema).lists_schema") == Int64(PostgresStore.migrations.count))
            }
        }
    }

    /// A connection killed in the middle of a request fails that request with a clear error and nothing else: the
    /// next request works on a new connection.
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
                guard case .connectionLost(let place) = error as? StoreError else { return false }
                return !place.contains("search_path") && (error as? StoreError)?.description.contains("lost") == true
            }
            _ = try shop.add(name: "Milk", price: .zero)
            #expect(try store.read { try $0.list(ShoppingItem.self) }.listed() == ["1 Tea", "2 Milk"])
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
            let schema = try #require(url.split(separator: "%3D").last.map { String($0.prefix(while: { $0 != "&" })) })
            try admin.execute("UPDATE \(schema).lists_schema SET version = 99")
            #expect(throws: StoreError.newerSchema(found: 99, known: PostgresStore.migrations.count)) {
                try PostgresStore(url: url)
            }
            #expect(try admin.integer("SELECT version FROM \(schema).lists_schema") == 99)
        }
    }

    /// A server nobody listens on is "cannot open", named without its password.
    @Test func anUnreachableServerCannotBeOpened() throws {
        #expect(throws: StoreError.cannotOpen("postgres://lists@127.0.0.1:1/lists")) {
            try PostgresStore(url: "postgres://lists:secret@127.0.0.1:1/lists?connect_timeout=5")
        }
    }
}
