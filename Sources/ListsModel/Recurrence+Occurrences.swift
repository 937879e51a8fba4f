import Foundation

extension Recurrence {
    /// The repeat's first `limit` due dates from `start` (after `after`, when given), in order.
    ///
    /// For a rule, `start` is RFC 5545's `DTSTART` and the dates are python-dateutil's `rrule`'s: the rule's
    /// matches from `start` on, `start` itself among them only when it matches (`COUNT` counts them, not a `start`
    /// outside the rule), at `start`'s time of day, in wall-clock time (the moment of each is
    /// ``Due/instant(in:)``'s). A weekly rule's first week is counted from `start`, not from `WKST`, which only
    /// `BYSETPOS` notices (python-dateutil's reading; RFC 5545 would take the whole week). A UTC `UNTIL` is compared
    /// with each date's moment in `zone`, a floating one with its wall-clock time, a `DATE` with its day. The dates
    /// stop at the rule's end, at the year 9999, and when a whole cycle of the calendar (400 years of periods) has
    /// passed with no match, which would never be followed by one.
    ///
    /// For an after-done repeat the dates are those the task would get if it were always done on the day it is due.
    public func occurrences(from start: Due, after: Due? = nil, in zone: Zone, limit: Int) -> [Due] {
        guard limit > 0 else { return [] }
        switch form {
        case .rule(let rule):
            var engine = RecurrenceEngine(rule: rule, start: start, zone: zone)
            return engine.occurrences(after: after, limit: limit)
        case .afterDone(let count, let unit):
            var result: [Due] = []
            result.reserveCapacity(limit)
            var due = start
            while result.count < limit {
                if after.map({ $0 < due }) ?? true { result.append(due) }
                let next = Self.adding(count, unit, to: due.day)
                guard next.year <= 9999 else { break }
                due = Due(day: next, minute: start.minute)
            }
            return result
        }
    }
}

extension Recurrence.Rule {
    /// Whether some day of some year matches the rule's own parts (those a start would add aside): a rule that
    /// matches no day in a whole 400-year cycle of the calendar never will.
    var canOccur: Bool {
        // A rule that names no day takes its days from the task's start, which ``Recurrence/checked(start:in:)``
        // checks: read alone, it can occur.
        if monthDays.isEmpty, weekdays.isEmpty { return true }
        var plan = RecurrencePlan(rule: self, start: nil)
        plan.interval = 1
        var cursor = PeriodCursor(
            plan: plan,
            firstDay: Day(
                daysSince1970: CivilDate.daysSince1970(
                    year: 2000, month: 1, day: 1)), wholeFirstWeek: true)
        var buffer: [Int] = []
        buffer.reserveCapacity(400)
        for _ in 0..<plan.cycle {
            buffer.removeAll(keepingCapacity: true)
            plan.appendDays(of: cursor, to: &buffer)
            if !buffer.isEmpty { return true }
            cursor.advance(by: plan)
        }
        return false
    }
}

/// A rule made ready to run: its parts as bit masks, and the days its start stands for when it names none (a plain
/// `FREQ=MONTHLY` repeats on the start's day of the month, as RFC 5545 and python-dateutil say).
struct RecurrencePlan {
    let frequency: Recurrence.Frequency
    var interval: Int
    /// Bit `m` for each month `m` of `BYMONTH`; all twelve when there is none.
    var monthMask: UInt16 = 0x1FFE
    /// Bit `d` for each `BYMONTHDAY` `d`, and bit `n` of the other for each `-n`.
    var positiveDays: UInt32 = 0
    var negativeDays: UInt32 = 0
    var filtersMonthDays = false
    /// Bit `w` for each `BYDAY` weekday `w` without a position.
    var weekdayMask: UInt8 = 0
    var filtersWeekdays = false
    /// `BYDAY`'s weekdays with a position, and whether they count in the year rather than the month.
    let positions: [Recurrence.Weekday]
    let positionsInYear: Bool
    let setPositions: [Int]
    let weekStart: Int

