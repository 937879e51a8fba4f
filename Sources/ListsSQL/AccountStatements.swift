/// The statements of ``SQLAccounts``, written once and rendered in one dialect when made: a store keeps one for
/// its life, so that checking a session on every request builds no SQL.
///
/// `Sendable`: every property is a constant string (or none).
public final class AccountStatements: Sendable {
    /// The dialect they are in.
    let dialect: SQLDialect

    /// The columns a ``ListsModel/UserAccount`` is read from, of the table or alias `table`.
    static func userColumns(_ table: String) -> String {
        "\(table).id, \(table).name, \(table).password_hash, \(table).created_at"
    }

    /// The columns a ``ListsModel/Household`` is read from, of the table or alias `table`.
    static func householdColumns(_ table: String) -> String {
        "\(table).id, \(table).name, \(table).created_at"
    }

    /// The columns of a ``ListsModel/SignInSession``, an ``ListsModel/APIToken`` and an
    /// ``ListsModel/Invitation``, in the order they are read.
    static let sessionColumns = "digest, user_id, household_id, created_at, expires_at"
    static let tokenColumns = "id, user_id, name, digest, created_at, last_used_at"
    static let invitationColumns = "digest, household_id, invited_by, created_at, expires_at, used_at"

    /// Users: count, all, by id, by name key, add (returning the id), whether a name key is taken, set the hash,
    /// remove.
    let userCount, users, userByID, userByName, addUser, userNameTaken, setPasswordHash, removeUser: String
    /// Households: all, by id, the lowest numbered by name key, the next number, add, rename.
    let households, householdByID, householdByName, nextHousehold, addHousehold, renameHousehold: String
    /// Memberships: a user's, a household's members, a role, set (or change the role), remove, and stop the user's
    /// sessions showing the household.
    let membershipsOfUser, membersOfHousehold, role, setMembership, removeMembership, unshowHousehold: String
    /// Sessions: add, by digest, move on, remove one, remove a user's, remove those that ended.
    let addSession, session, updateSession, removeSession, removeUserSessions, removeEndedSessions: String
    /// Failed sign-ins: a key's since an instant, forget those before an instant, add one, forget a key's, forget
    /// one of a key's at an instant.
    let signInFailures, forgetSignInFailures, addSignInFailure, removeKeySignInFailures, removeSignInFailure: String
    /// API tokens: add (returning the id), whether a user's token name key is taken, a user's, by digest, note a
    /// use, remove one by name key, remove a user's.
    let addToken, tokenNameTaken, tokens, token, touchToken, removeToken, removeTokens: String
    /// Invitations: add, by digest, use.
    let addInvitation, invitation, useInvitation: String

