import Foundation
import ListsModel

/// ``AccountSession`` on one SQLite connection, inside the transaction of the ``SQLiteSession`` it came from, over
/// the account tables of schema 9.
///
/// Every value is bound as a parameter. Names are looked up and kept unique by their `name_key`
/// (``Reference/nameKey(_:)``); a unique index refusing one becomes ``StoreError/nameTaken(_:)``. SQLite undoes
/// only the refused statement, so the transaction goes on. Removing a user leaves its memberships, sessions and
/// tokens to the schema's `ON DELETE CASCADE`, which the store's write connection enforces
/// (`PRAGMA foreign_keys = ON`).
struct SQLiteAccounts: AccountSession {
    let connection: SQLiteConnection

    /// The columns a ``UserAccount`` is read from (``user(_:from:)``), of the table or alias `table`.
    private static func userColumns(_ table: String) -> String {
        "\(table).id, \(table).name, \(table).password_hash, \(table).created_at"
    }

    /// The columns a ``Household`` is read from (``household(_:from:)``), of the table or alias `table`.
    private static func householdColumns(_ table: String) -> String {
        "\(table).id, \(table).name, \(table).created_at"
    }

    private static let sessionColumns = "digest, user_id, household_id, created_at, expires_at"
    private static let tokenColumns = "id, user_id, name, digest, created_at, last_used_at"
    private static let invitationColumns = "digest, household_id, invited_by, created_at, expires_at, used_at"

    /// An instant as the stores keep it, integer milliseconds since 1970, read back.
    private static func date(_ row: SQLiteConnection.Row, _ column: Int32) -> Date {
        Date(timeIntervalSince1970: Double(row.integer(column)) / 1000)
    }

    private static func optionalDate(_ row: SQLiteConnection.Row, _ column: Int32) -> Date? {
        row.isNull(column) ? nil : date(row, column)
    }

    private static func user(_ row: SQLiteConnection.Row, from column: Int32) -> UserAccount {
        UserAccount(
            id: row.integer(column), name: row.text(column + 1), passwordHash: row.text(column + 2),
            createdAt: date(row, column + 3))
    }

    private static func household(_ row: SQLiteConnection.Row, from column: Int32) -> Household {
        Household(id: HouseholdID(row.integer(column)), name: row.text(column + 1), createdAt: date(row, column + 2))
    }

    /// The rows of `sql` read by `read`, in order.
    private func all<T>(_ sql: String, _ parameters: [FieldValue], _ read: (SQLiteConnection.Row) throws -> T) throws
        -> [T]
    {
        var result: [T] = []
        try connection.query(sql, parameters) { row in result.append(try read(row)) }
        return result
    }

    /// Runs `sql`, an INSERT or UPDATE that writes a name, and throws ``StoreError/nameTaken(_:)`` naming `what`
    /// when a unique index refused it and `isTaken` (asked then) finds the name taken; other refusals (a check
    /// on the name's length) stay SQLite's.
    private func writingName(
        _ what: String, _ sql: String, _ parameters: [FieldValue], isTaken: () throws -> Bool,
        row: (SQLiteConnection.Row) throws -> Void = { _ in }
    ) throws {
        do {
            try connection.query(sql, parameters, row: row)
        } catch let error as SQLiteError where error.isConstraintViolation {
            if try isTaken() { throw StoreError.nameTaken(what) }
            throw error
        }
    }

    // MARK: Users

    func userCount() throws -> Int {
        Int(try connection.integer("SELECT count(*) FROM users") ?? 0)
    }

    func users() throws -> [UserAccount] {
        try all("SELECT \(Self.userColumns("users")) FROM users ORDER BY name_key, id", []) { Self.user($0, from: 0) }
    }

    func user(id: Int64) throws -> UserAccount? {
        try all("SELECT \(Self.userColumns("users")) FROM users WHERE id = ?", [.integer(id)]) {
            Self.user($0, from: 0)
        }.first
    }

    func user(named name: String) throws -> UserAccount? {
        try all("SELECT \(Self.userColumns("users")) FROM users WHERE name_key = ?", [.text(Reference.nameKey(name))]) {
            Self.user($0, from: 0)
        }.first
    }

