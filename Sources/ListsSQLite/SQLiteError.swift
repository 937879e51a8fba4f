import CSQLite
import ListsModel

/// A failed SQLite call: its result code, SQLite's message and the statement, for logs.
///
/// `description` never includes bound values; callers turn it into a ``StoreError`` with ``storeError(path:)``.
struct SQLiteError: Error, CustomStringConvertible {
    /// The extended result code.
    var code: Int32
    /// SQLite's message.
    var message: String
    /// The SQL that failed, without its bound values.
    var sql: String?

    var description: String {
        "SQLite error \(code): \(message)" + (sql.map { " in \($0)" } ?? "")
    }

    /// The primary result code (the low byte of the extended one).
    var primaryCode: Int32 { code & 0xFF }

    /// The storage error a person is shown, for the database at `path`.
    func storeError(path: String) -> StoreError {
        switch primaryCode {
        case SQLITE_NOTADB: .notADatabase(path)
        case SQLITE_READONLY: .readOnly(path)
        case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH: .cannotOpen(path)
        case SQLITE_BUSY, SQLITE_LOCKED: .busy
        case SQLITE_CORRUPT: .corrupt(description)
        default: .failure(description)
        }
    }
}