    /// The statements in `dialect`.
    public init(_ dialect: SQLDialect) {
        self.dialect = dialect
        let sql = dialect.sql
        let userColumns = Self.userColumns("users")
        let householdColumns = Self.householdColumns("households")

        userCount = sql("SELECT count(*) FROM users")
        users = sql("SELECT \(userColumns) FROM users ORDER BY \(dialect.bytewise("name_key")), id")
        userByID = sql("SELECT \(userColumns) FROM users WHERE id = ?")
        userByName = sql("SELECT \(userColumns) FROM users WHERE name_key = ?")
        addUser = sql(
            "INSERT INTO users (name, name_key, password_hash, created_at) VALUES (?, ?, ?, ?)"
                + "\(dialect.skippingTakenNames(on: "name_key")) RETURNING id")
        userNameTaken = sql("SELECT 1 FROM users WHERE name_key = ?")
        setPasswordHash = sql("UPDATE users SET password_hash = ? WHERE id = ?")
        removeUser = sql("DELETE FROM users WHERE id = ?")

        households = sql("SELECT \(householdColumns) FROM households ORDER BY \(dialect.bytewise("name_key")), id")
        householdByID = sql("SELECT \(householdColumns) FROM households WHERE id = ?")
        householdByName = sql("SELECT \(householdColumns) FROM households WHERE name_key = ? ORDER BY id LIMIT 1")
        nextHousehold = sql("SELECT coalesce(max(id) + 1, 0) FROM households")
        addHousehold = sql("INSERT INTO households (id, name, name_key, created_at) VALUES (?, ?, ?, ?)")
        renameHousehold = sql("UPDATE households SET name = ?, name_key = ? WHERE id = ?")

        let memberships =
            "SELECT \(Self.householdColumns("h")), \(Self.userColumns("u")), m.role FROM memberships AS m "
            + "JOIN households AS h ON h.id = m.household_id JOIN users AS u ON u.id = m.user_id"
        membershipsOfUser = sql(
            "\(memberships) WHERE m.user_id = ? ORDER BY \(dialect.bytewise("h.name_key")), h.id")
        membersOfHousehold = sql(
            "\(memberships) WHERE m.household_id = ? ORDER BY \(dialect.bytewise("u.name_key")), u.id")
        role = sql("SELECT role FROM memberships WHERE household_id = ? AND user_id = ?")
        setMembership = sql(
            "INSERT INTO memberships (household_id, user_id, role, joined_at) VALUES (?, ?, ?, ?) "
                + "ON CONFLICT (household_id, user_id) DO UPDATE SET role = excluded.role")
        removeMembership = sql("DELETE FROM memberships WHERE household_id = ? AND user_id = ?")
        unshowHousehold = sql("UPDATE sessions SET household_id = NULL WHERE household_id = ? AND user_id = ?")

        addSession = sql("INSERT INTO sessions (\(Self.sessionColumns)) VALUES (?, ?, ?, ?, ?)")
        session = sql("SELECT \(Self.sessionColumns) FROM sessions WHERE digest = ?")
        updateSession = sql("UPDATE sessions SET household_id = ?, expires_at = ? WHERE digest = ?")
        removeSession = sql("DELETE FROM sessions WHERE digest = ?")
        removeUserSessions = sql("DELETE FROM sessions WHERE user_id = ?")
        removeEndedSessions = sql("DELETE FROM sessions WHERE expires_at < ?")

        signInFailures = sql(
            "SELECT failed_at FROM sign_in_failures WHERE key = ? AND failed_at > ? ORDER BY failed_at")
        forgetSignInFailures = sql("DELETE FROM sign_in_failures WHERE failed_at < ?")
        addSignInFailure = sql("INSERT INTO sign_in_failures (key, failed_at) VALUES (?, ?)")
        removeKeySignInFailures = sql("DELETE FROM sign_in_failures WHERE key = ?")
        let row = dialect.rowIdentity
        removeSignInFailure = sql(
            """
            DELETE FROM sign_in_failures WHERE \(row) IN
                (SELECT \(row) FROM sign_in_failures WHERE key = ? AND failed_at = ? LIMIT 1)
            """)

        addToken = sql(
            "INSERT INTO api_tokens (user_id, name, name_key, digest, created_at) VALUES (?, ?, ?, ?, ?)"
                + "\(dialect.skippingTakenNames(on: "user_id, name_key")) RETURNING id")
        tokenNameTaken = sql("SELECT 1 FROM api_tokens WHERE user_id = ? AND name_key = ?")
        tokens = sql(
            "SELECT \(Self.tokenColumns) FROM api_tokens WHERE user_id = ? ORDER BY \(dialect.bytewise("name_key")), id"
        )
        token = sql("SELECT \(Self.tokenColumns) FROM api_tokens WHERE digest = ?")
        // `last_used_at + 60000 <= ?1` rather than `last_used_at <= ?1 - 60000`: PostgreSQL types a parameter by
        // where it first meets it, and `?1 - 60000` would make it a 32-bit integer.
        touchToken = sql(
            "UPDATE api_tokens SET last_used_at = ?1 WHERE id = ?2 "
                + "AND (last_used_at IS NULL OR last_used_at + 60000 <= ?1)")
        removeToken = sql("DELETE FROM api_tokens WHERE user_id = ? AND name_key = ?")
        removeTokens = sql("DELETE FROM api_tokens WHERE user_id = ?")

        addInvitation = sql("INSERT INTO invitations (\(Self.invitationColumns)) VALUES (?, ?, ?, ?, ?, ?)")
        invitation = sql("SELECT \(Self.invitationColumns) FROM invitations WHERE digest = ?")
        useInvitation = sql(
            "UPDATE invitations SET used_at = ?1 WHERE digest = ?2 AND used_at IS NULL AND expires_at > ?1")
    }
}
