import Foundation
import ListsInterchange
import ListsModel
import ListsSQLite
import Synchronization
import Testing

/// A `task export` of `count` tasks, one object per array line; `edit` may change a task's line (0-based index).
private func taskwarriorExport(_ count: Int, edit: (Int, inout [String: String]) -> Void = { _, _ in }) -> [UInt8] {
    var lines: [String] = []
    for index in 0..<count {
        var task = [
            "uuid": String(format: "%08x-1111-4222-8333-%012x", index, index),
            "description": "task \(index + 1)",
            "status": index % 3 == 0 ? "completed" : "pending",
            "entry": "20260101T000000Z",
            "modified": "20260102T000000Z",
            "project": "home",
        ]
        edit(index, &task)
        let members = task.keys.sorted().map { "\"\($0)\":\"\(task[$0]!)\"" }
        lines.append("{" + members.joined(separator: ",") + "}")
    }
    return Array(("[\n" + lines.joined(separator: ",\n") + "\n]\n").utf8)
}

/// What importing `bytes` the usual way, read whole then applied, does to `store`.
private func importedWhole(_ bytes: [UInt8], into store: any Store) throws -> ImportSummary {
    try InterchangeFormat.taskwarrior.read(bytes, now: fixedNow).apply(to: store)
}

/// What `lists import` does: a Taskwarrior file is written while it is read, on a second thread.
private func importedStreaming(_ bytes: [UInt8], into store: any Store) throws -> ImportSummary {
    try InterchangeFormat.taskwarrior.importing(bytes, into: store, now: fixedNow)
}

@Suite("Taskwarrior imports written while they are read: the same outcome as reading whole, then writing")
struct StreamedImportTests {
    @Test func aLargeExportImportsAsWhenReadWhole() throws {
        let bytes = taskwarriorExport(5_500)
        let streamed = try emptyStore()
        let whole = try emptyStore()
        #expect(try importedStreaming(bytes, into: streamed) == ImportSummary(added: 5_500))
        #expect(try importedWhole(bytes, into: whole) == ImportSummary(added: 5_500))
        let (one, other) = (try StoreContents(streamed), try StoreContents(whole))
        #expect(one.tasks == other.tasks)
        #expect(one.revision == other.revision)
        #expect(one == other)
        // Numbers, lookups by id and by name work, and ids stay unique: the indexes are back.
        let todo = TodoList(store: streamed)
        #expect(try todo.all().count == 5_500)
        #expect(try todo.task(.typed("5500")).record.title == "task 5500")
        #expect(try todo.task(.typed("00000fa0")).record.title == "task 4001")
        #expect(try todo.task(.typed("Task 4002")).record.title == "task 4002")
        let taken = try StoreContents(streamed).tasks[7]
        #expect(throws: StoreError.conflict(.task)) { try streamed.write { try $0.insert(taken) } }
    }

