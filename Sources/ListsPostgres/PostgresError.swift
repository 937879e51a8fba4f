import ListsModel

/// A failed libpq call: the server's SQLSTATE (when the server answered), its message and the statement, for logs.
///
/// `description` never includes bound values (they travel apart from the SQL, as parameters); callers turn the
/// error into a ``StoreError`` with ``storeError(place:)``.
struct PostgresError: Error, CustomStringConvertible {
    /// The five-character SQLSTATE, or `nil` when no server answered (a connection that failed or broke).
    var sqlState: String?
    /// The server's or libpq's message.
    var message: String
    /// The SQL that failed, without its bound values.
    var sql: String?
    /// Whether the connection was unusable afterwards: the request failed because the server went away.
    var isConnectionLost: Bool = false

    var description: String {
        "PostgreSQL error \(sqlState ?? "-----"): \(message)" + (sql.map { " in \($0)" } ?? "")
    }

    /// Whether a unique index (a primary key) refused the statement.
    var isUniqueViolation: Bool { sqlState == "23505" }

    /// The storage error a person is shown, for the server at `place` (its URL without a password).
    ///
    /// Classes of SQLSTATE, as PostgreSQL's appendix A groups them: 08 connection exceptions; 40001 and 40P01
    /// a serialization failure or deadlock (the same "try again" as SQLite's busy); 55P03 a lock not granted
    /// in time; 57P01-57P03 the server shutting down or not yet accepting connections; 28 refused credentials,
    /// 3D000 an unknown database.
    func storeError(place: String) -> StoreError {
        if isConnectionLost { return .connectionLost(place) }
        guard let sqlState else { return .failure(description) }
        switch sqlState {
        case "40001", "40P01", "55P03", "57014": return .busy
        case "57P01", "57P02", "57P03": return .connectionLost(place)
        case "25006": return .readOnly(place)
        case "3D000", "28000", "28P01": return .cannotOpen(place)
        default:
            if sqlState.hasPrefix("08") { return .connectionLost(place) }
            return .failure(description)
        }
    }
}

extension StoreError {
    /// Whether the database refused the statement itself (a check, a constraint), as opposed to the connection,
    /// the server or a lock failing it: trying its records one by one then tells which one is at fault.
    var isRefusal: Bool {
        code == .failure
    }
}
