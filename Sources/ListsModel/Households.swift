import Foundation

/// The data controller of accounts: users, the households they share lists in, and who belongs where, as
/// ``ShoppingList`` is the catalog's. The web app's account screens and the CLI's `users` and `households` commands
/// make each of these changes through it, so that its rules hold whichever face asks:
///
/// - A user's name is one ``UserAccount/validName(_:)`` takes, a household's one ``Household/validName(_:)`` takes.
/// - A household's name is unique among the households of whoever names it (``checkName(_:for:except:in:)``): across
///   the store two households may share one, so that a name refused never tells anyone that someone else's
///   household has it.
/// - While a household has members, one of them at least is its owner: a change that would leave it members and
///   no owner is refused (``ValidationError`` naming `role`).
/// - Only an owner invites, renames the household, removes members and makes owners, when a user asks
///   (`by:`); at the terminal whoever holds the database file asks, and may do all of it.
/// - The first user owns the first household (the records there were before accounts).
///
/// Each operation is one write on ``store`` (its whole accounts, not one household's), checked inside the
/// transaction that makes the change, so that a refusal changes nothing.
public struct Households: Sendable {
    /// The store as a whole: accounts are not a household's.
    public let store: any Store
    /// Dates memberships, households and invitations (tests pass a fixed one).
    public let clock: @Sendable () -> Date

    /// The accounts kept in `store`.
    public init(store: any Store, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.clock = clock
    }

    // MARK: Users

    /// Makes the first account, the owner of the first household; `nil` when the store has an account already
    /// (nothing is changed then).
    /// - Throws: ``ValidationError`` naming `name`; ``StoreError``.
    public func addFirstUser(name: String, passwordHash: String) throws -> UserAccount? {
        try store.write { session in
            let accounts = session.accounts
            guard try accounts.userCount() == 0, let home = try accounts.household(id: .first) else { return nil }
            return try Self.addUser(name, passwordHash: passwordHash, to: home, as: .owner, in: accounts, at: clock())
                .user
        }
    }

    /// Makes a user, a member of `household` with `role`; without a role the first user is its owner, any other
    /// a member.
    /// - Throws: ``ValidationError`` naming `name`; ``StoreError/nameTaken(_:)`` (`"user name"`).
    public func addUser(name: String, passwordHash: String, to household: Household, as role: HouseholdRole? = nil)
        throws -> Membership
    {
        try store.write { session in
            let accounts = session.accounts
            let role = try role ?? (accounts.userCount() == 0 ? .owner : .member)
            return try Self.addUser(
                name, passwordHash: passwordHash, to: household, as: role, in: accounts, at: clock())
        }
    }

    /// Removes the user, their memberships, sessions and tokens, unless they are the only owner of a household
    /// that others are left in; answers whether there was such a user.
    /// - Throws: ``ValidationError`` naming `role`.
    @discardableResult public func removeUser(id: Int64) throws -> Bool {
        try store.write { session in
            let accounts = session.accounts
            guard let user = try accounts.user(id: id) else { return false }
            let memberships = try accounts.memberships(userID: id)
            try accounts.removeUser(id: id)
            for membership in memberships { try Self.checkOwned(membership.household, changing: user, in: accounts) }
            return true
        }
    }

    // MARK: Households

    /// Makes a household named `name`, with `owner` as its owner (none: no members yet); `owner`'s signed-in
    /// `session`, when given, shows it from now on.
    /// - Throws: ``ValidationError`` naming `name`: not a household's name, or one of `owner`'s households has it.
    @discardableResult public func addHousehold(
        named name: String, ownedBy owner: UserAccount?, showingIn session: String? = nil
    )
        throws -> Household
    {
        let name = try Household.validName(name)
        let now = clock()
        return try store.write { transaction in
            let accounts = transaction.accounts
            if let owner { try Self.checkName(name, for: owner.id, in: accounts) }
            let household = try accounts.addHousehold(name: name, at: now)
            if let owner {
                try accounts.setMembership(userID: owner.id, in: household.id, role: .owner, at: now)
                try Self.show(household.id, in: session, accounts: accounts, at: now)
            }
            return household
        }
    }

