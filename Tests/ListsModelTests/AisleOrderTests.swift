import Foundation
import ListsModel
import Testing

/// The order of a store's sections, learned from trips and set by hand.
@Suite struct AisleOrderTests {
    /// A seeded generator (SplitMix64), so that the trips are the same at every run.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }

    /// The walk through the store, entrance first.
    static let walk = [
        "Produce", "Bakery", "Deli", "Meat and fish", "Dairy and eggs", "Frozen", "Pasta and rice", "Canned goods",
        "Breakfast", "Snacks", "Drinks", "Household",
    ]

    /// Kendall's τ of `order` against `truth` (the same sections): 1 the same order, -1 reversed.
    static func tau(_ order: [String], _ truth: [String]) -> Double {
        let rank = Dictionary(uniqueKeysWithValues: truth.enumerated().map { ($1, $0) })
        var concordant = 0
        var discordant = 0
        for first in order.indices {
            for second in order.indices where second > first {
                if rank[order[first]]! < rank[order[second]]! { concordant += 1 } else { discordant += 1 }
            }
        }
        return Double(concordant - discordant) / Double(order.count * (order.count - 1) / 2)
    }

    /// `count` trips of `entries` entries each, checked off in the order of `walk` with a fifth of neighbours
    /// swapped at random; a trip a day, a check-off a minute.
    static func trips(
        _ count: Int, entries: Int, walk: [String], from start: Date, random: inout Seeded
    ) -> [AisleOrder.CheckOff] {
        var checkOffs: [AisleOrder.CheckOff] = []
        for trip in 0..<count {
            var sections = (0..<entries).map { _ in Int(random.next() % UInt64(walk.count)) }.sorted()
            for index in sections.indices.dropLast() where random.next() % 5 == 0 {
                sections.swapAt(index, index + 1)
            }
            let day = start.addingTimeInterval(Double(trip) * 86_400)
            for (minute, section) in sections.enumerated() {
                checkOffs.append(.init(section: walk[section], at: day.addingTimeInterval(Double(minute) * 60)))
            }
        }
        return checkOffs
    }

    static let start = Date(timeIntervalSince1970: 1_796_000_000)

    @Test func tenTripsWithAFifthOfNeighboursSwappedTeachTheWalk() {
        var random = Seeded(state: 27)
        let checkOffs = Self.trips(10, entries: 40, walk: Self.walk, from: Self.start, random: &random)
        // The household's own order of its categories is not the store's.
        let sections = Self.walk.sorted()
        #expect(Self.tau(sections, Self.walk) < 0.5)
        // Made offline and sent later, check-offs arrive out of order: each counts at the time it was made.
        let learned = AisleOrder.learned(sections: sections, checkOffs: checkOffs.shuffled(using: &random))
        #expect(Self.tau(learned, Self.walk) >= 0.8, "\(learned)")
        #expect(AisleOrder.trips(checkOffs).count == 10)
    }

    @Test func aRearrangedStoreIsLearnedAgainWithinAFewTrips() {
        var random = Seeded(state: 5)
        let before = Self.trips(10, entries: 40, walk: Self.walk, from: Self.start, random: &random)
        let moved = Array(Self.walk.reversed())
        let after = Self.trips(
            4, entries: 40, walk: moved, from: Self.start.addingTimeInterval(30 * 86_400), random: &random)
        let learned = AisleOrder.learned(sections: Self.walk, checkOffs: before + after)
        #expect(Self.tau(learned, moved) > 0, "\(learned)")
    }

    @Test func sectionsNeverCheckedOffKeepTheHouseholdsOrderAfterTheOthers() {
        let checkOffs = [
            AisleOrder.CheckOff(section: "Dairy and eggs", at: Self.start),
            AisleOrder.CheckOff(section: "Produce", at: Self.start.addingTimeInterval(60)),
        ]
        #expect(
            AisleOrder.learned(sections: ["Bakery", "Produce", "Dairy and eggs", "Frozen"], checkOffs: checkOffs)
                == ["Dairy and eggs", "Bakery", "Frozen", "Produce"])
        #expect(AisleOrder.learned(sections: ["Bakery", "Frozen"], checkOffs: []) == ["Bakery", "Frozen"])
    }

    @Test func oneHandMoveWinsAtOnceAndStays() throws {
        var random = Seeded(state: 27)
        let checkOffs = Self.trips(10, entries: 40, walk: Self.walk, from: Self.start, random: &random)
        let learned = AisleOrder.order(sections: Self.walk, checkOffs: checkOffs, hand: nil)
        let section = learned[5]
        let hand = try AisleOrder.moving(section, by: -1, in: learned)
        #expect(hand[4] == section)
        #expect(AisleOrder.order(sections: Self.walk, checkOffs: checkOffs, hand: hand) == hand)
        // More trips in the learned order do not undo it; a section added since goes after the hand's.
        let more = Self.trips(
            5, entries: 40, walk: Self.walk, from: Self.start.addingTimeInterval(20 * 86_400), random: &random)
        #expect(
            AisleOrder.order(sections: Self.walk + ["Pharmacy"], checkOffs: checkOffs + more, hand: hand)
                == hand + ["Pharmacy"])
    }

    @Test func aMovePastTheFirstOrLastSectionOrOfNoSectionIsRefused() throws {
        let order = ["Produce", "Bakery", "Dairy and eggs"]
        let refusals = [
            ("Dairy and eggs", 1, "\"Dairy and eggs\" is the last section: it cannot move down"),
            ("Produce", -1, "\"Produce\" is the first section: it cannot move up"),
            ("Bakery", 2, "\"Bakery\" is section 2 of 3: it can move down by at most 1"),
            ("Bakery", -3, "\"Bakery\" is section 2 of 3: it can move up by at most 1"),
            ("Bakery", Int.max, "\"Bakery\" is section 2 of 3: it can move down by at most 1"),
            ("Bakery", Int.min, "\"Bakery\" is section 2 of 3: it can move up by at most 1"),
        ]
        for (section, offset, message) in refusals {
            #expect(throws: ValidationError(field: "move", message: message)) {
                try AisleOrder.moving(section, by: offset, in: order)
            }
        }
        #expect(throws: ValidationError(field: "section", message: "no section named \"Toys\" in this list")) {
            try AisleOrder.moving("Toys", by: 1, in: order)
        }
        #expect(try AisleOrder.moving("Produce", by: 2, in: order) == ["Bakery", "Dairy and eggs", "Produce"])
    }
}
