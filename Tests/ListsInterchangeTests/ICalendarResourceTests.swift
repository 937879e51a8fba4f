import Foundation
import ListsDAV
import ListsInterchange
import ListsModel
import Testing

/// A CalDAV resource's body: one VCALENDAR holding one VTODO, read as a task, or refused with the reason CalDAV's
/// answer gives (a VEVENT put in a to-do list, two to-dos in one resource, text that is not iCalendar).
@Suite struct ICalendarResourceTests {
    static let zone = Zone(identifier: "Europe/Berlin") ?? .utc

    static func resource(_ text: String, crlf: Bool = true) throws -> (task: TodoTask, warning: String?) {
        try ICalendar.resource(
            Array((crlf ? text.replacingOccurrences(of: "\n", with: "\r\n") : text).utf8), now: fixedNow, zone: zone)
    }

    static func refusal(_ bytes: [UInt8]) -> ICalendar.ResourceRefusal? {
        do {
            _ = try ICalendar.resource(bytes, now: fixedNow, zone: zone)
            return nil
        } catch let refusal as ICalendar.ResourceRefusal {
            return refusal
        } catch {
            return nil
        }
    }

    static func refusal(_ text: String) -> ICalendar.ResourceRefusal? { refusal(Array(text.utf8)) }

    static let timeZone = """
        BEGIN:VTIMEZONE
        TZID:Europe/Berlin
        BEGIN:STANDARD
        DTSTART:19701025T030000
        TZOFFSETFROM:+0200
        TZOFFSETTO:+0100
        END:STANDARD
        END:VTIMEZONE
        """

    /// As Apple Reminders and DAVx5 send one: a VTIMEZONE, a due time in it, a client's UID, folded lines.
    @Test func oneToDoIsReadAsATask() throws {
        let body = """
            BEGIN:VCALENDAR
            VERSION:2.0
            PRODID:-//Apple Inc.//iOS 17.0//EN
            \(Self.timeZone)
            BEGIN:VTODO
            UID:7A3B2C1D-REMINDER
            SUMMARY:Buy milk and a very long list of other things that makes this line fold at seve
             nty-five octets
            DUE;TZID=Europe/Berlin:20261224T180000
            X-APPLE-SORT-ORDER:123
            END:VTODO
            END:VCALENDAR
            """
        for crlf in [true, false] {
            let (task, warning) = try Self.resource(body, crlf: crlf)
            #expect(task.title.hasSuffix("at seventy-five octets") && task.due?.description == "2026-12-24T18:00")
            #expect(task.icalendar?.contains("X-APPLE-SORT-ORDER:123") == true && warning == nil)
        }
    }

    @Test func anEventIsNotAToDo() {
        let event = "BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VEVENT\nUID:e\nSUMMARY:Party\nEND:VEVENT\nEND:VCALENDAR\n"
        #expect(Self.refusal(event) == .notAToDo(component: "VEVENT"))
        #expect(Self.refusal(event)?.description == "a list holds to-dos (VTODO), not a VEVENT")
    }

    @Test func oneResourceHoldsOneToDo() {
        let two =
            "BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VTODO\nUID:a\nSUMMARY:A\nEND:VTODO\nBEGIN:VTODO\nUID:b\nSUMMARY:B\n"
            + "END:VTODO\nEND:VCALENDAR\n"
        #expect(Self.refusal(two) == .severalComponents(2))
        let mixed =
            "BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VTODO\nUID:a\nSUMMARY:A\nEND:VTODO\nBEGIN:VEVENT\nUID:e\nEND:VEVENT\n"
            + "END:VCALENDAR\n"
        #expect(Self.refusal(mixed) == .severalComponents(2))
        #expect(Self.refusal("BEGIN:VCALENDAR\nVERSION:2.0\nEND:VCALENDAR\n") == .severalComponents(0))
        #expect(
            Self.refusal("BEGIN:VCALENDAR\nVERSION:2.0\nEND:VCALENDAR\n")?.description == "the calendar holds no to-do")
    }

    @Test func whatIsNotICalendarIsRefusedSayingWhy() {
        for body in ["hello", "{\"title\": \"Milk\"}", "BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:x\n"] {
            guard case .notCalendarData = Self.refusal(body) else {
                Issue.record("\(body) was not refused as not iCalendar")
                continue
            }
        }
        let latin1 =
            Array("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:caf".utf8) + [0xE9]
            + Array("\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)
        guard case .notCalendarData = Self.refusal(latin1) else {
            Issue.record("text that is not UTF-8 was read")
            return
        }
    }

    /// The filter of a calendar-query asking for VTODOs with `inside`.
    static func query(_ inside: String) throws -> CalendarFilter {
        let text =
            #"<C:filter xmlns:C="urn:ietf:params:xml:ns:caldav"><C:comp-filter name="VCALENDAR">"#
            + #"<C:comp-filter name="VTODO">"# + inside + "</C:comp-filter></C:comp-filter></C:filter>"
        return try CalendarFilter(XMLReader.read(Array(text.utf8)))
    }

    /// A task as a calendar-query sees it: its due moment in the household's zone, its completion, its text, and
    /// the lines a client's import left on it.
    @Test func aTaskIsMatchedByTheFiltersClientsSend() throws {
        let due = try #require(Due(iso: "2026-12-24T18:00"))
        var milk = TodoTask(meta: RecordMeta(createdAt: fixedNow), title: "Buy Milk", taskwarriorJSON: nil, due: due)
        milk.icalendar = "CATEGORIES:Groceries,Dairy"
        var rent = TodoTask(meta: RecordMeta(createdAt: fixedNow), title: "Pay rent", taskwarriorJSON: nil)
        rent.isDone = true
        rent.doneAt = fixedNow
        let component = ICalendar.component(of: milk, zone: Self.zone)
        #expect(component.name == "VCALENDAR" && component.components.map(\.name) == ["VTODO"])
        // 18:00 in Berlin on Christmas Eve is 17:00 UTC.
        #expect(component.components[0].property("DUE")?.seconds == 1_798_131_600)
        let todo = { (task: TodoTask) in ICalendar.component(of: task, zone: Self.zone) }

        let evening = try Self.query(#"<C:time-range start="20261224T163000Z" end="20261224T173000Z"/>"#)
        #expect(evening.matches(todo(milk)))
        #expect(try !Self.query(#"<C:time-range start="20261225T000000Z"/>"#).matches(todo(milk)))
        let open = try Self.query(#"<C:prop-filter name="COMPLETED"><C:is-not-defined/></C:prop-filter>"#)
        #expect(open.matches(todo(milk)) && !open.matches(todo(rent)))
        let dairy = try Self.query(
            #"<C:prop-filter name="CATEGORIES"><C:text-match>dairy</C:text-match></C:prop-filter>"#)
        #expect(dairy.matches(todo(milk)) && !dairy.matches(todo(rent)))
        let summary = try Self.query(
            #"<C:prop-filter name="SUMMARY"><C:text-match>RENT</C:text-match></C:prop-filter>"#)
        #expect(summary.matches(todo(rent)) && !summary.matches(todo(milk)))
    }
}
