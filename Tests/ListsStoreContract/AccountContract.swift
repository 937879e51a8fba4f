import Foundation
import ListsModel
import Testing

/// What every store's accounts (``StoreSession/accounts``) must do, written once against `any Store` and run on
/// every backend: users, households, memberships, sign-in sessions, failed sign-ins, API tokens and invitations.
///
/// Each check gets a new store, which has no users and the one household every database starts with. Names are
/// unique ignoring case, lists come in name order, removing a user takes what was theirs with it, and a taken
/// name is refused without spoiling the write it happened in (PostgreSQL aborts a transaction at a failed
/// statement, so that is worth checking). ``sharingADatabase`` holds the checks that need several stores open on
/// one database at once.
public enum AccountContract {
    /// Every check run on one store.
    public static let all: [StoreContract.Check] = [
        StoreContract.Check("aNewStoreHasNoUsersAndOneHouseholdHome", aNewStoreHasNoUsersAndOneHouseholdHome),
        StoreContract.Check("usersAreFoundByIdAndByNameIgnoringCase", usersAreFoundByIdAndByNameIgnoringCase),
        StoreContract.Check("usersAreListedByNameIgnoringCase", usersAreListedByNameIgnoringCase),
        StoreContract.Check(
            "aTakenUserNameIsRefusedInAnyCaseAndTheWriteGoesOn", aTakenUserNameIsRefusedInAnyCaseAndTheWriteGoesOn),
        StoreContract.Check("aNameTheTablesCannotHoldIsNotCalledTaken", aNameTheTablesCannotHoldIsNotCalledTaken),
        StoreContract.Check("aPasswordHashIsReplaced", aPasswordHashIsReplaced),
        StoreContract.Check("householdsAddedGetNewNumbersAndAreRenamed", householdsAddedGetNewNumbersAndAreRenamed),
        StoreContract.Check(
            "householdNamesMayRepeatButNotAmongOnePersonsHouseholds",
            householdNamesMayRepeatButNotAmongOnePersonsHouseholds),
        // Memberships, sessions, tokens and invitations (AccountContract+Access.swift).
        StoreContract.Check("membershipsAreSetChangedAndListedBothWays", membershipsAreSetChangedAndListedBothWays),
        StoreContract.Check(
            "removingAMembershipStopsThatUsersSessionsShowingTheHousehold",
            removingAMembershipStopsThatUsersSessionsShowingTheHousehold),
        StoreContract.Check("sessionsAreKeptFoundMovedOnAndEnded", sessionsAreKeptFoundMovedOnAndEnded),
        StoreContract.Check(
            "signingOutEverywhereEndsOnlyThatUsersSessions", signingOutEverywhereEndsOnlyThatUsersSessions),
        StoreContract.Check("sessionsThatEndedAreForgotten", sessionsThatEndedAreForgotten),
        StoreContract.Check("failedSignInsAreCountedPerKeyAndForgotten", failedSignInsAreCountedPerKeyAndForgotten),
        StoreContract.Check(
            "removingAUserRemovesTheirSessionsTokensAndMembershipsOnly",
            removingAUserRemovesTheirSessionsTokensAndMembershipsOnly),
        StoreContract.Check("tokensAreKeptListedByNameAndFoundByDigest", tokensAreKeptListedByNameAndFoundByDigest),
        StoreContract.Check("aTokenUseIsNotedToTheMinute", aTokenUseIsNotedToTheMinute),
        StoreContract.Check("aTokenIsRevokedByItsNameIgnoringCase", aTokenIsRevokedByItsNameIgnoringCase),
        StoreContract.Check("tokenNamesAreUniquePerUserIgnoringCase", tokenNamesAreUniquePerUserIgnoringCase),
        StoreContract.Check("anInvitationIsUsedOnce", anInvitationIsUsedOnce),
        StoreContract.Check("anInvitationThatEndedCannotBeUsed", anInvitationThatEndedCannotBeUsed),
        // Transactions and households, here again.
        StoreContract.Check(
            "aWriteWhoseBodyThrowsRollsBackItsAccountChanges", aWriteWhoseBodyThrowsRollsBackItsAccountChanges),
        StoreContract.Check(
            "accountsAreTheWholeStoresWhateverTheHousehold", accountsAreTheWholeStoresWhateverTheHousehold),
        // The rules Households keeps (AccountContract+Households.swift).
        StoreContract.Check("theLastOwnerCannotLeaveBeDemotedOrRemoved", theLastOwnerCannotLeaveBeDemotedOrRemoved),
        StoreContract.Check("onlyAnOwnerChangesAHouseholdWhenAUserAsks", onlyAnOwnerChangesAHouseholdWhenAUserAsks),
        StoreContract.Check(
            "theFirstUserOwnsTheFirstHouseholdAndLaterOnesAreMembers",
            theFirstUserOwnsTheFirstHouseholdAndLaterOnesAreMembers),
        StoreContract.Check("aHouseholdIsMadeWithItsOwnerAndShown", aHouseholdIsMadeWithItsOwnerAndShown),
        StoreContract.Check("anInvitationMakesAMemberOnce", anInvitationMakesAMemberOnce),
    ]