    @Test func reimportingAndUpdatingIntoAFullListIsAsWhenReadWhole() throws {
        let first = taskwarriorExport(3_000)
        let edited = taskwarriorExport(4_000) { index, task in
            if index % 500 == 0 { task["description"] = "edited \(index)" }
        }
        let streamed = try storeWithRecords()
        let whole = try storeWithRecords()
        #expect(try importedStreaming(first, into: streamed) == importedWhole(first, into: whole))
        #expect(try importedStreaming(first, into: streamed) == ImportSummary(unchanged: 3_000))
        #expect(try importedWhole(first, into: whole) == ImportSummary(unchanged: 3_000))
        #expect(
            try importedStreaming(edited, into: streamed) == ImportSummary(added: 1_000, updated: 6, unchanged: 2_994))
        #expect(try importedWhole(edited, into: whole) == ImportSummary(added: 1_000, updated: 6, unchanged: 2_994))
        // The stores' own first records have ids of their own; everything imported is the same.
        let (one, other) = (try StoreContents(streamed), try StoreContents(whole))
        #expect(one.tasks.dropFirst() == other.tasks.dropFirst())
        #expect(one.tasks.count == 4_001)
        #expect(one.revision == other.revision)
    }

    @Test func aLaterTaskWithTheUUIDOfOneAlreadyWrittenReplacesItInPlace() throws {
        // Task 2,400 has task 10's uuid: by then task 10 was handed to the writer, which gives up and the whole
        // file is applied the usual way.
        let bytes = taskwarriorExport(2_500) { index, task in
            if index == 2_399 { task["uuid"] = String(format: "%08x-1111-4222-8333-%012x", 9, 9) }
        }
        let streamed = try emptyStore()
        let whole = try emptyStore()
        #expect(try importedStreaming(bytes, into: streamed) == ImportSummary(added: 2_499))
        #expect(try importedWhole(bytes, into: whole) == ImportSummary(added: 2_499))
        let contents = try StoreContents(streamed)
        #expect(contents == (try StoreContents(whole)))
        #expect(contents.tasks[9].title == "task 2400")
        #expect(contents.tasks.count == 2_499)
    }

    @Test func deletedTasksAreLeftOutAndALaterDeletedLineTakesAnEarlierTaskWithIt() throws {
        // Every 100th task is deleted; the line of task 2,400 deletes task 10 (already written by then), the line
        // of task 2,450 task 2,301 (not yet sent).
        let bytes = taskwarriorExport(2_500) { index, task in
            if index % 100 == 99 { task["status"] = "deleted" }
            if index == 2_399 {
                (task["uuid"], task["status"]) = (String(format: "%08x-1111-4222-8333-%012x", 9, 9), "deleted")
            }
            if index == 2_449 {
                (task["uuid"], task["status"]) = (String(format: "%08x-1111-4222-8333-%012x", 2_300, 2_300), "deleted")
            }
        }
        let streamed = try emptyStore()
        let whole = try emptyStore()
        // 26 deleted lines, and the two tasks the last two of them delete.
        #expect(try importedStreaming(bytes, into: streamed) == ImportSummary(added: 2_500 - 26 - 2))
        #expect(try importedWhole(bytes, into: whole) == ImportSummary(added: 2_500 - 26 - 2))
        let contents = try StoreContents(streamed)
        #expect(contents == (try StoreContents(whole)))
        #expect(!contents.tasks.map(\.title).contains("task 10"))
        #expect(!contents.tasks.map(\.title).contains("task 2301"))
        #expect(!contents.tasks.map(\.title).contains("task 100"))
        #expect(contents.tasks.map(\.title).contains("task 11"))
    }

    @Test func aBadTaskAfterThousandsWrittenImportsNothingAndNamesTheTask() throws {
        let bytes = taskwarriorExport(4_200) { index, task in
            if index == 4_100 { task["entry"] = "yesterday" }
        }
        for store in [try emptyStore(), try storeWithRecords()] {
            let before = try StoreContents(store)
            #expect {
                try importedStreaming(bytes, into: store)
            } throws: { error in
                let message = "\(error)"
                return error is ImportError && message.contains("task 4101") && message.contains("entry")
            }
            #expect(try StoreContents(store) == before)
            // The indexes dropped for the load came back with the rollback.
            let todo = TodoList(store: store)
            try todo.add(title: "Still works")
            #expect(try todo.task(.typed("Still works")).record.title == "Still works")
        }
    }

    /// The writer trusts a feed's reader to send each id once. One that breaks that fails a load into the empty
    /// list, or into a list of a few records set aside while its indexes are left out, on its unique index,
    /// keeping nothing; into a long list, where every id is looked up, the repeat counts as already there, as a
    /// repeat in a file read whole does.
    @Test func aReaderSendingAnIdTwiceFailsALoadAndIsLookedUpInALongList() throws {
        let tasks = try InterchangeFormat.taskwarrior.read(taskwarriorExport(2_500), now: fixedNow).tasks
        func apply(to store: any Store) throws -> ImportSummary {
            try ImportBatch.apply(TodoTask.self, to: store, existing: .update, estimate: tasks.count) { feed in
                feed?.send(Array(tasks[0..<1_000]))
                feed?.send(Array(tasks[1_000..<2_000]) + [tasks[10]])
                feed?.send(Array(tasks[2_000...]))
                return ImportBatch(existing: .update)
            }
        }
        for store in [try emptyStore(), try storeWithRecords()] {
            let before = try StoreContents(store)
            #expect(throws: (any Error).self) { try apply(to: store) }
            #expect(try StoreContents(store) == before)
        }
        // A list longer than a quarter of the load keeps its indexes.
        let long = try storeWithRecords()
        _ = try importedWhole(
            taskwarriorExport(1_000) { index, task in
                task["uuid"] = String(format: "%08x-2222-4222-8333-%012x", index, index)
            },
            into: long)
        let count = try TodoList(store: long).all().count
        #expect(try apply(to: long) == ImportSummary(added: 2_500, unchanged: 1))
        #expect(try TodoList(store: long).all().count == count + 2_500)
    }

    /// Into a list of a few records, the store leaves its indexes out for the load as into the empty list, and
    /// the stored records the file has are changed once they are back: the outcome is the one of a file read
    /// whole and applied record by record.
    @Test func aLoadIntoAListOfAFewRecordsUpdatesThemAndKeepsTheirListsAsWhenReadWhole() throws {
        let few = taskwarriorExport(40)
        let load = taskwarriorExport(3_000) { index, task in
            if index % 10 == 0 { task["description"] = "edited \(index)" }
        }
        let streamed = try storeWithRecords()
        let whole = try storeWithRecords()
        #expect(try importedWhole(few, into: streamed) == importedWhole(few, into: whole))
        // Task 11 is moved to a list of its own, which it stays on (the file names its project, "home").
        for store in [streamed, whole] {
            let kept = try TodoLists(store: store, clock: { fixedNow }).make(name: "Kept")
            try TodoList(store: store, clock: { fixedNow }).edit(.typed("0000000a"), list: kept)
        }
        #expect(try importedStreaming(load, into: streamed) == ImportSummary(added: 2_960, updated: 4, unchanged: 36))
        #expect(try importedWhole(load, into: whole) == ImportSummary(added: 2_960, updated: 4, unchanged: 36))
        let (one, other) = (try StoreContents(streamed), try StoreContents(whole))
        #expect(one.tasks.count == 3_001)
        #expect(one.tasks.dropFirst() == other.tasks.dropFirst())
        #expect(one.revision == other.revision)
        let todo = TodoList(store: streamed)
        let lists = TodoLists(store: streamed)
        #expect(try todo.task(.typed("0000000a")).record.title == "edited 10")
        #expect(try todo.task(.typed("0000000a")).record.list == lists.list(named: "Kept").id.uuidString)
        #expect(try todo.task(.typed("00000bb7")).record.list == lists.list(named: "home").id.uuidString)
        // The indexes are back: lookups by id and by name work, and ids stay unique.
        #expect(try todo.task(.typed("Edited 2990")).record.title == "edited 2990")
        let taken = one.tasks[1_000]
        #expect(throws: StoreError.conflict(.task)) { try streamed.write { try $0.insert(taken) } }
        #expect(try streamed.read { try $0.count(TodoTask.self, where: nil) } == 3_001)
    }

    @Test func aStoreErrorIsThrownOnlyOnceTheFileIsReadAndAReadingErrorComesFirst() throws {
        let store = RefusingStore(inner: try storeWithRecords())
        let before = try StoreContents(store)
        let good = taskwarriorExport(1_500)
        let bad = taskwarriorExport(1_500) { index, task in if index == 1_400 { task["status"] = "gone" } }
        #expect(throws: StoreError.busy) { try importedStreaming(good, into: store) }
        #expect(throws: ImportError.self) { try importedStreaming(bad, into: store) }
        #expect(try StoreContents(store) == before)
    }

    @Test func aFileWithoutTasksOrRefusedAtOnceNeverOpensAWrite() throws {
        // The refusing store throws on any write: these never open one.
        let store = RefusingStore(inner: try emptyStore())
        #expect(try importedStreaming(Array("[]".utf8), into: store) == ImportSummary())
        #expect(try importedStreaming(Array("\n".utf8), into: store) == ImportSummary())
        let bad = taskwarriorExport(3) { index, task in if index == 1 { task["uuid"] = "nope" } }
        #expect(throws: ImportError.self) { try importedStreaming(bad, into: store) }
    }

    @Test func progressIsToldTheRecordsWrittenAndTheFilesCount() throws {
        let seen = Mutex<[(Int, Int)]>([])
        let summary = try InterchangeFormat.taskwarrior.importing(taskwarriorExport(2_500), into: try emptyStore()) {
            done, total in seen.withLock { $0.append((done, total)) }
        }
        #expect(summary.added == 2_500)
        let calls = seen.withLock { $0 }
        #expect(calls.map(\.0) == [1_000, 2_000, 2_500])
        #expect(calls.last?.1 == 2_500)
    }
}

/// A store that reads from `inner` and refuses every write, as a database held by another writer does.
private struct RefusingStore: Store {
    var scope: StoreScope { StoreScope(household: .first) }
    func scoped(to scope: StoreScope) -> any Store { self }
    let inner: SQLiteStore

    func read<T>(_ body: (any StoreSession) throws -> T) throws -> T { try inner.read(body) }

    func write<T>(_ body: (any StoreSession) throws -> T) throws -> T { throw StoreError.busy }
}
