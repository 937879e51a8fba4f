import CLibPQ
import Foundation
import ListsModel
import ListsSQL

/// One libpq connection: the handle, its prepared statements, and typed binding and reading.
///
/// Not `Sendable`: a connection is used by one thread at a time, between ``PostgresStore`` taking it out of its
/// pool and putting it back. Values always travel as parameters in text format, never spliced into SQL. The
/// handle is closed in `deinit`.
final class PostgresConnection {
    private let handle: OpaquePointer
    /// Statement names by SQL, prepared on first use on this connection, and whether each appends change rows.
    private var prepared: [String: (name: String, appendsChanges: Bool)] = [:]
    /// How many statements that append rows to `record_changes` (schema 6: every change of records) this connection
    /// has run: the store folds those rows every so many of them (``PostgresStore/fold``), however many a
    /// transaction ran.
    private(set) var changeStatements = 0
    /// The server's URL without its password, for messages.
    let place: String

    /// What Lists sets for every connection unless its URL says otherwise: a server that does not answer is given
    /// up on instead of holding a request (and its thread) for minutes.
    /// - `connect_timeout`: 10 s to connect and log in (libpq's default is to wait as long as TCP does: over two
    ///   minutes for a host that is off).
    /// - `keepalives_idle`, `keepalives_interval`, `keepalives_count`: a connection waiting for an answer from a
    ///   server that has gone (switched off, cut off by the network) is found dead after 30 + 3 × 10 s, not the
    ///   kernel's two hours.
    /// - `tcp_user_timeout`: the same for a statement sent and never acknowledged, after 60 s.
    /// - `fallback_application_name`: connections show as `lists` in `pg_stat_activity` (`PGAPPNAME` still wins).
    ///
    /// `PGCONNECT_TIMEOUT`, when set, is left to decide the time to connect. Settings in a `pg_service.conf`
    /// service give way to these (libpq reads a service only for what its caller left unset): set them in the URL.
    static let defaults: KeyValuePairs<String, String> = [
        "connect_timeout": "10", "keepalives_idle": "30", "keepalives_interval": "10", "keepalives_count": "3",
        "tcp_user_timeout": "60000", "fallback_application_name": "lists",
    ]

