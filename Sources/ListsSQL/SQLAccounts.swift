import Foundation
import ListsModel

/// ``AccountSession`` on one SQL connection, inside the transaction of the store session it came from, over the
/// account tables of ``AccountSchema``: written once, run in either dialect.
///
/// Every value is bound as a parameter. Names are looked up and kept unique by their `name_key`
/// (``Reference/nameKey(_:)``), and listed in byte order whatever the database's collation. A taken name is
/// ``StoreError/nameTaken(_:)`` and does not spoil the transaction (``SQLDialect/TakenNames``). Removing a user
/// leaves their memberships, sessions and tokens to the schema's `ON DELETE CASCADE`. Where writers run side by
/// side, numbering a household and counting failed sign-ins take the dialect's locks (``SQLDialect/Locks``);
/// where they run one at a time, the write already holds the only lock.
public struct SQLAccounts<Connection> {
    /// The connection of the store session, in its transaction.
    let connection: Connection
    /// The statements, in the connection's dialect.
    let statements: AccountStatements

    /// The accounts on `connection`, whose SQL `statements` are in its dialect.
    public init(connection: Connection, statements: AccountStatements) {
        self.connection = connection
        self.statements = statements
    }
}

// The constraint sits on the conformance, not the type: every command reads the households, and a constrained
// type's metadata has the runtime look the conformance up (docs/performance.md, "No conformance scans").
extension SQLAccounts: AccountSession where Connection: SQLConnection {

    private static func user(_ row: Connection.Row, from column: Int32) -> UserAccount {
        UserAccount(
            id: row.integer(column), name: row.text(column + 1), passwordHash: row.text(column + 2),
            createdAt: row.date(column + 3))
    }

    private static func household(_ row: Connection.Row, from column: Int32) -> Household {
        Household(id: HouseholdID(row.integer(column)), name: row.text(column + 1), createdAt: row.date(column + 2))
    }

    private static func role(_ row: Connection.Row, _ column: Int32) throws -> HouseholdRole {
        let text = row.text(column)
        guard let role = HouseholdRole(rawValue: text) else { throw StoreError.corrupt("household role \(text)") }
        return role
    }

    private static func membership(_ row: Connection.Row) throws -> Membership {
        Membership(household: household(row, from: 0), user: user(row, from: 3), role: try role(row, 7))
    }

    private static func session(_ row: Connection.Row) -> SignInSession {
        SignInSession(
            digest: row.text(0), userID: row.integer(1), householdID: row.optionalInteger(2).map(HouseholdID.init),
            createdAt: row.date(3), expiresAt: row.date(4))
    }

    private static func token(_ row: Connection.Row) -> APIToken {
        APIToken(
            id: row.integer(0), userID: row.integer(1), name: row.text(2), digest: row.text(3),
            createdAt: row.date(4), lastUsedAt: row.optionalDate(5))
    }

    private static func invitation(_ row: Connection.Row) -> Invitation {
        Invitation(
            digest: row.text(0), householdID: HouseholdID(row.integer(1)), invitedBy: row.optionalInteger(2),
            createdAt: row.date(3), expiresAt: row.date(4), usedAt: row.optionalDate(5))
    }

    /// The rows of `sql` read by `read`, in order.
    private func all<T>(_ sql: String, _ parameters: [FieldValue], _ read: (Connection.Row) throws -> T) throws
        -> [T]
    {
        var result: [T] = []
        try connection.query(sql, parameters) { row in result.append(try read(row)) }
        return result
    }

    /// The first row of `sql` read by `read`, or `nil`.
    private func first<T>(_ sql: String, _ parameters: [FieldValue], _ read: (Connection.Row) throws -> T) throws
        -> T?
    {
        var result: T?
        try connection.query(sql, parameters) { row in
            if result == nil { result = try read(row) }
        }
        return result
    }

    /// The id `sql`, an insert of a name ending `RETURNING id`, returned.
    /// - Throws: ``StoreError/nameTaken(_:)`` naming `what` when the name was taken: the insert skipped its row, or
    ///   a constraint refused it and `isTaken` (asked then) finds the name taken; other refusals (a check on the
    ///   name's length) stay the engine's.
    private func insertedID(_ what: String, _ sql: String, _ parameters: [FieldValue], isTaken: () throws -> Bool)
        throws -> Int64
    {
        let refusesTakenNames = statements.dialect.takenNames == .refused
        let id: Int64?
        do {
            id = try connection.integer(sql, parameters)
        } catch let refusal where refusesTakenNames && Connection.isConstraintViolation(refusal) {
            if try isTaken() { throw StoreError.nameTaken(what) }
            throw refusal
        }
        guard let id else { throw StoreError.nameTaken(what) }
        return id
    }

