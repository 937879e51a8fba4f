import Foundation

/// A person who signs in: a user name, unique in a store ignoring case, and the hash of their password (never the
/// password itself).
public struct UserAccount: Hashable, Sendable {
    /// The user's number in the store.
    public var id: Int64
    /// The name they sign in with, as they wrote it.
    public var name: String
    /// Their password's hash in libsodium's `crypto_pwhash_str` form (Argon2id, its limits inside).
    public var passwordHash: String
    /// When the account was made.
    public var createdAt: Date

    /// An account as the store keeps it.
    public init(id: Int64, name: String, passwordHash: String, createdAt: Date) {
        self.id = id
        self.name = name
        self.passwordHash = passwordHash
        self.createdAt = createdAt
    }
}

/// What a member may do in a household.
public enum HouseholdRole: String, Sendable, CaseIterable {
    /// Invites and removes members and renames the household, besides what a member does.
    case owner
    /// Reads and changes the household's lists, and may leave it.
    case member
}

/// A user's place in a household.
public struct Membership: Hashable, Sendable {
    /// The household.
    public var household: Household
    /// The user.
    public var user: UserAccount
    /// What the user may do there.
    public var role: HouseholdRole

    /// A membership as the store keeps it.
    public init(household: Household, user: UserAccount, role: HouseholdRole) {
        self.household = household
        self.user = user
        self.role = role
    }
}

/// A signed-in browser: the store keeps the digest of the cookie's secret (never the secret), whose it is, which
/// of the user's households it shows, and until when it is valid (sliding: each use moves it on).
public struct SignInSession: Hashable, Sendable {
    /// The digest of the cookie's secret (``SignInSession`` lookups go by it).
    public var digest: String
    /// The signed-in user.
    public var userID: Int64
    /// The household the browser shows; `nil` before one is chosen (the user's first then).
    public var householdID: HouseholdID?
    /// When it was made (at sign-in).
    public var createdAt: Date
    /// When it ends unless used before.
    public var expiresAt: Date

    /// A session as the store keeps it.
    public init(digest: String, userID: Int64, householdID: HouseholdID?, createdAt: Date, expiresAt: Date) {
        self.digest = digest
        self.userID = userID
        self.householdID = householdID
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }

    /// How long a session lasts without being used: 30 days.
    public static let lifetime: TimeInterval = 30 * 24 * 60 * 60
}

/// A named API token of a user: the store keeps its digest, shown to nobody; the token itself is shown once, when
/// it is made.
public struct APIToken: Hashable, Sendable {
    /// Its number in the store.
    public var id: Int64
    /// Whose it is: a request bearing it acts as this user.
    public var userID: Int64
    /// The name its user gave it ("phone", "backup script"), unique among the user's tokens ignoring case.
    public var name: String
    /// The digest of the token.
    public var digest: String
    /// When it was made.
    public var createdAt: Date
    /// When a request last bore it (kept to the minute), or `nil`.
    public var lastUsedAt: Date?

