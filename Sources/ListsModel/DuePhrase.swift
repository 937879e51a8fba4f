import Foundation

/// Reads a task's due date as people type it, in the web app and the CLI alike: `tomorrow 9am`, `fri`, `dec 24`,
/// `24.12.`, `in 2 weeks`, `2026-12-24T18:00`.
///
/// *What is read* (case does not matter, nor spaces around and between the words, nor commas):
/// - a day: `today`, `tonight`, `tomorrow`, `yesterday`; a weekday (`fri`, `friday`), the next one after today,
///   never today, as Taskwarrior's `due:fri` (`next fri` is the same; `this fri` is today on a Friday); `next week`
///   (Monday), `next month` (the 1st), `next year` (1 January); `end of week` (Sunday), `end of month`,
///   `end of year` (`eow`, `eom`, `eoy`); `in 3 days`, `in a week`, `in 2 months`, `in 1 year` (`in` may be left
///   out; a month later is the same day of the month, or the month's last day when it has fewer); a month's name
///   and a day (`dec 24`, `24 dec`, `december 24th`, `the 24th of december`), with a year or not; a day of any
///   month (`1st`, `the 15th`); `2026-12-24`; day first with dots (`24.12.`, `24.12.2026`, `24.12.26`);
/// - a time: `18:00`, `9:30`, `6pm`, `9:30am`, `noon`, and `midnight`, which is 23:59, the end of the day named;
/// - a day and a time, in either order, with `at` or not (`tomorrow 9am`, `18:00 fri`, `fri at 6pm`), or both at
///   once as the app stores them (`2026-12-24T18:00`); `in 2 hours` and `in 30 minutes` give a day and a time too.
///
/// A day written without its year is the next one on or after today (`feb 29` the next that exists), and a day of
/// the month the next month that has it. A time alone is today's while it is still to come, else tomorrow's.
/// `tonight` is today at 18:00, or all of today once 18:00 has passed. Days written with slashes (`12/24`) are
/// month first to some and day first to others: they are refused unless ``Slashes`` says how to read them.
///
/// Reading takes microseconds: the text is split into words by hand and the words are looked up in one table; no
/// Foundation calendar or date formatter is involved.
public struct DuePhrase: Sendable, Hashable {
    /// How a day written with slashes (`12/24`, `24/12/2026`) is read.
    public enum Slashes: Sendable, Hashable {
        /// Refused, with a message naming the unambiguous ways to write it: `3/4` is 4 March to some and 3 April
        /// to others, and guessing would give some people a wrong day without a word.
        case refused
        /// Month first, as in the United States: `12/24` is 24 December.
        case monthFirst
        /// Day first, as in most of Europe: `24/12` is 24 December.
        case dayFirst
    }

    /// The day it is where the household lives: what `today` means and what a day without a year follows.
    public let today: Day
    /// The time of day it is there, in minutes after midnight: whether a time alone is today's or tomorrow's.
    public let minute: Int
    /// How a day written with slashes is read.
    public let slashes: Slashes

    /// A reading on `today` at `minute` minutes after midnight (0 to 1439), reading slashes as `slashes` says.
    public init(today: Day, now minute: Int, slashes: Slashes = .refused) {
        precondition((0..<1440).contains(minute), "a time of day is 0 to 1439 minutes")
        self.today = today
        self.minute = minute
        self.slashes = slashes
    }

