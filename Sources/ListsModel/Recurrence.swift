import Foundation

/// How a to-do task repeats: by a calendar rule (RFC 5545's RRULE), or a number of days, weeks, months or years
/// after it was done.
///
/// *A rule* is written as RFC 5545 writes the value of an `RRULE` property (`FREQ=MONTHLY;BYDAY=-1FR`), with the
/// parts a to-do needs: `FREQ` (`DAILY`, `WEEKLY`, `MONTHLY` or `YEARLY`: Lists repeats a task every day at most
/// often), `INTERVAL` (1 to 1000), `BYDAY` (`TU`; with a position in a month or a year for `MONTHLY` and `YEARLY`:
/// `2TU`, `-1FR`), `BYMONTHDAY` (1 to 31, -1 to -31 counting from the month's end), `BYMONTH`, `BYSETPOS`,
/// `COUNT` (1 to 1000), `UNTIL` (a `DATE`, or a `DATE-TIME` in UTC or floating) and `WKST`. Its occurrences are
/// RFC 5545's, as python-dateutil's `rrule` computes them, in the household's wall-clock time (a task due at 09:00
/// stays due at 09:00 across a change of daylight-saving time); see ``occurrences(from:after:in:limit:)``.
///
/// *After done* is what no RRULE can say: the next due date counts from when the task was checked off (Taskwarrior's
/// and Tasks.org's "repeat after completion"). Lists writes it `AFTER-DONE=P3D` (an ISO 8601 duration of days `D`,
/// weeks `W`, months `M` or years `Y`, 1 to 1000 of them), a text no RRULE parser mistakes for a rule.
///
/// *Decisions.* A position that some months lack (`5FR`, the fifth Friday) is kept: those months are skipped, as
/// RFC 5545 and python-dateutil skip them. A rule that can occur on no day at all (`BYMONTH=2;BYMONTHDAY=30`) is
/// refused. `BYDAY` mixing days with and without a position (`MO,1TU`) is refused: RFC 5545 means either, but
/// python-dateutil requires both at once and so never occurs, and Lists will not disagree with it silently. So is
/// `COUNT` with `UNTIL` (RFC 5545 forbids it), `BYMONTHDAY` in a `WEEKLY` rule and a position in a `DAILY` or
/// `WEEKLY` one (RFC 5545 forbids both), and `BYSETPOS` without another `BY` part to choose among. An `UNTIL` that is a
/// `DATE` lets the task come due on that day at any time (RFC 5545 wants a `DATE-TIME` there when the task has a
/// time; python-dateutil reads the `DATE` as its midnight and so drops that day's 09:00); `UNTIL` before the
/// task's start is refused when a rule is set on a task (``checked(start:in:)``), not when it is read.
public struct Recurrence: Hashable, Sendable {
    /// How often a rule's periods come: RFC 5545's `FREQ`, from every day to every year.
    public enum Frequency: String, Hashable, Sendable, CaseIterable, Comparable {
        case daily = "DAILY"
        case weekly = "WEEKLY"
        case monthly = "MONTHLY"
        case yearly = "YEARLY"

        /// Whether `lhs` repeats more often than `rhs`.
        public static func < (lhs: Frequency, rhs: Frequency) -> Bool { lhs.rank < rhs.rank }

        private var rank: Int {
            switch self {
            case .daily: 0
            case .weekly: 1
            case .monthly: 2
            case .yearly: 3
            }
        }
    }

    /// A day of the week a rule names (`BYDAY`): every such day of the period (`TU`), or the one at a position in
    /// the month or the year (`2TU`, the second Tuesday; `-1FR`, the last Friday).
    public struct Weekday: Hashable, Sendable, Comparable {
        /// The day of the week, ISO 8601's as ``Day/weekday`` gives it: 1 is Monday, 7 is Sunday.
        public let weekday: Int
        /// Its position (1 to 53 from the start, -1 to -53 from the end), or `nil` for every such day.
        public let position: Int?

        /// Every `weekday` (1 Monday to 7 Sunday), or the one at `position`.
        public init(weekday: Int, position: Int? = nil) {
            precondition((1...7).contains(weekday), "a weekday is 1 (Monday) to 7 (Sunday)")
            self.weekday = weekday
            self.position = position
        }

        /// RFC 5545's two letters for each day, Monday first.
        public static let codes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

        /// `TU`, `2TU` or `-1FR`.
        public var text: String { (position.map(String.init) ?? "") + Self.codes[weekday - 1] }

        /// The canonical order: days without a position first, then positions from the start of the period, then
        /// from its end, each in calendar order, then by day of the week.
        public static func < (lhs: Weekday, rhs: Weekday) -> Bool {
            func key(_ day: Weekday) -> (Int, Int, Int) {
                guard let position = day.position else { return (0, 0, day.weekday) }
                return (position > 0 ? 1 : 2, position, day.weekday)
            }
            return key(lhs) < key(rhs)
        }
    }

    /// When a rule ends at the latest (`UNTIL`).
    public enum Until: Hashable, Sendable {
        /// A `DATE` (`UNTIL=20270301`): the task may come due on that day, at any time of it.
        case day(Day)
        /// A floating `DATE-TIME` (`UNTIL=20270301T090000`): a wall-clock time in the household's zone.
        case wallTime(Day, second: Int)
        /// A `DATE-TIME` in UTC (`UNTIL=20270301T080000Z`): a moment, compared with each due time's moment.
        case utc(Day, second: Int)

