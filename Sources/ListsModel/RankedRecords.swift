import Foundation

/// A record people name and put in an order of their own: a household's shopping lists and to-do lists.
public protocol RankedRecord: Record {
    /// What it is called, unique among its kind in the household (case ignored).
    var name: String { get set }
    /// Its place among its kind in the household, from 0.
    var rank: Int { get set }
}

extension NamedList: RankedRecord {}
extension TaskList: RankedRecord {}

/// What renaming and moving a ``RankedRecord`` are, written once for every kind of them.
enum RankedRecords {
    /// The household's records of `type` in their order (by rank, then as they were made), in `session`.
    static func inOrder<R: RankedRecord>(_ type: R.Type, in session: any StoreSession) throws -> [R] {
        try session.list(R.self).map(\.record).sorted { $0.rank < $1.rank }
    }

    /// Refuses `name` when another record of `type` in the household (not `except`) is called so, case ignored.
    /// - Throws: ``StoreError/nameTaken(_:)`` on `name`.
    static func checkFree<R: RankedRecord>(_ type: R.Type, _ name: String, except: UUID?, in session: any StoreSession)
        throws
    {
        let same = try session.records(R.self, named: name, ignoringCase: true, limit: 2)
        if same.contains(where: { $0.record.id != except }) { throw StoreError.nameTaken("name") }
    }

    /// The household's records of `type` as they now stand in `session`, refused when two have one name (case
    /// ignored): records put back by an undo after another took a name (the write is then rolled back).
    /// - Throws: ``StoreError/nameTaken(_:)``.
    @discardableResult
    static func checkNamesDistinct<R: RankedRecord>(_ type: R.Type, in session: any StoreSession) throws -> [R] {
        let all = try session.list(R.self).map(\.record)
        if Set(all.map { Reference.nameKey($0.name) }).count != all.count { throw StoreError.nameTaken("name") }
        return all
    }

    /// Gives the record of `type` with `id` the name `name` (checked, and free, already), in `session`.
    /// - Throws: ``StoreError/notFound(_:)``, ``StoreError/conflict(_:)`` for a stale `expectedVersion`.
    static func renamed<R: RankedRecord>(
        _ type: R.Type, id: UUID, to name: String, expectedVersion: Int?, now: Date, in session: any StoreSession
    ) throws -> R {
        guard let old = try session.record(R.self, id: id) else { throw StoreError.notFound(R.kind) }
        if let expectedVersion, expectedVersion != old.meta.version { throw StoreError.conflict(R.kind) }
        var new = old
        new.name = name
        guard new != old else { return old }
        new = try R.schema.checked(new, changedFrom: old, now: now)
        new.meta = RecordMeta(id: old.id, createdAt: old.meta.createdAt, updatedAt: now, version: old.meta.version + 1)
        try session.update(new, expectedVersion: old.meta.version)
        return new
    }

    /// `order` with `target` moved `offset` places (negative: up, towards the first), stored as their ranks.
    /// - Throws: ``ValidationError`` on `offset` for a move past the first or the last.
    static func moved<R: RankedRecord>(
        _ target: R, by offset: Int, in order: [R], now: Date, in session: any StoreSession
    )
        throws -> [R]
    {
        var order = order
        guard let from = order.firstIndex(where: { $0.id == target.id }) else { throw StoreError.notFound(R.kind) }
        let (to, overflow) = from.addingReportingOverflow(offset)
        guard !overflow, order.indices.contains(to) else {
            throw ValidationError(
                field: "offset",
                message: "\(Quoted(target.name)) is list \(from + 1) of \(order.count): it can move "
                    + "\(from) up and \(order.count - 1 - from) down")
        }
        order.insert(order.remove(at: from), at: to)
        return try ranked(order, now: now, in: session)
    }

    /// Gives the records of `order` their places in it as their ranks (each whose rank changes gets a new version),
    /// and answers them as stored.
    static func ranked<R: RankedRecord>(_ order: [R], now: Date, in session: any StoreSession) throws -> [R] {
        var order = order
        for (rank, old) in order.enumerated() where old.rank != rank {
            var new = old
            new.rank = rank
            new.meta = RecordMeta(
                id: old.id, createdAt: old.meta.createdAt, updatedAt: now, version: old.meta.version + 1)
            try session.update(new, expectedVersion: old.meta.version)
            order[rank] = new
        }
        return order
    }

    /// `name`, or when `taken` (folded names) has it, `name` with the first number from 2 that makes it free
    /// ("Groceries 2"); the name given is added to `taken`.
    static func freeName(_ name: String, taken: inout Set<String>) -> String {
        var free = name
        var number = 2
        while taken.contains(Reference.nameKey(free)) {
            free = "\(name.prefix(190)) \(number)"
            number += 1
        }
        taken.insert(Reference.nameKey(free))
        return free
    }
}
