import Testing

@testable import ListsDAV

/// 1 December 2026, 00:00 UTC, and a day.
private let december1: Int64 = 1_796_083_200
private let day: Int64 = 86_400

/// A resource holding one VTODO with `properties`.
private func todo(_ properties: [CalendarProperty]) -> CalendarComponent {
    CalendarComponent(
        name: "VCALENDAR", properties: [CalendarProperty(name: "VERSION", value: "2.0")],
        components: [CalendarComponent(name: "VTODO", properties: properties)])
}

/// The filter a calendar-query's `C:filter` holding `inside` (within VCALENDAR) makes.
private func filter(_ inside: String) throws -> CalendarFilter {
    let text =
        #"<C:filter xmlns:C="urn:ietf:params:xml:ns:caldav"><C:comp-filter name="VCALENDAR">"# + inside
        + "</C:comp-filter></C:filter>"
    return try CalendarFilter(XMLReader.read(Array(text.utf8)))
}

@Suite struct CalendarFilterTests {
    private let milk = todo([
        CalendarProperty(name: "UID", value: "milk"), CalendarProperty(name: "SUMMARY", value: "Buy Milk & Eggs"),
        CalendarProperty(name: "DUE", parameters: ["VALUE": "DATE"], value: "20261201", seconds: december1),
    ])
    private let done = todo([
        CalendarProperty(name: "SUMMARY", value: "Pay rent"), CalendarProperty(name: "STATUS", value: "COMPLETED"),
        CalendarProperty(name: "COMPLETED", value: "20261130T090000Z", seconds: december1 - day + 9 * 3600),
    ])

    @Test func theTimeOfARangeIsReadAsUTC() throws {
        #expect(try TimeRange.seconds("20261201T000000Z") == december1)
        #expect(try TimeRange.seconds("20000229T000000Z") == 951_782_400)
        #expect(try TimeRange.seconds("19700101T000001Z") == 1)
        for text in ["20261201T000000", "20261301T000000Z", "2026-12-01T00:00:00Z", ""] {
            #expect(throws: DAVRequestError.self) { try TimeRange.seconds(text) }
        }
    }

    /// What Apple Reminders and DAVx5 ask for: the to-dos, the ones not completed.
    @Test func theToDosAndTheOnesStillToDoArePickedOut() throws {
        let todos = try filter(#"<C:comp-filter name="VTODO"/>"#)
        #expect(todos.matches(milk) && todos.matches(done))
        let open = try filter(
            #"<C:comp-filter name="VTODO"><C:prop-filter name="COMPLETED"><C:is-not-defined/></C:prop-filter>"#
                + #"<C:prop-filter name="STATUS"><C:text-match negate-condition="yes">CANCELLED</C:text-match>"#
                + "</C:prop-filter></C:comp-filter>")
        // A prop-filter on a property that is not there matches only with is-not-defined: STATUS is required here.
        #expect(!open.matches(milk) && !open.matches(done))
        let notCompleted = try filter(
            #"<C:comp-filter name="VTODO"><C:prop-filter name="COMPLETED"><C:is-not-defined/></C:prop-filter>"#
                + "</C:comp-filter>")
        #expect(notCompleted.matches(milk) && !notCompleted.matches(done))
        let events = try filter(#"<C:comp-filter name="VEVENT"/>"#)
        #expect(!events.matches(milk))
        #expect(try filter(#"<C:comp-filter name="VEVENT"><C:is-not-defined/></C:comp-filter>"#).matches(milk))
    }

    @Test func textIsMatchedAsASubstringWithOrWithoutCase() throws {
        func summary(_ match: String) throws -> CalendarFilter {
            try filter(
                #"<C:comp-filter name="VTODO"><C:prop-filter name="summary">"# + match
                    + "</C:prop-filter></C:comp-filter>")
        }
        #expect(try summary("<C:text-match>milk &amp; eggs</C:text-match>").matches(milk))
        #expect(try !summary(#"<C:text-match collation="i;octet">milk</C:text-match>"#).matches(milk))
        #expect(try summary(#"<C:text-match collation="i;octet">Milk</C:text-match>"#).matches(milk))
        #expect(try !summary(#"<C:text-match negate-condition="yes">MILK</C:text-match>"#).matches(milk))
        #expect(try summary(#"<C:text-match negate-condition="yes">MILK</C:text-match>"#).matches(done))
        let dateValue = try filter(
            #"<C:comp-filter name="VTODO"><C:prop-filter name="DUE"><C:param-filter name="VALUE">"#
                + "<C:text-match>date</C:text-match></C:param-filter></C:prop-filter></C:comp-filter>")
        #expect(dateValue.matches(milk) && !dateValue.matches(done))
    }

    /// RFC 4791 9.9: a VTODO with a DUE alone is in a range that holds its due moment (the start excluded, the
    /// end included); one with none of the dates is in every range; one completed, at its completion.
    @Test func aToDoIsInATimeRangeAsRFC4791Says() throws {
        func range(_ start: Int64?, _ end: Int64?) -> TimeRange { TimeRange(start: start, end: end) }
        let milk = self.milk.components[0]
        #expect(range(december1 - day, december1).overlaps(milk))
        #expect(!range(december1, december1 + day).overlaps(milk))
        #expect(!range(december1 - 2 * day, december1 - day).overlaps(milk))
        #expect(range(nil, december1).overlaps(milk) && range(december1 - 1, nil).overlaps(milk))
        #expect(range(december1 - day, december1 - day + 10 * 3600).overlaps(done.components[0]))
        #expect(!range(december1, december1 + day).overlaps(done.components[0]))
        let undated = CalendarComponent(name: "VTODO", properties: [CalendarProperty(name: "SUMMARY", value: "x")])
        #expect(range(0, 1).overlaps(undated))
        let started = CalendarComponent(
            name: "VTODO",
            properties: [
                CalendarProperty(name: "DTSTART", value: "", seconds: december1),
                CalendarProperty(name: "DUE", value: "", seconds: december1 + 2 * day),
            ])
        #expect(range(december1 + day, december1 + day + 1).overlaps(started))
        #expect(!range(december1 + 3 * day, nil).overlaps(started))
        let inDecember = try filter(
            #"<C:comp-filter name="VTODO"><C:time-range start="20261130T000000Z" end="20261201T000000Z"/>"#
                + "</C:comp-filter>")
        #expect(inDecember.matches(self.milk) && inDecember.matches(done))
    }
}
