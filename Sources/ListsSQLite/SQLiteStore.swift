import CSQLite
import Dispatch
import Foundation
import ListsModel
import ListsSQL
import Synchronization

/// The embedded default store: one SQLite file in WAL mode with `synchronous=FULL`, so that an acknowledged
/// write survives a crash of the process or the machine, and several processes (CLIs, a server) share it. A bulk
/// load with the file to itself runs in a rollback journal instead, its pages written once
/// (``write(records:_:)``).
///
/// Reads and writes share one connection, unless the store is opened with read connections (a server does): then
/// each read transaction takes a read-only connection of its own from a pool, so that reads on several threads
/// run at once and neither wait for a write in progress nor hold one up (WAL gives each read a consistent
/// snapshot).
///
/// `@unchecked Sendable` is safe because the mutable state, the non-`Sendable` connections, is touched only while
/// `lock` is held (the write connection) or by the one thread that took a read connection out of `readers`, and
/// no reference to a connection escapes a transaction.
///
/// A store scoped to a household or one of its lists (``scoped(to:)``) shares the connections of the store it came
/// from.
public final class SQLiteStore: Store, BulkLoadingStore, @unchecked Sendable {
    /// The connections, shared by the store and every store scoped from it.
    private let shared: SQLiteConnections
    /// The write connection, used only inside `shared.lock`.
    private var connection: SQLiteConnection { shared.connection }
    /// The records the store's sessions read and change.
    public let scope: StoreScope
    /// How many read-only connections may stay open; 0: reads use the write connection.
    public let readConnectionLimit: Int
    /// Where the database is (`:memory:` for a private in-memory one).
    public let path: String
    /// What opening the store did to files that other users could read, as sentences for the person running
    /// Lists (the CLI writes them on standard error): a database, its `-wal` or its `-shm` that the group or others
    /// could read was made readable by its owner only, or, when that failed, how to do it.
    public let permissionNotices: [String]

    /// How much of a ``init(path:readConnections:mapped:)`` `mapped` file is mapped: its first 256 MB (a household's
    /// lists are a few MB; the rest of a larger file is read as without a map).
    static let mappedBytes = 256 << 20

    /// How long a writer waits for another process's transaction before giving up, in milliseconds.
    public static let busyTimeout: Int32 = 10_000

    /// Opens the database at `path`, creating it (and its directory) when missing, and migrates it.
    ///
    /// The database and its `-wal` and `-shm` files are readable by their owner only, and so is a directory the
    /// store makes for them, whatever the umask: they hold every household's lists and the accounts' password
    /// hashes. An existing database that others could read is made private once it has opened as a Lists
    /// database (a file that is not one is left exactly as it was), and ``permissionNotices`` says so.
    ///
    /// With `readConnections` above 0, read transactions use read-only connections of their own, opened when
    /// first needed, up to that many kept open (a server passes its thread count); an in-memory database has only
    /// its one connection.
    ///
    /// `mapped`: the file's pages are read through a memory map (SQLite's `mmap_size`, up to ``mappedBytes``)
    /// rather than copied by a `read` each into pages of the process's own: for a command, which reads much of
    /// the file once and exits (`todo today` over 10,000 tasks: 350 reads fewer, a third fewer page faults).
    /// Writes still go through `write`, and pages in the WAL are read from it. Not for a server: an I/O error on
    /// a mapped page ends the process with a signal, where a read's error fails one request.
    /// - Throws: ``StoreError``: `.notADatabase` for a file that is not SQLite, `.newerSchema` for a newer
    ///   Lists's database, `.readOnly` or `.cannotOpen` when it cannot be written. None of them changes the file.
    public init(path: String, readConnections: Int = 0, mapped: Bool = false) throws {
        self.path = path
        let isMemory = path == ":memory:"
        readConnectionLimit = isMemory ? 0 : max(0, readConnections)
        if !isMemory { try Self.makeNewFilePrivate(path) }
        let connection: SQLiteConnection
        do {
            connection = try SQLiteConnection(path: path, create: true)
            connection.setBusyTimeout(milliseconds: Self.busyTimeout)
            // Reading the schema version first makes a non-SQLite file or a newer Lists's database fail here,
            // before the journal mode or a migration could write to it.
            let version = Int(try connection.integer("PRAGMA user_version") ?? 0)
            if version > Self.migrations.count {
                throw StoreError.newerSchema(found: version, known: Self.migrations.count)
            }
            if !isMemory {
                try Self.whileBusy { try connection.execute("PRAGMA journal_mode = WAL") }
                Self.removeStaleRollbackJournal(of: path)
                try connection.keepWriteAheadLogBetweenProcesses()
                // No checkpoint as the last connection closes while the WAL is under 512 KB: a command's add syncs
                // its commit only. Past that, closing checkpoints and truncates it, and a server's commits
                // checkpoint it past 1,000 pages (SQLite's default), cutting it back to 4 MB.
                try connection.leaveCheckpointsToTheThreshold()
                try connection.execute("PRAGMA journal_size_limit = 4194304")
            }
            try connection.execute("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON")
            if mapped, !isMemory { try connection.execute("PRAGMA mmap_size = \(Self.mappedBytes)") }
            try Self.migrate(connection)
        } catch let error as SQLiteError {
            throw error.storeError(path: path)
        }
        permissionNotices = isMemory ? [] : Self.makeExistingFilesPrivate(path)
        shared = SQLiteConnections(connection: connection)
        scope = StoreScope(household: .first)
    }

