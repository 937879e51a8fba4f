import Foundation
import ListsInterchange
import ListsModel
import ListsSQLite
import Testing

/// The fixture files of `Tests/ListsInterchangeTests/Fixtures/`, read from the source tree.
enum Fixture {
    /// The directory the fixtures are in.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures")

    /// The bytes of the fixture `name`.
    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }
}

extension ImportBatch {
    /// The batch's shopping items, as the tests read a file's.
    var items: [ShoppingItem] { records(ShoppingItem.self) }
    /// The batch's tasks.
    var tasks: [TodoTask] { records(TodoTask.self) }
    /// The batch's sightings.
    var sightings: [BirdSighting] { records(BirdSighting.self) }
}

/// A fixed "now" for reads that stamp new records, so that results can be compared.
let fixedNow = Date(timeIntervalSince1970: 1_795_000_000.123)

/// A fresh, empty in-memory SQLite store.
func emptyStore() throws -> SQLiteStore {
    try SQLiteStore(path: ":memory:")
}

/// Everything a store holds, in order, for before/after comparisons.
struct StoreContents: Equatable {
    var items: [ShoppingItem]
    var tasks: [TodoTask]
    var sightings: [BirdSighting]
    var revision: Int64

    init(_ store: any Store) throws {
        (items, tasks, sightings, revision) = try store.read { session in
            (
                try session.list(ShoppingItem.self).map(\.record), try session.list(TodoTask.self).map(\.record),
                try session.list(BirdSighting.self).map(\.record), try session.revision()
            )
        }
        // A task's list by its name: two stores that made a list of one name gave it ids of their own.
        let names = try store.read { session in
            Dictionary(
                try session.list(TaskList.self).map { ($0.record.id.uuidString, $0.record.name) },
                uniquingKeysWith: { first, _ in first })
        }
        for index in tasks.indices { tasks[index].list = tasks[index].list.map { "list " + (names[$0] ?? $0) } }
    }
}

/// A store holding one record of each kind, so that "nothing changed" is checked against something.
func storeWithRecords() throws -> SQLiteStore {
    let store = try emptyStore()
    try store.write { session in
        try session.insert(
            ShoppingItem(meta: RecordMeta(createdAt: fixedNow), name: "Milk", price: Money(minorUnits: 99)))
        try session.insert(TodoTask(meta: RecordMeta(createdAt: fixedNow), title: "Water the plants"))
        try session.insert(
            BirdSighting(meta: RecordMeta(createdAt: fixedNow), name: "Robin", location: nil, date: fixedNow))
    }
    return store
}

/// Reads `bytes` as `format` expecting a refusal, and returns it.
func refusal(_ format: InterchangeFormat, _ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation)
    -> ImportError?
{
    do {
        let batch = try format.read(bytes, now: fixedNow)
        Issue.record("read \(batch.count) records instead of refusing", sourceLocation: sourceLocation)
        return nil
    } catch let error as ImportError {
        return error
    } catch {
        Issue.record("threw \(error), not an ImportError", sourceLocation: sourceLocation)
        return nil
    }
}

/// Reads `text` as `format` expecting a refusal, and returns it.
func refusal(_ format: InterchangeFormat, _ text: String, sourceLocation: SourceLocation = #_sourceLocation)
    -> ImportError?
{
    refusal(format, Array(text.utf8), sourceLocation: sourceLocation)
}

/// Exports `store` as `format` into bytes.
func exported(_ store: any Store, as format: InterchangeFormat = .listsJSON) throws -> [UInt8] {
    var bytes: [UInt8] = []
    try format.export(store) { bytes += $0 }
    return bytes
}

extension Money {
    /// The price written with two decimals, as `lists shop list` shows it.
    var text: String { description }
}
