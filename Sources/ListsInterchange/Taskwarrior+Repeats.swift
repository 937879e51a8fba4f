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
                // A time in it: a repeat shorter than a day, or a day and some hours.
                let days = max(1, Int(datePart.dropLast()) ?? 0)
                return (every(days, "DAILY"), "repeats every \(days == 1 ? "day" : "\(days) days")")
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
        // A number and a unit: 3d, 2w, 2weeks, 3m (months), 2mo (30 days each), 1q, 2y, 12h.
        let digits = recur.prefix { $0.isNumber }
        let unit = recur.dropFirst(digits.count)
        guard let count = digits.isEmpty ? 1 : Int(digits), count > 0 else { return nil }
        switch unit {
        case "d", "day", "days", "da": return (every(count, "DAILY"), nil)
        case "w", "wk", "wks", "week", "weeks": return (every(count, "WEEKLY"), nil)
        case "m": return (every(count, "MONTHLY"), nil)
        case "mo", "mos", "mth", "mths", "month", "months": return (every(30 * count, "DAILY"), nil)
        case "q", "qtr", "qtrs", "quarter", "quarters": return (every(3 * count, "MONTHLY"), nil)
        case "y", "yr", "yrs", "year", "years": return (every(count, "YEARLY"), nil)
        case "h", "hr", "hrs", "hour", "hours", "hourly", "min", "mins", "minute", "minutes", "s", "sec", "secs",
            "second", "seconds":
            let days = ["h", "hr", "hrs", "hour", "hours"].contains(String(unit)) ? max(1, count / 24) : 1
            return (every(days, "DAILY"), "repeats every \(days == 1 ? "day" : "\(days) days")")
        default: return nil
        }
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
