import Foundation

/// iCalendar text as the tests read what Lists wrote: line by line.
public enum ICalendarLines {
    /// iCalendar text's lines, unfolded (RFC 5545 3.1), CRLF or LF, empty ones left out.
    public static func unfolded(_ text: String) -> [String] {
        var lines: [String] = []
        for raw in text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n") {
            if let first = raw.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1] += raw.dropFirst()
            } else {
                lines.append(String(raw))
            }
        }
        return lines
    }
}
