import Dispatch
import Foundation
import ListsModel
@testable import ListsSQLite
import Synchronization
import Testing

/// Writes that arrive while another commits are committed together, each with its own outcome: one refused or
/// failing leaves the others as they were, and none is answered before its commit.
@Suite struct GroupCommitTests {
    struct Refused: Error, Equatable {}

    enum Kind: CaseIterable { case add, takenID, failsAfterWriting }

    @Test func writesThatArriveTogetherCommitTogetherEachWithItsOwnOutcome() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("lists.sqlite")
        // Reads on connections of their own, so that one made while the lead holds the write connection does not
        // wait for it.
        let store = try SQLiteStore(path: path, readConnections: 2)
        let now = Date().roundedToMilliseconds
        let taken = TodoTask(meta: RecordMeta(createdAt: now), title: "Taken")
        try store.write { try $0.insert(taken) }
        let revision = try store.read { try $0.revision() }
        let batches = store.writeQueueCounts.batches

        // A write that holds the lead until the others wait behind it.
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        // A thread for each write, since each blocks until its batch has committed.
        let group = DispatchGroup()
        func onAThread(_ body: @escaping @Sendable () -> Void) {
            group.enter()
            Thread {
                body()
                group.leave()
            }.start()
        }
        onAThread {
            try? store.write { session in
                started.signal()
                release.wait()
                try session.insert(TodoTask(meta: RecordMeta(createdAt: now), title: "First"))
            }
        }
        started.wait()
        let writes = (0..<12).map { index in Kind.allCases[index % 3] }
        let outcomes = Mutex([Int: Result<Void, any Error>]())
        for (index, kind) in writes.enumerated() {
            onAThread {
                let outcome = Result {
                    try store.write { session in
                        switch kind {
                        case .add:
                            try session.insert(TodoTask(meta: RecordMeta(createdAt: now), title: "Task \(index)"))
                        case .takenID:
                            try session.insert(TodoTask(meta: taken.meta, title: "Again \(index)"))
                        case .failsAfterWriting:
                            try session.insert(TodoTask(meta: RecordMeta(createdAt: now), title: "Undone \(index)"))
                            throw Refused()
                        }
                    }
                }
                outcomes.withLock { $0[index] = outcome }
            }
        }
        // The state waited for: every one of them queued behind the lead.
        // (The bound only stops a broken queue from hanging the run; queued writes take microseconds.)
        let deadline = ContinuousClock.now + .seconds(120)
        while store.writeQueueCounts.waiting < writes.count, ContinuousClock.now < deadline { usleep(1_000) }
        #expect(store.writeQueueCounts.waiting == writes.count)
        #expect(try store.read { try $0.count(TodoTask.self, where: nil) } == 1)
        release.signal()
        group.wait()

        let results = outcomes.withLock { $0 }
        for (index, kind) in writes.enumerated() {
            let result = try #require(results[index])
            switch kind {
            case .add: #expect(throws: Never.self) { try result.get() }
            case .takenID: #expect(throws: StoreError.conflict(.task)) { try result.get() }
            case .failsAfterWriting: #expect(throws: Refused.self) { try result.get() }
            }
        }
        // The lead alone, then the twelve in one transaction.
        #expect(store.writeQueueCounts.batches == batches + 2)
        let titles = try store.read { try $0.list(TodoTask.self) }.map(\.record.title)
        let added = writes.indices.filter { writes[$0] == .add }.map { "Task \($0)" }
        #expect(Set(titles) == Set(["Taken", "First"] + added))
        #expect(titles.count == 2 + added.count)
        #expect(try store.read { try $0.count(TodoTask.self, where: nil) } == 2 + added.count)
        #expect(try store.read { try $0.revision() } == revision + 1 + Int64(added.count))
        // What another connection reads is what was answered.
        #expect(try SQLiteStore(path: path).read { try $0.count(TodoTask.self, where: nil) } == 2 + added.count)
    }

    @Test func aWriteAloneIsCommittedAtOnceAsBefore() throws {
        let store = try SQLiteStore(path: ":memory:")
        // Made first: a household's first task would make its first to-do list, in a write of its own.
        try TodoLists(store: store).make(name: "To-Do")
        let batches = store.writeQueueCounts.batches
        try TodoList(store: store).add(title: "Alone")
        #expect(throws: Refused.self) {
            try store.write { session in
                try session.insert(TodoTask(meta: RecordMeta(createdAt: Date()), title: "Undone"))
                throw Refused()
            }
        }
        #expect(try TodoList(store: store).all().map(\.record.title) == ["Alone"])
        #expect(store.writeQueueCounts == (batches + 2, 0))
    }
}