    /// A store on `shared`'s connections for the records of `scope`.
    private init(sharing store: SQLiteStore, scope: StoreScope) {
        shared = store.shared
        path = store.path
        permissionNotices = []
        readConnectionLimit = store.readConnectionLimit
        self.scope = scope
    }

    public func scoped(to scope: StoreScope) -> any Store {
        SQLiteStore(sharing: self, scope: scope)
    }

    /// Checkpoints a large WAL as closing would; the store may then be left open as the process ends. Every commit
    /// was synced as it was made and the file's locks are the process's, so the end of the process leaves the
    /// database as closing it would; what it spares is freeing the schema and the statements one by one.
    public func readyToEndWithProcess() -> Bool {
        shared.lock.withLock { _ in connection.checkpointIfTheWALIsLarge() }
        return true
    }

    /// Makes a new database at `path` private before SQLite opens it: its directory made 0700 when missing, a new
    /// file made 0600 (SQLite gives the `-wal` and `-shm` files the database's permissions).
    /// - Throws: ``StoreError/cannotOpen(_:)`` when the directory cannot be made.
    private static func makeNewFilePrivate(_ path: String) throws {
        let directory = Platform.directory(of: path)
        guard Platform.makePrivateDirectories(directory) else { throw StoreError.cannotOpen(path) }
        // A file made here is private from its first byte; one that exists is kept as it is (another process may
        // have made it a moment ago).
        _ = Platform.makePrivateFile(path)
    }

    /// Makes the database at `path`, its `-wal` and its `-shm` private where the group or others could read them;
    /// answers what it changed or could not.
    private static func makeExistingFilesPrivate(_ path: String) -> [String] {
        var notices: [String] = []
        for file in [path, path + "-wal", path + "-shm"] {
            guard let others = Platform.othersPermissions(of: file), others != 0 else { continue }
            if Platform.makePrivate(file) {
                notices.append("\(file) could be read by other users; it is now readable by its owner only")
            } else {
                notices.append(
                    "\(file) can be read by other users, and Lists cannot change that; its owner can, with: "
                        + "chmod go-rwx \(shellQuoted(file))")
            }
        }
        return notices
    }

    /// `text` as one word for a POSIX shell.
    private static func shellQuoted(_ text: String) -> String {
        let plain = text.allSatisfy { $0.isLetter || $0.isNumber || "/._-+,:@".contains($0) }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs `body` again while it fails with SQLite's busy error, for up to ``busyTimeout``. Putting a file in
    /// WAL mode needs the file to itself for a moment, and SQLite reports busy at once, without its busy handler,
    /// when another process holds a lock then: several processes opening a new file together (one creating
    /// and migrating it) made all but one fail with "busy".
    private static func whileBusy(_ body: () throws -> Void) throws {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .milliseconds(Int(busyTimeout)))
        var pauseMicroseconds: UInt32 = 500
        while true {
            do {
                return try body()
            } catch let error as SQLiteError
                where (error.primaryCode == SQLITE_BUSY || error.primaryCode == SQLITE_LOCKED) && clock.now < deadline
            {
                usleep(pauseMicroseconds)
                pauseMicroseconds = min(pauseMicroseconds * 2, 20_000)
            }
        }
    }

