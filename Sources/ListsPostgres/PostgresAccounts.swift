import Foundation
import ListsModel

/// ``AccountSession`` on one PostgreSQL connection, inside the transaction of the ``PostgresSession`` it came from,
/// over the account tables of schema 8: the same statements as SQLite's, in PostgreSQL's dialect.
///
/// A failed statement aborts the whole transaction in PostgreSQL, so a taken name must never reach a unique index
/// as an error: inserts skip a conflicting row (`ON CONFLICT DO NOTHING`) and say by returning no row, and a rename
/// looks first, under the store's write lock. Lists sort names byte by byte (`COLLATE "C"`), as SQLite does,
/// whatever the database's collation.
struct PostgresAccounts: AccountSession {
    let connection: PostgresConnection

    typealias Rows = PostgresConnection.Rows

    /// The columns a ``UserAccount`` is read from (``user(_:_:from:)``), of the table or alias `table`.
    private static func userColumns(_ table: String) -> String {
        "\(table).id, \(table).name, \(table).password_hash, \(table).created_at"
    }

    /// The columns a ``Household`` is read from (``household(_:_:from:)``), of the table or alias `table`.
    private static func householdColumns(_ table: String) -> String {
        "\(table).id, \(table).name, \(table).created_at"
    }

    private static let sessionColumns = "digest, user_id, household_id, created_at, expires_at"
    private static let tokenColumns = "id, user_id, name, digest, created_at, last_used_at"
    private static let invitationColumns = "digest, household_id, invited_by, created_at, expires_at, used_at"

    /// An instant as the stores keep it, integer milliseconds since 1970, read back.
    private static func date(_ rows: Rows, _ row: Int, _ column: Int) -> Date {
        Date(timeIntervalSince1970: Double(rows.integer(row, column)) / 1000)
    }

    private static func optionalDate(_ rows: Rows, _ row: Int, _ column: Int) -> Date? {
        rows.isNull(row, column) ? nil : date(rows, row, column)
    }

    private static func user(_ rows: Rows, _ row: Int, from column: Int) -> UserAccount {
        UserAccount(
            id: rows.integer(row, column), name: rows.text(row, column + 1),
            passwordHash: rows.text(row, column + 2), createdAt: date(rows, row, column + 3))
    }

    private static func household(_ rows: Rows, _ row: Int, from column: Int) -> Household {
        Household(
            id: HouseholdID(rows.integer(row, column)), name: rows.text(row, column + 1),
            createdAt: date(rows, row, column + 2))
    }

    private static func role(_ rows: Rows, _ row: Int, _ column: Int) throws -> HouseholdRole {
        let text = rows.text(row, column)
        guard let role = HouseholdRole(rawValue: text) else { throw StoreError.corrupt("household role \(text)") }
        return role
    }

    /// The rows of `sql` read by `read`, in order.
    private func all<T>(_ sql: String, _ parameters: [FieldValue], _ read: (Rows, Int) throws -> T) throws -> [T] {
        let rows = try connection.query(sql, parameters)
        return try (0..<rows.count).map { try read(rows, $0) }
    }

    /// The id `sql` (an `INSERT ... ON CONFLICT DO NOTHING RETURNING id`) returned.
    /// - Throws: ``StoreError/nameTaken(_:)`` naming `what` when it returned none: the name was taken.
    private func insertedID(_ what: String, _ sql: String, _ parameters: [FieldValue]) throws -> Int64 {
        let rows = try connection.query(sql, parameters)
        guard rows.count == 1 else { throw StoreError.nameTaken(what) }
        return rows.integer(0, 0)
    }

    // MARK: Users

    func userCount() throws -> Int {
        Int(try connection.integer("SELECT count(*) FROM users") ?? 0)
    }

    func users() throws -> [UserAccount] {
        try all("SELECT \(Self.userColumns("users")) FROM users ORDER BY name_key COLLATE \"C\", id", []) {
            Self.user($0, $1, from: 0)
        }
    }

    func user(id: Int64) throws -> UserAccount? {
        try all("SELECT \(Self.userColumns("users")) FROM users WHERE id = $1", [.integer(id)]) {
            Self.user($0, $1, from: 0)
        }.first
    }

