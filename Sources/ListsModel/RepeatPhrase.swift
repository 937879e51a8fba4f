import Foundation

/// Reads how a task repeats as people say it, in the web app's Repeat field and the CLI's `--every`, into a
/// ``Recurrence``.
///
/// *What is read* (case, extra spaces and commas do not matter; `every` may be left out where the rest says it):
/// - `every day`, `daily`, `every 3 days`; `every week`, `weekly`, `every 2 weeks`, `every other week`;
/// - `weekdays` (Monday to Friday), `weekends`; a weekday or several: `every tue`, `every tue and thu`,
///   `every other tuesday` (every second week), `every 2 weeks on fri`;
/// - `every month`, `monthly`, `every 3 months`; a day of the month: `every month on the 1st`, `every 15th`,
///   `every last day of the month` (`BYMONTHDAY=-1`); a weekday at a place in the month: `every last friday`,
///   `every 2nd tuesday`, `every first monday`, `every 5th friday` (kept: months without one are skipped, as
///   RFC 5545 skips them);
/// - `every year`, `yearly`, `annually`, `every 2 years`;
/// - after any of these, `for 10 times` (or `10 times`: `COUNT`) or `until 2027-06-30` (`UNTIL`, a day);
/// - `3 days after done`, `every 2 weeks after done`, `a month after done`: counted from when it is checked off;
/// - an RRULE as RFC 5545 writes it (`FREQ=MONTHLY;BYDAY=-1FR`, with or without `RRULE:`), or `AFTER-DONE=P3D`;
/// - `never`, `none` or nothing: no repeat.
///
/// A weekly, monthly or yearly repeat with no day named repeats on the task's own day (RFC 5545 takes it from the
/// start): `every month` from a task due on the 14th is due on each 14th.
public enum RepeatPhrase {
    /// The repeat `text` says, or `nil` for none (empty, `none`, `never`).
    /// - Throws: ``ValidationError`` on `repeat`, saying what is allowed.
    public static func read(_ text: String) throws -> Recurrence? {
        let trimmed = text.trimmingWhitespace()
        guard trimmed.count <= Recurrence.maximumTextLength else {
            throw Recurrence.refusal("a repeat has at most \(Recurrence.maximumTextLength) characters")
        }
        if trimmed.isEmpty || ["none", "never", "no"].contains(trimmed.lowercased()) { return nil }
        if trimmed.contains("=") { return try Recurrence(rule: trimmed) }
        // Commas separate words as spaces do (split here rather than replaced: Foundation's replacing costs a
        // command more than the rest of reading the phrase).
        var words = trimmed.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," })
            .map(String.init)
        let typed = Quoted(trimmed)
        let notRead = Recurrence.refusal("\(typed) is not a repeat Lists reads: \(allowed)")

        // What ends the rule: `for 10 times`, `10 times`, `until 2027-06-30`.
        var ending = ""
        if let index = words.firstIndex(of: "until") {
            let rest = Array(words[(index + 1)...]).joinedInline(separator: " ")
            guard let day = Day(iso: rest) else {
                throw Recurrence.refusal("\(Quoted(rest)) is not a day to repeat until: write one as 2027-06-30")
            }
            ending = ";UNTIL=" + day.basic
            words.removeSubrange(index...)
        } else if words.last == "times" || words.last == "time" {
            words.removeLast()
            guard let count = words.popLast().flatMap({ Int($0) }) else { throw notRead }
            if words.last == "for" { words.removeLast() }
            guard (1...Recurrence.maximumCount).contains(count) else {
                throw Recurrence.refusal(
                    "a task repeats 1 to \(Recurrence.maximumCount) times (COUNT), not \(count)")
            }
            ending = ";COUNT=\(count)"
        }

        // After done: `3 days after done`.
        if words.count >= 2, words.suffix(2) == ["after", "done"] || words.suffix(2) == ["after", "completion"] {
            words.removeLast(2)
            if words.first == "every" { words.removeFirst() }
            guard ending.isEmpty, let (count, unit) = try amount(words, typed: typed) else { throw notRead }
            return try Recurrence.afterDone(count, unit)
        }

        if words.first == "every" { words.removeFirst() }
        guard !words.isEmpty else { throw notRead }
        return try Recurrence(rule: try rule(words, typed: typed, notRead: notRead) + ending)
    }

    /// What the messages say is allowed.
    public static let allowed =
        "write one such as every day, every 2 weeks, weekdays, every tue and thu, every month on the 1st, "
        + "every last friday, every year, 3 days after done, or an RRULE (FREQ=MONTHLY;BYDAY=-1FR)"

