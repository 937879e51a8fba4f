import Foundation
import ListsModel
import Synchronization

/// The store for households and teams that outgrow one machine: several `lists serve` processes share one
/// PostgreSQL server.
///
/// Each transaction takes a connection from a small pool (opening one when none is idle) and gives it back
/// after; a connection that broke is dropped, so the next transaction gets a fresh one. A read is a
/// `REPEATABLE READ READ ONLY` transaction: one consistent snapshot, as on SQLite. Writes run side by side
/// (schema 5): positions come from a sequence per list, and the counts and the revision are spread over 16 rows
/// each, so writers from many servers neither race nor queue on one row. Only a write that reads a setting
/// (seeding's "already seeded?") takes the store's write lock (a transaction-scoped advisory lock on the schema),
/// so seeding happens once however many servers start at once. Reads never wait.
///
/// `@unchecked Sendable` is safe because the only mutable state, the idle connections, is touched only under
/// `idle`'s mutex, and a connection taken out of it is used by the one thread running that transaction.
public final class PostgresStore: Store, @unchecked Sendable {
    /// The connection URL as given (with its password, if any): never shown.
    private let url: String
    /// The URL without password or options, for messages.
    public let place: String
    /// Idle connections; a transaction takes one out (or opens one) and puts it back when done.
    private let idle = Mutex<[PostgresConnectionBox]>([])
    /// How many idle connections stay open.
    public let idleConnectionLimit: Int

    /// The statement that takes the store's lock until the transaction ends (migrations, and writes that read a
    /// setting): an advisory lock keyed by the schema, so that stores in other schemas of one database do not wait
    /// for each other.
    static let writeLock = "SELECT pg_advisory_xact_lock(1279870804, hashtext(current_schema()))"

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
        let connection = try open()
        do {
            try Self.migrate(connection)
        } catch let error as PostgresError {
            throw error.storeError(place: place)
        }
        put(PostgresConnectionBox(connection))
    }

    public func read<T>(_ body: (any StoreSession) throws -> T) throws -> T {
        try transaction(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", isWrite: false, body)
    }

    public func write<T>(_ body: (any StoreSession) throws -> T) throws -> T {
        try transaction(begin: "BEGIN", isWrite: true, body)
    }

    private func transaction<T>(begin: String, isWrite: Bool, _ body: (any StoreSession) throws -> T) throws -> T {
        let box = try begun(begin)
        let connection = box.connection
        do {
            let value = try body(PostgresSession(connection: connection, isWrite: isWrite))
            // A statement that failed aborted the transaction even if the body caught its error; COMMIT would
            // then roll back and report success.
            if connection.isInFailedTransaction {
                throw StoreError.failure("a statement failed inside the transaction; it was rolled back")
            }
            try connection.execute("COMMIT")
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
        if let box = idle.withLock({ $0.popLast() }) {
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

    /// A new connection, set up for Lists.
    private func open() throws -> PostgresConnection {
        do {
            let connection = try PostgresConnection(url: url, place: place)
            try connection.execute("SET lock_timeout = '\(Self.lockTimeout)'")
            return connection
        } catch let error as PostgresError {
            throw error.sqlState == "08001" ? StoreError.cannotOpen(place) : error.storeError(place: place)
        }
    }

    /// Puts a healthy connection back among the idle ones, unless enough are idle.
    private func put(_ box: PostgresConnectionBox) {
        guard box.connection.isHealthy, box.connection.isIdle else { return }
        idle.withLock { connections in
            if connections.count < idleConnectionLimit { connections.append(box) }
        }
    }

    /// Closes every idle connection: when one broke, the server probably restarted and the others broke too.
    private func dropIdleConnections() {
        idle.withLock { $0.removeAll() }
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
final class PostgresConnectionBox: @unchecked Sendable {
    let connection: PostgresConnection
    init(_ connection: PostgresConnection) { self.connection = connection }
}
