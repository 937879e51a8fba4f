import Foundation
import ListsModel

// Taskwarrior's due dates, priorities and repeats, as Lists reads and writes them.
//
// - `due` is a UTC instant (`20261130T230000Z`); a day written without a time is local midnight, and `eod` local
//   23:59:59. Lists reads a due date in the machine's zone, a midnight or 23:59:59 there as a day, any other
//   time as a day and a time (seconds dropped), and writes a day back as its local midnight.
// - `priority` is `H`, `M` or `L`.
// - A repeating task is a template (`status: recurring`, `recur`, `due`, `until`, `mask`) and its instances
//   (`parent`: the template's uuid, `imask`). Lists reads the template and its instances as one repeating task with
//   the template's uuid: due on the earliest pending instance's date (the template's when it has none), its
//   completed instances as its check-offs, its `until` as the repeat's UNTIL. It writes a repeating task back as a
//   template alone, due on its next date, from which `task` makes the instances again.
// - `recur` is a duration: `daily`, `weekly`, `weekdays`, `monthly`, `quarterly`, `yearly`, `biweekly`, `3d`,
//   `2w`, `2weeks`, `3m`, `P1M`, … A fixed number of days (`month` and `Nmo` are 30 days in Taskwarrior) becomes
//   every so many days. A duration shorter than a day (`12h`, `P1DT12H`), which Lists does not repeat, becomes the
//   nearest it does (every day, every 2 days), and the import says so for that task.
extension Taskwarrior {
    /// A due date from Taskwarrior's instant, read in `zone`.
    static func due(_ instant: Date, in zone: Zone) -> Due {
        let local = Int(instant.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: instant)
        let days = Int((Double(local) / 86_400).rounded(.down))
        let second = local - days * 86_400
        let day = Day(daysSince1970: days)
        if second == 0 || second == 86_399 { return Due(day: day) }
        return Due(day: day, minute: second / 60)
    }

    /// The priority `H`, `M` or `L` says; `nil` for anything else.
    static func priority(_ text: String) -> TaskPriority? {
        switch text {
        case "H": .high
        case "M": .medium
        case "L": .low
        default: nil
        }
    }

    /// Taskwarrior's letter for `priority`.
    static func letter(_ priority: TaskPriority) -> String {
        switch priority {
        case .high: "H"
        case .medium: "M"
        case .low: "L"
        }
    }

