import Dispatch
import Foundation
import ListsModel
import ListsStoreContract
import Synchronization
import Testing

@testable import ListsPostgres

/// Group commit: adds that arrive while one commits are committed together, each answered with its own outcome.
@Suite struct PostgresAppendQueueTests {
    /// Without a server: 16 threads adding at once while each commit takes a while. Every add is committed exactly
    /// once, in some batch, gets the outcome its batch gave it, and adds did share batches.
    @Test func everyAddIsCommittedOnceWithItsOwnOutcome() throws {
        let queue = PostgresAppendQueue()
        let committed = Mutex<[String]>([])
        let batchSizes = Mutex<[Int]>([])
        let failures = Mutex<[String]>([])
        onThreads(16) { thread in
            for index in 0..<10 {
                let id = "\(thread)-\(index)"
                let entry = PostgresAppend(id: id, values: [.text(id)])
                do {
                    try queue.add(entry) { batch in
                        Thread.sleep(forTimeInterval: 0.002)
                        batchSizes.withLock { $0.append(batch.count) }
                        for entry in batch {
                            committed.withLock { $0.append(entry.id) }
                            // Every third add of each thread is refused, to show outcomes stay with their adds.
                            entry.outcome =
                                entry.id.hasSuffix("-3") ? .failure(StoreError.conflict(.task)) : .success(())
                        }
                    }
                    if id.hasSuffix("-3") { failures.withLock { $0.append("\(id) was not refused") } }
                } catch {
                    if !id.hasSuffix("-3") { failures.withLock { $0.append("\(id): \(error)") } }
                }
            }
        }
        #expect(failures.withLock { $0 } == [])
        let ids = committed.withLock { $0 }
        #expect(ids.count == 160)
        #expect(Set(ids).count == 160)
        #expect(batchSizes.withLock { $0.max() ?? 0 } > 1)
        #expect(batchSizes.withLock { $0.allSatisfy { $0 <= PostgresAppendQueue.largestBatch } })
    }

    /// Once every add has returned, no entry is left in memory: not the adds that led their own batch, nor those
    /// handed a batch to lead, nor those that waited in one. (A lead handed its batch kept it, and the batch held
    /// the lead: a server leaked every batch, about 700 bytes an add.)
    @Test func noEntryOutlivesItsAdd() throws {
        final class Weak: @unchecked Sendable {
            weak var entry: PostgresAppend?
        }
        let queue = PostgresAppendQueue()
        let references = Mutex<[Weak]>([])
        let batchSizes = Mutex<[Int]>([])
        onThreads(16) { thread in
            for index in 0..<10 {
                let reference = Weak()
                do {
                    let entry = PostgresAppend(id: "\(thread)-\(index)", values: [.text("\(index)")])
                    reference.entry = entry
                    try? queue.add(entry) { batch in
                        Thread.sleep(forTimeInterval: 0.002)
                        batchSizes.withLock { $0.append(batch.count) }
                        for entry in batch { entry.outcome = .success(()) }
                    }
                }
                references.withLock { $0.append(reference) }
            }
        }
        // Batches were handed on, the case that leaked.
        #expect(batchSizes.withLock { $0.max() ?? 0 } > 1)
        let kept = references.withLock { $0.filter { $0.entry != nil }.count }
        #expect(kept == 0, "\(kept) of 160 entries are still in memory")
    }
}

/// Group commit on a real server.
@Suite(.enabled(if: PostgresTestSettings.isEnabled, PostgresTestSettings.reason)) struct PostgresGroupCommitTests {
    /// Many adds at once from many threads, one of them a record whose id is already stored: every new record is
    /// there once, the counts agree, and only the add of the existing id is refused, as a conflict.
    @Test func concurrentAddsLandOnceAndOnlyTheDuplicateIsRefused() throws {
        try PostgresTestServer.withFreshSchema { url in
            let store = try PostgresStore(url: url, connections: 8)
            let existing = TodoTask(meta: RecordMeta(createdAt: Date()), title: "Walk the dogs", isDone: false)
            _ = try store.append(existing, numbered: false)
            let outcomes = Mutex<[String]>([])
            onThreads(16) { thread in
                for index in 0..<25 {
                    let task =
                        thread == 7 && index == 12
                        ? existing
                        : TodoTask(meta: RecordMeta(createdAt: Date()), title: "Task \(thread)-\(index)", isDone: false)
                    do {
                        _ = try store.append(task, numbered: false)
                    } catch let error as StoreError where error == .conflict(.task) {
                        outcomes.withLock { $0.append("conflict \(task.title)") }
                    } catch {
                        outcomes.withLock { $0.append("\(task.title): \(error)") }
                    }
                }
            }
            #expect(outcomes.withLock { $0 } == ["conflict Walk the dogs"])
            let stored = try store.read { try $0.list(TodoTask.self) }
            #expect(stored.count == 1 + 16 * 25 - 1)
            #expect(Set(stored.map(\.record.id)).count == stored.count)
            #expect(try store.read { try $0.count(TodoTask.self, where: nil) } == stored.count)
            #expect(stored.map(\.number) == Array(1...stored.count))
        }
    }
}

/// Runs `body` on `count` threads of its own at once (`concurrentPerform` runs no more at once than there are
/// processors), and returns when all have finished.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        Thread.detachNewThread {
            body(index)
            group.leave()
        }
    }
    group.wait()
}