    func addUser(name: String, passwordHash: String, at time: Date) throws -> UserAccount {
        let key = Reference.nameKey(name)
        var id: Int64?
        try writingName(
            "user name",
            "INSERT INTO users (name, name_key, password_hash, created_at) VALUES (?, ?, ?, ?) RETURNING id",
            [.text(name), .text(key), .text(passwordHash), .date(time)],
            isTaken: { try connection.integer("SELECT 1 FROM users WHERE name_key = ?", [.text(key)]) != nil },
            row: { id = $0.integer(0) })
        guard let id else { throw StoreError.failure("adding a user returned no id") }
        return UserAccount(id: id, name: name, passwordHash: passwordHash, createdAt: time.roundedToMilliseconds)
    }

    func setPasswordHash(_ hash: String, userID: Int64) throws -> Bool {
        try connection.run("UPDATE users SET password_hash = ? WHERE id = ?", [.text(hash), .integer(userID)])
        return connection.changes > 0
    }

    func removeUser(id: Int64) throws -> Bool {
        // Memberships, sessions and tokens go by ON DELETE CASCADE; invitations the user made stay, unsigned.
        try connection.run("DELETE FROM users WHERE id = ?", [.integer(id)])
        return connection.changes > 0
    }

    // MARK: Households

    func households() throws -> [Household] {
        try all("SELECT \(Self.householdColumns("households")) FROM households ORDER BY name_key, id", []) {
            Self.household($0, from: 0)
        }
    }

    func household(id: HouseholdID) throws -> Household? {
        try all(
            "SELECT \(Self.householdColumns("households")) FROM households WHERE id = ?", [.integer(id.rawValue)]
        ) { Self.household($0, from: 0) }.first
    }

    func household(named name: String) throws -> Household? {
        try all(
            "SELECT \(Self.householdColumns("households")) FROM households WHERE name_key = ? ORDER BY id LIMIT 1",
            [.text(Reference.nameKey(name))]
        ) { Self.household($0, from: 0) }.first
    }

    /// Whether a household other than `id` (any, when `nil`) is named `key`.
    /// The next number after the highest: the write holds the database's only write lock, so no other writer
    /// takes it meanwhile.
    func addHousehold(name: String, at time: Date) throws -> Household {
        let next = try connection.integer("SELECT coalesce(max(id), -1) + 1 FROM households") ?? 0
        guard next < HouseholdID.limit else {
            throw StoreError.failure("the store holds \(HouseholdID.limit) households, the most it can")
        }
        try connection.run(
            "INSERT INTO households (id, name, name_key, created_at) VALUES (?, ?, ?, ?)",
            [.integer(next), .text(name), .text(Reference.nameKey(name)), .date(time)])
        return Household(id: HouseholdID(next), name: name, createdAt: time.roundedToMilliseconds)
    }