        /// The moment a UTC `UNTIL` stands for, or `nil` for the others.
        var moment: Date? {
            guard case .utc(let day, let second) = self else { return nil }
            return Date(timeIntervalSince1970: Double(day.daysSince1970 * 86_400 + second))
        }

        /// RFC 5545's text: `20270301`, `20270301T090000` or `20270301T090000Z`.
        public var text: String {
            func time(_ second: Int) -> String {
                "T" + Day.padded(second / 3600, 2) + Day.padded(second / 60 % 60, 2) + Day.padded(second % 60, 2)
            }
            switch self {
            case .day(let day): return day.basic
            case .wallTime(let day, let second): return day.basic + time(second)
            case .utc(let day, let second): return day.basic + time(second) + "Z"
            }
        }
    }

    /// A calendar rule: RFC 5545's RRULE, with the parts Lists reads.
    public struct Rule: Hashable, Sendable {
        /// `FREQ`.
        public internal(set) var frequency: Frequency
        /// `INTERVAL`: every how many periods (1 to 1000).
        public internal(set) var interval: Int = 1
        /// `BYMONTH`: months 1 to 12, ascending; empty for every month.
        public internal(set) var months: [Int] = []
        /// `BYMONTHDAY`: days of the month, 1 to 31 then -31 to -1, ascending; empty for none given.
        public internal(set) var monthDays: [Int] = []
        /// `BYDAY`, in ``Weekday``'s order; empty for none given.
        public internal(set) var weekdays: [Weekday] = []
        /// `BYSETPOS`: which of each period's days, 1 to 366 then -366 to -1, ascending; empty for all of them.
        public internal(set) var setPositions: [Int] = []
        /// `WKST`: the first day of a week, 1 (Monday, RFC 5545's default) to 7.
        public internal(set) var weekStart: Int = 1
        /// `COUNT`: how many times in all (1 to 1000), or `nil`.
        public internal(set) var count: Int?
        /// `UNTIL`, or `nil`.
        public internal(set) var until: Until?

        /// A rule repeating every `frequency` period from its start, with no other parts.
        init(frequency: Frequency) { self.frequency = frequency }
    }

    /// What "after done" counts in.
    public enum Unit: String, Hashable, Sendable, CaseIterable {
        case days = "D"
        case weeks = "W"
        case months = "M"
        case years = "Y"
    }

    /// The two forms a repeat takes.
    public indirect enum Form: Hashable, Sendable {
        /// A calendar rule.
        case rule(Rule)
        /// `count` days, weeks, months or years after the task was done.
        case afterDone(count: Int, unit: Unit)
    }

    /// The repeat's form.
    public let form: Form

    /// The most periods between two occurrences, the most occurrences in all, and the most after-done units.
    public static let maximumInterval = 1000
    /// The most occurrences a `COUNT` may ask for.
    public static let maximumCount = 1000
    /// The most characters a rule's text may have (a real one has well under 200).
    public static let maximumTextLength = 500

    /// A repeat of the form `form`, taken as it is (``init(rule:)`` is the way to check one).
    init(form: Form) { self.form = form }

    /// A repeat `count` days, weeks, months or years after the task is done.
    /// - Throws: ``ValidationError`` on `repeat` unless `count` is 1 to ``maximumInterval``.
    public static func afterDone(_ count: Int, _ unit: Unit) throws -> Recurrence {
        guard (1...maximumInterval).contains(count) else {
            throw ValidationError(field: "repeat", message: Self.afterDoneCountMessage)
        }
        return Recurrence(form: .afterDone(count: count, unit: unit))
    }

    /// The rule, or `nil` for an after-done repeat.
    public var rule: Rule? {
        guard case .rule(let rule) = form else { return nil }
        return rule
    }

    /// The text Lists stores and sends: the RRULE value in canonical form (fixed order of parts, upper case,
    /// `INTERVAL=1` and `WKST=MO` left out), or `AFTER-DONE=P3D`; ``init(rule:)`` reads it back to the same value.
    public var text: String {
        switch form {
        case .afterDone(let count, let unit):
            return "AFTER-DONE=P\(count)\(unit.rawValue)"
        case .rule(let rule):
            var parts = ["FREQ=" + rule.frequency.rawValue]
            if rule.interval != 1 { parts.append("INTERVAL=\(rule.interval)") }
            if !rule.months.isEmpty { parts.append("BYMONTH=" + Self.list(rule.months)) }
            if !rule.monthDays.isEmpty { parts.append("BYMONTHDAY=" + Self.list(rule.monthDays)) }
            if !rule.weekdays.isEmpty {
                parts.append("BYDAY=" + rule.weekdays.map(\.text).joinedInline(separator: ","))
            }
            if !rule.setPositions.isEmpty { parts.append("BYSETPOS=" + Self.list(rule.setPositions)) }
            if rule.weekStart != 1 { parts.append("WKST=" + Weekday.codes[rule.weekStart - 1]) }
            if let count = rule.count { parts.append("COUNT=\(count)") }
            if let until = rule.until { parts.append("UNTIL=" + until.text) }
            return parts.joinedInline(separator: ";")
        }
    }

    private static func list(_ numbers: [Int]) -> String { numbers.map(String.init).joinedInline(separator: ",") }

    /// The refusal of an after-done count outside 1 to ``maximumInterval``.
    static let afterDoneCountMessage =
        "a task repeats 1 to \(maximumInterval) days, weeks, months or years after it is done"
}