    public func read<T>(_ body: (any StoreSession) throws -> T) throws -> T {
        guard readConnectionLimit > 0 else { return try transaction(begin: "BEGIN", body) }
        let reader = try takeReader()
        defer {
            shared.readers.withLock { idle in
                if idle.count < readConnectionLimit { idle.append(reader) }
            }
        }
        let connection = reader.connection
        // Prepared once per connection (``SQLiteConnection/run(_:_:)``): parsing BEGIN and COMMIT again for every
        // read was half the cost of the revision a cached GET reads.
        do {
            try connection.run("BEGIN")
        } catch let error as SQLiteError {
            throw error.storeError(path: path)
        }
        do {
            let value = try body(SQLiteSession(connection: connection, scope: scope))
            try connection.run("COMMIT")
            return value
        } catch {
            _ = try? connection.run("ROLLBACK")
            throw storeError(error)
        }
    }

    /// An idle read-only connection, or a new one when none is idle.
    private func takeReader() throws -> SQLiteConnectionBox {
        if let idle = shared.readers.withLock({ $0.popLast() }) { return idle }
        do {
            let connection = try SQLiteConnection(path: path, create: false, readOnly: true)
            connection.setBusyTimeout(milliseconds: Self.busyTimeout)
            return SQLiteConnectionBox(connection: connection)
        } catch let error as SQLiteError {
            throw error.storeError(path: path)
        }
    }

    /// Runs `body` in a write transaction and returns once it is durable. Writes that arrive while another is
    /// committing are committed together, each in a savepoint of its own (``GroupCommitQueue``, ``commit(_:)``).
    @discardableResult public func write<T>(_ body: (any StoreSession) throws -> T) throws -> T {
        try withoutActuallyEscaping(body) { body in
            var value: T?
            let scope = scope
            let entry = SQLiteWrite { connection in
                value = try body(SQLiteSession(connection: connection, scope: scope))
            }
            try shared.queue.add(entry) { batch in commit(batch) }
            guard let value else { preconditionFailure("a write succeeded without its value") }
            return value
        }
    }

    /// How many batches of writes were committed so far, and how many writes wait now (for tests).
    var writeQueueCounts: (batches: Int, waiting: Int) { shared.queue.counts }

    /// Commits `batch` in one transaction on the write connection, each write in a savepoint of its own when there
    /// are several, so that one that fails is undone alone; sets every write's outcome. A write is told it
    /// succeeded only once the commit has. A lone write runs without a savepoint, as a write always did: when it
    /// fails, the transaction is rolled back whole.
    private func commit(_ batch: [SQLiteWrite]) {
        defer { for entry in batch { entry.release() } }
        let savepoints = batch.count > 1
        shared.lock.withLock { _ in
            var done: [SQLiteWrite] = []
            do {
                try connection.run("BEGIN IMMEDIATE")
                for entry in batch {
                    if savepoints { try connection.run("SAVEPOINT write") }
                    do {
                        try entry.run(connection)
                    } catch {
                        // Alone, or when SQLite ended the whole transaction by itself (I/O, a full disk: what the
                        // writes before this one did is gone, and theirs fail with it), the transaction is lost.
                        guard savepoints, connection.isInTransaction else { throw error }
                        try connection.run("ROLLBACK TO write")
                        try connection.run("RELEASE write")
                        entry.outcome = .failure(storeError(error))
                        continue
                    }
                    if savepoints { try connection.run("RELEASE write") }
                    done.append(entry)
                }
                try connection.run("COMMIT")
                for entry in done { entry.outcome = .success(()) }
            } catch {
                // The transaction is lost: every write of the batch without an outcome of its own fails with this.
                if connection.isInTransaction { _ = try? connection.run("ROLLBACK") }
                let failure = storeError(error)
                for entry in batch where entry.outcome == nil { entry.outcome = .failure(failure) }
            }
        }
    }

