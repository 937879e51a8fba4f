import Dispatch
import Foundation
import ListsModel
import Synchronization
import Testing

/// The account checks that need several stores open on one database at once, as several processes or servers
/// have it: what two people do at the same moment must come out as if one went first.
extension AccountContract {
    /// One named check run on ``storesSharingADatabase`` stores open on one new database.
    public struct SharedCheck: Sendable, CustomTestStringConvertible {
        public var name: String
        public var run: @Sendable (_ stores: [any Store]) throws -> Void

        public init(_ name: String, _ run: @escaping @Sendable ([any Store]) throws -> Void) {
            self.name = name
            self.run = run
        }

        public var testDescription: String { name }
    }

    /// How many stores a ``SharedCheck`` gets, each used by a thread of its own.
    public static let storesSharingADatabase = 8

    /// Every check that needs several stores on one database.
    public static let sharingADatabase: [SharedCheck] = [
        SharedCheck("anInvitationUsedAtOnceIsUsedOnce", anInvitationUsedAtOnceIsUsedOnce),
        SharedCheck("aUserNameTakenAtOnceMakesOneUser", aUserNameTakenAtOnceMakesOneUser),
        SharedCheck("householdsAddedAtOnceGetDifferentNumbers", householdsAddedAtOnceGetDifferentNumbers),
        SharedCheck("failedSignInsOnEveryStoreAreCountedTogether", failedSignInsOnEveryStoreAreCountedTogether),
        SharedCheck(
            "attemptsReservedAtOncePassALimitNoMoreThanItAllows", attemptsReservedAtOncePassALimitNoMoreThanItAllows),
    ]

    /// Runs `body` with each store and its index on a thread of its own, every thread let go at the same moment
    /// once all are waiting, and returns what each answered, in the stores' order.
    static func atOnce<T: Sendable>(
        _ stores: [any Store], _ body: @escaping @Sendable (_ index: Int, _ store: any Store) throws -> T
    ) -> [Result<T, any Error>] {
        let answers = Mutex<[Int: Result<T, any Error>]>([:])
        let waiting = DispatchGroup()
        let finished = DispatchGroup()
        let start = DispatchSemaphore(value: 0)
        for (index, store) in stores.enumerated() {
            waiting.enter()
            finished.enter()
            Thread {
                waiting.leave()
                start.wait()
                let answer = Result { try body(index, store) }
                answers.withLock { $0[index] = answer }
                finished.leave()
            }.start()
        }
        waiting.wait()
        for _ in stores { start.signal() }
        finished.wait()
        return answers.withLock { answers in stores.indices.compactMap { answers[$0] } }
    }

