import Foundation

/// Shared formats of the faces: JSON as the API writes it, and dates as people read them.
public enum ListsFormat {
    /// A JSON encoder writing records as the API does: dates as ISO 8601 UTC with milliseconds.
    public static func jsonEncoder(pretty: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        // Sorted keys make the output the same from run to run, so it can be compared and diffed.
        encoder.outputFormatting =
            pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(isoTimestamp(date))
        }
        return encoder
    }

    /// `2026-11-30T05:45:27.123Z`.
    ///
    /// Built from the integer milliseconds stores keep: Foundation's fractional-seconds style truncates, so
    /// `.123` would often be written `.122`.
    public static func isoTimestamp(_ date: Date) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        appendISOTimestamp(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``isoTimestamp(_:)``'s text as UTF-8, computed with integer calendar arithmetic (Foundation's
    /// format style costs several microseconds a date, a tenth of answering a request). Years before 1583 or
    /// after 9999 take Foundation's way: its calendar is Julian before the Gregorian reform of October 1582, and
    /// ``parseTimestamp(_:)`` reads with it, so a timestamp must be written the same way to read back as itself.
    public static func appendISOTimestamp(_ date: Date, to output: inout [UInt8]) {
        let milliseconds = date.millisecondsSince1970
        let (days, inDay) = milliseconds.quotientAndRemainder(dividingBy: 86_400_000)
        let (day, millisecond) = inDay < 0 ? (Int(days) - 1, Int(inDay) + 86_400_000) : (Int(days), Int(inDay))
        let civil = CivilDate.date(daysSince1970: day)
        guard (1583...9999).contains(civil.year) else {
            output += Array(foundationTimestamp(milliseconds).utf8)
            return
        }
        func digits(_ value: Int, _ count: Int) {
            var divisor = 1
            for _ in 1..<count { divisor *= 10 }
            while divisor > 0 {
                output.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                divisor /= 10
            }
        }
        digits(civil.year, 4)
        output.append(UInt8(ascii: "-"))
        digits(civil.month, 2)
        output.append(UInt8(ascii: "-"))
        digits(civil.day, 2)
        output.append(UInt8(ascii: "T"))
        digits(millisecond / 3_600_000, 2)
        output.append(UInt8(ascii: ":"))
        digits(millisecond / 60_000 % 60, 2)
        output.append(UInt8(ascii: ":"))
        digits(millisecond / 1000 % 60, 2)
        output.append(UInt8(ascii: "."))
        digits(millisecond % 1000, 3)
        output.append(UInt8(ascii: "Z"))
    }

    /// ``isoTimestamp(_:)`` through Foundation's ISO 8601 style: for years ``appendISOTimestamp(_:to:)`` does
    /// not write, and as the reference its tests compare with.
    static func foundationTimestamp(_ milliseconds: Int64) -> String {
        let seconds = milliseconds.quotientAndRemainder(dividingBy: 1000)
        let (whole, fraction) = seconds.remainder < 0 ? (seconds.quotient - 1, seconds.remainder + 1000) : seconds
        let text = Date(timeIntervalSince1970: Double(whole)).formatted(Date.ISO8601FormatStyle())
        let digits = String(fraction)
        return text.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }

    /// The instant an ISO 8601 timestamp with a zone names (`2026-11-29T07:30:00Z`, `2026-11-29T08:30:00.250+01:00`),
    /// rounded to the millisecond; `nil` for anything else, including a date without a time or a zone, or a day or
    /// time that does not exist (2026-02-30).
    ///
    /// Read as RFC 3339 (what JSON Schema's `date-time` is): a `T` or `t`, `Z` or `z` or an offset of up to 23:59,
    /// any number of fraction digits. Years from 1583 to 9999 are read here, on the Gregorian calendar; others go to
    /// Foundation's reader, whose calendar is Julian before October 1582, as ``appendISOTimestamp(_:to:)`` writes
    /// them, so that every timestamp Lists writes reads back as itself.
    public static func parseTimestamp(_ text: String) -> Date? {
        guard let parts = timestampParts(text) else { return nil }
        guard (1583...9999).contains(parts.year) else { return foundationParse(text) }
        let days = CivilDate.daysSince1970(year: parts.year, month: parts.month, day: parts.day)
        let seconds =
            ((Int64(days) * 24 + Int64(parts.hour)) * 60 + Int64(parts.minute)) * 60 + Int64(parts.second)
            - Int64(parts.offsetMinutes) * 60
        return Date(timeIntervalSince1970: Double(seconds * 1000 + parts.milliseconds) / 1000)
    }

    /// The fields of an RFC 3339 timestamp, checked to name a day that exists and a time of day; `nil` otherwise.
    private static func timestampParts(_ text: String) -> (
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, milliseconds: Int64, offsetMinutes: Int
    )? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] | 0x20 == UInt8(ascii: "t"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day), hour < 24,
            minute < 60, second < 60
        else { return nil }
        var index = 19
        // The fraction rounded to the millisecond, from its first four digits.
        var milliseconds: Int64 = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var digits = 0
            var tenThousandths: Int64 = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                if digits < 4 { tenThousandths = tenThousandths * 10 + Int64(bytes[index] - UInt8(ascii: "0")) }
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            if digits < 4 { for _ in digits..<4 { tenThousandths *= 10 } }
            milliseconds = (tenThousandths + 5) / 10
        }
        guard index < bytes.count else { return nil }
        var offsetMinutes = 0
        if bytes[index] | 0x20 == UInt8(ascii: "z") {
            index += 1
        } else {
            guard bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"), index + 6 == bytes.count,
                bytes[index + 3] == UInt8(ascii: ":"), let hours = number(index + 1..<index + 3),
                let minutes = number(index + 4..<index + 6), hours < 24, minutes < 60
            else { return nil }
            offsetMinutes = (hours * 60 + minutes) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
            index += 6
        }
        guard index == bytes.count else { return nil }
        return (year, month, day, hour, minute, second, milliseconds, offsetMinutes)
    }

    /// `text` read by Foundation's ISO 8601 styles, rounded to the millisecond: for the years
    /// ``parseTimestamp(_:)`` leaves to it.
    private static func foundationParse(_ text: String) -> Date? {
        let styles = [Date.ISO8601FormatStyle(includingFractionalSeconds: true), Date.ISO8601FormatStyle()]
        for style in styles {
            if let date = try? Date(text, strategy: style) { return date.roundedToMilliseconds }
        }
        return nil
    }

    /// The locale the environment asks for (`LC_ALL`, then `LC_TIME`, then `LANG`), read directly because
    /// Foundation on Linux falls back to a generic English when the C library has no such locale installed.
    /// `C`, `POSIX` or nothing mean US English, the tutorials' own look (`Nov 29, 2026`).
    public static func locale(environment: [String: String]) -> Locale {
        let name = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let identifier = String(name.prefix { $0 != "." && $0 != "@" })
        if identifier.isEmpty || identifier == "C" || identifier == "POSIX" { return Locale(identifier: "en_US") }
        return Locale(identifier: identifier)
    }

    /// The tutorial's medium date style without time in the user's locale and time zone (`Nov 29, 2026`).
    public static func mediumDate(_ date: Date, locale: Locale, timeZone: TimeZone = .current) -> String {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = timeZone
        formatter.dateStyle = .medium
        formatter.timeStyle = .none
        return formatter.string(from: date)
    }
}
