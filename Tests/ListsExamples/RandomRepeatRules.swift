import Foundation
import ListsModel

/// Random repeat rules and the work of computing their first due dates: what the reference test compares with
/// python-dateutil, and what the benchmark times against it, made here once so that both use the same rules.
public enum RecurrenceBenchmark {
    /// `count` random rules, each with a start (`YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`) and a time zone
    /// (`America/New_York` or `Europe/Berlin`), the same for the same `seed`.
    ///
    /// Every kind Lists reads is among them: each frequency with intervals, `BYDAY` with and without positions,
    /// `BYMONTHDAY` from either end, `BYMONTH`, `BYSETPOS`, `WKST`, `COUNT`, each form of `UNTIL`, and a few sparse
    /// rules (29 February on a Monday). Every rule is one Lists accepts for its start. Starts fall in 2020 to 2030,
    /// some at a time of day that a change of daylight-saving time skips or repeats. A `DATE` `UNTIL` goes only
    /// with a start without a time, where Lists and python-dateutil read it alike.
    public static func rules(seed: UInt64, count: Int) -> [(rule: String, start: String, zone: String)] {
        var random = SplitMix64(seed: seed)
        var result: [(rule: String, start: String, zone: String)] = []
        let zones = ["America/New_York", "Europe/Berlin"]
        while result.count < count {
            let zoneName = zones[random.int(0...1)]
            let start = randomStart(&random)
            let text = randomRule(&random, kind: result.count % 9, start: start)
            guard let zone = Zone(identifier: zoneName),
                (try? Recurrence(rule: text).checked(start: start, in: zone)) != nil
            else { continue }
            result.append((text, start.description, zoneName))
        }
        return result
    }

    /// The first `limit` due dates of each of `rules`, read as ``Recurrence/init(rule:)`` reads them (no dates for
    /// a rule it refuses, a start or a zone it cannot read).
    public static func firstOccurrences(
        of rules: [(rule: String, start: String, zone: String)], limit: Int = 20
    ) -> [[Due]] {
        var zones: [String: Zone] = [:]
        return rules.map { rule, start, zoneName in
            guard let start = Due(iso: start), let recurrence = try? Recurrence(rule: rule) else { return [] }
            let zone: Zone
            if let known = zones[zoneName] {
                zone = known
            } else {
                guard let found = Zone(identifier: zoneName) else { return [] }
                zones[zoneName] = found
                zone = found
            }
            return recurrence.occurrences(from: start, in: zone, limit: limit)
        }
    }

    /// A start in 2020 to 2030: a day, or a day and a time; some at 02:30 and 01:30, which a change of
    /// daylight-saving time skips or repeats in one of the zones.
    private static func randomStart(_ random: inout SplitMix64) -> Due {
        let first = CivilDate.daysSince1970(year: 2020, month: 1, day: 1)
        let day = Day(daysSince1970: first + random.int(0...(11 * 365)))
        switch random.int(0...5) {
        case 0, 1: return Due(day: day)
        case 2: return Due(day: day, minute: [150, 90][random.int(0...1)])
        default: return Due(day: day, minute: random.int(0...95) * 15)
        }
    }

