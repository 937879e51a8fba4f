import Foundation
import ListsExamples
import Testing

@testable import ListsModel

/// The moment written `YYYY-MM-DDTHH:MM:SSZ`.
private func utc(_ text: String) throws -> Date {
    try #require(ISO8601DateFormatter().date(from: text), "\(text) is a moment")
}

/// The due date written `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`.
private func due(_ text: String) throws -> Due {
    try #require(Due(iso: text), "\(text) is a due date")
}

/// The zone named `identifier`.
private func zone(_ identifier: String) throws -> Zone {
    try #require(Zone(identifier: identifier), "\(identifier) is a zone")
}

@Suite struct DueShownTests {
    /// Due dates and how each is shown on Friday 4 December 2026, in the United States and in Britain.
    static let shown: [(due: String, enUS: String, enGB: String)] = [
        ("2026-12-04", "Today", "Today"),
        ("2026-12-04T23:59", "Today 11:59 PM", "Today 23:59"),
        ("2026-12-05", "Tomorrow", "Tomorrow"),
        ("2026-12-05T09:00", "Tomorrow 9:00 AM", "Tomorrow 09:00"),
        ("2026-12-03", "Yesterday", "Yesterday"),
        ("2026-12-03T12:00", "Yesterday 12:00 PM", "Yesterday 12:00"),
        ("2026-12-06", "Sunday", "Sunday"),
        ("2026-12-10T18:30", "Thursday 6:30 PM", "Thursday 18:30"),
        // A week away, or a day past, is no longer named by its weekday.
        ("2026-12-11", "Dec 11", "11 Dec"),
        ("2026-12-02", "Dec 2", "2 Dec"),
        ("2026-01-05", "Jan 5", "5 Jan"),
        ("2026-12-24T18:00", "Dec 24 6:00 PM", "24 Dec 18:00"),
        ("2027-01-05", "Jan 5, 2027", "5 Jan 2027"),
        ("2027-01-05T00:00", "Jan 5, 2027 12:00 AM", "5 Jan 2027 00:00"),
        ("2025-12-24T12:00", "Dec 24, 2025 12:00 PM", "24 Dec 2025 12:00"),
    ]

    @Test(arguments: shown)
    func isShown(due text: String, enUS: String, enGB: String) throws {
        let today = try #require(Day(iso: "2026-12-04"))
        let due = try due(text)
        #expect(due.shown(today: today, locale: Locale(identifier: "en_US")) == enUS, "\(text)")
        #expect(due.shown(today: today, locale: Locale(identifier: "en_GB")) == enGB, "\(text)")
    }

    /// A day and a due date are written as they are read, with four digits of a year from 0001 to 9999, and the
    /// years past it (which no field takes, but arithmetic may reach) with all their digits.
    @Test func daysAndDueDatesAreWrittenAsTheyAreRead() throws {
        for text in ["0001-01-01", "0999-02-28", "1970-01-01", "2026-12-24", "9999-12-31"] {
            #expect(try #require(Day(iso: text)).description == text)
        }
        for text in ["0001-01-01T00:00", "2026-12-24T09:05", "2026-12-24T18:00", "9999-12-31T23:59"] {
            #expect(try due(text).description == text)
        }
        let past = try #require(Day(iso: "9999-12-31")).adding(days: 1)
        #expect(past.description == "10000-01-01")
        #expect(Due(day: past, minute: 61).description == "10000-01-01T01:01")
    }

    @Test func aTimeIsShownWithAPlainSpace() throws {
        let today = try #require(Day(iso: "2026-12-04"))
        let shown = try due("2026-12-05T09:00").shown(today: today, locale: Locale(identifier: "en_US"))
        #expect(!shown.unicodeScalars.contains { !$0.isASCII }, "\(shown)")
    }