    /// A token as the store keeps it.
    public init(id: Int64, userID: Int64, name: String, digest: String, createdAt: Date, lastUsedAt: Date?) {
        self.id = id
        self.userID = userID
        self.name = name
        self.digest = digest
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

/// A one-time invitation into a household: the store keeps the digest of the link's secret.
public struct Invitation: Hashable, Sendable {
    /// The digest of the link's secret.
    public var digest: String
    /// The household it lets one join.
    public var householdID: HouseholdID
    /// Who made it, while that user exists.
    public var invitedBy: Int64?
    /// When it was made.
    public var createdAt: Date
    /// When it stops working, used or not.
    public var expiresAt: Date
    /// When it was used, or `nil` while it was not.
    public var usedAt: Date?

    /// An invitation as the store keeps it.
    public init(
        digest: String, householdID: HouseholdID, invitedBy: Int64?, createdAt: Date, expiresAt: Date, usedAt: Date?
    ) {
        self.digest = digest
        self.householdID = householdID
        self.invitedBy = invitedBy
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.usedAt = usedAt
    }

    /// How long an invitation works: seven days.
    public static let lifetime: TimeInterval = 7 * 24 * 60 * 60
}

/// The accounts a store keeps, inside a ``Store/read(_:)`` or ``Store/write(_:)``: users, households, who
/// belongs where, sign-in sessions, API tokens and invitations. They belong to the store as a whole, not to the
/// household a store is scoped to.
///
/// Names (users', tokens') are unique ignoring case (folded by ``Reference/nameKey(_:)``); a name
/// taken throws ``StoreError/nameTaken(_:)``. Removing a user removes their memberships, sessions and tokens;
/// removing a household removes its records, memberships, sessions' choice of it and invitations. The rules a
/// household keeps (an owner while it has members, who may change it, its name) are not the store's: the faces
/// change users, households and memberships through ``Households``, which keeps them.
public protocol AccountSession {
    // MARK: Users

    /// How many users there are: none means the server is waiting for its first account.
    func userCount() throws -> Int
    /// Every user, by name.
    func users() throws -> [UserAccount]
    /// The user with `id`, or `nil`.
    func user(id: Int64) throws -> UserAccount?
    /// The user whose name is `name` ignoring case, or `nil`.
    func user(named name: String) throws -> UserAccount?
    /// Makes a user.
    /// - Throws: ``StoreError/nameTaken(_:)`` (`"user name"`).
    func addUser(name: String, passwordHash: String, at time: Date) throws -> UserAccount
    /// Replaces a user's password hash; returns whether the user exists.
    @discardableResult func setPasswordHash(_ hash: String, userID: Int64) throws -> Bool
    /// Removes a user, their memberships, sessions and tokens; returns whether the user existed.
    @discardableResult func removeUser(id: Int64) throws -> Bool

    // MARK: Households

    /// Every household, by name.
    func households() throws -> [Household]
    /// The household with `id`, or `nil`.
    func household(id: HouseholdID) throws -> Household?
    /// The household whose name is `name` ignoring case (the lowest numbered of several), or `nil`.
    func household(named name: String) throws -> Household?
    /// Makes a household, with a number no household had. Names need not be unique in the store (see
    /// ``Households``).
    func addHousehold(name: String, at time: Date) throws -> Household
    /// Renames a household; returns whether it exists.
    @discardableResult func renameHousehold(id: HouseholdID, to name: String) throws -> Bool

    // MARK: Memberships

    /// The households `userID` belongs to, by household name.
    func memberships(userID: Int64) throws -> [Membership]
    /// The members of `householdID`, by user name.
    func members(of householdID: HouseholdID) throws -> [Membership]
    /// The role of `userID` in `householdID`, or `nil` when not a member.
    func role(userID: Int64, in householdID: HouseholdID) throws -> HouseholdRole?
    /// Makes `userID` a member of `householdID` with `role`, or changes their role.
    func setMembership(userID: Int64, in householdID: HouseholdID, role: HouseholdRole, at time: Date) throws
    /// Ends `userID`'s membership of `householdID`, and stops their sessions showing it; returns whether it was.
    @discardableResult func removeMembership(userID: Int64, from householdID: HouseholdID) throws -> Bool

    // MARK: Sessions

    /// Keeps a new sign-in session.
    func addSession(_ session: SignInSession) throws
    /// The session whose digest is `digest`, expired or not, or `nil`.
    func session(digest: String) throws -> SignInSession?
    /// Moves a session's end to `expiresAt` and its household to `householdID`; returns whether it exists.
    @discardableResult func updateSession(digest: String, householdID: HouseholdID?, expiresAt: Date) throws
        -> Bool
    /// Ends one session (sign out); returns whether it existed.
    @discardableResult func removeSession(digest: String) throws -> Bool
    /// Ends every session of `userID` (sign out everywhere); returns how many.
    @discardableResult func removeSessions(userID: Int64) throws -> Int
    /// Forgets the sessions that ended before `time`; returns how many.
    @discardableResult func removeSessions(expiredBefore time: Date) throws -> Int

    // MARK: Failed sign-ins

    /// The instants of the failed sign-ins counted against `key` after `since`, oldest first.
    func signInFailures(key: String, since: Date) throws -> [Date]
    /// Counts a failed sign-in at `time` against each of `keys`, and forgets every failure before `forgetBefore`.
    func addSignInFailure(keys: [String], at time: Date, forgetBefore: Date) throws
    /// Forgets the failed sign-ins counted against `key`.
    func removeSignInFailures(key: String) throws
    /// Forgets one failed sign-in counted against each of `keys` at `time` (an attempt reserved by
    /// ``reserveSignInAttempt(_:since:at:)`` that did not fail).
    func removeSignInFailure(keys: [String], at time: Date) throws
    /// Makes every other transaction that counts failed sign-ins wait until this one ends, so that a count read
    /// here is still the count when this transaction adds to it; SQLite, whose writes run one at a time, has
    /// nothing to do, PostgreSQL takes a transaction-scoped lock.
    func lockSignInFailures() throws

    // MARK: API tokens

    /// Keeps a new token for `userID`.
    /// - Throws: ``StoreError/nameTaken(_:)`` (`"token name"`) when the user has a token of that name.
    func addToken(userID: Int64, name: String, digest: String, at time: Date) throws -> APIToken
    /// The tokens of `userID`, by name.
    func tokens(userID: Int64) throws -> [APIToken]
    /// The token whose digest is `digest`, or `nil`.
    func token(digest: String) throws -> APIToken?
    /// Notes that the token was used at `time`.
    func touchToken(id: Int64, at time: Date) throws
    /// Revokes `userID`'s token named `name` (ignoring case); returns whether there was one.
    @discardableResult func removeToken(userID: Int64, named name: String) throws -> Bool
    /// Revokes every token of `userID`; returns how many there were.
    @discardableResult func removeTokens(userID: Int64) throws -> Int

    // MARK: Invitations

    /// Keeps a new invitation.
    func addInvitation(_ invitation: Invitation) throws
    /// The invitation whose digest is `digest`, used, expired or not, or `nil`.
    func invitation(digest: String) throws -> Invitation?
    /// Marks the invitation used at `time`, if it is unused and not expired at `time`; returns whether it was
    /// (only one of two people using one link at once gets `true`).
    func useInvitation(digest: String, at time: Date) throws -> Bool
}

/// One limit on failed sign-ins: at most `limit` failures counted against `key` within the window.
public struct SignInLimit: Sendable, Equatable {
    /// What the failures are counted against: a user name's key, a client address's.
    public var key: String
    /// How many failures `key` may have within the window.
    public var limit: Int

    public init(key: String, limit: Int) {
        self.key = key
        self.limit = limit
    }
}

extension AccountSession {
    /// Counts an attempt at `time` against the key of every one of `limits`, before its password is checked,
    /// unless a key already has its limit of failures after `since`; failures before `since` are forgotten.
    ///
    /// The count and the reservation are one step (``lockSignInFailures()``), so attempts made at once, on one
    /// server or several, cannot all pass a limit that only some of them fit under: the first `limit` are counted
    /// and the others refused. An attempt whose password proves right releases its reservation
    /// (``removeSignInFailure(keys:at:)``); a wrong one leaves it counted as the failure it is.
    /// - Returns: `nil` when the attempt is counted; else the limit that is full and the instants of the failures
    ///   counted against its key, oldest first (nothing is written then).
    public func reserveSignInAttempt(_ limits: [SignInLimit], since: Date, at time: Date) throws -> (
        limit: SignInLimit, failures: [Date]
    )? {
        try lockSignInFailures()
        for limit in limits {
            let failures = try signInFailures(key: limit.key, since: since)
            if failures.count >= limit.limit { return (limit, failures) }
        }
        try addSignInFailure(keys: limits.map(\.key), at: time, forgetBefore: since)
        return nil
    }
}