    /// `error` as the store throws it: an SQLite error as the ``StoreError`` it means, anything else as it is.
    private func storeError(_ error: any Error) -> any Error {
        (error as? SQLiteError).map { $0.storeError(path: path) } ?? error
    }

    /// The page cache a write of `records` records gets: about 700 bytes a record (a Taskwarrior task's row and
    /// index entries take about 320, and the pages are part empty), from SQLite's default 2 MiB up to 64 MiB. With
    /// the default, importing 100k tasks wrote pages out and read them back: a fifth of its time, in the kernel.
    static func cacheKiB(records: Int) -> Int {
        min(65_536, max(defaultCacheKiB, records * 700 / 1024))
    }

    /// SQLite's default page cache, 2,000 KiB, which every transaction but a large write keeps.
    static let defaultCacheKiB = 2_000

    /// A write of many records grows the page cache and may go through a rollback journal.
    public var bulkLoading: (any BulkLoadingStore)? { self }

    @discardableResult public func write<T>(records: Int, _ body: (any StoreSession) throws -> T) throws -> T {
        try transaction(
            begin: "BEGIN IMMEDIATE", cacheKiB: Self.cacheKiB(records: records),
            rollbackJournal: Self.bulkLoadRecords.contains(records), body)
    }

    /// The writes that leave WAL for a rollback journal when they can (see ``enterRollbackJournal()``): from 10k
    /// records, where the journal's two mode switches are a small part of the write, to 200k, the most that stays
    /// in the write's page cache until it commits. Past that, the cache spills to the file before the commit,
    /// which in a rollback journal locks other processes' reads out until it ends; in WAL they read on.
    static let bulkLoadRecords = 10_000...200_000

    /// Takes the database out of WAL, into a rollback journal truncated at commit, for the next transaction, when
    /// no other connection has it open (SQLite refuses at once otherwise, and the write goes through WAL as
    /// usual); returns whether it did. In WAL every page of a bulk load is written twice, to the WAL and at the
    /// checkpoint into the database, each synced; in a rollback journal the pages new to the file are written once
    /// and only the pages the file already had are journalled first: for 100k tasks into a new file, a commit of
    /// 50 ms instead of 105. Durability is the same: with `synchronous=FULL` the truncated journal is synced
    /// before the commit returns, and a crash leaves a journal that the next opening rolls back. While it lasts,
    /// other processes read until the load takes its exclusive lock (to write its rows ahead of its indexes, or at
    /// its commit), and one opening the database waits for the write to end (to put it back in WAL).
    /// Removes the rollback journal a bulk load leaves that is no hot journal: an empty one (its process ended
    /// after its commit and before it put the file back in WAL: a load's journal is truncated, not deleted, at its
    /// commit; opening in WAL does not remove it), or one whose first byte is zero (its process was killed while
    /// it was beginning the journal, before the header; SQLite calls such a journal not hot and never reads it).
    /// Called once the file is in WAL, where a rollback journal is never read, and after the first read of the
    /// opening, which rolls back a hot journal (one with a header) and removes it: nothing is lost.
    private static func removeStaleRollbackJournal(of path: String) {
        let journal = path + "-journal"
        // Nothing (an empty file), or a zero first byte; no file at all (every opening but those) is one `open`.
        guard let first = Platform.firstByte(of: journal), (first ?? 0) == 0 else { return }
        Platform.remove(journal)
    }

    private func enterRollbackJournal() -> Bool {
        guard path != ":memory:", shared.readers.withLock({ $0.isEmpty }) else { return false }
        connection.setBusyTimeout(milliseconds: 0)
        defer { connection.setBusyTimeout(milliseconds: Self.busyTimeout) }
        var mode = ""
        try? connection.query("PRAGMA journal_mode = TRUNCATE") { mode = $0.text(0) }
        return mode == "truncate"
    }