    func user(named name: String) throws -> UserAccount? {
        try all(
            "SELECT \(Self.userColumns("users")) FROM users WHERE name_key = $1", [.text(Reference.nameKey(name))]
        ) { Self.user($0, $1, from: 0) }.first
    }

    func addUser(name: String, passwordHash: String, at time: Date) throws -> UserAccount {
        let id = try insertedID(
            "user name",
            "INSERT INTO users (name, name_key, password_hash, created_at) VALUES ($1, $2, $3, $4) "
                + "ON CONFLICT (name_key) DO NOTHING RETURNING id",
            [.text(name), .text(Reference.nameKey(name)), .text(passwordHash), .date(time)])
        return UserAccount(id: id, name: name, passwordHash: passwordHash, createdAt: time.roundedToMilliseconds)
    }

    func setPasswordHash(_ hash: String, userID: Int64) throws -> Bool {
        try connection.run("UPDATE users SET password_hash = $1 WHERE id = $2", [.text(hash), .integer(userID)]) > 0
    }

    func removeUser(id: Int64) throws -> Bool {
        // Memberships, sessions and tokens go by ON DELETE CASCADE; invitations the user made stay, unsigned.
        try connection.run("DELETE FROM users WHERE id = $1", [.integer(id)]) > 0
    }

    // MARK: Households

    func households() throws -> [Household] {
        try all(
            "SELECT \(Self.householdColumns("households")) FROM households ORDER BY name_key COLLATE \"C\", id", []
        ) { Self.household($0, $1, from: 0) }
    }

    func household(id: HouseholdID) throws -> Household? {
        try all(
            "SELECT \(Self.householdColumns("households")) FROM households WHERE id = $1", [.integer(id.rawValue)]
        ) { Self.household($0, $1, from: 0) }.first
    }

    func household(named name: String) throws -> Household? {
        try all(
            "SELECT \(Self.householdColumns("households")) FROM households WHERE name_key = $1 ORDER BY id LIMIT 1",
            [.text(Reference.nameKey(name))]
        ) { Self.household($0, $1, from: 0) }.first
    }

    /// The next number after the highest, under the store's write lock, so that two servers adding households at
    /// once take turns and never pick the same one.
    func addHousehold(name: String, at time: Date) throws -> Household {
        try connection.execute(PostgresStore.writeLock)
        let next = try connection.integer("SELECT coalesce(max(id) + 1, 0) FROM households") ?? 0
        guard next < HouseholdID.limit else {
            throw StoreError.failure("the store holds \(HouseholdID.limit) households, the most it can")
        }
        try connection.run(
            "INSERT INTO households (id, name, name_key, created_at) VALUES ($1, $2, $3, $4)",
            [.integer(next), .text(name), .text(Reference.nameKey(name)), .date(time)])
        return Household(id: HouseholdID(next), name: name, createdAt: time.roundedToMilliseconds)
    }

    func renameHousehold(id: HouseholdID, to name: String) throws -> Bool {
        let key = Reference.nameKey(name)
        return try connection.run(
            "UPDATE households SET name = $1, name_key = $2 WHERE id = $3",
            [.text(name), .text(key), .integer(id.rawValue)]) > 0
    }

    // MARK: Memberships

    /// Memberships joined with their household and user, `condition` choosing them, in `order`.
    private func memberships(where condition: String, _ parameters: [FieldValue], orderedBy order: String) throws
        -> [Membership]
    {
        try all(
            "SELECT \(Self.householdColumns("h")), \(Self.userColumns("u")), m.role FROM memberships AS m "
                + "JOIN households AS h ON h.id = m.household_id JOIN users AS u ON u.id = m.user_id "
                + "WHERE \(condition) ORDER BY \(order)", parameters
        ) { rows, row in
            Membership(
                household: Self.household(rows, row, from: 0), user: Self.user(rows, row, from: 3),
                role: try Self.role(rows, row, 7))
        }
    }

    func memberships(userID: Int64) throws -> [Membership] {
        try memberships(where: "m.user_id = $1", [.integer(userID)], orderedBy: "h.name_key COLLATE \"C\", h.id")
    }

    func members(of householdID: HouseholdID) throws -> [Membership] {
        try memberships(
            where: "m.household_id = $1", [.integer(householdID.rawValue)], orderedBy: "u.name_key COLLATE \"C\", u.id")
    }