    /// Connects to the server at `url` (a libpq connection URI or keyword string), with ``defaults`` for what the
    /// URL does not set.
    /// - Throws: ``PostgresError`` with SQLSTATE 08001 when no connection could be made.
    init(url: String, place: String) throws {
        let environment = ProcessInfo.processInfo.environment
        let defaults = Self.defaults.filter { $0.key != "connect_timeout" || environment["PGCONNECT_TIMEOUT"] == nil }
        // The URL goes in as `dbname` with expand_dbname, after the defaults: what it sets wins over them.
        let keywords = defaults.map(\.key) + ["dbname"]
        let values = defaults.map(\.value) + [url]
        let connected = keywords.withCStrings { keywords in
            values.withCStrings { values in PQconnectdbParams(keywords, values, 1) }
        }
        guard let handle = connected else {
            throw PostgresError(sqlState: nil, message: "out of memory", sql: nil, isConnectionLost: false)
        }
        guard PQstatus(handle) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(handle)).trimmingCharacters(in: .whitespacesAndNewlines)
            PQfinish(handle)
            throw PostgresError(sqlState: "08001", message: message, sql: nil, isConnectionLost: false)
        }
        lists_pq_ignore_notices(handle)
        self.handle = handle
        self.place = place
    }

    deinit {
        PQfinish(handle)
    }

    /// The value of a connection option in use (`connect_timeout`, `keepalives_idle`, ...), or `nil` when unset.
    func option(_ keyword: String) -> String? {
        guard let options = PQconninfo(handle) else { return nil }
        defer { PQconninfoFree(options) }
        var option = options
        while let name = option.pointee.keyword {
            if String(cString: name) == keyword { return option.pointee.val.map { String(cString: $0) } }
            option += 1
        }
        return nil
    }

    /// Whether the connection is still usable; after a failure that broke it, the pool drops it.
    var isHealthy: Bool { PQstatus(handle) == CONNECTION_OK }

    /// The connection's socket, to wait on for notifications.
    var socket: Int32 { PQsocket(handle) }

    /// The payloads of the notifications that have arrived (after a `LISTEN`), reading what the socket holds.
    /// - Throws: ``PostgresError`` (connection lost) when the connection broke.
    func notifications() throws -> [String] {
        guard PQconsumeInput(handle) == 1 else { throw error(nil, sql: "LISTEN") }
        var payloads: [String] = []
        while let notification = PQnotifies(handle) {
            payloads.append(String(cString: notification.pointee.extra))
            PQfreemem(notification)
        }
        return payloads
    }

    /// Whether a transaction is open or failed on this connection (a healthy idle connection has none).
    var isIdle: Bool { PQtransactionStatus(handle) == PQTRANS_IDLE }

    /// Whether a statement of the open transaction failed, so that the transaction can only roll back.
    var isInFailedTransaction: Bool { PQtransactionStatus(handle) == PQTRANS_INERROR }

    /// Runs one or more statements that take no parameters (transaction control, migrations).
    /// - Throws: ``PostgresError``.
    func execute(_ sql: String) throws {
        guard let result = PQexec(handle, sql) else { throw error(nil, sql: sql) }
        defer { PQclear(result) }
        try check(result, sql: sql)
    }

    /// Runs `sql` (placeholders `$1`, `$2`, ...) with `parameters`, as a statement prepared once per connection.
    /// - Returns: the result, which the caller reads through ``Rows``.
    /// - Throws: ``PostgresError``.
    func query(_ sql: String, _ parameters: [FieldValue] = []) throws -> Rows {
        let (name, appendsChanges) = try statementName(sql, parameterCount: parameters.count)
        // Every value as a NUL-terminated string in one buffer, and pointers into it (nil for null).
        var buffer: [UInt8] = []
        buffer.reserveCapacity(256)
        var offsets: [Int] = []
        offsets.reserveCapacity(parameters.count)
        for parameter in parameters {
            guard let text = Self.text(parameter) else {
                offsets.append(-1)
                continue
            }
            offsets.append(buffer.count)
            buffer += text.utf8
            buffer.append(0)
        }
        let result = buffer.withUnsafeBytes { bytes in
            let pointers = offsets.map { offset in
                offset < 0 ? nil : bytes.baseAddress.map { ($0 + offset).assumingMemoryBound(to: CChar.self) }
            }
            return PQexecPrepared(handle, name, Int32(pointers.count), pointers, nil, nil, 0)
        }
        guard let result else { throw error(nil, sql: sql) }
        do {
            try check(result, sql: sql)
        } catch {
            PQclear(result)
            throw error
        }
        if appendsChanges { changeStatements += 1 }
        return Rows(result: result)
    }

    /// Runs `sql` and returns how many rows it changed.
    /// - Throws: ``PostgresError``.
    @discardableResult
    func run(_ sql: String, _ parameters: [FieldValue] = []) throws -> Int {
        let rows = try query(sql, parameters)
        return rows.changedCount
    }

    /// The first column of the first row, as an integer, or `nil` when there is no row or it is null.
    /// - Throws: ``PostgresError``.
    func integer(_ sql: String, _ parameters: [FieldValue] = []) throws -> Int64? {
        let rows = try query(sql, parameters)
        guard rows.count > 0, !rows.isNull(0, 0) else { return nil }
        return rows.integer(0, 0)
    }

    /// A value in PostgreSQL's text format; instants are integer milliseconds since 1970, as SQLite keeps them.
    private static func text(_ value: FieldValue) -> String? {
        switch value {
        case .null: nil
        case .text(let text): text
        case .integer(let number): String(number)
        case .bool(let flag): flag ? "true" : "false"
        case .date(let date): String(date.millisecondsSince1970)
        }
    }

    private func statementName(_ sql: String, parameterCount: Int) throws -> (String, Bool) {
        if let statement = prepared[sql] { return statement }
        let name = "lists_\(prepared.count + 1)"
        guard let result = PQprepare(handle, name, sql, Int32(parameterCount), nil) else {
            throw error(nil, sql: sql)
        }
        defer { PQclear(result) }
        try check(result, sql: sql)
        let statement = (name: name, appendsChanges: sql.contains("INSERT INTO record_changes"))
        prepared[sql] = statement
        return statement
    }

    private func check(_ result: OpaquePointer, sql: String) throws {
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY: return
        default: throw error(result, sql: sql)
        }
    }

    private func error(_ result: OpaquePointer?, sql: String?) -> PostgresError {
        let sqlState = result.flatMap { lists_pq_sqlstate($0) }.map { String(cString: $0) }
        let message =
            result.flatMap { lists_pq_primary_message($0) }.map { String(cString: $0) }
            ?? String(cString: PQerrorMessage(handle)).trimmingCharacters(in: .whitespacesAndNewlines)
        return PostgresError(sqlState: sqlState, message: message, sql: sql, isConnectionLost: !isHealthy)
    }

    /// The result of one statement, cleared in `deinit`; rows and columns count from 0.
    final class Rows {
        private let result: OpaquePointer

        init(result: OpaquePointer) { self.result = result }
        deinit { PQclear(result) }

        /// How many rows the statement returned.
        var count: Int { Int(PQntuples(result)) }

        /// How many rows an INSERT, UPDATE or DELETE changed.
        var changedCount: Int { Int(String(cString: PQcmdTuples(result))) ?? 0 }

        func isNull(_ row: Int, _ column: Int) -> Bool { PQgetisnull(result, Int32(row), Int32(column)) != 0 }

        func text(_ row: Int, _ column: Int) -> String {
            guard let value = PQgetvalue(result, Int32(row), Int32(column)) else { return "" }
            let length = Int(PQgetlength(result, Int32(row), Int32(column)))
            return value.withMemoryRebound(to: UInt8.self, capacity: length) {
                String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
            }
        }

        func integer(_ row: Int, _ column: Int) -> Int64 { Int64(text(row, column)) ?? 0 }

        /// The value at `row`, `column` read as a field of type `kind`.
        func value(_ row: Int, _ column: Int, as kind: FieldKind) -> FieldValue {
            if isNull(row, column) { return .null }
            switch kind {
            case .text, .optionalText: return .text(text(row, column))
            case .integer: return .integer(integer(row, column))
            case .bool: return .bool(text(row, column) == "t")
            case .date: return .date(Date(timeIntervalSince1970: Double(integer(row, column)) / 1000))
            }
        }
    }
}