    /// The RRULE `words` say (without `every`, `after done` or the ending).
    private static func rule(_ words: [String], typed: Quoted, notRead: ValidationError) throws -> String {
        switch words {
        case ["daily"], ["day"]: return "FREQ=DAILY"
        case ["weekly"], ["week"]: return "FREQ=WEEKLY"
        case ["monthly"], ["month"]: return "FREQ=MONTHLY"
        case ["yearly"], ["year"], ["annually"]: return "FREQ=YEARLY"
        case ["weekday"], ["weekdays"]: return "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"
        case ["weekend"], ["weekends"]: return "FREQ=WEEKLY;BYDAY=SA,SU"
        case ["last", "day", "of", "the", "month"], ["last", "day", "of", "month"],
            ["month", "on", "the", "last", "day"]:
            return "FREQ=MONTHLY;BYMONTHDAY=-1"
        default: break
        }
        var rest = words[...]
        var interval = 1
        if rest.first == "other" {
            interval = 2
            rest = rest.dropFirst()
        } else if let (count, unit) = try amount(Array(rest.prefix(2)), typed: typed) {
            // `every 3 days`, `every 2 weeks on fri`.
            interval = count
            rest = rest.dropFirst(rest.first.flatMap { Int($0) } == nil ? 1 : 2)
            let every = interval == 1 ? "" : ";INTERVAL=\(interval)"
            switch unit {
            case .days:
                guard rest.isEmpty else { throw notRead }
                return "FREQ=DAILY" + every
            case .weeks:
                if rest.first == "on" { rest = rest.dropFirst() }
                let days = try weekdays(rest, notRead: notRead)
                return "FREQ=WEEKLY" + every + (days.isEmpty ? "" : ";BYDAY=" + days.joinedInline(separator: ","))
            case .months:
                if rest.isEmpty { return "FREQ=MONTHLY" + every }
                if rest.first == "on" { rest = rest.dropFirst() }
                if rest.first == "the" { rest = rest.dropFirst() }
                return "FREQ=MONTHLY" + every + (try monthly(Array(rest), notRead: notRead))
            case .years:
                guard rest.isEmpty else { throw notRead }
                return "FREQ=YEARLY" + every
            }
        }
        let every = interval == 1 ? "" : ";INTERVAL=\(interval)"
        if rest == ["week"] { return "FREQ=WEEKLY" + every }
        if rest == ["month"] { return "FREQ=MONTHLY" + every }
        if rest == ["year"] { return "FREQ=YEARLY" + every }
        if rest == ["day"] { return "FREQ=DAILY" + every }
        // `every tue and thu`, `every other tuesday`.
        if let days = try? weekdays(rest, notRead: notRead), !days.isEmpty {
            return "FREQ=WEEKLY" + every + ";BYDAY=" + days.joinedInline(separator: ",")
        }
        // `every 15th`, `every last friday`, `every 2nd tuesday`.
        guard interval == 1 else { throw notRead }
        return "FREQ=MONTHLY" + (try monthly(Array(rest), notRead: notRead))
    }

    /// `3 days`, `a week`, `2 months` (or the unit alone, one of it): the count and unit, or `nil` when `words`
    /// do not start with a unit.
    private static func amount(_ words: [String], typed: Quoted) throws -> (Int, Recurrence.Unit)? {
        var rest = words[...]
        var count = 1
        if let first = rest.first, let number = Int(first) {
            count = number
            rest = rest.dropFirst()
        } else if rest.first == "a" || rest.first == "an" || rest.first == "one" {
            rest = rest.dropFirst()
        }
        guard let word = rest.first, let unit = units[word] else { return nil }
        guard (1...Recurrence.maximumInterval).contains(count) else {
            throw Recurrence.refusal(
                "\(typed): a task repeats every 1 to \(Recurrence.maximumInterval) days, weeks, months or years")
        }
        return (count, unit)
    }

    private static let units: [String: Recurrence.Unit] = [
        "day": .days, "days": .days, "week": .weeks, "weeks": .weeks, "month": .months, "months": .months,
        "year": .years, "years": .years,
    ]

    /// The weekdays `words` name (`tue`, `and`, `thursday`), as RFC 5545's codes; empty for no words.
    private static func weekdays(_ words: ArraySlice<String>, notRead: ValidationError) throws -> [String] {
        var codes: [String] = []
        for word in words where word != "and" && word != "&" {
            guard let day = weekday(word) else { throw notRead }
            let code = Recurrence.Weekday.codes[day - 1]
            if !codes.contains(code) { codes.append(code) }
        }
        return codes
    }

    /// The ISO weekday (1 Monday to 7 Sunday) `word` names (`tue`, `tues`, `tuesday`, `tuesdays`), or `nil`.
    static func weekday(_ word: String) -> Int? {
        let names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        let singular = word.hasSuffix("days") ? String(word.dropLast()) : word
        guard singular.count >= 2 else { return nil }
        if let index = names.firstIndex(where: { $0 == singular || ($0.hasPrefix(singular) && singular.count >= 3) }) {
            return index + 1
        }
        return ["mo", "tu", "we", "th", "fr", "sa", "su"].firstIndex(of: singular).map { $0 + 1 }
    }