    func role(userID: Int64, in householdID: HouseholdID) throws -> HouseholdRole? {
        try all(
            "SELECT role FROM memberships WHERE household_id = $1 AND user_id = $2",
            [.integer(householdID.rawValue), .integer(userID)]
        ) { try Self.role($0, $1, 0) }.first
    }

    func setMembership(userID: Int64, in householdID: HouseholdID, role: HouseholdRole, at time: Date) throws {
        try connection.run(
            "INSERT INTO memberships (household_id, user_id, role, joined_at) VALUES ($1, $2, $3, $4) "
                + "ON CONFLICT (household_id, user_id) DO UPDATE SET role = excluded.role",
            [.integer(householdID.rawValue), .integer(userID), .text(role.rawValue), .date(time)])
    }

    func removeMembership(userID: Int64, from householdID: HouseholdID) throws -> Bool {
        let parameters: [FieldValue] = [.integer(householdID.rawValue), .integer(userID)]
        let removed = try connection.run(
            "DELETE FROM memberships WHERE household_id = $1 AND user_id = $2", parameters)
        try connection.run(
            "UPDATE sessions SET household_id = NULL WHERE household_id = $1 AND user_id = $2", parameters)
        return removed > 0
    }

    // MARK: Sessions

    func addSession(_ session: SignInSession) throws {
        try connection.run(
            "INSERT INTO sessions (\(Self.sessionColumns)) VALUES ($1, $2, $3, $4, $5)",
            [
                .text(session.digest), .integer(session.userID),
                session.householdID.map { .integer($0.rawValue) } ?? .null, .date(session.createdAt),
                .date(session.expiresAt),
            ])
    }

    func session(digest: String) throws -> SignInSession? {
        try all("SELECT \(Self.sessionColumns) FROM sessions WHERE digest = $1", [.text(digest)]) { rows, row in
            SignInSession(
                digest: rows.text(row, 0), userID: rows.integer(row, 1),
                householdID: rows.isNull(row, 2) ? nil : HouseholdID(rows.integer(row, 2)),
                createdAt: Self.date(rows, row, 3), expiresAt: Self.date(rows, row, 4))
        }.first
    }

    func updateSession(digest: String, householdID: HouseholdID?, expiresAt: Date) throws -> Bool {
        try connection.run(
            "UPDATE sessions SET household_id = $1, expires_at = $2 WHERE digest = $3",
            [householdID.map { .integer($0.rawValue) } ?? .null, .date(expiresAt), .text(digest)]) > 0
    }

    func removeSession(digest: String) throws -> Bool {
        try connection.run("DELETE FROM sessions WHERE digest = $1", [.text(digest)]) > 0
    }

    func removeSessions(userID: Int64) throws -> Int {
        try connection.run("DELETE FROM sessions WHERE user_id = $1", [.integer(userID)])
    }

    func removeSessions(expiredBefore time: Date) throws -> Int {
        try connection.run("DELETE FROM sessions WHERE expires_at < $1", [.date(time)])
    }

    // MARK: Failed sign-ins

    func signInFailures(key: String, since: Date) throws -> [Date] {
        try all(
            "SELECT failed_at FROM sign_in_failures WHERE key = $1 AND failed_at > $2 ORDER BY failed_at",
            [.text(key), .date(since)]
        ) { rows, row in Self.date(rows, row, 0) }
    }

    func addSignInFailure(keys: [String], at time: Date, forgetBefore: Date) throws {
        try connection.run("DELETE FROM sign_in_failures WHERE failed_at < $1", [.date(forgetBefore)])
        for key in keys {
            try connection.run(
                "INSERT INTO sign_in_failures (key, failed_at) VALUES ($1, $2)", [.text(key), .date(time)])
        }
    }

    func removeSignInFailures(key: String) throws {
        try connection.run("DELETE FROM sign_in_failures WHERE key = $1", [.text(key)])
    }

    func removeSignInFailure(keys: [String], at time: Date) throws {
        for key in keys {
            try connection.run(
                """
                DELETE FROM sign_in_failures WHERE ctid IN
                    (SELECT ctid FROM sign_in_failures WHERE key = $1 AND failed_at = $2 LIMIT 1)
                """, [.text(key), .date(time)])
        }
    }