    /// The plan of `rule` from `start`; with no start, a day it does not name is any day.
    init(rule: Recurrence.Rule, start: Due?) {
        frequency = rule.frequency
        interval = rule.interval
        weekStart = rule.weekStart
        setPositions = rule.setPositions
        var months = rule.months
        var monthDays = rule.monthDays
        var weekdays = rule.weekdays
        if let start, monthDays.isEmpty, weekdays.isEmpty {
            switch rule.frequency {
            case .yearly:
                if months.isEmpty { months = [start.day.month] }
                monthDays = [start.day.day]
            case .monthly: monthDays = [start.day.day]
            case .weekly: weekdays = [Recurrence.Weekday(weekday: start.day.weekday)]
            case .daily: break
            }
        }
        if !months.isEmpty { monthMask = months.reduce(0) { $0 | UInt16(1) << $1 } }
        for day in monthDays {
            if day > 0 { positiveDays |= UInt32(1) << day } else { negativeDays |= UInt32(1) << -day }
        }
        filtersMonthDays = !monthDays.isEmpty
        positions = weekdays.filter { $0.position != nil }
        for day in weekdays where day.position == nil { weekdayMask |= UInt8(1) << day.weekday }
        filtersWeekdays = weekdayMask != 0
        positionsInYear = rule.frequency == .yearly && months.isEmpty
    }

    /// How many periods make a whole cycle of the Gregorian calendar (400 years, 146,097 days, 20,871 weeks) at the
    /// plan's interval: after so many periods with no day, the periods repeat and none will ever have one.
    var cycle: Int {
        func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
        let units: Int
        switch frequency {
        case .yearly: units = 400
        case .monthly: units = 4800
        case .weekly: units = 20_871
        case .daily: units = 146_097
        }
        return units / gcd(units, interval)
    }

    /// Appends the days of the period `cursor` stands at that the rule matches, ascending, `BYSETPOS` applied.
    func appendDays(of cursor: PeriodCursor, to buffer: inout [Int]) {
        switch frequency {
        case .yearly:
            if positionsInYear {
                appendPositionsInYear(cursor.year, to: &buffer)
            } else {
                var months = monthMask
                while months != 0 {
                    let month = months.trailingZeroBitCount
                    months &= months - 1
                    appendDays(ofMonth: month, year: cursor.year, to: &buffer)
                }
            }
        case .monthly:
            if monthMask & UInt16(1) << cursor.month != 0 {
                appendDays(ofMonth: cursor.month, year: cursor.year, to: &buffer)
            }
        case .weekly:
            let checksMonths = monthMask != 0x1FFE
            var weekday = Day(daysSince1970: cursor.first).weekday
            for day in cursor.first..<cursor.end {
                if !filtersWeekdays || weekdayMask & UInt8(1) << weekday != 0,
                    !checksMonths || monthMask & UInt16(1) << CivilDate.date(daysSince1970: day).month != 0
                {
                    buffer.append(day)
                }
                weekday = weekday == 7 ? 1 : weekday + 1
            }
        case .daily:
            if matches(day: cursor.first) { buffer.append(cursor.first) }
        }
        if !setPositions.isEmpty { choosePositions(in: &buffer) }
    }

    /// Whether a daily rule takes `day`.
    private func matches(day: Int) -> Bool {
        if filtersWeekdays, weekdayMask & UInt8(1) << Day(daysSince1970: day).weekday == 0 { return false }
        guard monthMask != 0x1FFE || filtersMonthDays else { return true }
        let (year, month, dayOfMonth) = CivilDate.date(daysSince1970: day)
        if monthMask & UInt16(1) << month == 0 { return false }
        return !filtersMonthDays || matches(dayOfMonth: dayOfMonth, length: CivilDate.daysIn(month: month, year: year))
    }

    /// Whether `BYMONTHDAY` takes day `dayOfMonth` of a month of `length` days.
    private func matches(dayOfMonth: Int, length: Int) -> Bool {
        positiveDays & UInt32(1) << dayOfMonth != 0 || negativeDays & UInt32(1) << (length + 1 - dayOfMonth) != 0
    }