    /// A transaction on the write connection; `cacheKiB`, when above SQLite's default, is its page cache (set
    /// back to the default after); `rollbackJournal`: a bulk load, in a rollback journal when it can be.
    private func transaction<T>(
        begin: String, cacheKiB: Int = defaultCacheKiB, rollbackJournal: Bool = false,
        _ body: (any StoreSession) throws -> T
    ) throws -> T {
        try shared.lock.withLock { _ in
            let result: Result<T, any Error>
            let leftWAL = rollbackJournal && enterRollbackJournal()
            defer {
                // Back to WAL (waiting, as a write does, for a reader that came meanwhile); should that fail, the
                // next opening of the store puts it back.
                if leftWAL { try? Self.whileBusy { try connection.execute("PRAGMA journal_mode = WAL") } }
            }
            do {
                if cacheKiB > Self.defaultCacheKiB { try connection.execute("PRAGMA cache_size = -\(cacheKiB)") }
                try connection.run(begin)
            } catch let error as SQLiteError {
                throw error.storeError(path: path)
            }
            defer {
                if cacheKiB > Self.defaultCacheKiB {
                    try? connection.execute("PRAGMA cache_size = -\(Self.defaultCacheKiB)")
                }
            }
            do {
                let value = try body(SQLiteSession(connection: connection, scope: scope))
                try connection.run("COMMIT")
                result = .success(value)
            } catch {
                _ = try? connection.run("ROLLBACK")
                result = .failure(storeError(error))
            }
            return try result.get()
        }
    }
}

/// The connections of an open database, shared by a ``SQLiteStore`` and the stores scoped from it.
///
/// `@unchecked Sendable` is safe for the reasons ``SQLiteStore`` gives: the write connection is used only while
/// `lock` is held, and a read connection by the one thread that took it out of `readers`.
private final class SQLiteConnections: @unchecked Sendable {
    /// Serialises use of ``connection``.
    let lock = Mutex(())
    /// The write connection, used only inside `lock`.
    let connection: SQLiteConnection
    /// Idle read-only connections; a read takes one out (or opens one) and puts it back when done.
    let readers = Mutex<[SQLiteConnectionBox]>([])
    /// The writes waiting to be committed together: a batch at a time, on the one write connection.
    let queue = GroupCommitQueue<SQLiteWrite>(largestBatch: 64)

    init(connection: SQLiteConnection) { self.connection = connection }

    deinit {
        // Read connections close first, so that the write connection is the last one and, closing, checkpoints
        // and truncates the WAL (a read-only connection cannot).
        readers.withLock { $0.removeAll() }
    }
}

/// A read connection on its way in or out of ``SQLiteStore``'s pool.
///
/// `@unchecked Sendable` is safe because a box is in the pool (touched only under its mutex) or held by the one
/// thread running a read transaction on it, never both and never two threads.
private final class SQLiteConnectionBox: @unchecked Sendable {
    let connection: SQLiteConnection
    init(connection: SQLiteConnection) { self.connection = connection }
}

/// One write waiting in the store's ``GroupCommitQueue``: what it runs on the write connection, and how it ended.
///
/// `@unchecked Sendable` is safe for the reasons ``GroupCommitQueue`` gives; its body is run and let go by the
/// leader of its batch before the write is answered.
final class SQLiteWrite: GroupCommitEntry, @unchecked Sendable {
    /// The write's body, run by the leader of its batch inside the batch's transaction; let go by the leader
    /// before the write is answered, since it holds the caller's closure only for the length of its call.
    private var body: ((SQLiteConnection) throws -> Void)?
    var outcome: Result<Void, any Error>?
    var batch: [SQLiteWrite]?
    let wake = DispatchSemaphore(value: 0)

    init(_ body: @escaping (SQLiteConnection) throws -> Void) { self.body = body }

    /// Runs the write's body on `connection`.
    func run(_ connection: SQLiteConnection) throws {
        guard let body else { preconditionFailure("a write was run twice") }
        try body(connection)
    }

    /// Lets the body go: the caller's closure must not outlive its call (`withoutActuallyEscaping`).
    func release() { body = nil }
}
