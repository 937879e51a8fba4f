/// The migrations of the account tables, as far as they are the same SQL in both stores: written once, rendered in
/// a dialect, and made part of each store's numbered migrations.
///
/// What each renders in SQLite's dialect is, byte for byte, what SQLite's migrations held before it was written
/// once (SQLite keeps a table's `CREATE` text as its schema). Migrations are append only: a change to the account
/// tables is a new migration, never an edit here. Household names stopped being unique in the store at schema 11,
/// whose migration is each store's own (SQLite cannot drop a constraint and makes the table again).
public enum AccountSchema {
    /// The account tables (SQLite's schema 9, PostgreSQL's 8, whose migrations begin with what they change of the
    /// record tables): households (the first one, number 0, named "Home", holds the records there were before),
    /// users, memberships, sign-in sessions, API tokens and invitations. The secrets of sessions, tokens and
    /// invitations are kept as digests only.
    public static func accounts(_ dialect: SQLDialect) -> String {
        let integer = dialect.integer
        let text = dialect.text
        let length = dialect.characterLength
        return """
            CREATE TABLE households (
                id \(integer) PRIMARY KEY CHECK (id >= 0 AND id < 4194304),
                name \(text) NOT NULL CHECK (\(length)(name) BETWEEN 1 AND 100),
                name_key \(text) NOT NULL UNIQUE,
                created_at \(integer) NOT NULL
            );
            INSERT INTO households (id, name, name_key, created_at)
                VALUES (0, 'Home', 'home', \(dialect.currentTimeMilliseconds));

            CREATE TABLE users (
                id \(dialect.autoIncrementingKey),
                name \(text) NOT NULL CHECK (\(length)(name) BETWEEN 1 AND 64),
                name_key \(text) NOT NULL UNIQUE,
                password_hash \(text) NOT NULL,
                created_at \(integer) NOT NULL
            );
            CREATE TABLE memberships (
                household_id \(integer) NOT NULL REFERENCES households (id) ON DELETE CASCADE,
                user_id \(integer) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                role \(text) NOT NULL CHECK (role IN ('owner', 'member')),
                joined_at \(integer) NOT NULL,
                PRIMARY KEY (household_id, user_id)
            )\(dialect.keyOrderedTable);
            CREATE INDEX memberships_by_user ON memberships (user_id);
            CREATE TABLE sessions (
                digest \(dialect.bytewiseText) \(dialect.textPrimaryKey),
                user_id \(integer) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                household_id \(integer) REFERENCES households (id) ON DELETE SET NULL,
                created_at \(integer) NOT NULL,
                expires_at \(integer) NOT NULL
            )\(dialect.keyOrderedTable);
            CREATE INDEX sessions_by_user ON sessions (user_id);
            CREATE INDEX sessions_by_end ON sessions (expires_at);
            CREATE TABLE api_tokens (
                id \(dialect.autoIncrementingKey),
                user_id \(integer) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                name \(text) NOT NULL CHECK (\(length)(name) BETWEEN 1 AND 100),
                name_key \(text) NOT NULL,
                digest \(dialect.bytewiseText) NOT NULL UNIQUE,
                created_at \(integer) NOT NULL,
                last_used_at \(integer),
                UNIQUE (user_id, name_key)
            );
            CREATE TABLE invitations (
                digest \(dialect.bytewiseText) \(dialect.textPrimaryKey),
                household_id \(integer) NOT NULL REFERENCES households (id) ON DELETE CASCADE,
                invited_by \(integer) REFERENCES users (id) ON DELETE SET NULL,
                created_at \(integer) NOT NULL,
                expires_at \(integer) NOT NULL,
                used_at \(integer)
            )\(dialect.keyOrderedTable);

            """
    }

    /// Failed sign-ins (schema 10 in both stores), each counted against a key (a user name's, a client
    /// address's) at an instant, in the database rather than in a server's memory: every server on one database,
    /// and a restarted one, holds the same count. Rows older than the limit's window are deleted as new failures
    /// come.
    public static func signInFailures(_ dialect: SQLDialect) -> String {
        """
        CREATE TABLE sign_in_failures (
            key \(dialect.bytewiseText) NOT NULL,
            failed_at \(dialect.integer) NOT NULL
        );
        CREATE INDEX sign_in_failures_by_key ON sign_in_failures (key, failed_at);
        CREATE INDEX sign_in_failures_by_time ON sign_in_failures (failed_at);

        """
    }
}