    /// Appends the days of `month` the rule takes, worked out as bit masks of the month's days (bit `d` for day
    /// `d`) so that no day is looked at one by one.
    private func appendDays(ofMonth month: Int, year: Int, to buffer: inout [Int]) {
        let first = CivilDate.daysSince1970(year: year, month: month, day: 1)
        let length = CivilDate.daysIn(month: month, year: year)
        var mask = UInt32(truncatingIfNeeded: (UInt64(1) << (length + 1)) - 2)
        let firstWeekday = Day(daysSince1970: first).weekday
        if filtersMonthDays {
            var days = positiveDays
            var negative = negativeDays
            while negative != 0 {
                let fromEnd = negative.trailingZeroBitCount
                negative &= negative - 1
                if fromEnd <= length { days |= UInt32(1) << (length + 1 - fromEnd) }
            }
            mask &= days
        }
        if filtersWeekdays {
            // Days 1, 8, 15, 22 and 29, moved along to each weekday's first day of the month.
            var weekdays: UInt32 = 0
            var remaining = weekdayMask
            while remaining != 0 {
                let weekday = remaining.trailingZeroBitCount
                remaining &= remaining - 1
                weekdays |= UInt32(0x2040_8102) << ((weekday - firstWeekday + 7) % 7)
            }
            mask &= weekdays
        }
        if !positions.isEmpty {
            let lastWeekday = (firstWeekday + length - 2) % 7 + 1
            var positioned: UInt32 = 0
            for weekday in positions {
                guard let position = weekday.position else { continue }
                let day =
                    position > 0
                    ? 1 + (weekday.weekday - firstWeekday + 7) % 7 + (position - 1) * 7
                    : length - (lastWeekday - weekday.weekday + 7) % 7 + (position + 1) * 7
                if (1...length).contains(day) { positioned |= UInt32(1) << day }
            }
            mask &= positioned
        }
        while mask != 0 {
            buffer.append(first + mask.trailingZeroBitCount - 1)
            mask &= mask - 1
        }
    }

    /// Appends the days of `year` that a yearly rule's positions (`20MO`, `-1FR`) name, ascending, those
    /// `BYMONTHDAY` refuses left out.
    private func appendPositionsInYear(_ year: Int, to buffer: inout [Int]) {
        let first = CivilDate.daysSince1970(year: year, month: 1, day: 1)
        let length = CivilDate.daysSince1970(year: year + 1, month: 1, day: 1) - first
        let firstWeekday = Day(daysSince1970: first).weekday
        let lastWeekday = (firstWeekday + length - 2) % 7 + 1
        let start = buffer.count
        for weekday in positions {
            guard let position = weekday.position else { continue }
            let index =
                position > 0
                ? (weekday.weekday - firstWeekday + 7) % 7 + (position - 1) * 7
                : length - 1 - (lastWeekday - weekday.weekday + 7) % 7 + (position + 1) * 7
            guard (0..<length).contains(index) else { continue }
            if filtersMonthDays {
                let (_, month, day) = CivilDate.date(daysSince1970: first + index)
                guard matches(dayOfMonth: day, length: CivilDate.daysIn(month: month, year: year)) else { continue }
            }
            // Kept sorted and without repeats as it grows: there are a handful at most.
            var slot = buffer.count
            while slot > start, buffer[slot - 1] > first + index { slot -= 1 }
            if slot > start, buffer[slot - 1] == first + index { continue }
            buffer.insert(first + index, at: slot)
        }
    }

    /// Keeps the days `BYSETPOS` chooses among the period's (those past either end of it ignored).
    private func choosePositions(in buffer: inout [Int]) {
        let count = buffer.count
        var kept = 0
        for index in 0..<count where setPositions.contains(where: { $0 > 0 ? $0 - 1 == index : count + $0 == index }) {
            buffer[kept] = buffer[index]
            kept += 1
        }
        buffer.removeLast(count - kept)
    }
}

/// Where a rule's run of periods stands: a year, a month, a week or a day.
struct PeriodCursor {
    var year: Int
    var month: Int
    /// The period's first day and the day after its last, for a weekly or daily rule.
    var first: Int
    var end: Int

    /// The period holding `firstDay`. A weekly rule's first week runs from `firstDay` to the end of its week, unless
    /// `wholeFirstWeek`.
    init(plan: RecurrencePlan, firstDay: Day, wholeFirstWeek: Bool) {
        (year, month, _) = firstDay.parts
        first = firstDay.daysSince1970
        end = first + 1
        if plan.frequency == .weekly {
            let weekFirst = first - (firstDay.weekday - plan.weekStart + 7) % 7
            if wholeFirstWeek { first = weekFirst }
            end = weekFirst + 7
        }
    }

    /// Moves on by the plan's interval.
    mutating func advance(by plan: RecurrencePlan) {
        advance(periods: plan.interval, of: plan)
    }

    /// Moves on by `periods` periods.
    mutating func advance(periods: Int, of plan: RecurrencePlan) {
        switch plan.frequency {
        case .yearly:
            year += periods
        case .monthly:
            let index = year * 12 + month - 1 + periods
            (year, month) = (index / 12, index % 12 + 1)
        case .weekly:
            first = end - 7 + periods * 7
            end = first + 7
            year = CivilDate.date(daysSince1970: first).year
        case .daily:
            first += periods
            end = first + 1
            year = CivilDate.date(daysSince1970: first).year
        }
    }
}

