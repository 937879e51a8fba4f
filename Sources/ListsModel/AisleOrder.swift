import Foundation

/// The order in which a shopper walks a store's sections (a list's categories), learned from the order in which
/// entries were checked off on trips, or set by hand.
///
/// *Learning.* Check-offs are grouped into trips: one trip is the check-offs of one list with no pause longer than
/// ``tripGap`` between them, ordered by when each was made (a check-off made offline counts at the time it was
/// made, not when it reached the server). In each trip, a section comes before another when its first check-off
/// came first. Every trip adds its pairs to a tally, weighted by its age: the newest trip counts 1, the one before
/// it ``decay``, the one before that ``decay``², and so on, so that a store that was rearranged is learned again
/// within a few trips. A section's score is how much more often it came before the others than after them; the
/// order is the sections by score, ties (and sections never seen on a trip) kept in the order they were given in
/// (the household's order of its categories). This is a weighted Borda count over the trips' pairs: one trip
/// checked off out of order, or a few neighbours swapped in every trip, moves the order little.
///
/// *By hand.* Moving a section up or down (``moving(_:by:in:)``) sets the order by hand, which then wins over
/// what was learned: ``order(sections:checkOffs:hand:)`` keeps a hand order as it is, sections it does not hold
/// (added since) placed after it in their learned order.
public enum AisleOrder {
    /// One entry checked off: its section, and when it was checked off.
    public struct CheckOff: Sendable, Equatable {
        public var section: String
        public var at: Date

        public init(section: String, at: Date) {
            self.section = section
            self.at = at
        }
    }

    /// The longest pause between two check-offs of one trip: 2 hours.
    public static let tripGap: TimeInterval = 2 * 60 * 60

    /// How much a trip counts against the next one: the newest counts 1, each older one this much of the next.
    public static let decay = 0.8

    /// The check-offs in trips, oldest trip first, each in the order its check-offs were made.
    public static func trips(_ checkOffs: [CheckOff]) -> [[CheckOff]] {
        var trips: [[CheckOff]] = []
        for checkOff in checkOffs.sorted(by: { $0.at < $1.at }) {
            if let last = trips.last?.last, checkOff.at.timeIntervalSince(last.at) <= tripGap {
                trips[trips.count - 1].append(checkOff)
            } else {
                trips.append([checkOff])
            }
        }
        return trips
    }

    /// `sections` (the household's categories, in their own order) in the order learned from `checkOffs`.
    public static func learned(sections: [String], checkOffs: [CheckOff]) -> [String] {
        let index = Dictionary(sections.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var score = [Double](repeating: 0, count: sections.count)
        let trips = trips(checkOffs)
        for (age, trip) in trips.reversed().enumerated() {
            let weight = pow(decay, Double(age))
            // Each section once, where it was first checked off on this trip.
            var seen = Set<Int>()
            var order: [Int] = []
            for checkOff in trip {
                guard let section = index[checkOff.section], seen.insert(section).inserted else { continue }
                order.append(section)
            }
            // A section before n others and after m scores (n - m): the sum of its pairs won minus lost.
            for (place, section) in order.enumerated() {
                score[section] += weight * Double(order.count - 1 - 2 * place)
            }
        }
        return sections.indices.sorted { score[$0] != score[$1] ? score[$0] > score[$1] : $0 < $1 }
            .map { sections[$0] }
    }

    /// The order to walk `sections` in: `hand`, when the order was set by hand (the sections it does not hold
    /// after it, in their learned order), else the one learned from `checkOffs`.
    public static func order(sections: [String], checkOffs: [CheckOff], hand: [String]?) -> [String] {
        guard let hand else { return learned(sections: sections, checkOffs: checkOffs) }
        let known = Set(sections)
        var kept: [String] = []
        var placed = Set<String>()
        for section in hand where known.contains(section) && placed.insert(section).inserted { kept.append(section) }
        return kept + learned(sections: sections, checkOffs: checkOffs).filter { !placed.contains($0) }
    }

    /// `order` with `section` moved `offset` places (negative: up, towards the entrance), which becomes the order
    /// set by hand.
    /// - Throws: ``ValidationError`` on `section` when it is not in `order`, on `move` when the move would take it
    ///   past the first or the last section.
    public static func moving(_ section: String, by offset: Int, in order: [String]) throws -> [String] {
        guard let from = order.firstIndex(of: section) else {
            throw ValidationError(field: "section", message: "no section named \(Quoted(section)) in this list")
        }
        // (A move of more places than there are sections is out of range, without adding it up.)
        let to = offset.magnitude > UInt(order.count) ? -1 : from + offset
        guard order.indices.contains(to) else {
            let (way, room) = offset < 0 ? ("up", from) : ("down", order.count - 1 - from)
            let message =
                room == 0
                ? "\(Quoted(section)) is the \(offset < 0 ? "first" : "last") section: it cannot move \(way)"
                : "\(Quoted(section)) is section \(from + 1) of \(order.count): it can move \(way) by at most \(room)"
            throw ValidationError(field: "move", message: message)
        }
        var moved = order
        moved.remove(at: from)
        moved.insert(section, at: to)
        return moved
    }
}
