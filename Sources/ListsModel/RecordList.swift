import Foundation

/// One ordered list of records and the operations every list shares (add at the end, change, remove, resolve
/// references), written once: the three data controllers hold one each, and the API serves all three through
/// them alike. Every record added or changed is checked against its kind's ``RecordSchema`` here.
public struct RecordList<R>: Sendable {
    /// The store the records are kept in.
    public let store: any Store
    let clock: @Sendable () -> Date

    /// The list of `R` kept in `store`; `clock` dates changes.
    public init(store: any Store, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.clock = clock
    }

    /// The current time, at the precision stores keep.
    public func now() -> Date { clock().roundedToMilliseconds }
}

// The constraint sits on the extension, not the type (docs/performance.md, "No conformance scans").
extension RecordList where R: Record {

    /// Adds `draft` at the end of the list, checked (texts trimmed) and given fresh meta (its own is replaced);
    /// with its short number when `numbered` (the API answers without one, and on PostgreSQL counting is a read
    /// the insert can then skip).
    ///
    /// `id` is the new record's id as the client chose it (an add form's hidden field, drawn with the form; the
    /// API's `id`), so that an add sent twice (a double click on Save, a request retried after a lost answer)
    /// adds once: when a record with that id is stored already, the add writes nothing and answers that record as
    /// stored (``Added/isNew`` false), whatever `draft` holds, for the second send of an add is the first one
    /// again. Without `id` the record gets a random one, which no stored record has: a record found with it is a
    /// conflict.
    /// - Throws: ``ValidationError`` for a refused value; ``StoreError/conflict(_:)`` when a random id is taken.
    @discardableResult
    public func add(_ draft: R, numbered: Bool = true, id: UUID? = nil) throws -> Added<R> {
        let now = now()
        var record = try R.schema.checked(draft, now: now, zone: { try store.householdTimeZone() })
        record.meta = RecordMeta(id: id ?? .random(), createdAt: now)
        if R.settlesInList {
            try store.read { session in try R.settleInList(&record, changedFrom: nil, in: session) }
        }
        if R.refersToOthers {
            // Read before the append, which stays one write: an id found here and deleted before the append reads
            // as none, as any id whose record was deleted does.
            let household = store.scope.household
            try store.read { session in
                try R.settle(&record, changedFrom: nil, household: household, in: session.session(in: .main))
            }
            if R.lacksHome(record) {
                // Rare (a household's first task), so the common add keeps its one read.
                record = try store.write { session in
                    var settled = record
                    try R.settleMaking(&settled, household: household, now: now, in: session.session(in: .main))
                    return settled
                }
            }
        }
        do {
            let number = try store.append(record, numbered: numbered)
            return Added(record: record, number: number)
        } catch let error as StoreError where error.code == .conflict && id != nil {
            let stored = try store.read { session -> Numbered<R>? in
                guard numbered else {
                    return try session.record(R.self, id: record.id).map { Numbered(number: 0, record: $0) }
                }
                return try session.records(R.self, idPrefix: record.id.text, limit: 1).first
            }
            // Deleted again since the store found it: the add can neither be made nor answered.
            guard let stored else { throw error }
            return Added(record: stored.record, number: numbered ? stored.number : nil, isNew: false)
        }
    }

