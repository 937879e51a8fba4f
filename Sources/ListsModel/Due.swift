import Foundation

/// A day of the calendar as a person means it, with no time zone: what a task is due on.
///
/// Proleptic Gregorian, years 1 to 9999; its arithmetic is ``CivilDate``'s (no Foundation calendar, which costs
/// microseconds a date).
public struct Day: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The day's number: days from 1970-01-01.
    public let daysSince1970: Int

    /// The day `daysSince1970` days after 1970-01-01.
    public init(daysSince1970: Int) {
        self.daysSince1970 = daysSince1970
    }

    /// The day `year`-`month`-`day`, or `nil` when there is none (2026-02-30) or the year is outside 1...9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...CivilDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        daysSince1970 = CivilDate.daysSince1970(year: year, month: month, day: day)
    }

    /// The day written `YYYY-MM-DD`, or `nil`. Read from its UTF-8 bytes: every task a list reads has one.
    public init?(iso text: some StringProtocol) {
        let bytes = text.utf8
        guard bytes.count == 10, let (year, month, day) = Self.isoParts(bytes) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The year, month and day of the first 10 of `bytes`, written `YYYY-MM-DD` in ASCII, or `nil`.
    static func isoParts(_ bytes: some Collection<UInt8>) -> (Int, Int, Int)? {
        var values = (0, 0, 0)
        for (index, byte) in bytes.prefix(10).enumerated() {
            if index == 4 || index == 7 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let digit = Int(byte - UInt8(ascii: "0"))
            switch index {
            case 0..<4: values.0 = values.0 * 10 + digit
            case 5..<7: values.1 = values.1 * 10 + digit
            default: values.2 = values.2 * 10 + digit
            }
        }
        return values
    }

    /// Its year, month and day.
    public var parts: (year: Int, month: Int, day: Int) { CivilDate.date(daysSince1970: daysSince1970) }
    public var year: Int { parts.year }
    public var month: Int { parts.month }
    public var day: Int { parts.day }

    /// Its day of the week, ISO 8601's: 1 is Monday, 7 is Sunday.
    public var weekday: Int {
        // 1970-01-01 was a Thursday (4).
        let offset = (daysSince1970 + 3) % 7
        return (offset < 0 ? offset + 7 : offset) + 1
    }

    /// The day `days` later (earlier when negative).
    public func adding(days: Int) -> Day { Day(daysSince1970: daysSince1970 + days) }

    /// The day of the local time `date` shows in `zone`.
    public init(_ date: Date, in zone: Zone) {
        let local = Int((date.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: date))).rounded(.down))
        daysSince1970 = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    }

    /// The UTC day of `moment` and the time of day in it, to the second (rounded down): what a timestamp in UTC
    /// writes, iCalendar's `20261130T074500Z` and HTTP's `Mon, 30 Nov 2026 07:45:00 GMT` alike.
    public static func utc(_ moment: Date) -> (day: Day, hour: Int, minute: Int, second: Int) {
        let seconds = Int(moment.timeIntervalSince1970.rounded(.down))
        let day = Day(daysSince1970: Int((Double(seconds) / 86_400).rounded(.down)))
        let rest = seconds - day.daysSince1970 * 86_400
        return (day, rest / 3600, rest % 3600 / 60, rest % 60)
    }

    /// The day in ISO 8601's basic form, as iCalendar writes a date (RFC 5545 3.3.4): `20261224`.
    public var basic: String {
        let (year, month, day) = parts
        return Self.padded(year, 4) + Self.padded(month, 2) + Self.padded(day, 2)
    }

    /// `YYYY-MM-DD`: written digit by digit into one string (a list of 10,000 tasks shows as many), and through
    /// ``padded(_:_:)`` for a year that has not four digits.
    public var description: String {
        let (year, month, day) = parts
        guard (0...9999).contains(year) else {
            return "\(Self.padded(year, 4))-\(Self.padded(month, 2))-\(Self.padded(day, 2))"
        }
        return String(unsafeUninitializedCapacity: 10) { bytes in
            Self.writeDate(year, month, day, into: bytes)
            return 10
        }
    }

    /// Writes `YYYY-MM-DD` (a year of at most four digits) at the start of `bytes`, which holds at least 10.
    static func writeDate(_ year: Int, _ month: Int, _ day: Int, into bytes: UnsafeMutableBufferPointer<UInt8>) {
        writeDigits(year, 4, into: bytes, at: 0)
        bytes[4] = UInt8(ascii: "-")
        writeDigits(month, 2, into: bytes, at: 5)
        bytes[7] = UInt8(ascii: "-")
        writeDigits(day, 2, into: bytes, at: 8)
    }

    /// Writes the last `width` decimal digits of `number` (not negative) at `offset` in `bytes`.
    static func writeDigits(_ number: Int, _ width: Int, into bytes: UnsafeMutableBufferPointer<UInt8>, at offset: Int)
    {
        var rest = number
        for index in stride(from: offset + width - 1, through: offset, by: -1) {
            bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
    }

    public static func padded(_ number: Int, _ width: Int) -> String {
        let text = String(number)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    public static func < (lhs: Day, rhs: Day) -> Bool { lhs.daysSince1970 < rhs.daysSince1970 }
}

/// When a task is due: a day (all of it), or a day and a time of day, read in the household's time zone, as a
/// person says it ("Friday", "Friday at 18:00"): a due time stays 18:00 across a change of daylight-saving time.
///
/// Written `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM` (ISO 8601's local forms), which is how it is stored, sent in JSON and
/// sorted (the text sorts as the moments do).
public struct Due: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The day.
    public var day: Day
    /// The time of day, in minutes after midnight (0 to 1439), or `nil` for the whole day.
    public var minute: Int?

    /// A due day, or a due day and time (`minute` after midnight, 0 to 1439).
    public init(day: Day, minute: Int? = nil) {
        precondition(minute.map { (0..<1440).contains($0) } ?? true, "a time of day is 0 to 1439 minutes")
        self.day = day
        self.minute = minute
    }

    /// The due day or time written `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`, or `nil`.
    public init?(iso text: some StringProtocol) {
        // Read from its UTF-8 bytes where they are stored (every task a list reads has one), not from a copy.
        let read =
            text.utf8.withContiguousStorageIfAvailable(Self.read(iso:))
            ?? Array(text.utf8).withUnsafeBufferPointer(Self.read(iso:))
        guard let read else { return nil }
        self = read
    }

    /// The due day or time written in `bytes`, ``init(iso:)``'s.
    private static func read(iso bytes: UnsafeBufferPointer<UInt8>) -> Due? {
        guard bytes.count == 10 || bytes.count == 16, let (year, month, dayOfMonth) = Day.isoParts(bytes),
            let day = Day(year: year, month: month, day: dayOfMonth)
        else { return nil }
        guard bytes.count == 16 else { return Due(day: day) }
        func digit(_ index: Int) -> Int? {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) ? Int(bytes[index] - 48) : nil
        }
        guard bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), let h1 = digit(11), let h2 = digit(12),
            let m1 = digit(14), let m2 = digit(15), h1 * 10 + h2 < 24, m1 * 10 + m2 < 60
        else { return nil }
        return Due(day: day, minute: (h1 * 10 + h2) * 60 + m1 * 10 + m2)
    }

    /// `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`.
    public var description: String {
        guard let minute else { return day.description }
        let (year, month, dayOfMonth) = day.parts
        guard (0...9999).contains(year) else {
            return "\(day)T\(Day.padded(minute / 60, 2)):\(Day.padded(minute % 60, 2))"
        }
        return String(unsafeUninitializedCapacity: 16) { bytes in
            Day.writeDate(year, month, dayOfMonth, into: bytes)
            bytes[10] = UInt8(ascii: "T")
            Day.writeDigits(minute / 60, 2, into: bytes, at: 11)
            bytes[13] = UInt8(ascii: ":")
            Day.writeDigits(minute % 60, 2, into: bytes, at: 14)
            return 16
        }
    }

    /// The moment it stands for in `zone`: its time, or the start of its day (midnight). A time that does not exist
    /// there (skipped by a change to daylight-saving time) is read with the offset before the change, as RFC 5545
    /// says (02:30 on a night that goes from 02:00 to 03:00 is 03:30); a time that happens twice (a change back) is
    /// the first.
    public func instant(in zone: Zone) -> Date {
        let local = Double(day.daysSince1970 * 86_400 + (minute ?? 0) * 60)
        let before = zone.secondsFromGMT(for: Date(timeIntervalSince1970: local - 43_200))
        let after = zone.secondsFromGMT(for: Date(timeIntervalSince1970: local + 43_200))
        let early = Date(timeIntervalSince1970: local - Double(before))
        guard before != after else { return early }
        if zone.secondsFromGMT(for: early) == before { return early }
        let late = Date(timeIntervalSince1970: local - Double(after))
        if zone.secondsFromGMT(for: late) == after { return late }
        return early
    }

    /// Whether it is due before `other`: a whole day sorts before the times of that day.
    public static func < (lhs: Due, rhs: Due) -> Bool {
        lhs.day != rhs.day ? lhs.day < rhs.day : (lhs.minute ?? -1) < (rhs.minute ?? -1)
    }
}