    /// What Taskwarrior's `recur` says as an RRULE, and, when Lists repeats it only nearly, how: `nil` for a text
    /// that is no duration Taskwarrior writes.
    static func rule(ofRecur text: String) -> (rule: String, approximation: String?)? {
        let recur = text.lowercased()
        let named: [String: String] = [
            "daily": "FREQ=DAILY", "day": "FREQ=DAILY", "weekly": "FREQ=WEEKLY", "week": "FREQ=WEEKLY",
            "weekdays": "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "biweekly": "FREQ=WEEKLY;INTERVAL=2",
            "fortnight": "FREQ=WEEKLY;INTERVAL=2", "sennight": "FREQ=WEEKLY", "monthly": "FREQ=MONTHLY",
            "bimonthly": "FREQ=MONTHLY;INTERVAL=2", "quarterly": "FREQ=MONTHLY;INTERVAL=3",
            "semiannual": "FREQ=MONTHLY;INTERVAL=6", "yearly": "FREQ=YEARLY", "annual": "FREQ=YEARLY",
            "biannual": "FREQ=YEARLY;INTERVAL=2", "biyearly": "FREQ=YEARLY;INTERVAL=2",
            // Taskwarrior's "month" is 30 days.
            "month": "FREQ=DAILY;INTERVAL=30",
        ]
        if let rule = named[recur] { return (rule, nil) }
        // ISO 8601: P1M, P2W, P3D, P1Y, P1DT12H.
        if recur.hasPrefix("p") {
            let body = recur.dropFirst()
            let parts = body.split(separator: "t", maxSplits: 1, omittingEmptySubsequences: false)
            guard let datePart = parts.first else { return nil }
            if parts.count == 2 {
                // A time in it: a repeat shorter than a day, or some days and hours (P1DT12H, PT36H).
                guard let days = datePart.isEmpty ? 0 : datePart.last == "d" ? Double(datePart.dropLast()) : nil,
                    let seconds = Self.seconds(ofISOTime: parts[1])
                else { return nil }
                return Self.daysWithHours(days + seconds / 86_400)
            }
            guard let unit = datePart.last, let count = Int(datePart.dropLast()), count > 0 else { return nil }
            switch unit {
            case "d": return (every(count, "DAILY"), nil)
            case "w": return (every(count, "WEEKLY"), nil)
            case "m": return (every(count, "MONTHLY"), nil)
            case "y": return (every(count, "YEARLY"), nil)
            default: return nil
            }
        }
        // A number and a unit: 3d, 2w, 2weeks, 3m (months), 2mo (30 days each), 1q, 2y, 12h; `task` takes a number
        // before any unit, a named one too (2weekly, 2fortnight), and a fraction (1.5d).
        let number = recur.prefix { $0.isNumber || $0 == "." }
        let unit = String(recur.dropFirst(number.count))
        guard let amount = number.isEmpty ? 1 : Double(number), amount.isFinite, amount > 0 else { return nil }
        if let seconds = Self.shorterThanADay[unit] { return Self.daysWithHours(amount * seconds / 86_400) }
        guard let (period, size) = Self.periods[unit] else { return nil }
        guard amount == amount.rounded(.down) else { return Self.days(amount * Double(size) * period.days) }
        let count = Int(min(amount, Double(Recurrence.maximumInterval + 1))) * size
        guard count <= Recurrence.maximumInterval else {
            let longest = every(Recurrence.maximumInterval, period.frequency)
            return (
                longest,
                "is longer than Lists repeats a task; it repeats every \(Recurrence.maximumInterval) \(period.plural)"
            )
        }
        return (every(count, period.frequency), nil)
    }

    /// Every `days` days (at least one): the whole days, when there is a fraction of one (`1.5d`, `36h`, which
    /// `task` repeats every 36 hours), with a note saying so.
    private static func days(_ days: Double) -> (rule: String, approximation: String?) {
        let whole = max(1, Int(min(days, Double(Recurrence.maximumInterval + 1))))
        if whole > Recurrence.maximumInterval {
            let longest = Recurrence.maximumInterval
            return (every(longest, "DAILY"), "is longer than Lists repeats a task; it " + everyDays(longest))
        }
        guard days != days.rounded(.down) else { return (every(whole, "DAILY"), nil) }
        return (every(whole, "DAILY"), "is not a whole number of days; it " + everyDays(whole))
    }

    /// Every `days` days, counted in hours or less: less than a day is every day, the most often Lists repeats, and
    /// whole days of them are those days (``days(_:)``).
    private static func daysWithHours(_ days: Double) -> (rule: String, approximation: String?) {
        guard days >= 1 else {
            return (every(1, "DAILY"), "is more often than Lists repeats a task; it " + everyDays(1))
        }
        return Self.days(days)
    }

    /// The seconds of an ISO 8601 duration's time (`12h`, `1h30m`, `45s`, lower-cased), or `nil` for another text.
    private static func seconds(ofISOTime text: Substring) -> Double? {
        var total = 0.0
        var number = ""
        for character in text {
            if character.isASCII, character.isNumber || character == "." {
                number.append(character)
                continue
            }
            guard let value = Double(number), let unit = ["h": 3600.0, "m": 60, "s": 1][character] else { return nil }
            total += value * unit
            number = ""
        }
        return number.isEmpty && !text.isEmpty ? total : nil
    }

