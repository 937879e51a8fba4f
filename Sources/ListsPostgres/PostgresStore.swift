import Foundation
import ListsModel
import ListsSQL
import Synchronization

/// The store for households and teams that outgrow one machine: several `lists serve` processes share one
/// PostgreSQL server.
///
/// Each transaction takes a connection from a small pool (opening one when none is idle) and gives it back
/// after; a connection that broke is dropped, so the next transaction gets a fresh one. A read is a
/// `REPEATABLE READ READ ONLY` transaction: one consistent snapshot, as on SQLite. Writes run side by side:
/// positions come from a sequence per list (schema 5), and each change appends a row to `record_changes` that
/// counts and the revision read, folded into the count rows now and then (schema 6), so writers from many
/// servers neither race nor queue on one row. Adding one record is a single autocommitted statement
/// (``append(_:numbered:)``). Only a write that reads a setting
/// (seeding's "already seeded?") takes the store's write lock (a transaction-scoped advisory lock on the schema),
/// so seeding happens once however many servers start at once. Reads never wait.
///
/// `@unchecked Sendable` is safe because the only mutable state, the idle connections, is touched only under
/// `idle`'s mutex, and a connection taken out of it is used by the one thread running that transaction.
public final class PostgresStore: Store, AppendingStore, BulkLoadingStore, @unchecked Sendable {
    /// The connection URL as given (with its password, if any): never shown.
    let url: String
    /// The URL without password or options, for messages.
    public let place: String
    /// What the store shares with the stores scoped from it: connections, counters and queues.
    private let shared: PostgresShared
    /// The records the store's sessions read and change.
    public let scope: StoreScope
    /// How many idle connections stay open.
    public let idleConnectionLimit: Int

    /// The statement that takes the store's lock until the transaction ends (migrations, writes that read a
    /// setting, numbering a new household): the dialect's advisory lock keyed by the schema, so that stores in
    /// other schemas of one database do not wait for each other.
    static let writeLock = SQLDialect.Locks.advisory.store

    /// How many writes of a store go by between folds of `record_changes` (see ``fold``); a write that ran more
    /// statements appending change rows than that counts as that many.
    static let foldInterval = 128

    /// Folds the changes appended to `record_changes` (schema 6) into the count rows and deletes them, in one
    /// statement, so that counting and the revision stay short reads. A fold that finds another one running
    /// (its advisory lock taken) does nothing: the other folds. Readers see a fold whole or not at all, and the
    /// counts and the revision it gives are the same as before it.
    static let fold = """
        WITH locked AS (SELECT pg_try_advisory_xact_lock(1279870805, hashtext(current_schema())) AS got),
        gone AS (DELETE FROM record_changes WHERE (SELECT got FROM locked) RETURNING household, kind, list, step),
        folded AS (SELECT household, kind, list, sum(step) AS steps, count(*) AS changes FROM gone
            GROUP BY household, kind, list)
        INSERT INTO record_counts (household, kind, list, shard, count, changes)
            SELECT household, kind, list, 0, steps, changes FROM folded
        ON CONFLICT (household, kind, list, shard) DO UPDATE SET count = record_counts.count + excluded.count,
            changes = record_counts.changes + excluded.changes
        """

    /// How many writes of a store go by between vacuums of `record_changes`.
    static let vacuumInterval = 4096

    /// Upkeep of `record_changes` after writes: a fold every ``foldInterval`` writes, and a vacuum every
    /// ``vacuumInterval``, so that the space of the folded rows is used again instead of the table growing until
    /// autovacuum's next visit (a minute of the heaviest load is hundreds of thousands of rows that every count would
    /// read). Not a vacuum at every fold: a vacuum makes every server process plan its statements on the table
    /// again. Between vacuums the table holds a few thousand dead rows at most, a few dozen pages to read.
    private struct Upkeep: OptionSet {
        let rawValue: Int
        static let fold = Upkeep(rawValue: 1)
        static let vacuum = Upkeep(rawValue: 2)
    }