    func lockSignInFailures() throws {
        // Writes run side by side here: the failures' own advisory lock, held until the transaction ends, makes
        // counting and adding one step for every server on the database.
        try connection.execute("SELECT pg_advisory_xact_lock(1279870806, hashtext(current_schema()))")
    }

    // MARK: API tokens

    private static func token(_ rows: Rows, _ row: Int) -> APIToken {
        APIToken(
            id: rows.integer(row, 0), userID: rows.integer(row, 1), name: rows.text(row, 2),
            digest: rows.text(row, 3), createdAt: date(rows, row, 4), lastUsedAt: optionalDate(rows, row, 5))
    }

    func addToken(userID: Int64, name: String, digest: String, at time: Date) throws -> APIToken {
        let id = try insertedID(
            "token name",
            "INSERT INTO api_tokens (user_id, name, name_key, digest, created_at) VALUES ($1, $2, $3, $4, $5) "
                + "ON CONFLICT (user_id, name_key) DO NOTHING RETURNING id",
            [.integer(userID), .text(name), .text(Reference.nameKey(name)), .text(digest), .date(time)])
        return APIToken(
            id: id, userID: userID, name: name, digest: digest, createdAt: time.roundedToMilliseconds, lastUsedAt: nil)
    }

    func tokens(userID: Int64) throws -> [APIToken] {
        try all(
            "SELECT \(Self.tokenColumns) FROM api_tokens WHERE user_id = $1 ORDER BY name_key COLLATE \"C\", id",
            [.integer(userID)], Self.token)
    }

    func token(digest: String) throws -> APIToken? {
        try all("SELECT \(Self.tokenColumns) FROM api_tokens WHERE digest = $1", [.text(digest)], Self.token).first
    }

    /// Writes only when the kept time is a minute or more before `time` (or none is kept): a token bearing many
    /// requests a minute changes its row once, and a server whose clock is behind never moves it back.
    func touchToken(id: Int64, at time: Date) throws {
        try connection.run(
            "UPDATE api_tokens SET last_used_at = $1 WHERE id = $2 "
                + "AND (last_used_at IS NULL OR last_used_at <= $1::bigint - 60000)", [.date(time), .integer(id)])
    }

    func removeToken(userID: Int64, named name: String) throws -> Bool {
        try connection.run(
            "DELETE FROM api_tokens WHERE user_id = $1 AND name_key = $2",
            [.integer(userID), .text(Reference.nameKey(name))]) > 0
    }

    func removeTokens(userID: Int64) throws -> Int {
        try connection.run("DELETE FROM api_tokens WHERE user_id = $1", [.integer(userID)])
    }

    // MARK: Invitations

    func addInvitation(_ invitation: Invitation) throws {
        try connection.run(
            "INSERT INTO invitations (\(Self.invitationColumns)) VALUES ($1, $2, $3, $4, $5, $6)",
            [
                .text(invitation.digest), .integer(invitation.householdID.rawValue),
                invitation.invitedBy.map { .integer($0) } ?? .null, .date(invitation.createdAt),
                .date(invitation.expiresAt), invitation.usedAt.map { .date($0) } ?? .null,
            ])
    }

    func invitation(digest: String) throws -> Invitation? {
        try all("SELECT \(Self.invitationColumns) FROM invitations WHERE digest = $1", [.text(digest)]) { rows, row in
            Invitation(
                digest: rows.text(row, 0), householdID: HouseholdID(rows.integer(row, 1)),
                invitedBy: rows.isNull(row, 2) ? nil : rows.integer(row, 2), createdAt: Self.date(rows, row, 3),
                expiresAt: Self.date(rows, row, 4), usedAt: Self.optionalDate(rows, row, 5))
        }.first
    }

    /// One statement that both tests and marks: of two uses at once, the second waits for the first's row lock,
    /// then tests the row again as the first left it, used.
    func useInvitation(digest: String, at time: Date) throws -> Bool {
        try connection.run(
            "UPDATE invitations SET used_at = $1 WHERE digest = $2 AND used_at IS NULL AND expires_at > $1",
            [.date(time), .text(digest)]) == 1
    }
}