    /// Renames `household` to `name`. Asked by a user (`by`), only one of its owners may, and none of that user's
    /// other households may have the name.
    /// - Throws: ``ValidationError`` naming `name`, or `role` when `by` does not own it.
    public func rename(_ household: Household, to name: String, by userID: Int64? = nil) throws {
        let name = try Household.validName(name)
        try store.write { session in
            let accounts = session.accounts
            if let userID {
                try Self.checkOwner(userID, of: household, in: accounts)
                try Self.checkName(name, for: userID, except: household.id, in: accounts)
            }
            try accounts.renameHousehold(id: household.id, to: name)
        }
    }

    // MARK: Members

    /// Makes `userID` a member of `household` with `role`, or changes their role, unless that leaves the household
    /// with members and no owner.
    /// - Throws: ``ValidationError`` naming `role`.
    public func setRole(_ role: HouseholdRole, of userID: Int64, in household: Household) throws {
        try store.write { session in
            let accounts = session.accounts
            try accounts.setMembership(userID: userID, in: household.id, role: role, at: clock())
            try Self.checkOwned(household, changing: try accounts.user(id: userID), in: accounts)
        }
    }

    /// Makes `userID`, a member of `household`, one of its owners too, as its owner `by` asks: the way an owner
    /// hands the household on before leaving it. Never adds anyone: answers whether `userID` was a member.
    /// - Throws: ``ValidationError`` naming `role` when `by` does not own it.
    public func makeOwner(_ userID: Int64, of household: Household, by ownerID: Int64) throws -> Bool {
        try store.write { session in
            let accounts = session.accounts
            try Self.checkOwner(ownerID, of: household, in: accounts)
            guard try accounts.role(userID: userID, in: household.id) != nil else { return false }
            try accounts.setMembership(userID: userID, in: household.id, role: .owner, at: clock())
            return true
        }
    }

    /// Ends `userID`'s membership of `household`, unless they are its only owner and others are left; answers
    /// whether they were a member. Asked by a user (`by`), only one of its owners may remove someone.
    /// - Throws: ``ValidationError`` naming `role`.
    @discardableResult public func remove(_ userID: Int64, from household: Household, by ownerID: Int64? = nil)
        throws -> Bool
    {
        try store.write { session in
            let accounts = session.accounts
            if let ownerID { try Self.checkOwner(ownerID, of: household, in: accounts) }
            guard try accounts.removeMembership(userID: userID, from: household.id) else { return false }
            try Self.checkOwned(household, changing: try accounts.user(id: userID), in: accounts)
            return true
        }
    }

    /// `userID` leaves `household` (``remove(_:from:by:)`` of themselves), unless they are its only owner and
    /// others are left; answers whether they were a member.
    /// - Throws: ``ValidationError`` naming `role`.
    @discardableResult public func leave(_ household: Household, userID: Int64) throws -> Bool {
        try remove(userID, from: household)
    }

    // MARK: Invitations

    /// Keeps an invitation into `household` whose link's secret has `digest`, valid for ``Invitation/lifetime``,
    /// made by one of its owners.
    /// - Throws: ``ValidationError`` naming `role` when `by` does not own it.
    @discardableResult public func invite(to household: Household, by ownerID: Int64, digest: String) throws
        -> Invitation
    {
        let now = clock()
        let invitation = Invitation(
            digest: digest, householdID: household.id, invitedBy: ownerID, createdAt: now,
            expiresAt: now.addingTimeInterval(Invitation.lifetime), usedAt: nil)
        try store.write { session in
            try Self.checkOwner(ownerID, of: household, in: session.accounts)
            try session.accounts.addInvitation(invitation)
        }
        return invitation
    }