    /// Counts `count` more committed writes and returns the upkeep they make due, if any.
    private func upkeep(after count: Int) -> Upkeep? {
        let total = shared.writes.add(count, ordering: .relaxed).newValue
        func crossed(_ interval: Int) -> Bool { total / interval != (total - count) / interval }
        guard crossed(Self.foldInterval) else { return nil }
        return crossed(Self.vacuumInterval) ? [.fold, .vacuum] : .fold
    }

    /// Runs `upkeep` on `connection`. A fold that fails changes nothing and is left to the next one; the vacuum
    /// follows only a fold that folded something, and any fold of more rows than writes go by between vacuums (a
    /// large load's), whose dead rows every count would read until the next vacuum.
    private func run(_ upkeep: Upkeep, on connection: PostgresConnection) {
        guard let folded = try? connection.run(Self.fold), folded > 0,
            upkeep.contains(.vacuum) || folded >= Self.vacuumInterval
        else { return }
        if folded >= Self.vacuumInterval {
            Self.shrinkChanges(connection)
            return
        }
        // Without truncating (which locks the table against the writers appending to it), and not at all when
        // another vacuum of it is running.
        try? connection.execute("VACUUM (SKIP_LOCKED, TRUNCATE false) record_changes")
    }

    /// The size of `record_changes` above which its empty pages are given back (a vacuum that truncates).
    static let changesShrinkBytes = 512 * 1024

    /// Gives back the space of `record_changes` when a burst of change rows (a large load, or writes that went
    /// long without a fold) left it larger than ``changesShrinkBytes``: every count reads the whole table (it has no
    /// index, for the writers' sake), empty pages and all, and a vacuum that does not truncate keeps them. The
    /// truncation takes a lock the writers appending to the table wait for, briefly, which is why it is kept for
    /// these rare times (a store's opening, a fold of a burst) and skipped when another vacuum runs.
    static func shrinkChanges(_ connection: PostgresConnection) {
        guard let size = try? connection.integer("SELECT pg_relation_size('record_changes')"),
            size > changesShrinkBytes
        else { return }
        try? connection.execute("VACUUM (SKIP_LOCKED, TRUNCATE true) record_changes")
    }

    /// Runs the upkeep the append queue left, if any, on a pooled connection.
    private func runDeferredUpkeep() {
        guard shared.deferredUpkeep.load(ordering: .relaxed) != 0 else { return }
        let due = Upkeep(rawValue: shared.deferredUpkeep.exchange(0, ordering: .relaxed))
        guard !due.isEmpty else { return }
        _ = try? autocommitted(writes: 0) { connection, _ in run(due, on: connection) }
    }

    /// How long a writer waits for another writer's lock before giving up with ``StoreError/busy``.
    static let lockTimeout = "10s"

    /// Connects to the server at `url` (`postgres://user@host:port/database`, any libpq URI parameters
    /// allowed), and migrates the database.
    ///
    /// Up to `connections` idle connections are kept open (a server passes its thread count); more are opened
    /// while more transactions run at once.
    /// - Throws: ``StoreError``: `.cannotOpen` when the server cannot be reached or refuses the login or the
    ///   database, `.newerSchema` for a newer Lists's database (nothing is changed then).
    public init(url: String, connections: Int = 4) throws {
        self.url = url
        place = Self.redacted(url)
        idleConnectionLimit = max(1, connections)
        shared = PostgresShared()
        scope = StoreScope(household: .first)
        let connection = try open(first: true)
        do {
            try Self.migrate(connection)
        } catch let error as PostgresError {
            throw error.storeError(place: place)
        }
        // Change rows another process left unfolded (a load that ended between folds) are folded now, and a table
        // grown large by a burst of them given back its space, so that the counts this server reads do not go
        // through them.
        run(.fold, on: connection)
        Self.shrinkChanges(connection)
        put(PostgresConnectionBox(connection))
    }

    /// A store on `store`'s connections for the records of `scope`.
    private init(sharing store: PostgresStore, scope: StoreScope) {
        url = store.url
        place = store.place
        idleConnectionLimit = store.idleConnectionLimit
        shared = store.shared
        self.scope = scope
    }

    public func scoped(to scope: StoreScope) -> any Store {
        PostgresStore(sharing: self, scope: scope)
    }

