import ListsModel
import ListsSQL

extension SQLiteSession {
    /// The store's accounts, on the session's connection and so in its transaction: a write that throws rolls
    /// back its account changes with its records.
    var accounts: any AccountSession { SQLAccounts(connection: connection, statements: Self.accountStatements) }

    /// The account statements in SQLite's dialect, rendered once for every session.
    private static let accountStatements = AccountStatements(.sqlite)
}