    /// Uses `invitation` for `userID`, who becomes a member of its household unless they are one already, and
    /// whose signed-in `session`, when given, shows it from now on; `false` when the invitation is used or has
    /// expired (nothing is changed then).
    public func join(_ invitation: Invitation, userID: Int64, showingIn session: String? = nil) throws -> Bool {
        let now = clock()
        return try store.write { transaction in
            let accounts = transaction.accounts
            guard try accounts.useInvitation(digest: invitation.digest, at: now) else { return false }
            if try accounts.role(userID: userID, in: invitation.householdID) == nil {
                try accounts.setMembership(userID: userID, in: invitation.householdID, role: .member, at: now)
            }
            try Self.show(invitation.householdID, in: session, accounts: accounts, at: now)
            return true
        }
    }

    /// Uses `invitation` for a new user, made a member of `household` (the invitation's); `nil` when the
    /// invitation is used or has expired (nothing is changed then).
    /// - Throws: ``ValidationError`` naming `name`; ``StoreError/nameTaken(_:)`` (`"user name"`).
    public func join(_ invitation: Invitation, of household: Household, newUser name: String, passwordHash: String)
        throws -> UserAccount?
    {
        let now = clock()
        return try store.write { session in
            let accounts = session.accounts
            guard try accounts.useInvitation(digest: invitation.digest, at: now) else { return nil }
            return try Self.addUser(name, passwordHash: passwordHash, to: household, as: .member, in: accounts, at: now)
                .user
        }
    }

    // MARK: The rules

    /// A new user named `name`, `household`'s member with `role`.
    private static func addUser(
        _ name: String, passwordHash: String, to household: Household, as role: HouseholdRole,
        in accounts: any AccountSession, at now: Date
    ) throws -> Membership {
        let user = try accounts.addUser(name: try UserAccount.validName(name), passwordHash: passwordHash, at: now)
        try accounts.setMembership(userID: user.id, in: household.id, role: role, at: now)
        return Membership(household: household, user: user, role: role)
    }

    /// Refuses a change asked by `userID` unless they own `household`.
    private static func checkOwner(_ userID: Int64, of household: Household, in accounts: any AccountSession) throws {
        guard try accounts.role(userID: userID, in: household.id) != .owner else { return }
        throw ValidationError(field: "role", message: ownerOnly)
    }

    /// What a change only an owner may make says to anyone else.
    public static let ownerOnly = "only the household's owner can do this; nothing was changed"

    /// Refuses a state where `household` has members and none owns it, after a change to `user`'s membership
    /// (read before a removal, which leaves no user to name).
    private static func checkOwned(_ household: Household, changing user: UserAccount?, in accounts: any AccountSession)
        throws
    {
        guard let user else { return }
        let members = try accounts.members(of: household.id)
        guard !members.isEmpty, !members.contains(where: { $0.role == .owner }) else { return }
        throw ValidationError(
            field: "role",
            message: "\(user.name) is the only owner of \(household.name), which has other members; make another "
                + "member owner first, or remove the others; nothing was changed")
    }

    /// Refuses `name` for a household of `userID`'s when another household they belong to (not `except`) has it,
    /// ignoring case; households they are not in are not looked at.
    /// - Throws: ``ValidationError`` naming `name`.
    static func checkName(
        _ name: String, for userID: Int64, except: HouseholdID? = nil, in accounts: any AccountSession
    ) throws {
        let key = Reference.nameKey(name)
        let taken = try accounts.memberships(userID: userID).contains {
            $0.household.id != except && Reference.nameKey($0.household.name) == key
        }
        if taken { throw ValidationError(field: "name", message: "you have a household of that name; choose another") }
    }

    /// Makes the signed-in session whose digest is `digest` show `household` from now on, its end moved on as a
    /// use moves it (``SignInSession/lifetime``); a change made without a session (a token's, the terminal's)
    /// has none to move.
    private static func show(
        _ household: HouseholdID, in digest: String?, accounts: any AccountSession, at now: Date
    ) throws {
        guard let digest else { return }
        try accounts.updateSession(
            digest: digest, householdID: household, expiresAt: now.addingTimeInterval(SignInSession.lifetime))
    }
}