    /// Applies `change` to every record `references` point at, in one transaction: either all change or none.
    ///
    /// The fields `change` changed are checked (texts trimmed); a record it leaves as it was is not written (its
    /// version stays). `expectedVersion`, when given, is checked against every record (it is meant for a single
    /// reference, from a form or `If-Match`).
    /// - Throws: ``ValidationError`` for an unknown or ambiguous reference or a refused value,
    ///   ``StoreError/conflict(_:)`` when a record's version is not `expectedVersion`.
    @discardableResult
    public func change(
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
                new = try R.schema.checked(new, changedFrom: old, now: stamp) {
                    try HouseholdTimeZone.of(store.household, in: session)
                }
                if R.settlesInList { try R.settleInList(&new, changedFrom: old, in: session) }
                if R.refersToOthers {
                    try R.settle(
                        &new, changedFrom: old, household: store.scope.household, in: session.session(in: .main))
                }
                guard new != old else { return numbered }
                new.meta = RecordMeta(
                    id: old.id, createdAt: old.meta.createdAt, updatedAt: stamp, version: old.meta.version + 1)
                try session.update(new, expectedVersion: old.meta.version)
                return Numbered(number: numbered.number, record: new)
            }
        }
    }

    /// Removes every record `references` point at, in one transaction, as one removal: `removal`, when the caller
    /// chose it (to undo them all at once with ``restore(_:)-(RemovalID)``), or a new one.
    /// - Throws: ``ValidationError`` for an unknown or ambiguous reference, ``StoreError/conflict(_:)``
    ///   when `expectedVersion` is given and differs.
    @discardableResult
    public func remove(_ references: [Reference], expectedVersion: Int? = nil, removal: RemovalID = RemovalID())
        throws -> [Numbered<R>]
    {
        try store.write { session in
            let found = try resolveAll(references, in: session)
            let stamp = now()
            for numbered in found {
                if let expectedVersion, expectedVersion != numbered.record.meta.version {
                    throw StoreError.conflict(R.kind)
                }
                try session.delete(R.self, id: numbered.record.id, at: stamp, removal: removal)
            }
            return found
        }
    }

    /// Puts back every record `removal` removed less than ``Undo/window`` ago, of this list and of every other kind,
    /// in one transaction, each exactly as it was and in its place: the undo of a removal of several records as one.
    /// Answers this list's records put back, with their numbers now.
    /// - Throws: ``StoreError/nothingToRestore(_:)`` when nothing of `removal` is kept (never made, made longer ago,
    ///   or put back already), ``StoreError/conflict(_:)`` when one of them has its id stored again; then nothing
    ///   is put back.
    @discardableResult
    public func restore(_ removal: RemovalID) throws -> [Numbered<R>] {
        let stamp = now()
        return try store.write { session in
            let restored = try session.restore(removal, at: stamp)
            guard !restored.isEmpty else { throw StoreError.nothingToRestore(R.kind) }
            return try restored.filter { $0.kind == R.kind }.compactMap { key in
                try session.records(R.self, idPrefix: key.id.text, limit: 1).first
            }
        }
    }

    /// Puts back the record with `id`, removed less than ``Undo/window`` ago, exactly as it was (id, fields,
    /// `createdAt`, `updatedAt`, version) and where it was in the list, between its neighbours: the undo of a
    /// remove. Answers it with its number now. Every record ``remove(_:expectedVersion:)`` removed can be put back
    /// this way, one by one, for that long, from any server sharing the store.
    /// - Throws: ``StoreError/nothingToRestore(_:)`` when there is nothing to put back (never removed, removed
    ///   longer ago, or put back already), ``StoreError/conflict(_:)`` when a record with its id is stored again.
    @discardableResult
    public func restore(_ id: UUID) throws -> Numbered<R> {
        let stamp = now()
        return try store.write { session in
            try session.restore(R.self, id: id, at: stamp)
            guard let restored = try session.records(R.self, idPrefix: id.text, limit: 1).first else {
                throw StoreError.nothingToRestore(R.kind)
            }
            return restored
        }
    }

    /// The record with `id` removed less than ``Undo/window`` ago, which ``restore(_:)`` can put back, or `nil`.
    public func recentlyRemoved(_ id: UUID) throws -> R? {
        let stamp = now()
        return try store.read { try $0.recentlyRemoved(R.self, id: id, at: stamp) }
    }

    /// The record stored with `id`, or `nil`.
    public func stored(_ id: UUID) throws -> R? {
        try store.read { try $0.record(R.self, id: id) }
    }

    /// The one record `reference` points at.
    public func find(_ reference: Reference) throws -> Numbered<R> {
        try store.read { try $0.resolve(reference, as: R.self) }
    }

    /// The short number the record with `id` has now, or `nil` when there is none.
    public func place(of id: UUID) throws -> Int? {
        try store.read { try $0.records(R.self, idPrefix: id.uuidString, limit: 1).first?.number }
    }

    /// The records in list order, optionally filtered and paged.
    public func list(where filter: FieldFilter? = nil, offset: Int = 0, limit: Int? = nil) throws -> [Numbered<R>] {
        try store.read { try $0.list(R.self, where: filter, offset: offset, limit: limit) }
    }

    /// Up to `limit` records (of those `filter` matches, or all) from the place `start` gives, and how many there
    /// are, in one snapshot. `start` is given that count, so that a page asked for past the end can be drawn as
    /// the last one there is.
    public func window(where filter: FieldFilter? = nil, limit: Int, start: (_ total: Int) -> Int) throws
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
    public func counts(_ filters: [FieldFilter?]) throws -> [Int] {
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

extension Added: Sendable where R: Sendable {}

/// A record just added, with its short number when it was asked for.
public struct Added<R> {
    /// The record as stored: checked, with its meta.
    public let record: R
    /// Its 1-based place in its list, when ``RecordList/add(_:numbered:id:)`` was asked for it.
    public let number: Int?
    /// Whether this add stored it: `false` when an add that chose its id found it stored by an earlier send.
    public let isNew: Bool

    init(record: R, number: Int?, isNew: Bool = true) {
        self.record = record
        self.number = number
        self.isNew = isNew
    }
}

extension RecordMeta {
    /// The meta of a record not added yet: ``RecordList/add(_:numbered:id:)`` gives it its own.
    public static let draft = RecordMeta(
        id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), createdAt: Date(timeIntervalSince1970: 0))
}
