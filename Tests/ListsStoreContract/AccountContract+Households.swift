import Foundation
import ListsModel
import Testing

/// The rules ``Households`` keeps on every store, whichever face asks: a household with members keeps an owner,
/// only owners change a household when a user asks, names are checked as the household's members see them, and
/// a refused change changes nothing.
extension AccountContract {
    /// Leaving, being made a member and being removed as a user are refused to a household's only owner while
    /// others are in it, with a sentence naming them and the household, and change nothing; with a second owner
    /// each works, and a household whose last member leaves needs no owner.
    static func theLastOwnerCannotLeaveBeDemotedOrRemoved(_ store: any Store) throws {
        let clock = TestClock()
        let (ada, bob, _) = try adaAndBob(store, at: clock.now)
        let households = Households(store: store, clock: { clock.now })
        let home = try #require(try reading(store) { try $0.household(id: .first) })
        let before = try View(store)
        let refusal = ValidationError(
            field: "role",
            message: "Ada is the only owner of Home, which has other members; make another member owner first, or "
                + "remove the others; nothing was changed")
        #expect(throws: refusal) { try households.leave(home, userID: ada.id) }
        #expect(throws: refusal) { try households.setRole(.member, of: ada.id, in: home) }
        #expect(throws: refusal) { try households.removeUser(id: ada.id) }
        #expect(throws: refusal) { try households.remove(ada.id, from: home, by: ada.id) }
        #expect(try View(store) == before)
        #expect(try households.makeOwner(bob.id, of: home, by: ada.id))
        try households.setRole(.member, of: ada.id, in: home)
        #expect(try reading(store) { try $0.members(of: .first) }.map(\.role) == [.member, .owner])
        #expect(try households.leave(home, userID: ada.id))
        #expect(try !households.leave(home, userID: ada.id))
        #expect(try households.leave(home, userID: bob.id))
        #expect(try reading(store) { try $0.members(of: .first) }.isEmpty)
    }

    /// A member who asks to rename, invite, remove someone or make an owner is refused (``ValidationError``
    /// naming `role`) and nothing changes; the household's owner may, and the terminal (no user) may rename.
    static func onlyAnOwnerChangesAHouseholdWhenAUserAsks(_ store: any Store) throws {
        let clock = TestClock()
        let (ada, bob, _) = try adaAndBob(store, at: clock.now)
        let households = Households(store: store, clock: { clock.now })
        let home = try #require(try reading(store) { try $0.household(id: .first) })
        let before = try View(store, digests: [digest(1)])
        let ownerOnly = ValidationError(field: "role", message: Households.ownerOnly)
        #expect(throws: ownerOnly) { try households.rename(home, to: "Flat", by: bob.id) }
        #expect(throws: ownerOnly) { try households.invite(to: home, by: bob.id, digest: digest(1)) }
        #expect(throws: ownerOnly) { try households.remove(ada.id, from: home, by: bob.id) }
        #expect(throws: ownerOnly) { try households.makeOwner(bob.id, of: home, by: bob.id) }
        #expect(try View(store, digests: [digest(1)]) == before)
        try households.rename(home, to: "Flat", by: ada.id)
        try households.rename(home, to: "Home")
        #expect(try households.invite(to: home, by: ada.id, digest: digest(1)).invitedBy == ada.id)
        #expect(try households.remove(bob.id, from: home, by: ada.id))
        #expect(try !households.makeOwner(bob.id, of: home, by: ada.id))
        #expect(try reading(store) { try $0.members(of: .first) }.map(\.user) == [ada])
    }