    /// Every store uses one invitation at the same moment, each in a write of its own: exactly one is told it
    /// worked, and the invitation notes one use. Five rounds, so that the uses overlap in more than one order.
    static func anInvitationUsedAtOnceIsUsedOnce(_ stores: [any Store]) throws {
        let clock = TestClock()
        let first = try #require(stores.first)
        let (ada, _, cabin) = try adaAndBob(first, at: clock.now)
        for round in 1...5 {
            let invitation = Invitation(
                digest: digest(round), householdID: cabin.id, invitedBy: ada.id, createdAt: clock.now,
                expiresAt: clock.now.addingTimeInterval(Invitation.lifetime), usedAt: nil)
            try writing(first) { try $0.addInvitation(invitation) }
            let use = clock.now.addingTimeInterval(60)
            let answers = atOnce(stores) { _, store in
                try writing(store) { try $0.useInvitation(digest: invitation.digest, at: use) }
            }
            let worked = try answers.map { try $0.get() }
            #expect(worked.count == stores.count)
            #expect(worked.filter { $0 }.count == 1, "round \(round): \(worked)")
            #expect(
                try reading(first) { try $0.invitation(digest: invitation.digest) }?.usedAt == use.roundedToMilliseconds
            )
        }
    }

    /// Every store makes a user of one name at the same moment, in different cases: one is made, every other is
    /// refused with `nameTaken("user name")`, and every store goes on working.
    static func aUserNameTakenAtOnceMakesOneUser(_ stores: [any Store]) throws {
        let clock = TestClock()
        let names = ["Ada", "ADA", "ada", "aDa", "AdA", "adA", "aDA", "ADa"]
        let answers = atOnce(stores) { index, store in
            try writing(store) {
                try $0.addUser(name: names[index % names.count], passwordHash: hash("ada"), at: clock.now)
            }
        }
        let made = answers.compactMap { try? $0.get() }
        #expect(made.count == 1)
        for answer in answers {
            if case .failure(let error) = answer { #expect(error as? StoreError == .nameTaken("user name")) }
        }
        let first = try #require(stores.first)
        #expect(try reading(first) { try $0.users() } == made)
        for (index, store) in stores.enumerated() {
            _ = try writing(store) { try $0.addUser(name: "User \(index)", passwordHash: hash("u"), at: clock.now) }
        }
        #expect(try reading(first) { try $0.userCount() } == 1 + stores.count)
    }

    /// Every store adds a household of its own name at the same moment: each gets a number no other got, the
    /// numbers after the first household's.
    static func householdsAddedAtOnceGetDifferentNumbers(_ stores: [any Store]) throws {
        let clock = TestClock()
        let answers = atOnce(stores) { index, store in
            try writing(store) { try $0.addHousehold(name: "House \(index)", at: clock.now) }
        }
        let added = try answers.map { try $0.get() }
        #expect(added.map(\.id.rawValue).sorted() == Array(1...Int64(stores.count)))
        let first = try #require(stores.first)
        #expect(try reading(first) { try $0.households() }.count == stores.count + 1)
    }

    /// Failed sign-ins for one name, made at once through every store (every server on one database), are all
    /// counted, and every store reads them all.
    static func failedSignInsOnEveryStoreAreCountedTogether(_ stores: [any Store]) throws {
        let now = TestClock().now.roundedToMilliseconds
        let answers = atOnce(stores) { index, store in
            try writing(store) {
                try $0.addSignInFailure(
                    keys: ["name:ada", "client:\(index)"], at: now, forgetBefore: now.addingTimeInterval(-60))
            }
        }
        for answer in answers { try answer.get() }
        for store in stores {
            #expect(
                try reading(store) { try $0.signInFailures(key: "name:ada", since: now.addingTimeInterval(-1)) }.count
                    == stores.count)
        }
    }

    /// Every store reserves sign-in attempts against one key at the same moment, five rounds of them, under a limit
    /// of three: exactly three are counted, whatever the order, and the others are refused with the three
    /// instants. Then one reservation is released, and exactly one more attempt fits.
    static func attemptsReservedAtOncePassALimitNoMoreThanItAllows(_ stores: [any Store]) throws {
        let clock = TestClock()
        let limit = SignInLimit(key: "name:ada", limit: 3)
        var counted: [Date] = []
        for round in 0..<5 {
            let now = clock.now.addingTimeInterval(Double(round) * 61).roundedToMilliseconds
            let since = now.addingTimeInterval(-60)
            let answers = atOnce(stores) { index, store in
                try writing(store) {
                    try $0.reserveSignInAttempt(
                        [limit, SignInLimit(key: "client:\(index)", limit: 20)], since: since,
                        at: now.addingTimeInterval(Double(index) / 1000))
                }
            }
            let refusals = try answers.map { try $0.get() }.compactMap { $0 }
            #expect(refusals.count == stores.count - limit.limit, "round \(round)")
            for refusal in refusals {
                #expect(refusal.limit == limit)
                #expect(refusal.failures.count == limit.limit)
            }
            counted = try reading(stores[0]) { try $0.signInFailures(key: "name:ada", since: since) }
            #expect(counted.count == limit.limit, "round \(round)")
        }
        let released = try #require(counted.first)
        try writing(stores[1]) { try $0.removeSignInFailure(keys: ["name:ada"], at: released) }
        let since = released.addingTimeInterval(-30)
        let again = atOnce(stores) { index, store in
            try writing(store) {
                try $0.reserveSignInAttempt([limit], since: since, at: released.addingTimeInterval(0.5))
            }
        }
        #expect(try again.map { try $0.get() }.filter { $0 == nil }.count == 1)
    }
}
