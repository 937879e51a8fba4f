import Foundation
import ListsModel
import Testing

/// The account checks of who may come in where: memberships, sign-in sessions, API tokens and invitations, and
/// what removing a user takes with it.
extension AccountContract {
    // MARK: Memberships

    /// Memberships come with their household, user and role: a user's by household name, a household's by user
    /// name. Setting one again changes the role and adds no second membership.
    static func membershipsAreSetChangedAndListedBothWays(_ store: any Store) throws {
        let clock = TestClock()
        let (ada, bob, cabin) = try adaAndBob(store, at: clock.now)
        let home = try #require(try reading(store) { try $0.household(id: .first) })
        try reading(store) { accounts throws in
            #expect(
                try accounts.memberships(userID: ada.id) == [
                    Membership(household: cabin, user: ada, role: .owner),
                    Membership(household: home, user: ada, role: .owner),
                ])
            #expect(
                try accounts.members(of: .first) == [
                    Membership(household: home, user: ada, role: .owner),
                    Membership(household: home, user: bob, role: .member),
                ])
            #expect(try accounts.members(of: cabin.id).map(\.user) == [ada])
            #expect(try accounts.role(userID: bob.id, in: .first) == .member)
            #expect(try accounts.role(userID: bob.id, in: cabin.id) == nil)
            #expect(try accounts.memberships(userID: ada.id + bob.id + 1).isEmpty)
        }
        try writing(store) { accounts throws in
            try accounts.setMembership(userID: bob.id, in: .first, role: .owner, at: clock.now)
            try accounts.setMembership(userID: ada.id, in: cabin.id, role: .member, at: clock.now)
            try accounts.setMembership(userID: bob.id, in: cabin.id, role: .member, at: clock.now)
        }
        try reading(store) { accounts throws in
            #expect(try accounts.members(of: .first).map(\.role) == [.owner, .owner])
            #expect(try accounts.role(userID: ada.id, in: cabin.id) == .member)
            #expect(try accounts.members(of: cabin.id).map(\.user.name) == ["Ada", "Bob"])
            #expect(try accounts.memberships(userID: bob.id).map(\.household.name) == ["Cabin", "Home"])
        }
    }

    /// Leaving a household ends the membership, and that user's sessions showing it show none; their other
    /// sessions, and other members' sessions showing it, are left as they were.
    static func removingAMembershipStopsThatUsersSessionsShowingTheHousehold(_ store: any Store) throws {
        let clock = TestClock()
        let (ada, bob, cabin) = try adaAndBob(store, at: clock.now)
        let ends = clock.now.addingTimeInterval(3600)
        let sessions = [
            SignInSession(
                digest: digest(1), userID: ada.id, householdID: cabin.id, createdAt: clock.now, expiresAt: ends),
            SignInSession(
                digest: digest(2), userID: ada.id, householdID: .first, createdAt: clock.now, expiresAt: ends),
            SignInSession(
                digest: digest(3), userID: bob.id, householdID: cabin.id, createdAt: clock.now, expiresAt: ends),
        ]
        try writing(store) { accounts throws in
            try accounts.setMembership(userID: bob.id, in: cabin.id, role: .member, at: clock.now)
            for session in sessions { try accounts.addSession(session) }
        }
        try writing(store) { accounts throws in
            #expect(try accounts.removeMembership(userID: ada.id, from: cabin.id))
            #expect(try accounts.removeMembership(userID: ada.id, from: cabin.id) == false)
        }
        try reading(store) { accounts throws in
            #expect(try accounts.role(userID: ada.id, in: cabin.id) == nil)
            #expect(try accounts.memberships(userID: ada.id).map(\.household.id) == [.first])
            #expect(try accounts.members(of: cabin.id).map(\.user) == [bob])
            #expect(try accounts.session(digest: digest(1))?.householdID == nil)
            #expect(try accounts.session(digest: digest(1))?.expiresAt == ends.roundedToMilliseconds)
            #expect(try accounts.session(digest: digest(2))?.householdID == .first)
            #expect(try accounts.session(digest: digest(3))?.householdID == cabin.id)
            #expect(try accounts.household(id: cabin.id) == cabin)
        }
    }

    // MARK: Sessions

    /// A session is found by its digest exactly as kept (instants to the millisecond), moved on (its end and
    /// household), and ended; an unknown digest is answered `nil` or `false`.
    static func sessionsAreKeptFoundMovedOnAndEnded(_ store: any Store) throws {
        let clock = TestClock()
        let (ada, _, cabin) = try adaAndBob(store, at: clock.now)
        let session = SignInSession(
            digest: digest(1), userID: ada.id, householdID: nil, createdAt: clock.now,
            expiresAt: clock.now.addingTimeInterval(3600))
        try writing(store) { try $0.addSession(session) }
        let kept = SignInSession(
            digest: session.digest, userID: ada.id, householdID: nil, createdAt: clock.now.roundedToMilliseconds,
            expiresAt: session.expiresAt.roundedToMilliseconds)
        #expect(try reading(store) { try $0.session(digest: digest(1)) } == kept)
        #expect(try reading(store) { try $0.session(digest: digest(1).uppercased()) } == nil)
        #expect(try reading(store) { try $0.session(digest: digest(2)) } == nil)

        let later = clock.now.addingTimeInterval(7200.000_4)
        try writing(store) { accounts throws in
            #expect(try accounts.updateSession(digest: digest(1), householdID: cabin.id, expiresAt: later))
            #expect(try accounts.updateSession(digest: digest(2), householdID: nil, expiresAt: later) == false)
        }
        var moved = kept
        moved.householdID = cabin.id
        moved.expiresAt = later.roundedToMilliseconds
        #expect(try reading(store) { try $0.session(digest: digest(1)) } == moved)
        _ = try writing(store) { try $0.updateSession(digest: digest(1), householdID: nil, expiresAt: later) }
        #expect(try reading(store) { try $0.session(digest: digest(1)) }?.householdID == nil)

        try writing(store) { accounts throws in
            #expect(try accounts.removeSession(digest: digest(1)))
            #expect(try accounts.removeSession(digest: digest(1)) == false)
        }
        #expect(try reading(store) { try $0.session(digest: digest(1)) } == nil)
    }

    /// Signing out everywhere ends every session of the user and says how many; other users' stay.
    static func signingOutEverywhereEndsOnlyThatUsersSessions(_ store: any Store) throws {
        let clock = TestClock()
        let (ada, bob, _) = try adaAndBob(store, at: clock.now)
        let ends = clock.now.addingTimeInterval(3600)
        try writing(store) { accounts throws in
            for (seed, user) in [(1, ada), (2, bob), (3, ada), (4, ada), (5, bob)] {
                try accounts.addSession(
                    SignInSession(
                        digest: digest(seed), userID: user.id, householdID: .first, createdAt: clock.now,
                        expiresAt: ends))
            }
        }
        try writing(store) { accounts throws in
            #expect(try accounts.removeSessions(userID: ada.id) == 3)
            #expect(try accounts.removeSessions(userID: ada.id) == 0)
        }
        try reading(store) { accounts throws in
            #expect(try [1, 3, 4].allSatisfy { try accounts.session(digest: digest($0)) == nil })
            #expect(try [2, 5].map { try accounts.session(digest: digest($0))?.userID } == [bob.id, bob.id])
            #expect(try accounts.user(id: ada.id) == ada)
        }
    }

    /// A failed sign-in counts against each key it names, read after a time, oldest first; adding one forgets
    /// every failure before the time given (one at that very time stays), and a key's failures are forgotten
    /// together.
    static func failedSignInsAreCountedPerKeyAndForgotten(_ store: any Store) throws {
        let start = TestClock().now.roundedToMilliseconds
        let at = { (seconds: TimeInterval) in start.addingTimeInterval(seconds) }
        try writing(store) { accounts throws in
            try accounts.addSignInFailure(keys: ["name:ada", "client:a"], at: at(0), forgetBefore: at(-60))
            try accounts.addSignInFailure(keys: ["name:ada", "client:b"], at: at(10), forgetBefore: at(-50))
            try accounts.addSignInFailure(keys: ["name:bob", "client:a"], at: at(20), forgetBefore: at(-40))
        }
        try reading(store) { accounts throws in
            #expect(try accounts.signInFailures(key: "name:ada", since: at(-1)) == [at(0), at(10)])
            #expect(try accounts.signInFailures(key: "name:ada", since: at(0)) == [at(10)])
            #expect(try accounts.signInFailures(key: "name:ada", since: at(5)) == [at(10)])
            #expect(try accounts.signInFailures(key: "client:a", since: at(-60)) == [at(0), at(20)])
            #expect(try accounts.signInFailures(key: "name:ADA", since: at(-60)).isEmpty)
            #expect(try accounts.signInFailures(key: "name:eve", since: at(-60)).isEmpty)
        }
        // A minute on, what is older than the window is gone, for every key.
        try writing(store) { try $0.addSignInFailure(keys: ["name:eve"], at: at(70), forgetBefore: at(10)) }
        try reading(store) { accounts throws in
            #expect(try accounts.signInFailures(key: "name:ada", since: at(-60)) == [at(10)])
            #expect(try accounts.signInFailures(key: "client:a", since: at(-60)) == [at(20)])
            #expect(try accounts.signInFailures(key: "name:eve", since: at(-60)) == [at(70)])
        }
        try writing(store) { try $0.removeSignInFailures(key: "name:ada") }
        try reading(store) { accounts throws in
            #expect(try accounts.signInFailures(key: "name:ada", since: at(-60)).isEmpty)
            #expect(try accounts.signInFailures(key: "client:b", since: at(-60)) == [at(10)])
        }
    }

    /// Sessions that ended before a time are forgotten and counted; one ending at that very time, or later,
    /// stays. Until then an ended session is still found (the caller decides it has ended).
    static func sessionsThatEndedAreForgotten(_ store: any Store) throws {
        let clock = TestClock()
        let (ada, bob, _) = try adaAndBob(store, at: clock.now)
        let now = clock.now.roundedToMilliseconds
        let ends: [(Int, UserAccount, TimeInterval)] = [(1, ada, -60), (2, bob, -0.001), (3, ada, 0), (4, bob, 60)]
        try writing(store) { accounts throws in
            for (seed, user, end) in ends {
                try accounts.addSession(
                    SignInSession(
                        digest: digest(seed), userID: user.id, householdID: nil,
                        createdAt: now.addingTimeInterval(-3600),
                        expiresAt: now.addingTimeInterval(end)))
            }
        }
        #expect(
            try reading(store) { try $0.session(digest: digest(1)) }?.expiresAt
                == now.addingTimeInterval(-60).roundedToMilliseconds)
        try writing(store) { accounts throws in
            #expect(try accounts.removeSessions(expiredBefore: now) == 2)
            #expect(try accounts.removeSessions(expiredBefore: now) == 0)
        }
        try reading(store) { accounts throws in
            #expect(try (1...4).map { try accounts.session(digest: digest($0)) != nil } == [false, false, true, true])
        }
    }

    /// Removing a user removes their memberships, sessions and tokens, and nothing of anyone else's; the
    /// households stay, invitations they made stay without their maker, and their number is never given again.
    static func removingAUserRemovesTheirSessionsTokensAndMembershipsOnly(_ store: any Store) throws {
        let clock = TestClock()
        let (ada, bob, cabin) = try adaAndBob(store, at: clock.now)
        let ends = clock.now.addingTimeInterval(3600)
        let invitation = Invitation(
            digest: digest(9), householdID: cabin.id, invitedBy: ada.id, createdAt: clock.now, expiresAt: ends,
            usedAt: nil)
        let bobsToken = try writing(store) { accounts throws in
            try accounts.setMembership(userID: bob.id, in: cabin.id, role: .member, at: clock.now)
            try accounts.addSession(
                SignInSession(
                    digest: digest(1), userID: ada.id, householdID: cabin.id, createdAt: clock.now, expiresAt: ends))
            try accounts.addSession(
                SignInSession(
                    digest: digest(2), userID: bob.id, householdID: cabin.id, createdAt: clock.now, expiresAt: ends))
            _ = try accounts.addToken(userID: ada.id, name: "phone", digest: digest(3), at: clock.now)
            try accounts.addInvitation(invitation)
            return try accounts.addToken(userID: bob.id, name: "phone", digest: digest(4), at: clock.now)
        }
        let bobsView = try reading(store) { accounts throws in
            (try accounts.memberships(userID: bob.id), try accounts.session(digest: digest(2)))
        }
        try writing(store) { accounts throws in
            #expect(try accounts.removeUser(id: ada.id))
            #expect(try accounts.removeUser(id: ada.id) == false)
        }
        try reading(store) { accounts throws in
            #expect(try accounts.user(id: ada.id) == nil)
            #expect(try accounts.user(named: "ada") == nil)
            #expect(try accounts.userCount() == 1)
            #expect(try accounts.session(digest: digest(1)) == nil)
            #expect(try accounts.token(digest: digest(3)) == nil)
            #expect(try accounts.tokens(userID: ada.id).isEmpty)
            #expect(try accounts.memberships(userID: ada.id).isEmpty)
            #expect(try accounts.role(userID: ada.id, in: .first) == nil)
            #expect(try accounts.households().map(\.name) == ["Cabin", "Home"])
            #expect(try accounts.members(of: cabin.id).map(\.user) == [bob])
            #expect(try accounts.members(of: .first).map(\.user) == [bob])
            #expect(try accounts.memberships(userID: bob.id) == bobsView.0)
            #expect(try accounts.session(digest: digest(2)) == bobsView.1)
            #expect(try accounts.tokens(userID: bob.id) == [bobsToken])
            #expect(try accounts.token(digest: digest(4)) == bobsToken)
            let kept = try accounts.invitation(digest: digest(9))
            #expect(kept?.invitedBy == nil)
            #expect(kept?.householdID == cabin.id)
        }
        let again = try writing(store) { try $0.addUser(name: "Ada", passwordHash: hash("ada2"), at: clock.now) }
        #expect(again.id != ada.id, "a removed user's number was given again")
        #expect(try reading(store) { try $0.memberships(userID: again.id) }.isEmpty)
    }

    // MARK: API tokens

    /// Tokens are kept with their name as written, listed by name ignoring case, and found by digest exactly as
    /// made, never used yet.
    static func tokensAreKeptListedByNameAndFoundByDigest(_ store: any Store) throws {
        let clock = TestClock()
        let (ada, bob, _) = try adaAndBob(store, at: clock.now)
        let made = try writing(store) { accounts throws in
            try ["phone", "Backup script", "laptop"].enumerated().map { index, name in
                try accounts.addToken(userID: ada.id, name: name, digest: digest(index + 1), at: clock.now)
            }
        }
        #expect(made.map(\.lastUsedAt) == [nil, nil, nil])
        #expect(made.map(\.createdAt) == Array(repeating: clock.now.roundedToMilliseconds, count: 3))
        #expect(Set(made.map(\.id)).count == 3)
        try reading(store) { accounts throws in
            #expect(try accounts.tokens(userID: ada.id) == [made[1], made[2], made[0]])
            #expect(try accounts.token(digest: digest(1)) == made[0])
            #expect(try accounts.token(digest: digest(3))?.name == "laptop")
            #expect(try accounts.token(digest: digest(4)) == nil)
            #expect(try accounts.tokens(userID: bob.id).isEmpty)
        }
    }

    /// A use is noted at its time, to the millisecond; uses less than a minute after the noted one leave it (a
    /// token bearing many requests changes its row once a minute), a use a minute later or more moves it on, and
    /// an earlier time never moves it back.
    static func aTokenUseIsNotedToTheMinute(_ store: any Store) throws {
        let clock = TestClock()
        let (ada, _, _) = try adaAndBob(store, at: clock.now)
        let (phone, laptop) = try writing(store) { accounts throws in
            (
                try accounts.addToken(userID: ada.id, name: "phone", digest: digest(1), at: clock.now),
                try accounts.addToken(userID: ada.id, name: "laptop", digest: digest(2), at: clock.now)
            )
        }
        func lastUse() throws -> Date? { try reading(store) { try $0.token(digest: digest(1)) }?.lastUsedAt }
        let first = clock.now.addingTimeInterval(5)
        try writing(store) { try $0.touchToken(id: phone.id, at: first) }
        #expect(try lastUse() == first.roundedToMilliseconds)
        try writing(store) { try $0.touchToken(id: phone.id, at: first.addingTimeInterval(59)) }
        #expect(try lastUse() == first.roundedToMilliseconds)
        try writing(store) { try $0.touchToken(id: phone.id, at: first.addingTimeInterval(-120)) }
        #expect(try lastUse() == first.roundedToMilliseconds)
        let second = first.addingTimeInterval(60)
        try writing(store) { try $0.touchToken(id: phone.id, at: second) }
        #expect(try lastUse() == second.roundedToMilliseconds)
        #expect(try reading(store) { try $0.token(digest: digest(2)) } == laptop)
    }

    /// A token is revoked by its name in any case, only the user's own; revoking it again is answered `false`.
    static func aTokenIsRevokedByItsNameIgnoringCase(_ store: any Store) throws {
        let clock = TestClock()
        let (ada, bob, _) = try adaAndBob(store, at: clock.now)
        let (bobsPhone, adasLaptop) = try writing(store) { accounts throws in
            _ = try accounts.addToken(userID: ada.id, name: "Phone", digest: digest(1), at: clock.now)
            return (
                try accounts.addToken(userID: bob.id, name: "phone", digest: digest(2), at: clock.now),
                try accounts.addToken(userID: ada.id, name: "laptop", digest: digest(3), at: clock.now)
            )
        }
        try writing(store) { accounts throws in
            #expect(try accounts.removeToken(userID: ada.id, named: "PHONE"))
            #expect(try accounts.removeToken(userID: ada.id, named: "phone") == false)
            #expect(try accounts.removeToken(userID: ada.id, named: "tablet") == false)
        }
        try reading(store) { accounts throws in
            #expect(try accounts.token(digest: digest(1)) == nil)
            #expect(try accounts.tokens(userID: ada.id) == [adasLaptop])
            #expect(try accounts.tokens(userID: bob.id) == [bobsPhone])
        }
    }

    /// Two users may each have a token of one name; one user cannot have two, in any case: the second is refused
    /// with `nameTaken("token name")`, nothing changes, and the write goes on. A revoked token's name is free.
    static func tokenNamesAreUniquePerUserIgnoringCase(_ store: any Store) throws {
        let clock = TestClock()
        let (ada, bob, _) = try adaAndBob(store, at: clock.now)
        try writing(store) { accounts throws in
            _ = try accounts.addToken(userID: ada.id, name: "Phone", digest: digest(1), at: clock.now)
            _ = try accounts.addToken(userID: bob.id, name: "Phone", digest: digest(2), at: clock.now)
        }
        let before = try View(store)
        #expect(throws: StoreError.nameTaken("token name")) {
            try writing(store) { try $0.addToken(userID: ada.id, name: "PHONE", digest: digest(3), at: clock.now) }
        }
        #expect(try View(store) == before)
        try writing(store) { accounts throws in
            #expect(throws: StoreError.nameTaken("token name")) {
                try accounts.addToken(userID: bob.id, name: "phone", digest: digest(4), at: clock.now)
            }
            _ = try accounts.addToken(userID: bob.id, name: "laptop", digest: digest(5), at: clock.now)
            #expect(try accounts.removeToken(userID: ada.id, named: "phone"))
            _ = try accounts.addToken(userID: ada.id, name: "pHone", digest: digest(6), at: clock.now)
        }
        try reading(store) { accounts throws in
            #expect(try accounts.tokens(userID: ada.id).map(\.name) == ["pHone"])
            #expect(try accounts.tokens(userID: bob.id).map(\.name) == ["laptop", "Phone"])
            #expect(try accounts.token(digest: digest(3)) == nil)
            #expect(try accounts.token(digest: digest(4)) == nil)
        }
    }

    // MARK: Invitations

    /// An invitation is kept as made and used once: the first use is `true` and notes its time, the second
    /// `false`; an unknown digest is `false`.
    static func anInvitationIsUsedOnce(_ store: any Store) throws {
        let clock = TestClock()
        let (ada, _, cabin) = try adaAndBob(store, at: clock.now)
        let invitation = Invitation(
            digest: digest(1), householdID: cabin.id, invitedBy: ada.id, createdAt: clock.now,
            expiresAt: clock.now.addingTimeInterval(Invitation.lifetime), usedAt: nil)
        try writing(store) { try $0.addInvitation(invitation) }
        var kept = invitation
        kept.createdAt = clock.now.roundedToMilliseconds
        kept.expiresAt = invitation.expiresAt.roundedToMilliseconds
        #expect(try reading(store) { try $0.invitation(digest: digest(1)) } == kept)
        #expect(try reading(store) { try $0.invitation(digest: digest(2)) } == nil)
        let use = clock.now.addingTimeInterval(60)
        try writing(store) { accounts throws in
            #expect(try accounts.useInvitation(digest: digest(1), at: use))
            #expect(try accounts.useInvitation(digest: digest(1), at: use) == false)
            #expect(try accounts.useInvitation(digest: digest(2), at: use) == false)
        }
        #expect(try writing(store) { try $0.useInvitation(digest: digest(1), at: use.addingTimeInterval(1)) } == false)
        kept.usedAt = use.roundedToMilliseconds
        #expect(try reading(store) { try $0.invitation(digest: digest(1)) } == kept)
    }

    /// An invitation stops working when it ends: used at its end or after, it is `false` and stays unused; a
    /// millisecond before, it works.
    static func anInvitationThatEndedCannotBeUsed(_ store: any Store) throws {
        let clock = TestClock()
        let (ada, _, cabin) = try adaAndBob(store, at: clock.now)
        let ends = clock.now.roundedToMilliseconds.addingTimeInterval(3600)
        try writing(store) { accounts throws in
            for seed in 1...2 {
                try accounts.addInvitation(
                    Invitation(
                        digest: digest(seed), householdID: cabin.id, invitedBy: ada.id, createdAt: clock.now,
                        expiresAt: ends, usedAt: nil))
            }
        }
        try writing(store) { accounts throws in
            #expect(try accounts.useInvitation(digest: digest(1), at: ends) == false)
            #expect(try accounts.useInvitation(digest: digest(1), at: ends.addingTimeInterval(86400)) == false)
            #expect(try accounts.useInvitation(digest: digest(2), at: ends.addingTimeInterval(-0.001)))
        }
        try reading(store) { accounts throws in
            #expect(try accounts.invitation(digest: digest(1))?.usedAt == nil)
            #expect(
                try accounts.invitation(digest: digest(2))?.usedAt
                    == ends.addingTimeInterval(-0.001).roundedToMilliseconds)
        }
    }
}
