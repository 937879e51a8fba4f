import Foundation

/// Shared formats of the faces: JSON as the API writes it, and dates as people read them.
public enum ListsFormat {
    /// A JSON encoder writing records as the API does: dates as ISO 8601 UTC with milliseconds.
    public static func jsonEncoder(pretty: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .withoutEscapingSlashes] : [.withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(isoTimestamp(date))
        }
        return encoder
    }

    /// `2026-11-30T05:45:27.123Z`.
    public static func isoTimestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// The tutorial's medium date style without time in the user's locale and time zone (`Nov 29, 2026`).
    public static func mediumDate(_ date: Date, locale: Locale = .current, timeZone: TimeZone = .current) -> String {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = timeZone
        formatter.dateStyle = .medium
        formatter.timeStyle = .none
        return formatter.string(from: date)
    }
}