/// The connection the SQL written once for both stores runs on (``SQLAccounts``).
extension PostgresConnection: SQLConnection {
    /// One row of a result, as the SQL written for both stores reads it.
    struct Row: SQLRow {
        /// The result the row is in.
        let rows: Rows
        /// Which row of it.
        let index: Int

        func isNull(_ column: Int32) -> Bool { rows.isNull(index, Int(column)) }
        func integer(_ column: Int32) -> Int64 { rows.integer(index, Int(column)) }
        func text(_ column: Int32) -> String { rows.text(index, Int(column)) }
    }

    /// Runs `sql` (placeholders `$1`, `$2`, ...) with `parameters` and calls `row` for each result row.
    /// - Throws: ``PostgresError`` or what `row` throws.
    func query(_ sql: String, _ parameters: [FieldValue], row: (Row) throws -> Void) throws {
        let rows = try query(sql, parameters)
        for index in 0..<rows.count { try row(Row(rows: rows, index: index)) }
    }

    static func isConstraintViolation(_ error: any Error) -> Bool {
        // Class 23: integrity constraint violations (unique, check, foreign key, not null).
        (error as? PostgresError)?.sqlState?.hasPrefix("23") ?? false
    }
}

extension Array where Element == String {
    /// Calls `body` with a NULL-terminated array of C strings holding the elements, valid during the call only.
    fileprivate func withCStrings<T>(_ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
        let copies = map { strdup($0) }
        defer { copies.forEach { free($0) } }
        // A copy that failed would end the list early, silently dropping what follows it (the URL).
        precondition(copies.allSatisfy { $0 != nil }, "out of memory")
        let pointers = copies.map { UnsafePointer($0) } + [nil]
        return pointers.withUnsafeBufferPointer { buffer in
            // Never empty: it ends with its nil.
            guard let start = buffer.baseAddress else { preconditionFailure("an empty parameter list") }
            return body(start)
        }
    }
}