    /// The first account owns the first household, once: a second is not made that way. A user added without a
    /// role is the owner when first, else a member; a name the rules refuse or one taken adds nobody.
    static func theFirstUserOwnsTheFirstHouseholdAndLaterOnesAreMembers(_ store: any Store) throws {
        let clock = TestClock()
        let households = Households(store: store, clock: { clock.now })
        let ada = try #require(try households.addFirstUser(name: "  Ada ", passwordHash: hash("ada")))
        #expect(ada.name == "Ada")
        #expect(try households.addFirstUser(name: "Eve", passwordHash: hash("eve")) == nil)
        let home = try #require(try reading(store) { try $0.household(id: .first) })
        let cabin = try households.addHousehold(named: "Cabin", ownedBy: nil)
        #expect(try households.addUser(name: "Bob", passwordHash: hash("bob"), to: home).role == .member)
        #expect(try households.addUser(name: "Cy", passwordHash: hash("cy"), to: cabin, as: .owner).role == .owner)
        let before = try View(store)
        #expect(
            throws: ValidationError(field: "name", message: "no control characters, line breaks or bidirectional marks")
        ) {
            try households.addUser(name: "Bo\u{202E}b", passwordHash: hash("x"), to: home)
        }
        #expect(throws: StoreError.nameTaken("user name")) {
            try households.addUser(name: "ADA", passwordHash: hash("x"), to: home)
        }
        #expect(try View(store) == before)
        #expect(try reading(store) { try $0.members(of: .first) }.map(\.role) == [.owner, .member])
    }

    /// A household is made with its owner, and the owner's session shows it; a name another of the owner's
    /// households has is refused, one only somebody else's has is not.
    static func aHouseholdIsMadeWithItsOwnerAndShown(_ store: any Store) throws {
        let clock = TestClock()
        let (ada, bob, _) = try adaAndBob(store, at: clock.now)
        let households = Households(store: store, clock: { clock.now })
        try writing(store) {
            try $0.addSession(
                SignInSession(
                    digest: digest(1), userID: bob.id, householdID: .first, createdAt: clock.now,
                    expiresAt: clock.now.addingTimeInterval(60)))
        }
        let before = try View(store, digests: [digest(1)])
        #expect(throws: ValidationError(field: "name", message: "you have a household of that name; choose another")) {
            try households.addHousehold(named: "cabin", ownedBy: ada)
        }
        #expect(throws: ValidationError(field: "name", message: "a household needs a name")) {
            try households.addHousehold(named: " ", ownedBy: ada)
        }
        #expect(try View(store, digests: [digest(1)]) == before)
        let bobs = try households.addHousehold(named: " Cabin ", ownedBy: bob, showingIn: digest(1))
        #expect(bobs.name == "Cabin")
        #expect(try reading(store) { try $0.members(of: bobs.id) }.map(\.user) == [bob])
        let session = try #require(try reading(store) { try $0.session(digest: digest(1)) })
        #expect(session.householdID == bobs.id)
        // Stores keep instants to the millisecond.
        #expect(abs(session.expiresAt.timeIntervalSince(clock.now) - SignInSession.lifetime) < 0.001)
    }

    /// An invitation makes a member once: a member already there stays as they were, a used invitation makes
    /// nobody, and a new user joins as a member.
    static func anInvitationMakesAMemberOnce(_ store: any Store) throws {
        let clock = TestClock()
        let (ada, bob, cabin) = try adaAndBob(store, at: clock.now)
        let households = Households(store: store, clock: { clock.now })
        let toCabin = try households.invite(to: cabin, by: ada.id, digest: digest(1))
        #expect(try households.join(toCabin, userID: bob.id))
        #expect(try !households.join(toCabin, userID: bob.id))
        #expect(try households.join(toCabin, of: cabin, newUser: "Cy", passwordHash: hash("cy")) == nil)
        let again = try households.invite(to: cabin, by: ada.id, digest: digest(2))
        #expect(try households.join(again, userID: ada.id))
        let third = try households.invite(to: cabin, by: ada.id, digest: digest(3))
        let cy = try #require(try households.join(third, of: cabin, newUser: "Cy", passwordHash: hash("cy")))
        #expect(
            try reading(store) { try $0.members(of: cabin.id) }.map { [$0.user.name, $0.role.rawValue] } == [
                ["Ada", "owner"], ["Bob", "member"], ["Cy", "member"],
            ])
        #expect(cy.name == "Cy")
    }
}