    // MARK: Users

    public func userCount() throws -> Int {
        Int(try connection.integer(statements.userCount, []) ?? 0)
    }

    public func users() throws -> [UserAccount] {
        try all(statements.users, []) { Self.user($0, from: 0) }
    }

    public func user(id: Int64) throws -> UserAccount? {
        try first(statements.userByID, [.integer(id)]) { Self.user($0, from: 0) }
    }

    public func user(named name: String) throws -> UserAccount? {
        try first(statements.userByName, [.text(Reference.nameKey(name))]) { Self.user($0, from: 0) }
    }

    public func addUser(name: String, passwordHash: String, at time: Date) throws -> UserAccount {
        let key = Reference.nameKey(name)
        let id = try insertedID(
            "user name", statements.addUser, [.text(name), .text(key), .text(passwordHash), .date(time)],
            isTaken: { try connection.integer(statements.userNameTaken, [.text(key)]) != nil })
        return UserAccount(id: id, name: name, passwordHash: passwordHash, createdAt: time.roundedToMilliseconds)
    }

    public func setPasswordHash(_ hash: String, userID: Int64) throws -> Bool {
        try connection.run(statements.setPasswordHash, [.text(hash), .integer(userID)]) > 0
    }

    public func removeUser(id: Int64) throws -> Bool {
        // Memberships, sessions and tokens go by ON DELETE CASCADE; invitations the user made stay, unsigned.
        try connection.run(statements.removeUser, [.integer(id)]) > 0
    }

    // MARK: Households

    public func households() throws -> [Household] {
        try all(statements.households, []) { Self.household($0, from: 0) }
    }

    public func household(id: HouseholdID) throws -> Household? {
        try first(statements.householdByID, [.integer(id.rawValue)]) { Self.household($0, from: 0) }
    }

    public func household(named name: String) throws -> Household? {
        try first(statements.householdByName, [.text(Reference.nameKey(name))]) { Self.household($0, from: 0) }
    }

    /// The next number after the highest, under the store's lock, so that two servers adding households at once
    /// take turns and never pick the same one.
    public func addHousehold(name: String, at time: Date) throws -> Household {
        if let locks = statements.dialect.locks { try connection.execute(locks.store) }
        let next = try connection.integer(statements.nextHousehold, []) ?? 0
        guard next < HouseholdID.limit else {
            throw StoreError.failure("the store holds \(HouseholdID.limit) households, the most it can")
        }
        try connection.run(
            statements.addHousehold, [.integer(next), .text(name), .text(Reference.nameKey(name)), .date(time)])
        return Household(id: HouseholdID(next), name: name, createdAt: time.roundedToMilliseconds)
    }

    public func renameHousehold(id: HouseholdID, to name: String) throws -> Bool {
        try connection.run(
            statements.renameHousehold, [.text(name), .text(Reference.nameKey(name)), .integer(id.rawValue)]) > 0
    }

    // MARK: Memberships

    public func memberships(userID: Int64) throws -> [Membership] {
        try all(statements.membershipsOfUser, [.integer(userID)]) { try Self.membership($0) }
    }

    public func members(of householdID: HouseholdID) throws -> [Membership] {
        try all(statements.membersOfHousehold, [.integer(householdID.rawValue)]) { try Self.membership($0) }
    }

    public func role(userID: Int64, in householdID: HouseholdID) throws -> HouseholdRole? {
        try first(statements.role, [.integer(householdID.rawValue), .integer(userID)]) { try Self.role($0, 0) }
    }

    public func setMembership(userID: Int64, in householdID: HouseholdID, role: HouseholdRole, at time: Date)
        throws
    {
        try connection.run(
            statements.setMembership,
            [.integer(householdID.rawValue), .integer(userID), .text(role.rawValue), .date(time)])
    }

    public func removeMembership(userID: Int64, from householdID: HouseholdID) throws -> Bool {
        let parameters: [FieldValue] = [.integer(householdID.rawValue), .integer(userID)]
        let removed = try connection.run(statements.removeMembership, parameters)
        try connection.run(statements.unshowHousehold, parameters)
        return removed > 0
    }

    // MARK: Sessions

