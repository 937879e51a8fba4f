import Foundation
import ListsModel
import ListsPostgres
import ListsStoreContract
import Synchronization
import Testing

/// Every server hears every other's changes: a committed write announces its household to the stores listening on
/// the same schema, and to no other schema's.
@Suite(.enabled(if: PostgresTestSettings.isEnabled, PostgresTestSettings.reason)) struct PostgresChangeListenerTests {
    /// What a listener heard.
    final class Heard: Sendable {
        let households = Mutex<[HouseholdID?]>([])

        func wait(for count: Int, seconds: Double = 5) -> [HouseholdID?] {
            let deadline = Date().addingTimeInterval(seconds)
            while households.withLock({ $0.count }) < count && Date() < deadline { usleep(10_000) }
            return households.withLock { $0 }
        }
    }

    @Test func aCommittedChangeIsAnnouncedToEveryStoreOnItsSchemaOnly() throws {
        try PostgresTestServer.withFreshSchema { url in
            try PostgresTestServer.withFreshSchema { otherURL in
                let listening = try PostgresStore(url: url)
                let writer = try PostgresStore(url: url)
                let elsewhere = try PostgresStore(url: otherURL)
                // Household 7's first task would make its first to-do list, a change of its own: made before.
                try TodoLists(store: writer.scoped(to: HouseholdID(7))).make(name: "To-Do")
                let heard = Heard()
                let listener = listening.listenForChanges { household in
                    heard.households.withLock { $0.append(household) }
                }
                defer { listener.stop() }
                // The listener connects on its own thread, and says when it listens: changes committed before then
                // were not heard, and every household should look.
                #expect(heard.wait(for: 1) == [nil])
                let started = Date()
                _ = try ShoppingList(store: writer).add(name: "Tea", price: .zero)
                #expect(heard.wait(for: 2) == [nil, HouseholdID.first])
                #expect(Date().timeIntervalSince(started) < 1)
                // Another household's change names that household; a change in another schema is not heard, nor
                // a write that rolled back.
                _ = try TodoList(store: writer.scoped(to: HouseholdID(7))).add(title: "Walk")
                _ = try TodoList(store: elsewhere).add(title: "Not here")
                _ = try? writer.write { session -> Void in
                    try session.insert(TodoTask(meta: RecordMeta(createdAt: Date()), title: "Rolled back"))
                    throw CancellationError()
                }
                #expect(heard.wait(for: 3) == [nil, HouseholdID.first, HouseholdID(7)])
                usleep(300_000)
                #expect(heard.households.withLock { $0 }.count == 3)
            }
        }
    }

    @Test func aStoppedListenerHearsNothingMore() throws {
        try PostgresTestServer.withFreshSchema { url in
            let store = try PostgresStore(url: url)
            let heard = Heard()
            let listener = store.listenForChanges { household in heard.households.withLock { $0.append(household) } }
            #expect(heard.wait(for: 1) == [nil])
            listener.stop()
            _ = try ShoppingList(store: store).add(name: "Tea", price: .zero)
            usleep(300_000)
            #expect(heard.households.withLock { $0 } == [nil])
        }
    }
}