    // MARK: Helpers

    /// The accounts of `store`, in a read.
    static func reading<T>(_ store: any Store, _ body: (any AccountSession) throws -> T) throws -> T {
        try store.read { try body($0.accounts) }
    }

    /// The accounts of `store`, in a write.
    static func writing<T>(_ store: any Store, _ body: (any AccountSession) throws -> T) throws -> T {
        try store.write { try body($0.accounts) }
    }

    /// A password hash as libsodium writes one; the store keeps it as text and never reads it.
    static func hash(_ salt: String) -> String {
        "$argon2id$v=19$m=65536,t=2,p=1$\(salt)$c29tZWhhc2hvZnRoZXBhc3N3b3Jk"
    }

    /// A digest as the server keeps one: 64 lower-case hexadecimal digits, letters among them.
    static func digest(_ seed: Int) -> String {
        "c0ffee" + String(format: "%058x", seed)
    }

    /// The users Ada and Bob, with Ada in the first household (owner) and Bob there (member), and the household
    /// "Cabin" Ada owns.
    static func adaAndBob(_ store: any Store, at time: Date) throws -> (
        ada: UserAccount, bob: UserAccount, cabin: Household
    ) {
        try writing(store) { accounts throws in
            let ada = try accounts.addUser(name: "Ada", passwordHash: hash("ada"), at: time)
            let bob = try accounts.addUser(name: "Bob", passwordHash: hash("bob"), at: time)
            let cabin = try accounts.addHousehold(name: "Cabin", at: time)
            try accounts.setMembership(userID: ada.id, in: .first, role: .owner, at: time)
            try accounts.setMembership(userID: bob.id, in: .first, role: .member, at: time)
            try accounts.setMembership(userID: ada.id, in: cabin.id, role: .owner, at: time)
            return (ada, bob, cabin)
        }
    }

    /// Everything the accounts of `store` hold that can be listed, and the sessions and invitations of `digests`:
    /// to show that a refused or rolled-back change changed nothing.
    struct View: Equatable {
        var users: [UserAccount]
        var households: [Household]
        var memberships: [[Membership]]
        var tokens: [[APIToken]]
        var sessions: [SignInSession?]
        var invitations: [Invitation?]

        init(_ store: any Store, digests: [String] = []) throws {
            (users, households, memberships, tokens, sessions, invitations) = try reading(store) { accounts throws in
                let users = try accounts.users()
                return (
                    users, try accounts.households(), try users.map { try accounts.memberships(userID: $0.id) },
                    try users.map { try accounts.tokens(userID: $0.id) },
                    try digests.map { try accounts.session(digest: $0) },
                    try digests.map { try accounts.invitation(digest: $0) }
                )
            }
        }
    }

    // MARK: Users

    /// A new store is waiting for its first account: no users, and the household every database starts with,
    /// number 0, "Home".
    static func aNewStoreHasNoUsersAndOneHouseholdHome(_ store: any Store) throws {
        try reading(store) { accounts throws in
            #expect(try accounts.userCount() == 0)
            #expect(try accounts.users().isEmpty)
            let households = try accounts.households()
            #expect(households.map(\.id) == [.first])
            #expect(households.map(\.name) == ["Home"])
            #expect(try accounts.household(id: .first) == households.first)
            #expect(try accounts.household(named: "HOME") == households.first)
            #expect(try accounts.household(id: HouseholdID(1)) == nil)
            #expect(try accounts.user(named: "admin") == nil)
        }
    }

