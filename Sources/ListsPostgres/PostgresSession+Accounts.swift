import ListsModel

extension PostgresSession {
    /// The store's accounts, on the session's connection and so in its transaction: a write that throws rolls
    /// back its account changes with its records.
    var accounts: any AccountSession { PostgresAccounts(connection: connection) }
}