    public func read<T>(_ body: (any StoreSession) throws -> T) throws -> T {
        try transaction(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", isWrite: false, body)
    }

    @discardableResult public func write<T>(_ body: (any StoreSession) throws -> T) throws -> T {
        try transaction(begin: "BEGIN", isWrite: true, body)
    }

    /// Adds are one statement each, committed in groups.
    public var appending: (any AppendingStore)? { self }

    /// A write of many records counts them toward the next fold and vacuum.
    public var bulkLoading: (any BulkLoadingStore)? { self }

    /// A write of many records (an import) counts as that many writes toward the next fold and vacuum, so that
    /// the change rows it appended are folded when it has committed.
    @discardableResult public func write<T>(records: Int, _ body: (any StoreSession) throws -> T) throws -> T {
        try transaction(begin: "BEGIN", isWrite: true, writes: max(1, records), body)
    }

    /// Adding one record is one statement, run on its own, without `BEGIN` and `COMMIT`: PostgreSQL commits a lone
    /// statement as its own transaction, durably, before it answers. One round trip instead of three.
    ///
    /// An add that needs no number goes through its list's ``PostgresAppendQueue``: adds that arrive while
    /// another is committing are committed together, in one statement (group commit). An add that needs its number
    /// runs alone (``PostgresSession/insertNumbered(_:)``).
    public func append<R: Record>(_ record: R, numbered: Bool) throws -> Int? {
        guard numbered else {
            let entry = PostgresAppend(
                id: record.id.text, values: PostgresSession.insertValues(record, household: scope.household))
            defer { runDeferredUpkeep() }
            try shared.appendQueue(R.kind, scope.household, scope.insertList).add(entry) { batch in
                commit(R.self, batch)
            }
            return nil
        }
        return try autocommitted { connection, isRetry in
            let session = PostgresSession(connection: connection, scope: scope, isWrite: true)
            do {
                return try session.insertNumbered(record)
            } catch let error as StoreError where error.code == .conflict && isRetry {
                // The first try committed before its connection broke when what is stored is this record exactly.
                // Another record with its id (an add that chose its id, sent before) is a conflict, which the model
                // answers with the stored record.
                guard let stored = try session.records(R.self, idPrefix: record.id.text, limit: 1).first,
                    stored.record == record
                else { throw error }
                return stored.number
            }
        }
    }

    /// Commits `batch`, adds to `R`'s list, in one statement, and sets each add's outcome: done, or a conflict for
    /// a record whose id exists. When the statement fails whole for a reason other than the connection (a record
    /// the schema refuses, an id that exists), each add is committed alone, so that only the one at fault fails.
    private func commit<R: Record>(_ type: R.Type, _ batch: [PostgresAppend]) {
        let list = FieldValue.integer(scope.insertList.rawValue)
        do {
            // Whether each add stored its record.
            let inserted: [Bool] = try autocommitted(writes: batch.count, deferringUpkeep: true) {
                connection, isRetry in
                if !isRetry {
                    // New records (random ids) in the cheapest statement: an existing id (or one twice in the batch)
                    // fails it whole; alone, the add is then the conflict, and in a batch the fallback below finds
                    // which one it is.
                    do {
                        try connection.run(
                            PostgresSession.insertNewRows(R.self, rows: batch.count),
                            batch.flatMap(\.values) + [list])
                        return batch.map { _ in true }
                    } catch let error as PostgresError where error.isUniqueViolation && batch.count == 1 {
                        return [false]
                    }
                }
                // A retry: the first try may have committed before its connection broke, so the records it skips
                // as already there may be its own: those stored exactly as the add has them. Another record with
                // the id (an add that chose its id, sent before; the same id later in the batch) is a conflict.
                let rows = try connection.query(
                    PostgresSession.insertRows(R.self, rows: batch.count), batch.flatMap(\.values) + [list])
                let returned = Set((0..<rows.count).map { rows.text($0, 0) })
                let session = PostgresSession(connection: connection, scope: scope)
                var answered = Set<String>()
                return try batch.map { entry in
                    guard answered.insert(entry.id).inserted else { return false }
                    if returned.contains(entry.id) { return true }
                    guard let id = UUID(text: entry.id), let stored = try session.record(R.self, id: id) else {
                        return false
                    }
                    return PostgresSession.insertValues(stored, household: scope.household) == entry.values
                }
            }
            for (entry, isStored) in zip(batch, inserted) {
                entry.outcome = isStored ? .success(()) : .failure(StoreError.conflict(R.kind))
            }
        } catch let error as StoreError where batch.count > 1 && error.isRefusal {
            for entry in batch { commit(R.self, [entry]) }
        } catch {
            for entry in batch { entry.outcome = .failure(error) }
        }
    }

    /// Runs `body` on a connection outside any transaction, so that each statement commits on its own, and counts
    /// `writes` toward the next fold (which runs at once, or with `deferringUpkeep` is left to
    /// ``runDeferredUpkeep()``). A pooled connection whose server side went away (a restarted server, a
    /// terminated backend) fails the statement; `body` then runs once more on a new connection, told that it is a
    /// retry: the first try may have reached the server and committed before its connection broke.
    private func autocommitted<T>(
        writes: Int = 1, deferringUpkeep: Bool = false, _ body: (PostgresConnection, _ isRetry: Bool) throws -> T
    ) throws -> T {
        var pooled = shared.idle.withLock { $0.popLast() }
        var isRetry = false
        while true {
            let box: PostgresConnectionBox
            if let taken = pooled {
                box = taken
            } else {
                do {
                    box = PostgresConnectionBox(try open())
                } catch let error as StoreError where error.code == .unreachable && isRetry {
                    // The first try's statement may have reached the server before the connection broke.
                    throw StoreError.connectionLost(error.place ?? "")
                }
            }
            do {
                let value = try body(box.connection, isRetry)
                if let due = upkeep(after: writes) {
                    if deferringUpkeep {
                        shared.deferredUpkeep.bitwiseOr(due.rawValue, ordering: .relaxed)
                    } else {
                        run(due, on: box.connection)
                    }
                }
                put(box)
                return value
            } catch let error as PostgresError where error.isConnectionLost && pooled != nil {
                dropIdleConnections()
                pooled = nil
                isRetry = true
            } catch {
                if box.connection.isHealthy { put(box) } else { dropIdleConnections() }
                throw (error as? PostgresError).map { $0.storeError(place: place) } ?? error
            }
        }
    }

    private func transaction<T>(
        begin: String, isWrite: Bool, writes: Int = 1, _ body: (any StoreSession) throws -> T
    ) throws -> T {
        let box = try begun(begin)
        let connection = box.connection
        let changesBefore = connection.changeStatements
        do {
            let value = try body(PostgresSession(connection: connection, scope: scope, isWrite: isWrite))
            // A statement that failed aborted the transaction even if the body caught its error; COMMIT would
            // then roll back and report success.
            if connection.isInFailedTransaction {
                throw StoreError.failure("a statement failed inside the transaction; it was rolled back")
            }
            try connection.execute("COMMIT")
            // A write counts as its statements that appended change rows when they are more (a household's
            // lists filled in one transaction): what a count reads until the fold is the rows, not the writes.
            let statements = connection.changeStatements - changesBefore
            if isWrite, let due = upkeep(after: max(writes, statements)) { run(due, on: connection) }
            put(box)
            return value
        } catch {
            if connection.isHealthy {
                try? connection.execute("ROLLBACK")
                put(box)
            } else {
                dropIdleConnections()
            }
            throw (error as? PostgresError).map { $0.storeError(place: place) } ?? error
        }
    }

    /// A connection with `begin` run on it. An idle connection whose server side went away (a restarted server, a
    /// terminated backend) fails here, before the request sent anything, so it is replaced by a new one at once.
    private func begun(_ begin: String) throws -> PostgresConnectionBox {
        if let box = shared.idle.withLock({ $0.popLast() }) {
            do {
                try box.connection.execute(begin)
                return box
            } catch let error as PostgresError where !error.isConnectionLost && box.connection.isHealthy {
                if !box.connection.isIdle { try? box.connection.execute("ROLLBACK") }
                put(box)
                throw error.storeError(place: place)
            } catch {
                dropIdleConnections()
            }
        }
        let box = PostgresConnectionBox(try open())
        do {
            try box.connection.execute(begin)
        } catch let error as PostgresError {
            if box.connection.isHealthy {
                if !box.connection.isIdle { try? box.connection.execute("ROLLBACK") }
                put(box)
            }
            throw error.storeError(place: place)
        }
        return box
    }

    /// A new connection, set up for Lists. One that cannot be made is `.cannotOpen` when the store is being
    /// opened (a wrong URL, a server that is not running: the command stops there), and `.unreachable` once it is
    /// open (the server went down or stopped taking logins while Lists ran: the request fails with "try again",
    /// and the next one connects anew).
    private func open(first: Bool = false) throws -> PostgresConnection {
        do {
            let connection = try PostgresConnection(url: url, place: place)
            try connection.execute("SET lock_timeout = '\(Self.lockTimeout)'")
            return connection
        } catch let error as PostgresError {
            guard error.sqlState == "08001" else { throw error.storeError(place: place) }
            throw first ? StoreError.cannotOpen(place) : StoreError.unreachable(place)
        }
    }

    /// Puts a healthy connection back among the idle ones, unless enough are idle.
    private func put(_ box: PostgresConnectionBox) {
        guard box.connection.isHealthy, box.connection.isIdle else { return }
        shared.idle.withLock { connections in
            if connections.count < idleConnectionLimit { connections.append(box) }
        }
    }

    /// Closes every idle connection: when one broke, the server probably restarted and the others broke too.
    private func dropIdleConnections() {
        shared.idle.withLock { $0.removeAll() }
    }

    /// `url` without its password and parameters, for messages and logs.
    static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.scheme != nil else { return "the server" }
        components.password = nil
        components.query = nil
        components.fragment = nil
        return components.string ?? "the server"
    }
}