    /// The monthly part `words` say: `1st`, `15th`, `last day`, `last friday`, `2nd tuesday` (`;BYMONTHDAY=…` or
    /// `;BYDAY=…`).
    private static func monthly(_ words: [String], notRead: ValidationError) throws -> String {
        var rest = words[...]
        if rest.last == "month", rest.dropLast().last == "the", rest.dropLast(2).last == "of" {
            rest = rest.dropLast(3)
        }
        guard let first = rest.first else { throw notRead }
        let position = ordinal(first)
        if rest.count == 1, let position { return ";BYMONTHDAY=\(position)" }
        if rest.count == 2, rest.last == "day", let position { return ";BYMONTHDAY=\(position)" }
        guard rest.count == 2, let position, let last = rest.last, let day = weekday(last), abs(position) <= 5 else {
            throw notRead
        }
        return ";BYDAY=\(position)" + Recurrence.Weekday.codes[day - 1]
    }

    /// The place `word` says: `1st`, `2nd`, `third`, `15th`, `last` (-1), `second-last`? not read.
    private static func ordinal(_ word: String) -> Int? {
        let words = ["first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1]
        if let value = words[word] { return value }
        for suffix in ["st", "nd", "rd", "th"] where word.hasSuffix(suffix) {
            if let number = Int(word.dropLast(2)), (1...31).contains(number) { return number }
        }
        return nil
    }
}

extension RepeatPhrase {
    /// How a field shows `recurrence`, as people say it and as ``read(_:)`` reads it back to the same repeat: `every
    /// month on the 1st`, `every 2 weeks on tue and thu`, `3 days after done`; the RRULE itself when it has parts
    /// no phrase says (`BYSETPOS`, `WKST`, `BYMONTH`, several days of the month).
    public static func phrase(of recurrence: Recurrence) -> String {
        // Each task of a list is phrased: names by `switch`, no dictionary built per task (and none keyed by an enum,
        // whose `Hashable` the runtime would look up at the command's start: docs/performance.md).
        guard let rule = recurrence.rule else {
            guard case .afterDone(let count, let unit) = recurrence.form else { return recurrence.text }
            let name = unitName(unit)
            return count == 1 ? "a \(name) after done" : "\(count) \(name)s after done"
        }
        guard rule.setPositions.isEmpty, rule.weekStart == 1, rule.months.isEmpty, rule.monthDays.count <= 1 else {
            return recurrence.text
        }
        let every =
            rule.interval == 1
            ? "every \(periodName(rule.frequency))" : "every \(rule.interval) \(periodName(rule.frequency))s"
        let days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        var text: String
        switch rule.frequency {
        case .daily, .yearly:
            guard rule.weekdays.isEmpty, rule.monthDays.isEmpty else { return recurrence.text }
            text = every
        case .weekly:
            guard rule.weekdays.allSatisfy({ $0.position == nil }) else { return recurrence.text }
            let named = rule.weekdays.map { $0.weekday }
            if rule.interval == 1, named == [1, 2, 3, 4, 5] {
                text = "weekdays"
            } else if rule.interval == 1, named == [6, 7] {
                text = "weekends"
            } else {
                text =
                    every + (named.isEmpty ? "" : " on " + named.map { days[$0 - 1] }.joinedInline(separator: " and "))
            }
        case .monthly:
            if let day = rule.monthDays.first {
                guard rule.weekdays.isEmpty else { return recurrence.text }
                text = every + (day == -1 ? " on the last day" : day > 0 ? " on the \(ordinalText(day))" : "")
                if day < -1 { return recurrence.text }
            } else if rule.weekdays.isEmpty {
                text = every
            } else {
                guard rule.interval == 1, rule.weekdays.count == 1, let only = rule.weekdays.first,
                    let position = only.position, (-1...5).contains(position), position != 0
                else { return recurrence.text }
                text = "every \(position == -1 ? "last" : ordinalText(position)) \(days[only.weekday - 1])"
            }
        }
        if let count = rule.count { text += " for \(count) times" }
        if let until = rule.until {
            guard case .day(let day) = until else { return recurrence.text }
            text += " until \(day)"
        }
        return text
    }

    /// `day`, `week`, `month`, `year`.
    private static func unitName(_ unit: Recurrence.Unit) -> String {
        switch unit {
        case .days: "day"
        case .weeks: "week"
        case .months: "month"
        case .years: "year"
        }
    }

    /// The period a rule of `frequency` repeats in: `day`, `week`, `month`, `year`.
    private static func periodName(_ frequency: Recurrence.Frequency) -> String {
        switch frequency {
        case .daily: "day"
        case .weekly: "week"
        case .monthly: "month"
        case .yearly: "year"
        }
    }

    /// `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`.
    private static func ordinalText(_ number: Int) -> String {
        let suffix: String
        switch (number % 10, number % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(number)\(suffix)"
    }
}