    @Test func aDayIsOverdueFromTheNextMidnightInTheZone() throws {
        let day = try due("2026-12-04")
        let berlin = try zone("Europe/Berlin")
        #expect(!day.isOverdue(now: try utc("2026-12-04T22:59:59Z"), in: berlin))
        #expect(day.isOverdue(now: try utc("2026-12-04T23:00:00Z"), in: berlin))
        let losAngeles = try zone("America/Los_Angeles")
        #expect(!day.isOverdue(now: try utc("2026-12-05T07:59:59Z"), in: losAngeles))
        #expect(day.isOverdue(now: try utc("2026-12-05T08:00:00Z"), in: losAngeles))
    }

    @Test func aTimeIsOverdueOnceItsMomentHasPassed() throws {
        let time = try due("2026-12-04T18:00")
        let berlin = try zone("Europe/Berlin")
        #expect(!time.isOverdue(now: try utc("2026-12-04T16:59:59Z"), in: berlin))
        #expect(!time.isOverdue(now: try utc("2026-12-04T17:00:00Z"), in: berlin))
        #expect(time.isOverdue(now: try utc("2026-12-04T17:00:01Z"), in: berlin))
        #expect(!time.isOverdue(now: try utc("2026-12-04T17:00:01Z"), in: try zone("America/New_York")))
    }

    @Test func overdueAcrossTheChangeToSummerTimeInBerlin() throws {
        // On 29 March 2026 Berlin's clocks go from 02:00 CET (UTC+1) to 03:00 CEST (UTC+2): the day has 23 hours.
        let berlin = try zone("Europe/Berlin")
        let before = try due("2026-03-28")
        #expect(!before.isOverdue(now: try utc("2026-03-28T22:59:59Z"), in: berlin))
        #expect(before.isOverdue(now: try utc("2026-03-28T23:00:00Z"), in: berlin))
        let changeDay = try due("2026-03-29")
        #expect(!changeDay.isOverdue(now: try utc("2026-03-29T21:59:59Z"), in: berlin))
        #expect(changeDay.isOverdue(now: try utc("2026-03-29T22:00:00Z"), in: berlin))
        // 18:00 stays 18:00 on the wall clock: an hour earlier in UTC after the change.
        #expect(try due("2026-03-28T18:00").instant(in: berlin) == utc("2026-03-28T17:00:00Z"))
        #expect(try due("2026-03-29T18:00").instant(in: berlin) == utc("2026-03-29T16:00:00Z"))
        let evening = try due("2026-03-29T18:00")
        #expect(!evening.isOverdue(now: try utc("2026-03-29T16:00:00Z"), in: berlin))
        #expect(evening.isOverdue(now: try utc("2026-03-29T16:00:01Z"), in: berlin))
        // Around the change: 01:59 is CET, 02:30 does not exist and is read as 03:30 CEST, 03:00 is CEST.
        #expect(try due("2026-03-29T01:59").instant(in: berlin) == utc("2026-03-29T00:59:00Z"))
        #expect(try due("2026-03-29T02:30").instant(in: berlin) == utc("2026-03-29T01:30:00Z"))
        #expect(try due("2026-03-29T03:00").instant(in: berlin) == utc("2026-03-29T01:00:00Z"))
        let skipped = try due("2026-03-29T02:30")
        #expect(!skipped.isOverdue(now: try utc("2026-03-29T01:30:00Z"), in: berlin))
        #expect(skipped.isOverdue(now: try utc("2026-03-29T01:30:01Z"), in: berlin))
    }

    @Test func overdueAcrossTheChangeBackInBerlin() throws {
        // On 25 October 2026 Berlin's clocks go back from 03:00 CEST to 02:00 CET: the day has 25 hours, and 02:30
        // happens twice; the first is meant.
        let berlin = try zone("Europe/Berlin")
        let changeDay = try due("2026-10-25")
        #expect(!changeDay.isOverdue(now: try utc("2026-10-25T22:59:59Z"), in: berlin))
        #expect(changeDay.isOverdue(now: try utc("2026-10-25T23:00:00Z"), in: berlin))
        #expect(try due("2026-10-25T02:30").instant(in: berlin) == utc("2026-10-25T00:30:00Z"))
        #expect(try due("2026-10-25T03:00").instant(in: berlin) == utc("2026-10-25T02:00:00Z"))
    }
}