    /// A user made is found by number and by name in any case, beyond ASCII too, exactly as made: the name as
    /// written, the hash, the time cut to the millisecond as every instant is kept.
    static func usersAreFoundByIdAndByNameIgnoringCase(_ store: any Store) throws {
        let clock = TestClock()
        let made = try writing(store) { try $0.addUser(name: "Émile", passwordHash: hash("emile"), at: clock.now) }
        #expect(made.name == "Émile")
        #expect(made.passwordHash == hash("emile"))
        #expect(made.createdAt == clock.now.roundedToMilliseconds)
        try reading(store) { accounts throws in
            #expect(try accounts.user(id: made.id) == made)
            #expect(try accounts.user(named: "Émile") == made)
            #expect(try accounts.user(named: "ÉMILE") == made)
            #expect(try accounts.user(named: "émile") == made)
            #expect(try accounts.user(named: "Emile") == nil)
            #expect(try accounts.user(id: made.id + 1) == nil)
            #expect(try accounts.userCount() == 1)
        }
    }

    /// Users come by name ignoring case, whatever order they were made in; names that fold alike cannot both
    /// exist, so the order is the folded names' (byte order: "Émile" after "Zoe").
    static func usersAreListedByNameIgnoringCase(_ store: any Store) throws {
        let clock = TestClock()
        try writing(store) { accounts throws in
            for name in ["zoe", "Émile", "bob", "Ada", "Carla"] {
                _ = try accounts.addUser(name: name, passwordHash: hash(name), at: clock.now)
            }
        }
        try reading(store) { accounts throws in
            #expect(try accounts.users().map(\.name) == ["Ada", "bob", "Carla", "zoe", "Émile"])
            #expect(try accounts.userCount() == 5)
        }
    }