    func renameHousehold(id: HouseholdID, to name: String) throws -> Bool {
        try connection.run(
            "UPDATE households SET name = ?, name_key = ? WHERE id = ?",
            [.text(name), .text(Reference.nameKey(name)), .integer(id.rawValue)])
        return connection.changes > 0
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
        ) { row in
            Membership(
                household: Self.household(row, from: 0), user: Self.user(row, from: 3), role: try Self.role(row, 7))
        }
    }

    private static func role(_ row: SQLiteConnection.Row, _ column: Int32) throws -> HouseholdRole {
        let text = row.text(column)
        guard let role = HouseholdRole(rawValue: text) else { throw StoreError.corrupt("household role \(text)") }
        return role
    }

    func memberships(userID: Int64) throws -> [Membership] {
        try memberships(where: "m.user_id = ?", [.integer(userID)], orderedBy: "h.name_key, h.id")
    }

    func members(of householdID: HouseholdID) throws -> [Membership] {
        try memberships(where: "m.household_id = ?", [.integer(householdID.rawValue)], orderedBy: "u.name_key, u.id")
    }

    func role(userID: Int64, in householdID: HouseholdID) throws -> HouseholdRole? {
        try all(
            "SELECT role FROM memberships WHERE household_id = ? AND user_id = ?",
            [.integer(householdID.rawValue), .integer(userID)]
        ) { try Self.role($0, 0) }.first
    }

    func setMembership(userID: Int64, in householdID: HouseholdID, role: HouseholdRole, at time: Date) throws {
        try connection.run(
            "INSERT INTO memberships (household_id, user_id, role, joined_at) VALUES (?, ?, ?, ?) "
                + "ON CONFLICT (household_id, user_id) DO UPDATE SET role = excluded.role",
            [.integer(householdID.rawValue), .integer(userID), .text(role.rawValue), .date(time)])
    }

    func removeMembership(userID: Int64, from householdID: HouseholdID) throws -> Bool {
        let parameters: [FieldValue] = [.integer(householdID.rawValue), .integer(userID)]
        try connection.run("DELETE FROM memberships WHERE household_id = ? AND user_id = ?", parameters)
        let existed = connection.changes > 0
        try connection.run(
            "UPDATE sessions SET household_id = NULL WHERE household_id = ? AND user_id = ?", parameters)
        return existed
    }

    // MARK: Sessions

    func addSession(_ session: SignInSession) throws {
        try connection.run(
            "INSERT INTO sessions (\(Self.sessionColumns)) VALUES (?, ?, ?, ?, ?)",
            [
                .text(session.digest), .integer(session.userID),
                session.householdID.map { .integer($0.rawValue) } ?? .null,
                .date(session.createdAt), .date(session.expiresAt),
            ])
    }

    func session(digest: String) throws -> SignInSession? {
        try all("SELECT \(Self.sessionColumns) FROM sessions WHERE digest = ?", [.text(digest)]) { row in
            SignInSession(
                digest: row.text(0), userID: row.integer(1),
                householdID: row.isNull(2) ? nil : HouseholdID(row.integer(2)),
                createdAt: Self.date(row, 3), expiresAt: Self.date(row, 4))
        }.first
    }

    func updateSession(digest: String, householdID: HouseholdID?, expiresAt: Date) throws -> Bool {
        try connection.run(
            "UPDATE sessions SET household_id = ?, expires_at = ? WHERE digest = ?",
            [householdID.map { .integer($0.rawValue) } ?? .null, .date(expiresAt), .text(digest)])
        return connection.changes > 0
    }

    func removeSession(digest: String) throws -> Bool {
        try connection.run("DELETE FROM sessions WHERE digest = ?", [.text(digest)])
        return connection.changes > 0
    }

    func removeSessions(userID: Int64) throws -> Int {
        try connection.run("DELETE FROM sessions WHERE user_id = ?", [.integer(userID)])
        return connection.changes
    }

    func removeSessions(expiredBefore time: Date) throws -> Int {
        try connection.run("DELETE FROM sessions WHERE expires_at < ?", [.date(time)])
        return connection.changes
    }

    // MARK: Failed sign-ins

    func signInFailures(key: String, since: Date) throws -> [Date] {
        try all(
            "SELECT failed_at FROM sign_in_failures WHERE key = ? AND failed_at > ? ORDER BY failed_at",
            [.text(key), .date(since)]
        ) { Self.date($0, 0) }
    }

    func addSignInFailure(keys: [String], at time: Date, forgetBefore: Date) throws {
        try connection.run("DELETE FROM sign_in_failures WHERE failed_at < ?", [.date(forgetBefore)])
        for key in keys {
            try connection.run(
                "INSERT INTO sign_in_failures (key, failed_at) VALUES (?, ?)", [.text(key), .date(time)])
        }
    }

    func removeSignInFailures(key: String) throws {
        try connection.run("DELETE FROM sign_in_failures WHERE key = ?", [.text(key)])
    }

    func removeSignInFailure(keys: [String], at time: Date) throws {
        for key in keys {
            try connection.run(
                """
                DELETE FROM sign_in_failures WHERE rowid IN
                    (SELECT rowid FROM sign_in_failures WHERE key = ? AND failed_at = ? LIMIT 1)
                """, [.text(key), .date(time)])
        }
    }

    func lockSignInFailures() throws {
        // A write transaction here is BEGIN IMMEDIATE: it holds SQLite's one write lock from its start.
    }

    // MARK: API tokens

    private static func token(_ row: SQLiteConnection.Row) -> APIToken {
        APIToken(
            id: row.integer(0), userID: row.integer(1), name: row.text(2), digest: row.text(3),
            createdAt: date(row, 4), lastUsedAt: optionalDate(row, 5))
    }

    func addToken(userID: Int64, name: String, digest: String, at time: Date) throws -> APIToken {
        let key = Reference.nameKey(name)
        var id: Int64?
        try writingName(
            "token name",
            "INSERT INTO api_tokens (user_id, name, name_key, digest, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id",
            [.integer(userID), .text(name), .text(key), .text(digest), .date(time)],
            isTaken: {
                try connection.integer(
                    "SELECT 1 FROM api_tokens WHERE user_id = ? AND name_key = ?", [.integer(userID), .text(key)])
                    != nil
            },
            row: { id = $0.integer(0) })
        guard let id else { throw StoreError.failure("adding a token returned no id") }
        return APIToken(
            id: id, userID: userID, name: name, digest: digest, createdAt: time.roundedToMilliseconds, lastUsedAt: nil)
    }

    func tokens(userID: Int64) throws -> [APIToken] {
        try all(
            "SELECT \(Self.tokenColumns) FROM api_tokens WHERE user_id = ? ORDER BY name_key, id", [.integer(userID)],
            Self.token)
    }

    func token(digest: String) throws -> APIToken? {
        try all("SELECT \(Self.tokenColumns) FROM api_tokens WHERE digest = ?", [.text(digest)], Self.token).first
    }

    /// Writes only when the kept time is a minute or more before `time` (or none is kept): a token bearing many
    /// requests a minute changes its row once, and a server whose clock is behind never moves it back.
    func touchToken(id: Int64, at time: Date) throws {
        try connection.run(
            "UPDATE api_tokens SET last_used_at = ?1 WHERE id = ?2 "
                + "AND (last_used_at IS NULL OR last_used_at <= ?1 - 60000)",
            [.date(time), .integer(id)])
    }

    func removeToken(userID: Int64, named name: String) throws -> Bool {
        try connection.run(
            "DELETE FROM api_tokens WHERE user_id = ? AND name_key = ?",
            [.integer(userID), .text(Reference.nameKey(name))])
        return connection.changes > 0
    }

    func removeTokens(userID: Int64) throws -> Int {
        try connection.run("DELETE FROM api_tokens WHERE user_id = ?", [.integer(userID)])
        return connection.changes
    }

    // MARK: Invitations

    func addInvitation(_ invitation: Invitation) throws {
        try connection.run(
            "INSERT INTO invitations (\(Self.invitationColumns)) VALUES (?, ?, ?, ?, ?, ?)",
            [
                .text(invitation.digest), .integer(invitation.householdID.rawValue),
                invitation.invitedBy.map { .integer($0) } ?? .null, .date(invitation.createdAt),
                .date(invitation.expiresAt), invitation.usedAt.map { .date($0) } ?? .null,
            ])
    }

    func invitation(digest: String) throws -> Invitation? {
        try all("SELECT \(Self.invitationColumns) FROM invitations WHERE digest = ?", [.text(digest)]) { row in
            Invitation(
                digest: row.text(0), householdID: HouseholdID(row.integer(1)),
                invitedBy: row.isNull(2) ? nil : row.integer(2), createdAt: Self.date(row, 3),
                expiresAt: Self.date(row, 4), usedAt: Self.optionalDate(row, 5))
        }.first
    }

    /// One statement that both tests and marks: of two uses at once, the second finds it used.
    func useInvitation(digest: String, at time: Date) throws -> Bool {
        try connection.run(
            "UPDATE invitations SET used_at = ?1 WHERE digest = ?2 AND used_at IS NULL AND expires_at > ?1",
            [.date(time), .text(digest)])
        return connection.changes == 1
    }
}
