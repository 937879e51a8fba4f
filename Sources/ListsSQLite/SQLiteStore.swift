import CSQLite
import Foundation
import ListsModel
import Synchronization

/// The embedded default store: one SQLite file in WAL mode with `synchronous=FULL`, so that an acknowledged
/// write survives a crash of the process or the machine, and several processes (CLIs, a server) share it.
///
/// `@unchecked Sendable` is safe because the only mutable state, the non-`Sendable` connection, is touched only
/// while `lock` is held, and no reference to it escapes a transaction.
public final class SQLiteStore: Store, @unchecked Sendable {
    /// Serialises use of ``connection``.
    private let lock = Mutex(())
    /// The connection, used only inside `lock`.
    private let connection: SQLiteConnection
    /// Where the database is (`:memory:` for a private in-memory one).
    public let path: String

    /// How long a writer waits for another process's transaction before giving up, in milliseconds.
    public static let busyTimeout: Int32 = 10_000

    /// Opens the database at `path`, creating it (and its directory) when missing, and migrates it.
    ///
    /// - Throws: ``StoreError``: `.notADatabase` for a file that is not SQLite, `.newerSchema` for a newer
    ///   Lists's database, `.readOnly` or `.cannotOpen` when it cannot be written. None of them changes the file.
    public init(path: String) throws {
        self.path = path
        let isMemory = path == ":memory:"
        if !isMemory {
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
            if !FileManager.default.fileExists(atPath: directory) {
                do {
                    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                } catch {
                    throw StoreError.cannotOpen(directory)
                }
            }
        }
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
                try connection.execute("PRAGMA journal_mode = WAL")
                try connection.keepWriteAheadLogBetweenProcesses()
                // With a size limit set, the last connection to close truncates the kept WAL to nothing after its
                // checkpoint, so the next process has no WAL to re-read; a server's WAL is cut back to 4 MB.
                try connection.execute("PRAGMA journal_size_limit = 4194304")
            }
            try connection.execute("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON")
            try Self.migrate(connection)
        } catch let error as SQLiteError {
            throw error.storeError(path: path)
        }
        self.connection = connection
    }

    public func read<T>(_ body: (any StoreSession) throws -> T) throws -> T {
        try transaction(begin: "BEGIN", body)
    }

    public func write<T>(_ body: (any StoreSession) throws -> T) throws -> T {
        try transaction(begin: "BEGIN IMMEDIATE", body)
    }

    private func transaction<T>(begin: String, _ body: (any StoreSession) throws -> T) throws -> T {
        try lock.withLock { _ in
            let result: Result<T, any Error>
            do {
                try connection.execute(begin)
            } catch let error as SQLiteError {
                throw error.storeError(path: path)
            }
            do {
                let value = try body(SQLiteSession(connection: connection))
                try connection.execute("COMMIT")
                result = .success(value)
            } catch {
                try? connection.execute("ROLLBACK")
                result = .failure((error as? SQLiteError).map { $0.storeError(path: path) } ?? error)
            }
            return try result.get()
        }
    }
}
