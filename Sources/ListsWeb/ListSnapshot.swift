import Foundation
import JSONCodec
import ListsModel

/// One household's list of one kind as the event hub last read it: enough to tell, from two reads, which records
/// were added, changed and removed between them, and where each new one stands, so that an event can carry the
/// changed records and a page draw them in place (see ``EventHub``).
///
/// A list longer than ``limit`` is not kept: reading it whole at every change would cost more than the pages'
/// own reloads, and its screens are paged anyway; its events then carry no records.
struct ListSnapshot: Sendable {
    /// The longest list kept.
    static let limit = 2_000

    /// What is kept of one record: its version and its JSON as the API writes it.
    struct Entry: Sendable {
        var version: Int
        var json: [UInt8]
    }

    /// The record kind.
    let kind: RecordKind
    /// The records' ids in list order.
    let order: [UUID]
    /// Each record by id.
    let entries: [UUID: Entry]

    /// Reads `type`'s list in `session`, or `nil` when it holds more than ``limit`` records.
    static func read<R: Record>(_ type: R.Type, in session: any StoreSession) throws -> ListSnapshot? {
        guard try session.count(type, where: nil) <= limit else { return nil }
        let records = try session.list(type, where: nil, offset: 0, limit: limit + 1)
        guard records.count <= limit else { return nil }
        var order: [UUID] = []
        order.reserveCapacity(records.count)
        var entries: [UUID: Entry] = [:]
        entries.reserveCapacity(records.count)
        for numbered in records {
            let record = numbered.record
            var json: [UInt8] = []
            record.writeJSON(to: &json)
            order.append(record.id)
            entries[record.id] = Entry(version: record.meta.version, json: json)
        }
        return ListSnapshot(kind: R.kind, order: order, entries: entries)
    }

    /// Reads the list of `kind` in `session`, as ``read(_:in:)`` does.
    static func read(_ kind: RecordKind, in session: any StoreSession) throws -> ListSnapshot? {
        switch kind {
        case .item: try read(ShoppingItem.self, in: session)
        case .task: try read(TodoTask.self, in: session)
        case .sighting: try read(BirdSighting.self, in: session)
        default: nil
        }
    }

    /// The changes from `old` to this list, as the members of an event's `records` array, or `nil` when there are
    /// more than `limit` of them (a page would rather load its screen again).
    ///
    /// A record is in it when it is new, its version changed, or it is gone:
    /// `{"kind": "item", "id": …, "record": {…}, "previous": id or null}` for a record as it now is, with the record
    /// before it in the list; `{"kind": "item", "id": …, "removed": true}` for a record gone.
    func changes(from old: ListSnapshot, limit: Int) -> [[UInt8]]? {
        var changes: [[UInt8]] = []
        for id in old.order where entries[id] == nil {
            guard changes.count < limit else { return nil }
            changes.append(Array(#"{"kind":"\#(kind.rawValue)","id":"\#(id.uuidString)","removed":true}"#.utf8))
        }
        for (place, id) in order.enumerated() {
            guard let entry = entries[id] else { continue }
            if let before = old.entries[id], before.version == entry.version { continue }
            guard changes.count < limit else { return nil }
            var change = Array(#"{"kind":"\#(kind.rawValue)","id":"\#(id.uuidString)","record":"#.utf8) + entry.json
            change += Array(#","previous":\#(Self.idJSON(place > 0 ? order[place - 1] : nil))"#.utf8)
            change += Array("}".utf8)
            changes.append(change)
        }
        return changes
    }

    /// An id as JSON: a string, or `null`.
    private static func idJSON(_ id: UUID?) -> String {
        id.map { "\"\($0.uuidString)\"" } ?? "null"
    }
}
