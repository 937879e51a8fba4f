import Foundation

/// The operations every list shares (add at the end, change, remove, resolve references), written once and
/// used by the three data controllers.
struct RecordCollection<R: Record>: Sendable {
    let store: any Store
    let clock: @Sendable () -> Date

    /// The current time, at the precision stores keep.
    func now() -> Date { clock().roundedToMilliseconds }

    /// Appends a record made by `make` from fresh meta; returns it with its number.
    func add(_ make: (RecordMeta) -> R) throws -> Numbered<R> {
        let record = make(RecordMeta(createdAt: now()))
        return Numbered(number: try store.append(record, numbered: true) ?? 0, record: record)
    }

    /// Appends a record made by `make` from fresh meta, without asking the store for its number.
    func create(_ make: (RecordMeta) -> R) throws -> R {
        let record = make(RecordMeta(createdAt: now()))
        _ = try store.append(record, numbered: false)
        return record
    }

    /// Applies `change` to every record `references` point at, in one transaction: either all change or none.
    ///
    /// A record that `change` leaves as it was is not written (its version stays). `expectedVersion`, when
    /// given, is checked against every record (it is meant for a single reference, from a form or `If-Match`).
    /// - Throws: ``ValidationError`` for an unknown or ambiguous reference or a refused value,
    ///   ``StoreError/conflict(_:)`` when a record's version is not `expectedVersion`.
    func change(
        _ references: [Reference], expectedVersion: Int? = nil, _ change: (inout R) throws -> Void
    ) throws -> [Numbered<R>] {
        try store.write { session in
            let found = try resolveAll(references, in: session)
            let stamp = now()
            return try found.map { numbered in
                let old = numbered.record
                if let expectedVersion, expectedVersion != old.meta.version { throw StoreError.conflict(R.kind) }
                var new = old
                try change(&new)
                guard new != old else { return numbered }
                new.meta = RecordMeta(
                    id: old.id, createdAt: old.meta.createdAt, updatedAt: stamp, version: old.meta.version + 1)
                try session.update(new, expectedVersion: old.meta.version)
                return Numbered(number: numbered.number, record: new)
            }
        }
    }

    /// Removes every record `references` point at, in one transaction.
    /// - Throws: ``ValidationError`` for an unknown or ambiguous reference, ``StoreError/conflict(_:)``
    ///   when `expectedVersion` is given and differs.
    func remove(_ references: [Reference], expectedVersion: Int? = nil) throws -> [Numbered<R>] {
        try store.write { session in
            let found = try resolveAll(references, in: session)
            for numbered in found {
                if let expectedVersion, expectedVersion != numbered.record.meta.version {
                    throw StoreError.conflict(R.kind)
                }
                try session.delete(R.self, id: numbered.record.id)
            }
            return found
        }
    }

    /// The one record `reference` points at.
    func find(_ reference: Reference) throws -> Numbered<R> {
        try store.read { try $0.resolve(reference, as: R.self) }
    }

    /// The records in list order, optionally filtered and paged.
    func list(where filter: FieldFilter? = nil, offset: Int = 0, limit: Int? = nil) throws -> [Numbered<R>] {
        try store.read { try $0.list(R.self, where: filter, offset: offset, limit: limit) }
    }

    /// Up to `limit` records (of those `filter` matches, or all) from the place `start` gives, and how many there
    /// are, in one snapshot. `start` is given that count, so that a page asked for past the end can be drawn as
    /// the last one there is.
    func window(where filter: FieldFilter? = nil, limit: Int, start: (_ total: Int) -> Int) throws
        -> (records: [Numbered<R>], total: Int)
    {
        try store.read { session in try window(in: session, where: filter, limit: limit, start: start) }
    }

    /// ``window(where:limit:start:)`` in `session`'s snapshot, for a caller that reads more in it.
    func window(in session: any StoreSession, where filter: FieldFilter?, limit: Int, start: (_ total: Int) -> Int)
        throws -> (records: [Numbered<R>], total: Int)
    {
        let total = try session.count(R.self, where: filter)
        return (try session.list(R.self, where: filter, offset: max(0, start(total)), limit: limit), total)
    }

    /// How many records match each of `filters` (`nil`: all of them), counted by the store in one snapshot.
    func counts(_ filters: [FieldFilter?]) throws -> [Int] {
        try store.read { session in try filters.map { try session.count(R.self, where: $0) } }
    }

    /// Resolves every reference before anything changes; the same record named twice counts once.
    private func resolveAll(_ references: [Reference], in session: any StoreSession) throws -> [Numbered<R>] {
        guard !references.isEmpty else {
            throw ValidationError(field: R.kind.noun, message: "name at least one \(R.kind.noun)")
        }
        var seen = Set<UUID>()
        return try references.map { try session.resolve($0, as: R.self) }.filter { seen.insert($0.record.id).inserted }
    }
}