    /// A name another user has, in any case, is refused with `nameTaken("user name")`; nothing changes, and the
    /// write it happened in goes on and commits what else it does.
    static func aTakenUserNameIsRefusedInAnyCaseAndTheWriteGoesOn(_ store: any Store) throws {
        let clock = TestClock()
        try writing(store) { accounts throws in
            _ = try accounts.addUser(name: "Ada", passwordHash: hash("ada"), at: clock.now)
            _ = try accounts.addUser(name: "émile", passwordHash: hash("emile"), at: clock.now)
        }
        let before = try View(store)
        for name in ["Ada", "ADA", "ada", "ÉMILE", "Émile"] {
            #expect(throws: StoreError.nameTaken("user name")) {
                try writing(store) { try $0.addUser(name: name, passwordHash: hash("other"), at: clock.now) }
            }
        }
        #expect(try View(store) == before)
        let grace = try writing(store) { accounts throws in
            #expect(throws: StoreError.nameTaken("user name")) {
                try accounts.addUser(name: "aDa", passwordHash: hash("other"), at: clock.now)
            }
            return try accounts.addUser(name: "Grace", passwordHash: hash("grace"), at: clock.now)
        }
        try reading(store) { accounts throws in
            #expect(try accounts.users().map(\.name) == ["Ada", "Grace", "émile"])
            #expect(try accounts.user(named: "ada")?.passwordHash == hash("ada"))
            #expect(try accounts.user(id: grace.id) == grace)
        }
    }

    /// A name longer than the tables hold (a user's over 64 characters, a token's over 100; the model refuses them
    /// first) is refused by the store, but not as a name taken, and nothing changes.
    static func aNameTheTablesCannotHoldIsNotCalledTaken(_ store: any Store) throws {
        let clock = TestClock()
        let (ada, _, _) = try adaAndBob(store, at: clock.now)
        try writing(store) { _ = try $0.addToken(userID: ada.id, name: "phone", digest: digest(1), at: clock.now) }
        let before = try View(store)
        let user = #expect(throws: (any Error).self) {
            try writing(store) {
                try $0.addUser(name: String(repeating: "a", count: 65), passwordHash: hash("long"), at: clock.now)
            }
        }
        #expect(user as? StoreError != .nameTaken("user name"))
        let token = #expect(throws: (any Error).self) {
            try writing(store) {
                try $0.addToken(
                    userID: ada.id, name: String(repeating: "p", count: 101), digest: digest(2), at: clock.now)
            }
        }
        #expect(token as? StoreError != .nameTaken("token name"))
        #expect(try View(store) == before)
    }

    /// A new hash replaces the old one; an unknown user is answered `false`.
    static func aPasswordHashIsReplaced(_ store: any Store) throws {
        let clock = TestClock()
        let (ada, bob, _) = try adaAndBob(store, at: clock.now)
        try writing(store) { accounts throws in
            #expect(try accounts.setPasswordHash(hash("new"), userID: ada.id))
            #expect(try accounts.setPasswordHash(hash("none"), userID: ada.id + bob.id + 1) == false)
        }
        try reading(store) { accounts throws in
            #expect(try accounts.user(id: ada.id)?.passwordHash == hash("new"))
            #expect(try accounts.user(id: bob.id) == bob)
        }
    }

    // MARK: Households

    /// Households added get numbers no household has, one after another, and come by name ignoring case; a
    /// rename keeps the number, may change only the case, and is answered `false` for an unknown household.
    static func householdsAddedGetNewNumbersAndAreRenamed(_ store: any Store) throws {
        let clock = TestClock()
        let (smiths, cabin) = try writing(store) { accounts throws in
            (
                try accounts.addHousehold(name: "The Smiths", at: clock.now),
                try accounts.addHousehold(name: "cabin", at: clock.now)
            )
        }
        #expect(smiths.id == HouseholdID(1))
        #expect(cabin.id == HouseholdID(2))
        #expect(smiths.createdAt == clock.now.roundedToMilliseconds)
        try reading(store) { accounts throws in
            #expect(try accounts.households().map(\.name) == ["cabin", "Home", "The Smiths"])
            #expect(try accounts.household(id: smiths.id) == smiths)
            #expect(try accounts.household(named: "THE SMITHS") == smiths)
        }
        try writing(store) { accounts throws in
            #expect(try accounts.renameHousehold(id: smiths.id, to: "Smiths"))
            #expect(try accounts.renameHousehold(id: cabin.id, to: "Cabin"))
            #expect(try accounts.renameHousehold(id: HouseholdID(9), to: "Nowhere") == false)
        }
        try reading(store) { accounts throws in
            #expect(try accounts.households().map(\.name) == ["Cabin", "Home", "Smiths"])
            #expect(try accounts.household(named: "the smiths") == nil)
            #expect(try accounts.household(named: "smiths")?.id == smiths.id)
            #expect(try accounts.household(id: smiths.id)?.createdAt == smiths.createdAt)
            #expect(try accounts.household(id: HouseholdID(9)) == nil)
        }
        #expect(try writing(store) { try $0.addHousehold(name: "Attic", at: clock.now) }.id == HouseholdID(3))
    }

    /// Household names may repeat in a store, in any case, for an add and a rename: a name refused because another
    /// household has it would tell that it exists. The model keeps them apart among one person's households
    /// (``Households``): a member's two households cannot share one,
    /// and nobody else's are looked at. A name is found by ``AccountSession/household(named:)`` as the lowest
    /// numbered household that has it.
    static func householdNamesMayRepeatButNotAmongOnePersonsHouseholds(_ store: any Store) throws {
        let clock = TestClock()
        let cabin = try writing(store) { try $0.addHousehold(name: "Cabin", at: clock.now) }
        let home = try writing(store) { try $0.addHousehold(name: "HOME", at: clock.now) }
        #expect(try writing(store) { try $0.renameHousehold(id: cabin.id, to: "home") })
        #expect(try reading(store) { try $0.households().map(\.name) } == ["Home", "home", "HOME"])
        #expect(try reading(store) { try $0.household(named: "hOmE") }?.id == .first)
        let ann = try writing(store) { try $0.addUser(name: "ann", passwordHash: "x", at: clock.now) }
        try writing(store) { try $0.setMembership(userID: ann.id, in: home.id, role: .owner, at: clock.now) }
        let households = Households(store: store, clock: { clock.now })
        let before = try View(store)
        #expect(throws: ValidationError(field: "name", message: "you have a household of that name; choose another")) {
            try households.addHousehold(named: "Home", ownedBy: ann)
        }
        #expect(try View(store) == before)
        try households.rename(home, to: "Home", by: ann.id)
        #expect(try households.addHousehold(named: "Cabin", ownedBy: ann).name == "Cabin")
    }

    // MARK: Transactions and households

    /// Account changes are part of the write they are made in: when its body throws, every one of them is rolled
    /// back with its records.
    static func aWriteWhoseBodyThrowsRollsBackItsAccountChanges(_ store: any Store) throws {
        let clock = TestClock()
        let (ada, bob, cabin) = try adaAndBob(store, at: clock.now)
        let ends = clock.now.addingTimeInterval(3600)
        let digests = (1...4).map(digest)
        try writing(store) { accounts throws in
            try accounts.addSession(
                SignInSession(
                    digest: digests[0], userID: bob.id, householdID: cabin.id, createdAt: clock.now, expiresAt: ends))
            try accounts.addInvitation(
                Invitation(
                    digest: digests[1], householdID: cabin.id, invitedBy: ada.id, createdAt: clock.now, expiresAt: ends,
                    usedAt: nil))
            _ = try accounts.addToken(userID: bob.id, name: "phone", digest: digests[2], at: clock.now)
        }
        let before = try View(store, digests: digests)
        let tasksBefore = try Snapshot(store)
        #expect(throws: DeliberateFailure()) {
            try store.write { session in
                try session.insert(TodoTask(meta: RecordMeta(createdAt: clock.now), title: "Rolled back"))
                let accounts = session.accounts
                let eve = try accounts.addUser(name: "Eve", passwordHash: hash("eve"), at: clock.now)
                let attic = try accounts.addHousehold(name: "Attic", at: clock.now)
                try accounts.setMembership(userID: eve.id, in: attic.id, role: .owner, at: clock.now)
                try accounts.setMembership(userID: bob.id, in: .first, role: .owner, at: clock.now)
                try accounts.removeMembership(userID: ada.id, from: cabin.id)
                try accounts.renameHousehold(id: .first, to: "Castle")
                try accounts.setPasswordHash(hash("stolen"), userID: ada.id)
                try accounts.addSession(
                    SignInSession(
                        digest: digests[3], userID: eve.id, householdID: attic.id, createdAt: clock.now, expiresAt: ends
                    ))
                try accounts.updateSession(digest: digests[0], householdID: nil, expiresAt: ends.addingTimeInterval(60))
                #expect(try accounts.useInvitation(digest: digests[1], at: clock.now))
                _ = try accounts.addToken(userID: eve.id, name: "phone", digest: digest(5), at: clock.now)
                try accounts.touchToken(id: try #require(try accounts.token(digest: digests[2])).id, at: clock.now)
                try accounts.removeUser(id: bob.id)
                throw DeliberateFailure()
            }
        }
        #expect(try View(store, digests: digests) == before)
        #expect(try Snapshot(store) == tasksBefore)
        #expect(try reading(store) { try $0.token(digest: digest(5)) } == nil)
        #expect(try writing(store) { try $0.addHousehold(name: "Attic", at: clock.now) }.id == HouseholdID(2))
    }

    /// The accounts are the store's, not a household's: a store scoped to any household sees the same users,
    /// households and memberships, and what it changes is seen through every other.
    static func accountsAreTheWholeStoresWhateverTheHousehold(_ store: any Store) throws {
        let clock = TestClock()
        let (ada, _, cabin) = try adaAndBob(store, at: clock.now)
        let scoped = store.scoped(to: cabin.id)
        #expect(try View(scoped) == View(store))
        let eve = try writing(scoped) { accounts throws in
            let eve = try accounts.addUser(name: "Eve", passwordHash: hash("eve"), at: clock.now)
            try accounts.setMembership(userID: eve.id, in: .first, role: .member, at: clock.now)
            return eve
        }
        #expect(try reading(store) { try $0.members(of: .first).map(\.user.name) } == ["Ada", "Bob", "Eve"])
        #expect(try reading(store.scoped(to: HouseholdID(7))) { try $0.user(id: eve.id) } == eve)
        #expect(try reading(scoped) { try $0.role(userID: ada.id, in: .first) } == .owner)
    }
}
