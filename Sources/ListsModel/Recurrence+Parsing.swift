import Foundation

extension Recurrence {
    /// The repeat `text` writes: an RRULE value (`FREQ=MONTHLY;BYMONTHDAY=1`, with or without `RRULE:` before it,
    /// its parts in any order, their names and values in any case, white space ignored), or `AFTER-DONE=P3D`.
    ///
    /// Reads what ``text`` writes back to the same value.
    /// - Throws: ``ValidationError`` on `repeat`, naming the part and what it allows.
    public init(rule text: String) throws {
        guard text.count <= Self.maximumTextLength else {
            throw Self.refusal("a repeat rule has at most \(Self.maximumTextLength) characters")
        }
        var compact = String(String.UnicodeScalarView(text.unicodeScalars.filter { !$0.properties.isWhitespace }))
            .uppercased()
        if compact.hasPrefix("RRULE:") { compact.removeFirst(6) }
        if compact.hasSuffix(";") { compact.removeLast() }
        guard !compact.isEmpty else {
            throw Self.refusal("a repeat rule is empty; write one such as FREQ=WEEKLY;BYDAY=TU")
        }
        var values: [String: Substring] = [:]
        for part in compact.split(separator: ";", omittingEmptySubsequences: false) {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, !pair[0].isEmpty else {
                throw Self.refusal(
                    "\(Quoted(String(part))) is not a part of a repeat rule: write NAME=VALUE parts separated by ; "
                        + "(FREQ=WEEKLY;BYDAY=TU)")
            }
            let name = String(pair[0])
            guard Self.partNames.contains(name) else {
                throw Self.refusal(
                    "\(Quoted(name)) is not a part Lists reads in a repeat rule; it reads "
                        + "FREQ, INTERVAL, BYDAY, BYMONTHDAY, BYMONTH, BYSETPOS, COUNT, UNTIL and WKST")
            }
            guard values.updateValue(pair[1], forKey: name) == nil else {
                throw Self.refusal("\(name) is given twice; give each part of a repeat rule once")
            }
        }
        if let afterDone = values["AFTER-DONE"] {
            guard values.count == 1 else {
                throw Self.refusal("AFTER-DONE stands alone in a repeat; it takes no other parts")
            }
            self = try Self.readAfterDone(afterDone)
            return
        }
        self.init(form: .rule(try Self.readRule(values)))
    }

    /// The names of the parts Lists reads.
    private static let partNames: Set<String> = [
        "FREQ", "INTERVAL", "BYDAY", "BYMONTHDAY", "BYMONTH", "BYSETPOS", "COUNT", "UNTIL", "WKST", "AFTER-DONE",
    ]

    /// A refusal on `repeat`.
    static func refusal(_ message: String) -> ValidationError { ValidationError(field: "repeat", message: message) }

    /// The message refusing an `INTERVAL` (or a phrase's number) outside 1 to ``maximumInterval``.
    static let intervalMessage =
        "INTERVAL must be a whole number from 1 to \(maximumInterval) (a task repeats every 1 to \(maximumInterval) "
        + "days, weeks, months or years)"

    /// `P3D`, `P2W`, `P1M` or `P1Y`.
    private static func readAfterDone(_ value: Substring) throws -> Recurrence {
        let message =
            "AFTER-DONE must be P and a number of days, weeks, months or years, such as P3D, P2W, P1M or P1Y"
        guard value.count >= 3, value.first == "P", let unit = value.last.flatMap({ Unit(rawValue: String($0)) }),
            let count = number(value.dropFirst().dropLast(), signed: false)
        else { throw refusal(message) }
        return try afterDone(count, unit)
    }

    /// The rule `values` (each part's value, by its name) say, checked.
    private static func readRule(_ values: [String: Substring]) throws -> Rule {
        guard let freq = values["FREQ"] else {
            throw refusal("a repeat rule needs FREQ=DAILY, WEEKLY, MONTHLY or YEARLY")
        }
        guard let frequency = Frequency(rawValue: String(freq)) else {
            if ["SECONDLY", "MINUTELY", "HOURLY"].contains(freq) {
                throw refusal(
                    "FREQ=\(freq) is more often than Lists repeats: Lists repeats a task every day at most often "
                        + "(FREQ=DAILY, WEEKLY, MONTHLY or YEARLY)")
            }
            throw refusal("FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY")
        }
        var rule = Rule(frequency: frequency)
        if let value = values["INTERVAL"] {
            guard let interval = number(value, signed: false), (1...maximumInterval).contains(interval) else {
                throw refusal(intervalMessage)
            }
            rule.interval = interval
        }
        if let value = values["COUNT"] {
            guard let count = number(value, signed: false), (1...maximumCount).contains(count) else {
                throw refusal("COUNT must be a whole number from 1 to \(maximumCount)")
            }
            rule.count = count
        }
        if let value = values["UNTIL"] {
            guard let until = readUntil(value) else {
                throw refusal(
                    "UNTIL must be a date (20270301) or a date and time (20270301T090000, or 20270301T080000Z in UTC)")
            }
            guard rule.count == nil else { throw refusal("a repeat rule ends by COUNT or by UNTIL, not both") }
            rule.until = until
        }
        if let value = values["WKST"] {
            guard let weekday = Weekday.codes.firstIndex(of: String(value)) else {
                throw refusal("WKST must be MO, TU, WE, TH, FR, SA or SU")
            }
            rule.weekStart = weekday + 1
        }
        if let value = values["BYMONTH"] {
            rule.months = try numbers(value, in: 1...12, message: "BYMONTH must be months 1 to 12, such as 1,7")
        }
        if let value = values["BYMONTHDAY"] {
            rule.monthDays = try numbers(
                value, in: -31...31,
                message: "BYMONTHDAY must be days 1 to 31 or -1 to -31 (-1 is the last day of the month)")
            guard frequency != .weekly else {
                throw refusal("BYMONTHDAY cannot be used with FREQ=WEEKLY; use BYDAY, or FREQ=MONTHLY")
            }
        }
        if let value = values["BYDAY"] { rule.weekdays = try readWeekdays(value, of: rule) }
        if let value = values["BYSETPOS"] {
            rule.setPositions = try numbers(
                value, in: -366...366, message: "BYSETPOS must be positions 1 to 366 or -1 to -366 (-1 is the last)")
            guard !rule.weekdays.isEmpty || !rule.monthDays.isEmpty || !rule.months.isEmpty else {
                throw refusal(
                    "BYSETPOS chooses among the days BYDAY, BYMONTHDAY or BYMONTH give, so it needs one of them")
            }
        }
        guard rule.canOccur else {
            throw refusal(
                "this repeat rule can never occur: no day of any year matches it (check BYMONTH, BYMONTHDAY, "
                    + "BYDAY and BYSETPOS)")
        }
        return rule
    }