    /// Taskwarrior's units shorter than a day, each in seconds.
    private static let shorterThanADay: [String: Double] = byUnit([
        (["h", "hr", "hrs", "hour", "hours", "hourly"], 3600), (["min", "mins", "minute", "minutes"], 60),
        (["s", "sec", "secs", "second", "seconds"], 1),
    ])

    /// Each unit of `table` with the value its names share.
    private static func byUnit<Value>(_ table: [([String], Value)]) -> [String: Value] {
        Dictionary(uniqueKeysWithValues: table.flatMap { units, value in units.map { ($0, value) } })
    }

    /// A period of a repeat, in which a unit of Taskwarrior's counts.
    private enum Period {
        case day, week, month, year

        var frequency: String {
            switch self {
            case .day: "DAILY"
            case .week: "WEEKLY"
            case .month: "MONTHLY"
            case .year: "YEARLY"
            }
        }

        /// `days`, `weeks`, `months`, `years`.
        var plural: String { "\(self)s" }

        /// Its days, for a fraction of one.
        var days: Double {
            switch self {
            case .day: 1
            case .week: 7
            case .month: 30
            case .year: 365
            }
        }
    }

    /// Each unit of Taskwarrior's that follows a number, as so many periods. As `task` repeats them: a `mo`, a
    /// `month` and a `monthly` after a number are 30 days, `weekdays` after one a day, `sennight` two weeks; `m` and
    /// `q` are calendar months. Where `task` counts days for what people count in months or years (a quarter 91
    /// days, a year 365), the months or years.
    private static let periods: [String: (period: Period, size: Int)] = byUnit([
        (["d", "da", "day", "days", "daily", "weekdays"], (Period.day, 1)),
        (["w", "wk", "wks", "week", "weeks", "weekly"], (.week, 1)),
        (["fortnight", "fortnights", "biweekly", "sennight"], (.week, 2)),
        (["m"], (.month, 1)),
        (["mo", "mos", "mth", "mths", "mnth", "mnths", "month", "months", "monthly"], (.day, 30)),
        (["bimonthly"], (.month, 2)),
        (["q", "qtr", "qtrs", "qrtr", "qrtrs", "quarter", "quarters", "quarterly"], (.month, 3)),
        (["semiannual"], (.month, 6)),
        (["y", "yr", "yrs", "year", "years", "yearly", "annual"], (.year, 1)),
        (["biannual", "biyearly"], (.year, 2)),
    ])

    /// `repeats every day`, `repeats every 3 days`.
    private static func everyDays(_ days: Int) -> String {
        "repeats every \(days == 1 ? "day" : "\(days) days")"
    }

    /// `FREQ=…` every `count` periods.
    private static func every(_ count: Int, _ frequency: String) -> String {
        "FREQ=\(frequency)" + (count == 1 ? "" : ";INTERVAL=\(min(count, Recurrence.maximumInterval))")
    }

    /// The `recur` Taskwarrior reads for `recurrence`, the nearest one for what it has no word for (a position in
    /// the month, several days of the month, an after-done repeat: Taskwarrior counts from the due date).
    static func recur(_ recurrence: Recurrence) -> String {
        guard let rule = recurrence.rule else {
            guard case .afterDone(let count, let unit) = recurrence.form else { return "monthly" }
            return "\(count)\(["D": "d", "W": "w", "M": "m", "Y": "y"][unit.rawValue] ?? "d")"
        }
        let weekdays = rule.weekdays.map(\.weekday)
        if rule.frequency == .weekly, rule.interval == 1, weekdays == [1, 2, 3, 4, 5] { return "weekdays" }
        let unit: String
        switch rule.frequency {
        case .daily: unit = "d"
        case .weekly: unit = "w"
        case .monthly: unit = "m"
        case .yearly: unit = "y"
        }
        if rule.interval == 1 {
            return ["d": "daily", "w": "weekly", "m": "monthly", "y": "yearly"][unit] ?? "daily"
        }
        return "\(rule.interval)\(unit)"
    }
}