    /// A reading at the moment `now`, whose day and time of day are the ones it has in `zone`.
    public init(now: Date, in zone: Zone, slashes: Slashes = .refused) {
        let local = Int((now.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: now))).rounded(.down))
        let second = local % 86_400
        self.init(today: Day(now, in: zone), now: (second < 0 ? second + 86_400 : second) / 60, slashes: slashes)
    }

    /// The due date `text` says.
    /// - Throws: ``ValidationError`` on `due`, saying what is allowed, for a text Lists does not read as a due
    ///   date, for a day or time that does not exist (2026-02-30, 25:00), and for an empty text.
    public func read(_ text: String) throws -> Due {
        guard let due = try readIfAny(text) else {
            throw ValidationError(field: "due", message: Self.requiredMessage)
        }
        return due
    }

    /// The due date `text` says, or `nil` when it is empty or only white space: no due date.
    /// - Throws: ``ValidationError`` on `due`, as ``read(_:)`` does for a text that is not empty.
    public func readIfAny(_ text: String) throws -> Due? {
        let words = Self.words(text)
        guard !words.isEmpty else { return nil }
        return try due(words[...], typed: text)
    }

    /// What the messages say is allowed.
    public static let allowed =
        "write a day (today, tomorrow, fri, dec 24, 2026-12-24, 24.12.) or a day and a time (tomorrow 9am, fri 18:00)"

    /// The refusal of an empty text where a due date is required.
    static let requiredMessage = "a due date is required: \(allowed)"

    // MARK: - A day and a time

    /// What a phrase's day words say: a day, `tonight` (a day whose time depends on the hour), or a day and a time
    /// already (`in 2 hours`).
    enum DayPart {
        case day(Day)
        case tonight
        case moment(Due)
    }

    /// The due date `words` say; `typed` is the whole text, for the messages.
    private func due(_ words: ArraySlice<Word>, typed: String) throws -> Due {
        if words.count == 1, let due = try isoMoment(words[words.startIndex]) { return due }
        var dayWords = words
        var time: Int?
        if let (minute, count) = try Self.time(endingAt: words) {
            time = minute
            dayWords = words.dropLast(count)
            if dayWords.last?.text == "at" { dayWords = dayWords.dropLast() }
        } else {
            let afterAt = words.first?.text == "at" ? words.dropFirst() : words
            if let (minute, count) = try Self.time(startingAt: afterAt) {
                time = minute
                dayWords = afterAt.dropFirst(count)
            }
        }
        let notRead = ValidationError(field: "due", message: Self.notReadMessage(Quoted(typed.trimmingWhitespace())))
        guard !dayWords.isEmpty else {
            guard let time else { throw notRead }
            // A time alone is the next time the clock shows it; this very minute has begun, so it is tomorrow's.
            return Due(day: try checked(time > minute ? today : today.adding(days: 1), typed), minute: time)
        }
        guard let part = try dayPart(dayWords) else { throw notRead }
        switch (part, time) {
        case (.day(let day), _): return Due(day: try checked(day, typed), minute: time)
        case (.tonight, .some(let time)): return Due(day: today, minute: time)
        case (.tonight, nil): return minute < Self.evening ? Due(day: today, minute: Self.evening) : Due(day: today)
        case (.moment(let due), nil): return Due(day: try checked(due.day, typed), minute: due.minute)
        case (.moment, .some): throw notRead
        }
    }

    /// When `tonight` is: 18:00.
    static let evening = 18 * 60

    /// `day` when its year is one Lists reads (1 to 9999).
    private func checked(_ day: Day, _ typed: String) throws -> Day {
        guard (Self.firstDay...Self.lastDay).contains(day.daysSince1970) else {
            throw ValidationError(field: "due", message: Self.outOfRangeMessage(Quoted(typed.trimmingWhitespace())))
        }
        return day
    }

    /// 0001-01-01 and 9999-12-31, as days from 1970-01-01.
    static let firstDay = CivilDate.daysSince1970(year: 1, month: 1, day: 1)
    static let lastDay = CivilDate.daysSince1970(year: 9999, month: 12, day: 31)

    /// The ISO local date and time `2026-12-24T18:00` (what a date-time input sends; seconds, if sent, are
    /// dropped), or `nil` for a word of another form.
    private func isoMoment(_ word: Word) throws -> Due? {
        let parts = word.text.split(separator: "t", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].contains("-"),
            let day = try isoDay(parts[0], typed: word.typed)
        else { return nil }
        let typedTime = String(word.typed.dropFirst(parts[0].count + 1))
        var clock = parts[1].split(separator: ":", omittingEmptySubsequences: false)
        if clock.count == 3, Self.number(clock[2], digits: 2...2).map({ $0 < 60 }) == true { clock.removeLast() }
        guard clock.count == 2, let hour = Self.number(clock[0], digits: 1...2),
            let minute = Self.number(clock[1], digits: 2...2)
        else { throw ValidationError(field: "due", message: Self.notAClockTimeMessage(Quoted(typedTime))) }
        guard hour < 24, minute < 60 else {
            throw ValidationError(field: "due", message: Self.notAClockTimeMessage(Quoted(typedTime)))
        }
        return Due(day: day, minute: hour * 60 + minute)
    }

    // MARK: - Times

    /// The time that the last one or two of `words` say, and how many words it takes; `nil` when they say none.
    static func time(endingAt words: ArraySlice<Word>) throws -> (minute: Int, count: Int)? {
        if words.count >= 2, meridiem(words[words.endIndex - 1].text) != nil,
            let minute = try time(of: words.suffix(2))
        {
            return (minute, 2)
        }
        guard let last = words.last, let minute = try time(of: [last]) else { return nil }
        return (minute, 1)
    }

    /// The time that the first one or two of `words` say, and how many words it takes; `nil` when they say none.
    static func time(startingAt words: ArraySlice<Word>) throws -> (minute: Int, count: Int)? {
        if words.count >= 2, meridiem(words[words.startIndex + 1].text) != nil,
            let minute = try time(of: words.prefix(2))
        {
            return (minute, 2)
        }
        guard let first = words.first, let minute = try time(of: [first]) else { return nil }
        return (minute, 1)
    }

    /// The time of day, in minutes, that one word (`18:00`, `6pm`, `noon`) or a time and `am` or `pm` (`6 pm`)
    /// say; `nil` when they are not written as a time.
    /// - Throws: ``ValidationError`` when they are written as a time that does not exist: `25:00`, `9:60`, `13pm`.
    static func time(of words: some Collection<Word>) throws -> Int? {
        guard let first = words.first else { return nil }
        let typed = Quoted(words.map(\.typed).joinedInline(separator: " "))
        var clock = Substring(first.text)
        var isAfternoon: Bool?
        if words.count == 2 {
            guard let last = words.dropFirst().first, let afternoon = meridiem(last.text) else { return nil }
            isAfternoon = afternoon
        } else if first.text == "noon" {
            return 12 * 60
        } else if first.text == "midnight" {
            // The end of the day named: `fri midnight` is said of the night from Friday into Saturday.
            return 23 * 60 + 59
        } else {
            for (suffix, afternoon) in [("am", false), ("pm", true), ("a.m.", false), ("p.m.", true)]
            where clock.hasSuffix(suffix) {
                clock = clock.dropLast(suffix.count)
                isAfternoon = afternoon
                break
            }
        }
        guard let isAfternoon else {
            // A day and a month with dots (`24.12`) is no time; only a colon makes one without am or pm.
            guard clock.contains(":") else { return nil }
            guard clock.allSatisfy({ $0 == ":" || ("0"..."9").contains($0) }) else { return nil }
            let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let hour = number(parts[0], digits: 1...2),
                let minute = number(parts[1], digits: 2...2), hour < 24, minute < 60
            else { throw ValidationError(field: "due", message: notAClockTimeMessage(typed)) }
            return hour * 60 + minute
        }
        guard let firstDigit = clock.first, ("0"..."9").contains(firstDigit) else { return nil }
        let parts = clock.split(omittingEmptySubsequences: false) { $0 == ":" || $0 == "." }
        guard parts.count <= 2, let hour = number(parts[0], digits: 1...2), (1...12).contains(hour),
            let minute = parts.count == 2 ? number(parts[1], digits: 2...2) : 0, minute < 60
        else { throw ValidationError(field: "due", message: notATwelveHourTimeMessage(typed)) }
        return hour % 12 * 60 + (isAfternoon ? 12 * 60 : 0) + minute
    }

    /// Whether `word` is `pm` (`true`) or `am` (`false`), with dots or not; `nil` for any other word.
    static func meridiem(_ word: String) -> Bool? {
        switch word {
        case "am", "a.m.": false
        case "pm", "p.m.": true
        default: nil
        }
    }
}