    public func addSession(_ session: SignInSession) throws {
        try connection.run(
            statements.addSession,
            [
                .text(session.digest), .integer(session.userID),
                session.householdID.map { .integer($0.rawValue) } ?? .null, .date(session.createdAt),
                .date(session.expiresAt),
            ])
    }

    public func session(digest: String) throws -> SignInSession? {
        try first(statements.session, [.text(digest)]) { Self.session($0) }
    }

    public func updateSession(digest: String, householdID: HouseholdID?, expiresAt: Date) throws -> Bool {
        try connection.run(
            statements.updateSession,
            [householdID.map { .integer($0.rawValue) } ?? .null, .date(expiresAt), .text(digest)]) > 0
    }

    public func removeSession(digest: String) throws -> Bool {
        try connection.run(statements.removeSession, [.text(digest)]) > 0
    }

    public func removeSessions(userID: Int64) throws -> Int {
        try connection.run(statements.removeUserSessions, [.integer(userID)])
    }

    public func removeSessions(expiredBefore time: Date) throws -> Int {
        try connection.run(statements.removeEndedSessions, [.date(time)])
    }

    // MARK: Failed sign-ins

    public func signInFailures(key: String, since: Date) throws -> [Date] {
        try all(statements.signInFailures, [.text(key), .date(since)]) { $0.date(0) }
    }

    public func addSignInFailure(keys: [String], at time: Date, forgetBefore: Date) throws {
        try connection.run(statements.forgetSignInFailures, [.date(forgetBefore)])
        for key in keys {
            try connection.run(statements.addSignInFailure, [.text(key), .date(time)])
        }
    }

    public func removeSignInFailures(key: String) throws {
        try connection.run(statements.removeKeySignInFailures, [.text(key)])
    }

    public func removeSignInFailure(keys: [String], at time: Date) throws {
        for key in keys {
            try connection.run(statements.removeSignInFailure, [.text(key), .date(time)])
        }
    }

    public func lockSignInFailures() throws {
        if let locks = statements.dialect.locks { try connection.execute(locks.signInFailures) }
    }

    // MARK: API tokens

    public func addToken(userID: Int64, name: String, digest: String, at time: Date) throws -> APIToken {
        let key = Reference.nameKey(name)
        let id = try insertedID(
            "token name", statements.addToken,
            [.integer(userID), .text(name), .text(key), .text(digest), .date(time)],
            isTaken: { try connection.integer(statements.tokenNameTaken, [.integer(userID), .text(key)]) != nil })
        return APIToken(
            id: id, userID: userID, name: name, digest: digest, createdAt: time.roundedToMilliseconds, lastUsedAt: nil)
    }

    public func tokens(userID: Int64) throws -> [APIToken] {
        try all(statements.tokens, [.integer(userID)]) { Self.token($0) }
    }

    public func token(digest: String) throws -> APIToken? {
        try first(statements.token, [.text(digest)]) { Self.token($0) }
    }

    /// Writes only when the kept time is a minute or more before `time` (or none is kept): a token bearing many
    /// requests a minute changes its row once, and a server whose clock is behind never moves it back.
    public func touchToken(id: Int64, at time: Date) throws {
        try connection.run(statements.touchToken, [.date(time), .integer(id)])
    }

    public func removeToken(userID: Int64, named name: String) throws -> Bool {
        try connection.run(statements.removeToken, [.integer(userID), .text(Reference.nameKey(name))]) > 0
    }

    public func removeTokens(userID: Int64) throws -> Int {
        try connection.run(statements.removeTokens, [.integer(userID)])
    }

    // MARK: Invitations

    public func addInvitation(_ invitation: Invitation) throws {
        try connection.run(
            statements.addInvitation,
            [
                .text(invitation.digest), .integer(invitation.householdID.rawValue),
                invitation.invitedBy.map { .integer($0) } ?? .null, .date(invitation.createdAt),
                .date(invitation.expiresAt), invitation.usedAt.map { .date($0) } ?? .null,
            ])
    }

    public func invitation(digest: String) throws -> Invitation? {
        try first(statements.invitation, [.text(digest)]) { Self.invitation($0) }
    }

    /// One statement that both tests and marks: of two uses at once, the second finds it used (where writers run
    /// side by side, it waits for the first's row lock, then tests the row again as the first left it).
    public func useInvitation(digest: String, at time: Date) throws -> Bool {
        try connection.run(statements.useInvitation, [.date(time), .text(digest)]) == 1
    }
}
