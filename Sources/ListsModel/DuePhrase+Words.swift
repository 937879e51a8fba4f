extension DuePhrase {
    /// One word of a typed phrase: lower-cased for reading, and as typed for the messages.
    struct Word: Hashable, Sendable {
        /// The word with its ASCII letters lower-cased.
        var text: String
        /// The word as typed.
        var typed: String
    }

    /// The words of `text`: what white space and commas separate.
    static func words(_ text: String) -> [Word] {
        var words: [Word] = []
        var lower = String.UnicodeScalarView()
        var typed = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "," || scalar.properties.isWhitespace {
                if !typed.isEmpty {
                    words.append(Word(text: String(lower), typed: String(typed)))
                    lower.removeAll(keepingCapacity: true)
                    typed.removeAll(keepingCapacity: true)
                }
                continue
            }
            typed.append(scalar)
            // Only ASCII is lower-cased: every word Lists reads is ASCII, and other letters then fail to match.
            lower.append(("A"..."Z").contains(scalar) ? Unicode.Scalar(UInt8(scalar.value) + 32) : scalar)
        }
        if !typed.isEmpty { words.append(Word(text: String(lower), typed: String(typed))) }
        return words
    }

    /// What a word of a day means.
    enum Keyword: Hashable, Sendable {
        case today, tonight, tomorrow, yesterday
        /// A day of the week, ISO 8601's number: 1 is Monday.
        case weekday(Int)
        /// A month, 1 to 12.
        case month(Int)
        case next, this, end, `in`
        /// `eow`, `eom`, `eoy`: the end of this week, month or year.
        case endOf(Unit)
        /// A unit of time, for `in 3 days`, `next week`, `end of month`.
        case unit(Unit)
        /// `a` and `an`, which count one: `in a week`.
        case one
    }

    /// A length of time a phrase counts in.
    enum Unit: Hashable, Sendable {
        case minute, hour, day, week, month, year
    }

    /// What `word` (lower-cased) means when it is a word of a day Lists reads: the names of the weekdays and
    /// months in full and by their first three letters (with `tues`, `thur`, `thurs`, `sept`), the units with and
    /// without an `s`, and the words of phrases. A `switch` rather than a table: a command reading one due date
    /// would otherwise build a dictionary of 70 words first.
    static func keyword(_ word: String) -> Keyword? {
        switch word {
        case "today": .today
        case "tonight": .tonight
        case "tomorrow": .tomorrow
        case "yesterday": .yesterday
        case "next": .next
        case "this": .this
        case "end": .end
        case "in": .in
        case "a", "an": .one
        case "eow": .endOf(.week)
        case "eom": .endOf(.month)
        case "eoy": .endOf(.year)
        case "monday", "mon": .weekday(1)
        case "tuesday", "tue", "tues": .weekday(2)
        case "wednesday", "wed": .weekday(3)
        case "thursday", "thu", "thur", "thurs": .weekday(4)
        case "friday", "fri": .weekday(5)
        case "saturday", "sat": .weekday(6)
        case "sunday", "sun": .weekday(7)
        case "january", "jan": .month(1)
        case "february", "feb": .month(2)
        case "march", "mar": .month(3)
        case "april", "apr": .month(4)
        case "may": .month(5)
        case "june", "jun": .month(6)
        case "july", "jul": .month(7)
        case "august", "aug": .month(8)
        case "september", "sep", "sept": .month(9)
        case "october", "oct": .month(10)
        case "november", "nov": .month(11)
        case "december", "dec": .month(12)
        case "minute", "minutes", "min", "mins": .unit(.minute)
        case "hour", "hours": .unit(.hour)
        case "day", "days": .unit(.day)
        case "week", "weeks": .unit(.week)
        case "month", "months": .unit(.month)
        case "year", "years": .unit(.year)
        default: nil
        }
    }

    /// The months in English, January first.
    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    /// The value of `text` when it is a number of `digits` ASCII digits.
    static func number(_ text: Substring, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(text.utf8.count) else { return nil }
        var value = 0
        for byte in text.utf8 {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// The day of a month `text` says, as a number or an ordinal (`24`, `24th`, `1st`), whether it is one or not
    /// (`32nd`); `nil` when it is not written as one.
    static func dayOfMonth(_ text: String) -> (day: Int, isOrdinal: Bool)? {
        let word = Substring(text)
        if let day = number(word, digits: 1...2) { return (day, false) }
        guard ["st", "nd", "rd", "th"].contains(word.suffix(2)), let day = number(word.dropLast(2), digits: 1...2)
        else { return nil }
        return (day, true)
    }

    // MARK: - Messages

    /// The refusal of a text Lists does not read as a due date (`typed`: quoted as typed).
    static func notReadMessage(_ typed: Quoted) -> String {
        "\(typed) is not a date Lists reads: \(allowed)"
    }

    /// The refusal of a 24-hour time that does not exist (`25:00`, `9:60`).
    static func notAClockTimeMessage(_ typed: Quoted) -> String {
        "\(typed) is not a time: write 00:00 to 23:59, like 18:00 or 9:30"
    }

    /// The refusal of a 12-hour time that does not exist (`13pm`).
    static func notATwelveHourTimeMessage(_ typed: Quoted) -> String {
        "\(typed) is not a time: write 1 to 12 before am or pm, like 6pm or 9:30am"
    }

    /// The refusal of a day outside the years 1 to 9999.
    static func outOfRangeMessage(_ typed: Quoted) -> String {
        "\(typed) is outside the years Lists reads (1 to 9999)"
    }

    /// The refusal of a day of a year that the month does not have: `2026-02-30` (written as ISO 8601 writes it,
    /// whichever way it was typed).
    static func notADayMessage(year: Int, month: Int, day: Int) -> String {
        let written = "\(Day.padded(year, 4))-\(Day.padded(month, 2))-\(Day.padded(day, 2))"
        guard (1...12).contains(month) else { return "\(written) is not a day: a year has 12 months" }
        let days = CivilDate.daysIn(month: month, year: year)
        return "\(written) is not a day: \(monthNames[month - 1]) \(year) has \(days) days"
    }

    /// The refusal of a day without a year that the month never has: `feb 30`, `apr 31`, `24.13.`.
    static func notADayMessage(_ typed: Quoted, month: Int) -> String {
        guard (1...12).contains(month) else { return "\(typed) is not a day: a year has 12 months" }
        guard month != 2 else { return "\(typed) is not a day: February has at most 29 days" }
        return "\(typed) is not a day: \(monthNames[month - 1]) has \(CivilDate.daysIn(month: month, year: 1)) days"
    }

    /// The refusal of a day of the month that no month has: `the 32nd`.
    static func notADayOfAMonthMessage(_ typed: Quoted) -> String {
        "\(typed) is not a day of a month: write 1st to 31st"
    }

    /// The refusal of a day written with slashes, which is month first to some and day first to others: it names
    /// how to write each day it could be (`readings`: month first, then day first, those that are days).
    static func slashesMessage(_ typed: Quoted, readings: [(day: Day, hasYear: Bool)]) -> String {
        func dotted(_ reading: (day: Day, hasYear: Bool)) -> String {
            "\(reading.day) or \(reading.day.day).\(reading.day.month).\(reading.hasYear ? "\(reading.day.year)" : "")"
        }
        switch readings.count {
        case 0:
            return "\(typed) is not a day: write one such as 2026-12-24 or 24.12."
        case 1:
            return "\(typed) could be month first or day first: write \(dotted(readings[0]))"
        default:
            let named = readings.map { "\(dotted($0)) (\($0.day.day) \(monthNames[$0.day.month - 1]))" }
            return "\(typed) could be month first or day first: write \(named.joinedInline(separator: ", "))"
        }
    }
}