/// One run of a rule from a start: the plan, its ends (`COUNT`, `UNTIL`), and the buffer of a period's days.
struct RecurrenceEngine {
    let rule: Recurrence.Rule
    let plan: RecurrencePlan
    let start: Due
    let zone: Zone
    /// The latest wall-clock time (seconds since 1970-01-01 00:00) a `DATE` or floating `UNTIL` lets through.
    let latestWallSecond: Int?
    /// A UTC `UNTIL`'s moment, and about where it falls on the household's clock (what is 2 days or more from it
    /// is decided without asking the time zone).
    let untilMoment: Date?
    let untilWallSecond: Int

    init(rule: Recurrence.Rule, start: Due, zone: Zone) {
        self.rule = rule
        self.start = start
        self.zone = zone
        plan = RecurrencePlan(rule: rule, start: start)
        switch rule.until {
        case .day(let day): latestWallSecond = day.daysSince1970 * 86_400 + 86_399
        case .wallTime(let day, let second): latestWallSecond = day.daysSince1970 * 86_400 + second
        case .utc, nil: latestWallSecond = nil
        }
        untilMoment = rule.until?.moment
        untilWallSecond = untilMoment.map { Int($0.timeIntervalSince1970) + zone.secondsFromGMT(for: $0) } ?? 0
    }

    /// Whether a date on `day` is past `UNTIL`.
    private func isPastUntil(_ day: Int) -> Bool {
        let wallSecond = day * 86_400 + (start.minute ?? 0) * 60
        if let latestWallSecond { return wallSecond > latestWallSecond }
        guard let untilMoment else { return false }
        if wallSecond < untilWallSecond - 172_800 { return false }
        if wallSecond > untilWallSecond + 172_800 { return true }
        return Due(day: Day(daysSince1970: day), minute: start.minute).instant(in: zone) > untilMoment
    }

    /// The first `limit` dates after `after` (or from the start).
    mutating func occurrences(after: Due?, limit: Int) -> [Due] {
        var result: [Due] = []
        result.reserveCapacity(limit)
        var buffer: [Int] = []
        buffer.reserveCapacity(64)
        var cursor = PeriodCursor(plan: plan, firstDay: start.day, wholeFirstWeek: false)
        var isFirstPeriod = true
        // Without COUNT, the periods before `after` need not be looked at: go to the one holding it.
        if rule.count == nil, let after, after.day > start.day {
            let skipped = periodsBetween(start.day, after.day) / plan.interval
            if skipped > 0 {
                cursor.advance(periods: skipped * plan.interval, of: plan)
                isFirstPeriod = false
            }
        }
        var remaining = rule.count ?? Int.max
        var emptyPeriods = 0
        let cycle = plan.cycle
        while cursor.year <= 9999 {
            buffer.removeAll(keepingCapacity: true)
            plan.appendDays(of: cursor, to: &buffer)
            for day in buffer {
                if isPastUntil(day) { return result }
                guard day >= start.day.daysSince1970 else { continue }
                remaining -= 1
                if remaining < 0 { return result }
                let due = Due(day: Day(daysSince1970: day), minute: start.minute)
                if let after, !(after < due) { continue }
                result.append(due)
                if result.count == limit { return result }
            }
            // A weekly rule's first period is part of a week: it says nothing of the weeks to come.
            if buffer.isEmpty && !(isFirstPeriod && plan.frequency == .weekly) {
                emptyPeriods += 1
                if emptyPeriods >= cycle { return result }
            } else {
                emptyPeriods = 0
            }
            isFirstPeriod = false
            cursor.advance(by: plan)
        }
        return result
    }

    /// How many periods of the rule's frequency lie between the periods holding `from` and `to`.
    private func periodsBetween(_ from: Day, _ to: Day) -> Int {
        switch plan.frequency {
        case .yearly: return to.year - from.year
        case .monthly: return (to.year - from.year) * 12 + to.month - from.month
        case .weekly:
            func weekFirst(_ day: Day) -> Int { day.daysSince1970 - (day.weekday - plan.weekStart + 7) % 7 }
            return (weekFirst(to) - weekFirst(from)) / 7
        case .daily: return to.daysSince1970 - from.daysSince1970
        }
    }
}