    /// A rule of one of nine kinds (`kind` 0 to 8), so that each is as common as the others.
    private static func randomRule(_ random: inout SplitMix64, kind: Int, start: Due) -> String {
        var parts: [String] = []
        func days(_ count: ClosedRange<Int>) -> String {
            Array(Recurrence.Weekday.codes.shuffled(&random).prefix(random.int(count))).joined(separator: ",")
        }
        func monthDays() -> String {
            (0..<random.int(1...3)).map { _ in String(random.int(0...3) == 0 ? -random.int(1...5) : random.int(1...31))
            }
            .joined(separator: ",")
        }
        func months() -> String {
            (0..<random.int(1...3)).map { _ in String(random.int(1...12)) }.joined(separator: ",")
        }
        func positioned(_ limit: Int) -> String {
            (0..<random.int(1...2)).map { _ in
                let position = random.int(1...limit) * (random.int(0...2) == 0 ? -1 : 1)
                return "\(position)\(Recurrence.Weekday.codes[random.int(0...6)])"
            }.joined(separator: ",")
        }
        switch kind {
        case 0:
            parts = ["FREQ=DAILY", "INTERVAL=\(random.int(1...10))"]
            if random.int(0...1) == 0 { parts.append("BYDAY=" + days(1...5)) }
            if random.int(0...3) == 0 { parts.append("BYMONTH=" + months()) }
            if random.int(0...3) == 0 { parts.append("BYMONTHDAY=" + monthDays()) }
        case 1, 2:
            parts = ["FREQ=WEEKLY", "INTERVAL=\(random.int(1...4))"]
            if random.int(0...4) != 0 { parts.append("BYDAY=" + days(1...7)) }
            if random.int(0...2) == 0 { parts.append("WKST=" + Recurrence.Weekday.codes[random.int(0...6)]) }
            if random.int(0...4) == 0 { parts.append("BYMONTH=" + months()) }
            if random.int(0...4) == 0 { parts.append("BYSETPOS=" + ["1", "-1", "2", "1,-1"][random.int(0...3)]) }
        case 3, 4, 5:
            parts = ["FREQ=MONTHLY", "INTERVAL=\([1, 1, 2, 3, 6, 12][random.int(0...5)])"]
            switch random.int(0...4) {
            case 0: parts.append("BYMONTHDAY=" + monthDays())
            case 1: parts.append("BYDAY=" + positioned(5))
            case 2:
                parts.append("BYDAY=" + ["MO,TU,WE,TH,FR", "SA,SU", days(1...4)][random.int(0...2)])
                parts.append("BYSETPOS=" + ["1", "-1", "2", "-2", "1,-1", "3"][random.int(0...5)])
            case 3:
                parts.append("BYMONTHDAY=" + monthDays())
                parts.append("BYDAY=" + days(1...5))
            default: break
            }
            if random.int(0...5) == 0 { parts.append("BYMONTH=" + months()) }
        case 6, 7:
            parts = ["FREQ=YEARLY", "INTERVAL=\([1, 1, 1, 2, 3][random.int(0...4)])"]
            switch random.int(0...6) {
            case 0:
                parts.append("BYMONTH=" + months())
                parts.append("BYMONTHDAY=" + monthDays())
            case 1:
                parts.append("BYMONTH=" + months())
                parts.append("BYDAY=" + positioned(5))
            case 2: parts.append("BYDAY=" + positioned(53))
            case 3: parts.append("BYMONTH=" + months())
            case 4:
                parts.append("BYMONTH=" + months())
                parts.append("BYDAY=" + days(1...3))
                if random.int(0...1) == 0 { parts.append("BYSETPOS=" + ["1", "-1", "2"][random.int(0...2)]) }
            case 5:
                parts.append(
                    ["BYMONTH=2;BYMONTHDAY=29;BYDAY=MO", "BYMONTH=2;BYDAY=5FR", "BYDAY=53FR"][random.int(0...2)])
            default: break
            }
        default:
            parts = [
                [
                    "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "FREQ=MONTHLY;BYMONTHDAY=-1",
                    "FREQ=MONTHLY;BYDAY=5FR", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", "FREQ=MONTHLY;BYMONTHDAY=1",
                    "FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24", "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO",
                    "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "FREQ=YEARLY",
                ][random.int(0...8)]
            ]
        }
        switch random.int(0...5) {
        case 0: parts.append("COUNT=\(random.int(1...30))")
        case 1: parts.append("UNTIL=" + randomUntil(&random, start: start))
        default: break
        }
        return parts.joined(separator: ";")
    }

    /// An `UNTIL` up to three years after `start`: a `DATE` for a start without a time, otherwise a floating time
    /// or a UTC one.
    private static func randomUntil(_ random: inout SplitMix64, start: Due) -> String {
        let day = start.day.adding(days: random.int(0...1100))
        let second = random.int(0...95) * 900
        let until: Recurrence.Until
        switch random.int(0...2) {
        case 0 where start.minute == nil: until = .day(day)
        case 0, 1: until = .wallTime(day, second: second)
        default: until = .utc(day, second: second)
        }
        return until.text
    }
}

/// SplitMix64 (S. Vigna's), a small generator whose numbers are the same on every machine and toolchain, which
/// the standard library's random APIs do not promise.
struct SplitMix64 {
    private var state: UInt64

    /// A generator started at `seed`.
    init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range` (a modulo bias of at most 2^-50 is no matter here).
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }
}

extension Array {
    /// The elements in an order `random` picks (Fisher and Yates).
    fileprivate func shuffled(_ random: inout SplitMix64) -> [Element] {
        var result = self
        for index in stride(from: result.count - 1, to: 0, by: -1) {
            result.swapAt(index, random.int(0...index))
        }
        return result
    }
}
