import Foundation
import ListsModel

/// A connection that runs SQL with bound values: what the SQL written once for both engines (``SQLAccounts``)
/// needs of SQLite's and PostgreSQL's connections, which adopt it as they are.
///
/// Values always travel as parameters, never spliced into the SQL. A connection is used by one thread at a time,
/// inside the transaction its store opened; it keeps its statements prepared, by their SQL, for its life.
public protocol SQLConnection {
    /// One result row, read inside the closure it is given to.
    associatedtype Row: SQLRow

    /// Runs one or more statements that take no parameters and return nothing of interest (a lock, a migration).
    /// - Throws: the engine's error.
    func execute(_ sql: String) throws

    /// Runs `sql`, in its dialect's placeholders (``SQLDialect/sql(_:)``), with `parameters` bound to them, and
    /// calls `row` for each result row in order.
    /// - Throws: the engine's error, or what `row` throws.
    func query(_ sql: String, _ parameters: [FieldValue], row: (Row) throws -> Void) throws

    /// Runs `sql` with `parameters`, ignoring any rows, and returns how many rows it inserted, changed or deleted.
    /// - Throws: the engine's error.
    @discardableResult func run(_ sql: String, _ parameters: [FieldValue]) throws -> Int

    /// The first column of the first row of `sql` as an integer, or `nil` when there is no row or it is null.
    /// - Throws: the engine's error.
    func integer(_ sql: String, _ parameters: [FieldValue]) throws -> Int64?

    /// Whether `error`, thrown by such a connection, is a constraint refusing a statement (a unique index, a
    /// check).
    static func isConstraintViolation(_ error: any Error) -> Bool
}

/// One result row of an ``SQLConnection``; columns count from 0, as in both engines' C interfaces.
public protocol SQLRow {
    /// Whether the value at `column` is null.
    func isNull(_ column: Int32) -> Bool
    /// The value at `column` as an integer (0 for null).
    func integer(_ column: Int32) -> Int64
    /// The value at `column` as text (empty for null).
    func text(_ column: Int32) -> String
}

extension SQLRow {
    /// The instant at `column`, kept as integer milliseconds since 1970 by both stores.
    func date(_ column: Int32) -> Date {
        Date(timeIntervalSince1970: Double(integer(column)) / 1000)
    }

    /// The instant at `column`, or `nil` when it is null.
    func optionalDate(_ column: Int32) -> Date? {
        isNull(column) ? nil : date(column)
    }

    /// The integer at `column`, or `nil` when it is null.
    func optionalInteger(_ column: Int32) -> Int64? {
        isNull(column) ? nil : integer(column)
    }
}
