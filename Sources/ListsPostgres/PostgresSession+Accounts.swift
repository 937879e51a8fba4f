import ListsModel
import ListsSQL

extension PostgresSession {
    /// The store's accounts, on the session's connection and so in its transaction: a write that throws rolls
    /// back its account changes with its records.
    var accounts: any AccountSession { SQLAccounts(connection: connection, statements: Self.accountStatements) }

    /// The account statements in PostgreSQL's dialect, rendered once for every session.
    private static let accountStatements = AccountStatements(.postgres)
}