/// A connection on its way in or out of ``PostgresStore``'s pool.
///
/// `@unchecked Sendable` is safe because a box is in the pool (touched only under its mutex) or held by the one
/// thread running a transaction on it, never both and never two threads.
/// What a ``PostgresStore`` shares with the stores scoped from it (``PostgresStore/scoped(to:)``): the idle
/// connections, the count of writes toward upkeep, the upkeep due, and the queues of adds.
///
/// `@unchecked Sendable` is safe because every member is itself guarded: a mutex or an atomic.
private final class PostgresShared: @unchecked Sendable {
    /// Idle connections; a transaction takes one out (or opens one) and puts it back when done.
    let idle = Mutex<[PostgresConnectionBox]>([])

    /// Counts the store's writes, to fold every ``PostgresStore/foldInterval``-th time. It starts at random so that
    /// a process that writes once (a CLI command) folds with that chance, and many servers do not fold in step.
    let writes = Atomic<Int>(Int.random(in: 0..<PostgresStore.foldInterval))

    /// Upkeep made due by the append queue's statements, run by an add once it has its answer
    /// (``PostgresStore/runDeferredUpkeep()``) rather than by the statement's leader before it answers its batch
    /// and hands the next one on: a fold is a round trip and a vacuum several milliseconds, which every add queued
    /// behind it waited for.
    let deferredUpkeep = Atomic<Int>(0)

    /// One queue of adds per household's list of a kind, made at its first add.
    private let queues = Mutex<[QueueKey: PostgresAppendQueue]>([:])

    /// A household's list of a kind.
    private struct QueueKey: Hashable {
        let kind: RecordKind
        let household: HouseholdID
        let list: ListID
    }

    /// The queue of adds to `household`'s `list` of `kind`: adds to one list are committed together.
    func appendQueue(_ kind: RecordKind, _ household: HouseholdID, _ list: ListID) -> PostgresAppendQueue {
        queues.withLock { queues in
            let key = QueueKey(kind: kind, household: household, list: list)
            if let queue = queues[key] { return queue }
            let queue = PostgresAppendQueue()
            queues[key] = queue
            return queue
        }
    }
}

final class PostgresConnectionBox: @unchecked Sendable {
    let connection: PostgresConnection
    init(_ connection: PostgresConnection) { self.connection = connection }
}
