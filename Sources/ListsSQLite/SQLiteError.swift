import CSQLite
import Foundation
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

    /// Whether a constraint (a unique key, a check) refused the statement.
    var isConstraintViolation: Bool { primaryCode == SQLITE_CONSTRAINT }

    /// The storage error a person is shown, for the database at `path`: a file or directory that cannot be
    /// written is named, the directory first.
    func storeError(path: String) -> StoreError {
        switch primaryCode {
        case SQLITE_NOTADB: return .notADatabase(path)
        case SQLITE_CANTOPEN, SQLITE_READONLY:
            let files = FileManager.default
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
            if !files.isWritableFile(atPath: directory) { return .readOnly(directory) }
            if files.fileExists(atPath: path) && !files.isWritableFile(atPath: path) { return .readOnly(path) }
            return .cannotOpen(path)
        case SQLITE_PERM, SQLITE_AUTH: return .cannotOpen(path)
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy
        case SQLITE_CORRUPT: return .corrupt(description)
        default: return .failure(description)
        }
    }
}
