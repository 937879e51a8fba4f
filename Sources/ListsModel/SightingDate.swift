import Foundation

/// Reads the dates people type for a sighting: `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`, in local time.
///
/// A date without a time means noon, local time: the day then reads the same in the neighbouring time zones
/// where the list may also be viewed.
public enum SightingDate {
    /// What the message says is allowed.
    public static let allowed = "use YYYY-MM-DD or YYYY-MM-DDTHH:MM, like 2026-11-29 or 2026-11-29T07:30"

    /// The instant `text` means in `timeZone`.
    /// - Throws: ``ValidationError`` for `date`, also for dates that do not exist (2026-02-30).
    public static func parse(_ text: String, timeZone: TimeZone = .current) throws -> Date {
        let trimmed = text.trimmingWhitespace(includingNewlines: false)
        let parts = trimmed.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        let day = parts[0].split(separator: "-", omittingEmptySubsequences: false)
        let time = parts.count > 1 ? parts[1].split(separator: ":", omittingEmptySubsequences: false) : ["12", "00"]
        let numbers = (day + time).map { Int($0) }
        guard day.count == 3, time.count == 2, day[0].count == 4, day[1].count == 2, day[2].count == 2,
            time.allSatisfy({ $0.count == 2 }), (day + time).allSatisfy({ $0.allSatisfy(\.isASCII) }),
            let year = numbers[0], let month = numbers[1], let dayOfMonth = numbers[2], let hour = numbers[3],
            let minute = numbers[4]
        else {
            throw ValidationError(field: "date", message: notADateMessage("\(Quoted(text))"))
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: year, month: month, day: dayOfMonth, hour: hour, minute: minute)
        guard (1...12).contains(month), (1...31).contains(dayOfMonth), (0...23).contains(hour),
            (0...59).contains(minute), let date = calendar.date(from: components),
            calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date).day == dayOfMonth
        else {
            throw ValidationError(field: "date", message: notARealDateMessage("\(Quoted(text))"))
        }
        return date
    }

    /// `date`'s day in `timeZone`, as a date input holds it and ``parse(_:timeZone:)`` reads it back: `2026-11-29`.
    public static func day(of date: Date, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        func padded(_ number: Int?, _ width: Int) -> String {
            let digits = String(number ?? 0)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(parts.year, 4))-\(padded(parts.month, 2))-\(padded(parts.day, 2))"
    }

    /// The refusal of `text` (quoted as typed) that is not written as a date.
    static func notADateMessage(_ text: String) -> String {
        "\(text) is not a date; \(allowed)"
    }

    /// The refusal of `text` (quoted as typed) written as a date that does not exist (2026-02-30).
    static func notARealDateMessage(_ text: String) -> String {
        "\(text) is not a real date; \(allowed)"
    }
}
