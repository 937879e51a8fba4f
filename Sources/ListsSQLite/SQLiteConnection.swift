import CSQLite
import Foundation
import ListsModel
import ListsSQL

/// One SQLite connection: the handle, its prepared statements, and typed binding and reading.
///
/// Not `Sendable`: a connection is used by one thread at a time, inside ``SQLiteStore``'s lock. The handle
/// and statements are finalized in `deinit`.
final class SQLiteConnection {
    private let handle: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]
    /// Where the database is, for messages.
    let path: String

    /// Opens (creating when `create`) the database at `path`; `":memory:"` is a private in-memory database.
    /// A `readOnly` connection refuses to write (it cannot create the file either).
    /// - Throws: ``SQLiteError``.
    init(path: String, create: Bool, readOnly: Bool = false) throws {
        var pointer: OpaquePointer?
        let access = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)
        let flags = access | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &pointer, flags, Self.vfs)
        guard status == SQLITE_OK, let pointer else {
            let message = pointer.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(pointer)
            throw SQLiteError(code: status, message: message, sql: nil)
        }
        handle = pointer
        self.path = path
        sqlite3_extended_result_codes(handle, 1)
    }

    /// SQLite's process-wide settings, made once before the first connection opens (`lists_sqlite_configure`), and
    /// the VFS every connection opens with: "lists", the system's default but for a write-ahead log that is already
    /// there, which it opens without syncing its directory again (see `shim.h`); the default itself if "lists"
    /// could not be registered.
    static let vfs: String? = lists_sqlite_configure() == SQLITE_OK ? "lists" : nil

    deinit {
        checkpointIfTheWALIsLarge()
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that take no parameters and return no rows of interest.
    /// - Throws: ``SQLiteError``.
    func execute(_ sql: String) throws {
        let status = sqlite3_exec(handle, sql, nil, nil, nil)
        guard status == SQLITE_OK else { throw error(status, sql: sql) }
    }

    /// Writes the open transaction's changed pages into the file now, where the commit would (they stay in the
    /// cache, clean), and has the kernel start putting them on the disk: the commit's sync then waits for little
    /// more than what changed since. For a bulk load about to build its indexes, a third of its time on one
    /// thread, so that the disk writes the table meanwhile. Durability is the commit's, as before: until it, a
    /// crash leaves a journal that rolls these pages back. Pages another connection's lock keeps SQLite from
    /// writing now are left to the commit.
    func writeChangedPagesAhead() throws {
        let status = sqlite3_db_cacheflush(handle)
        guard status == SQLITE_OK || status & 0xFF == SQLITE_BUSY else { throw error(status, sql: nil) }
        // On another thread: handing 35 MB to the disk's queue takes as long as the wait it spares.
        DispatchQueue.global(qos: .utility).async { [path] in Platform.startWriteback(of: path) }
    }

    /// Makes short-lived processes cheaper: the WAL file is kept between processes instead of being deleted by
    /// the last connection and created (and its directory synced) again by the next process.
    ///
    /// The next process to open the file re-reads the whole WAL to rebuild its index, so a WAL left to grow would
    /// make every start slower (measured: 1.7 MB of WAL re-read by every `lists todo add`): ``SQLiteStore`` keeps
    /// it under a threshold with `wal_autocheckpoint` (see ``leaveCheckpointsToTheThreshold()``).
    func keepWriteAheadLogBetweenProcesses() throws {
        let status = lists_sqlite_persist_wal(handle)
        guard status == SQLITE_OK else { throw error(status, sql: nil) }
    }

    /// Leaves checkpoints to the WAL's size (``checkpointsWhenClosing``, `PRAGMA wal_autocheckpoint`): the connection
    /// makes none when it closes while the WAL is small. A commit is as durable (`synchronous=FULL` syncs the WAL at
    /// every commit); what a process saves is the checkpoint's own syncs (of the WAL, of the database, of the
    /// truncated WAL), three of an add's five.
    func leaveCheckpointsToTheThreshold() throws {
        let status = lists_sqlite_no_checkpoint_on_close(handle)
        guard status == SQLITE_OK else { throw error(status, sql: nil) }
        checkpointsWhenClosing = true
    }

    /// Whether closing checkpoints and truncates a WAL grown past ``walThreshold``. SQLite's own threshold
    /// (`wal_autocheckpoint`) copies the WAL into the database but cannot start it over in a process that opened
    /// it (a new process rebuilds the WAL's index and no longer knows what was copied): without this, the WAL of
    /// short-lived processes would grow for ever and each of them would copy all of it again.
    private var checkpointsWhenClosing = false

    /// The WAL size past which closing checkpoints it: 512 KB, which a process opening the file re-reads in about
    /// a millisecond.
    static let walThreshold = 512 * 1024

    /// Checkpoints and truncates the WAL when it has grown past ``walThreshold``: before closing, or before the
    /// process ends with the connection open (``SQLiteStore/readyToEndWithProcess()``).
    func checkpointIfTheWALIsLarge() {
        guard checkpointsWhenClosing,
            let size = Platform.size(of: path + "-wal"), size > Self.walThreshold
        else { return }
        sqlite3_exec(handle, "PRAGMA wal_checkpoint(TRUNCATE)", nil, nil, nil)
    }

    /// Sets the busy timeout: how long a statement waits for another writer before failing with busy.
    func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    /// Whether a transaction is open: false after SQLite rolled one back by itself (an I/O error, a full disk).
    var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// The number of rows the last statement changed.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// Runs `sql` with `parameters` and calls `row` for each result row.
    /// - Throws: ``SQLiteError`` or what `row` throws.
    func query(_ sql: String, _ parameters: [FieldValue] = [], row: (Row) throws -> Void) throws {
        try query(prepared(sql), parameters, row: row)
    }

    /// Runs a statement from ``prepared(_:)`` with `parameters` and calls `row` for each result row; a caller
    /// that runs one statement many times keeps it and saves looking its SQL up each time.
    /// - Throws: ``SQLiteError`` or what `row` throws.
    func query(_ statement: OpaquePointer, _ parameters: [FieldValue], row: (Row) throws -> Void) throws {
        defer {
            sqlite3_reset(statement)
            // Also drops the pointers to text bound in place, which are not valid after this call.
            sqlite3_clear_bindings(statement)
        }
        // A null left unbound would hide a parameter too many; SQLite's own check is in the binding skipped.
        guard parameters.count <= sqlite3_bind_parameter_count(statement) else {
            throw SQLiteError(code: SQLITE_RANGE, message: "column index out of range", sql: Self.sql(statement))
        }
        try bind(parameters, from: 0, to: statement) {
            while true {
                let status = sqlite3_step(statement)
                if status == SQLITE_DONE { return }
                guard status == SQLITE_ROW else { throw error(status, sql: Self.sql(statement)) }
                try row(Row(statement: statement))
            }
        }
    }

    /// Binds `parameters[index...]` and runs `body` with them bound. Text is bound in place (`SQLITE_STATIC`), from
    /// inside `withCString`, so that `body` runs while it is valid: SQLite copying every string it is given was a
    /// tenth of an imported row's cost.
    ///
    /// A text without a NUL inside is bound as NUL-terminated (length -1): SQLite then knows it ends in a zero
    /// byte, where a text bound by its length alone is copied once more by every function that reads it as a C
    /// string (the `length()` of each `CHECK`, a malloc and a copy a row). A text with a NUL inside is bound by its
    /// length, whole. Nulls are not bound: every parameter is null after `sqlite3_clear_bindings`, which
    /// ``query(_:_:row:)`` calls after each use, and in a statement just prepared.
    private func bind(
        _ parameters: [FieldValue], from index: Int, to statement: OpaquePointer, _ body: () throws -> Void
    ) throws {
        var index = index
        while index < parameters.count {
            let position = Int32(index + 1)
            let status: Int32
            switch parameters[index] {
            case .null: status = SQLITE_OK
            case .integer(let number): status = sqlite3_bind_int64(statement, position, number)
            case .bool(let flag): status = sqlite3_bind_int64(statement, position, flag ? 1 : 0)
            case .date(let date): status = sqlite3_bind_int64(statement, position, Self.milliseconds(date))
            case .text(let text):
                let count = text.utf8.count
                return try text.withCString { start in
                    let length = memchr(start, 0, count) == nil ? -1 : Int32(count)
                    let status = sqlite3_bind_text(statement, position, start, length, nil)
                    guard status == SQLITE_OK else { throw error(status, sql: Self.sql(statement)) }
                    try bind(parameters, from: index + 1, to: statement, body)
                }
            }
            guard status == SQLITE_OK else { throw error(status, sql: Self.sql(statement)) }
            index += 1
        }
        try body()
    }

    /// The SQL of a prepared statement, for an error.
    private static func sql(_ statement: OpaquePointer) -> String {
        sqlite3_sql(statement).map { String(cString: $0) } ?? ""
    }

    /// Runs `sql` with `parameters`, ignoring any rows; returns how many rows it inserted, changed or deleted.
    /// - Throws: ``SQLiteError``.
    @discardableResult
    func run(_ sql: String, _ parameters: [FieldValue] = []) throws -> Int {
        try query(sql, parameters) { _ in }
        return changes
    }

    /// The first column of the first row, as an integer, or `nil` when there is no row or it is null.
    /// - Throws: ``SQLiteError``.
    func integer(_ sql: String, _ parameters: [FieldValue] = []) throws -> Int64? {
        var result: Int64?
        try query(sql, parameters) { row in
            if result == nil { result = row.isNull(0) ? nil : row.integer(0) }
        }
        return result
    }

    /// A date as integer milliseconds since 1970, the column form of every instant.
    static func milliseconds(_ date: Date) -> Int64 {
        date.millisecondsSince1970
    }

    /// The prepared statement for `sql`, kept for the connection's life.
    /// - Throws: ``SQLiteError``.
    func prepared(_ sql: String) throws -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else { throw error(status, sql: sql) }
        statements[sql] = statement
        return statement
    }

    private func error(_ status: Int32, sql: String?) -> SQLiteError {
        let code = sqlite3_extended_errcode(handle)
        return SQLiteError(
            code: code == SQLITE_OK ? status : code, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }

    /// One result row, valid only inside the `row` closure of ``query(_:_:row:)``.
    struct Row {
        let statement: OpaquePointer

        func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }
        func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
        func text(_ column: Int32) -> String {
            guard let bytes = sqlite3_column_text(statement, column) else { return "" }
            let count = Int(sqlite3_column_bytes(statement, column))
            return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        }

        /// The column read as an upper- or lower-case hyphenated UUID, or `nil` when it is not one.
        ///
        /// Parsed from SQLite's bytes directly: `UUID(uuidString:)` goes through `sscanf`, a third of the time of
        /// listing 10,000 records.
        func uuid(_ column: Int32) -> UUID? {
            guard let text = sqlite3_column_text(statement, column) else { return nil }
            return UUID(utf8: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, column))))
        }

        /// The value of `column` read as a field of type `kind`.
        func value(_ column: Int32, as kind: FieldKind) -> FieldValue {
            if isNull(column) { return .null }
            switch kind {
            case .text, .optionalText: return .text(text(column))
            case .integer: return .integer(integer(column))
            case .bool: return .bool(integer(column) != 0)
            case .date: return .date(Date(timeIntervalSince1970: Double(integer(column)) / 1000))
            }
        }
    }
}

/// The connection the SQL written once for both stores runs on (``SQLAccounts``); its rows are ``SQLRow``s as they
/// are.
extension SQLiteConnection: SQLConnection {
    static func isConstraintViolation(_ error: any Error) -> Bool {
        (error as? SQLiteError)?.isConstraintViolation ?? false
    }
}

extension SQLiteConnection.Row: SQLRow {}
