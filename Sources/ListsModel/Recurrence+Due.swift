import Foundation

extension Recurrence {
    /// The repeat, checked for a task whose first due date is `start` in `zone`: refused when its `UNTIL` is before
    /// `start`.
    ///
    /// A `start` the rule does not match is kept, as RFC 5545 allows: the task is due when the person said, and is
    /// then due on the rule's dates after it. It is not one of the rule's dates, so a `COUNT` counts the rule's own
    /// (python-dateutil's reading, which RFC 5545 leaves open) and ``occurrences(from:after:in:limit:)`` does not
    /// list it; ``firstDue(from:in:)`` tells the rule's first date for a face that offers to move the task there.
    /// - Throws: ``ValidationError`` on `repeat`.
    public func checked(start: Due, in zone: Zone) throws -> Recurrence {
        guard let rule else { return self }
        if let until = rule.until {
            let isBefore: Bool
            switch until {
            case .day(let day): isBefore = day < start.day
            case .wallTime(let day, let second):
                isBefore = (day.daysSince1970, second) < (start.day.daysSince1970, (start.minute ?? 0) * 60)
            case .utc:
                isBefore = until.moment.map { $0 < start.instant(in: zone) } ?? false
            }
            if isBefore {
                throw Self.refusal("UNTIL \(Self.describe(until)) is before the task's start, \(start)")
            }
        }
        // A rule with no date from `start` on (one that ends, or the calendar's, first) leaves the task due on
        // `start` once: its check-off then completes it.
        return self
    }

    /// The first of the rule's dates from `start` on (`start` itself when it matches), or `nil` when there is none.
    public func firstDue(from start: Due, in zone: Zone) -> Due? {
        occurrences(from: start, in: zone, limit: 1).first
    }

    /// The date a task repeating from `start` is due after it was due `due`, or `nil` when the rule has ended
    /// (`due` was its last date, by `COUNT` or `UNTIL`): the task is then done for good.
    ///
    /// For an after-done repeat, the date it would get if done on the day it was due (see
    /// ``next(completedAt:due:in:)``).
    public func next(after due: Due, from start: Due, in zone: Zone) -> Due? {
        occurrences(from: start, after: due, in: zone, limit: 1).first
    }

    /// The date an after-done repeat gives a task that was due `due` and was done at `completedAt`: so many days,
    /// weeks, months or years after the day it was done in `zone`, at `due`'s time of day. A month or a year later
    /// than the 31st is the month's last day when it has fewer (done on 31 January, a month later is 28 February).
    ///
    /// For a rule, which keeps to its calendar whenever the task is done, the rule's next date after `due` read as
    /// if it started at `due` (`due` itself when there is none); ``nextDue(completing:start:at:in:)`` knows the
    /// start, which a `COUNT` counts from.
    public func next(completedAt: Date, due: Due, in zone: Zone) -> Due {
        guard case .afterDone(let count, let unit) = form else {
            return next(after: due, from: due, in: zone) ?? due
        }
        return Due(day: Self.adding(count, unit, to: Day(completedAt, in: zone)), minute: due.minute)
    }

    /// The date a task that repeats from `start` and was due `due` is due next when it is done at `completedAt`, or
    /// `nil` when its rule has ended and it is done for good: what checking off a repeating task does, for either
    /// form.
    public func nextDue(completing due: Due, start: Due, at completedAt: Date, in zone: Zone) -> Due? {
        switch form {
        case .rule: return next(after: due, from: start, in: zone)
        case .afterDone: return next(completedAt: completedAt, due: due, in: zone)
        }
    }

    /// The day `count` days, weeks, months or years after `day`, a missing day of a month being its last.
    static func adding(_ count: Int, _ unit: Unit, to day: Day) -> Day {
        switch unit {
        case .days: return day.adding(days: count)
        case .weeks: return day.adding(days: 7 * count)
        case .months, .years:
            let (year, month, dayOfMonth) = day.parts
            let index = year * 12 + month - 1 + (unit == .months ? count : 12 * count)
            let (newYear, newMonth) = (index / 12, index % 12 + 1)
            let newDay = min(dayOfMonth, CivilDate.daysIn(month: newMonth, year: newYear))
            return Day(daysSince1970: CivilDate.daysSince1970(year: newYear, month: newMonth, day: newDay))
        }
    }

    /// `UNTIL` as a person reads it: `2027-03-01`, `2027-03-01 09:00` or `2027-03-01 08:00 UTC`.
    static func describe(_ until: Until) -> String {
        func time(_ second: Int) -> String {
            var text = Day.padded(second / 3600, 2) + ":" + Day.padded(second / 60 % 60, 2)
            if second % 60 != 0 { text += ":" + Day.padded(second % 60, 2) }
            return text
        }
        switch until {
        case .day(let day): return day.description
        case .wallTime(let day, let second): return "\(day) \(time(second))"
        case .utc(let day, let second): return "\(day) \(time(second)) UTC"
        }
    }
}