    /// `BYDAY`'s days, checked against the rule's frequency (and months, for a yearly rule's positions).
    private static func readWeekdays(_ value: Substring, of rule: Rule) throws -> [Weekday] {
        var days: Set<Weekday> = []
        for item in value.split(separator: ",", omittingEmptySubsequences: false) {
            guard item.count >= 2, let code = Weekday.codes.firstIndex(of: String(item.suffix(2))) else {
                throw refusal(
                    "BYDAY must be days MO, TU, WE, TH, FR, SA, SU, with a position in a MONTHLY or YEARLY rule "
                        + "(2TU is the second Tuesday, -1FR the last Friday)")
            }
            let prefix = item.dropLast(2)
            guard !prefix.isEmpty else {
                days.insert(Weekday(weekday: code + 1))
                continue
            }
            let limit = rule.frequency == .yearly && rule.months.isEmpty ? 53 : 5
            guard let position = number(prefix, signed: true), position != 0, abs(position) <= limit else {
                switch rule.frequency {
                case .daily, .weekly:
                    throw refusal("a BYDAY position (2TU, -1FR) needs FREQ=MONTHLY or YEARLY")
                case .monthly:
                    throw refusal("in a MONTHLY rule a BYDAY position is 1 to 5 or -1 to -5 (2TU, -1FR)")
                case .yearly where limit == 5:
                    throw refusal(
                        "in a YEARLY rule with BYMONTH a BYDAY position counts in the month: 1 to 5 or -1 to -5")
                case .yearly:
                    throw refusal("in a YEARLY rule a BYDAY position is 1 to 53 or -1 to -53 (20MO, -1FR)")
                }
            }
            guard rule.frequency >= .monthly else {
                throw refusal("a BYDAY position (2TU, -1FR) needs FREQ=MONTHLY or YEARLY")
            }
            days.insert(Weekday(weekday: code + 1, position: position))
        }
        let positioned = days.filter { $0.position != nil }.count
        guard positioned == 0 || positioned == days.count else {
            throw refusal(
                "BYDAY mixes days with and without a position; give either days (MO,TH) or positions (1MO,-1FR)")
        }
        return days.sorted()
    }

    /// `UNTIL`'s date, date and floating time, or date and UTC time.
    private static func readUntil(_ value: Substring) -> Until? {
        let scalars = Array(value.unicodeScalars)
        guard scalars.count == 8 || scalars.count == 15 || scalars.count == 16 else { return nil }
        func digits(_ range: Range<Int>) -> Int? {
            var result = 0
            for index in range {
                let value = scalars[index].value
                guard (48...57).contains(value) else { return nil }
                result = result * 10 + Int(value - 48)
            }
            return result
        }
        guard let year = digits(0..<4), let month = digits(4..<6), let dayOfMonth = digits(6..<8),
            let day = Day(year: year, month: month, day: dayOfMonth)
        else { return nil }
        guard scalars.count > 8 else { return .day(day) }
        guard scalars[8] == "T", let hour = digits(9..<11), let minute = digits(11..<13), let second = digits(13..<15),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let seconds = hour * 3600 + minute * 60 + second
        guard scalars.count == 16 else { return .wallTime(day, second: seconds) }
        return scalars[15] == "Z" ? .utc(day, second: seconds) : nil
    }

    /// A comma-separated list of numbers in `range` (0 excluded), sorted as ``Rule`` keeps them (ascending, the
    /// ones counted from the end after the others), repeats dropped.
    private static func numbers(_ value: Substring, in range: ClosedRange<Int>, message: String) throws -> [Int] {
        var result: Set<Int> = []
        for item in value.split(separator: ",", omittingEmptySubsequences: false) {
            guard let number = number(item, signed: range.lowerBound < 0), number != 0, range.contains(number) else {
                throw refusal(message)
            }
            result.insert(number)
        }
        return result.sorted { ($0 < 0 ? 1 : 0, $0) < ($1 < 0 ? 1 : 0, $1) }
    }

    /// The whole number `text` writes (ASCII digits, at most 9; a sign first when `signed`), or `nil`.
    static func number(_ text: Substring, signed: Bool) -> Int? {
        var digits = text
        var sign = 1
        if signed, let first = digits.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let value = Int(digits)
        else { return nil }
        return sign * value
    }
}
