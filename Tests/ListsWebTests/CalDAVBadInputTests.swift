import Foundation
import ListsDAV
import ListsHTTP
import ListsModel
import Testing

@testable import ListsWeb

/// What a careless or hostile client sends: each refused with the protocol's status and precondition and a reason a
/// person can read, nothing changed; and what is odd but allowed (folded lines, LF line ends) read right.
@Suite("CalDAV: bad input")
struct CalDAVBadInputTests {
    typealias Setting = CalDAVResourceTests.Setting

    /// Puts `body` at a new name and checks the refusal: `status`, `condition` (when the protocol names one), a
    /// reason containing `reason`, and nothing changed in the store or over the API.
    static func refused(
        _ s: Setting, _ body: [UInt8], status: Int = 403, condition: XMLName?, reason: String,
        headers: [(String, String)] = [], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = try s.site.snapshot(s.home)
        let apiBefore = s.site.api("/api/v1/tasks", as: s.ann).text
        let answer = s.site.send("PUT", s.path("bad-input.ics"), as: s.ann, bytes: body, headers: headers)
        #expect(answer.status == status, "\(answer.text)", sourceLocation: sourceLocation)
        #expect(answer.condition == condition, "\(answer.text)", sourceLocation: sourceLocation)
        if condition != nil {
            #expect(
                answer.headers["Content-Type"]?.hasPrefix("application/xml") == true, sourceLocation: sourceLocation)
        }
        #expect(answer.reason.contains(reason), "\(answer.reason)", sourceLocation: sourceLocation)
        #expect(try s.site.snapshot(s.home) == before, sourceLocation: sourceLocation)
        #expect(s.site.api("/api/v1/tasks", as: s.ann).text == apiBefore, sourceLocation: sourceLocation)
        #expect(s.site.send("GET", s.path("bad-input.ics"), as: s.ann).status == 404, sourceLocation: sourceLocation)
    }

    static func refused(
        _ s: Setting, _ body: String, status: Int = 403, condition: XMLName?, reason: String,
        headers: [(String, String)] = [], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try refused(
            s, Array(body.utf8), status: status, condition: condition, reason: reason, headers: headers,
            sourceLocation: sourceLocation)
    }

    @Test func bodiesThatAreNotOneToDoAreRefusedWithCalDAVsPreconditions() throws {
        let s = try Setting()
        try Self.refused(s, "Buy milk tomorrow", condition: DAV.c("valid-calendar-data"), reason: "not iCalendar")
        try Self.refused(s, "", condition: DAV.c("valid-calendar-data"), reason: "BEGIN:VCALENDAR")
        try Self.refused(
            s, "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:x\r\nSUMMARY:Cut off\r\n",
            condition: DAV.c("valid-calendar-data"), reason: "END:VCALENDAR")
        let two = ICS.calendar([
            "BEGIN:VTODO", "UID:one", "SUMMARY:One", "END:VTODO", "BEGIN:VTODO", "UID:two", "SUMMARY:Two", "END:VTODO",
        ])
        try Self.refused(s, two, condition: DAV.c("valid-calendar-object-resource"), reason: "one to-do, not 2")
        let event = ICS.calendar([
            "BEGIN:VEVENT", "UID:party", "DTSTART:20261224T180000Z", "SUMMARY:Party", "END:VEVENT",
        ])
        try Self.refused(s, event, condition: DAV.c("supported-calendar-component"), reason: "not a VEVENT")
        let mixed = ICS.calendar([
            "BEGIN:VTODO", "UID:t", "SUMMARY:T", "END:VTODO", "BEGIN:VEVENT", "UID:e", "SUMMARY:E", "END:VEVENT",
        ])
        try Self.refused(s, mixed, condition: DAV.c("valid-calendar-object-resource"), reason: "2 components")
        try Self.refused(
            s, ICS.todo(uid: nil, summary: "No UID"), condition: DAV.c("valid-calendar-object-resource"),
            reason: "UID")
        try Self.refused(
            s, ICS.calendar(["BEGIN:VTODO", "UID:no-summary", "END:VTODO"]), condition: DAV.c("valid-calendar-data"),
            reason: "SUMMARY")
        try Self.refused(
            s, ICS.todo(uid: "p", summary: "P", ["PRIORITY:12"]), condition: DAV.c("valid-calendar-data"),
            reason: "PRIORITY")
        try Self.refused(
            s, ICS.todo(uid: "d", summary: "D", ["DUE:tomorrow"]), condition: DAV.c("valid-calendar-data"),
            reason: "DUE")
    }

    @Test func bytesThatAreNotUTF8AreRefused() throws {
        let s = try Setting()
        // "Café" in Latin-1.
        var body = Array(ICS.todo(uid: "latin", summary: "Caf").utf8)
        let at = try #require(body.indices.first { body[$0...].starts(with: Array("Caf\r\n".utf8)) })
        body.insert(0xE9, at: at + 3)
        try Self.refused(s, body, condition: DAV.c("valid-calendar-data"), reason: "UTF-8")
        // A lone continuation byte, an overlong encoding.
        for bad: [UInt8] in [[0x80], [0xC0, 0xAF]] {
            var other = Array(ICS.todo(uid: "bad", summary: "X").utf8)
            other.insert(contentsOf: bad, at: at + 1)
            try Self.refused(s, other, condition: DAV.c("valid-calendar-data"), reason: "UTF-8")
        }
    }

    @Test func aRepeatListsCannotFollowIsRefusedNotDropped() throws {
        let s = try Setting()
        for rule in ["FREQ=SECONDLY", "FREQ=HOURLY;INTERVAL=2", "FREQ=DAILY;BYHOUR=9,17", "FREQ=WEEKLY;BYWEEKNO=20"] {
            try Self.refused(
                s, ICS.todo(uid: "rep", summary: "Repeat", ["DUE;VALUE=DATE:20261201", "RRULE:\(rule)"]),
                condition: DAV.c("valid-calendar-data"), reason: "repeat")
        }
    }

    @Test func aBodyThatIsNotTextCalendarIsRefusedWith415() throws {
        let s = try Setting()
        let body = ICS.todo(uid: "json", summary: "As JSON")
        for type in ["application/json", "text/plain", "application/xml"] {
            try Self.refused(
                s, body, status: 415, condition: DAV.c("supported-calendar-data"), reason: "text/calendar",
                headers: [("Content-Type", type)])
        }
        // text/calendar with parameters, in any case, is taken.
        let put = s.site.put(
            s.path("typed.ics"), as: s.ann, ICS.todo(uid: "typed", summary: "Typed"),
            headers: [("Content-Type", "Text/Calendar; charset=UTF-8; component=VTODO")])
        #expect(put.status == 201)
    }

    @Test func linesFoldedAtOddPlacesAndLFLineEndsAreReadRight() throws {
        let s = try Setting()
        let folded =
            [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Folding//EN", "BEGIN:VTODO",
                // Folded inside the name, inside a parameter, right after the colon, and with a tab.
                "U", " ID:folded-1",
                "SUM", " MARY:Water the", "  garden before", "\tnoon",
                "DUE;VALUE=DA", " TE:20261224",
                "DESCRIPTION:", " A long note, folded right after its colon",
                "CATEGORIES:Gar", " den",
                "END:VTODO", "END:VCALENDAR",
            ].joined(separator: "\r\n") + "\r\n"
        let put = s.site.put(s.path("folded-1.ics"), as: s.ann, folded)
        #expect(put.status == 201, "\(put.text)")
        let stored = try #require(try s.site.tasks(s.home).first { $0.title.hasPrefix("Water") })
        #expect(stored.title == "Water the garden beforenoon")
        #expect(stored.due == Due(day: Day(year: 2026, month: 12, day: 24)!))
        #expect(stored.note == "A long note, folded right after its colon")
        #expect(s.site.send("GET", s.path("folded-1.ics"), as: s.ann).calendarLines.contains("CATEGORIES:Garden"))
        // LF alone, as some clients write.
        let lf = ICS.todo(uid: "lf-1", summary: "Plain LF", ["DUE:20261224T090000"])
            .replacingOccurrences(of: "\r\n", with: "\n")
        #expect(!lf.contains("\r"))
        #expect(s.site.put(s.path("lf-1.ics"), as: s.ann, lf).status == 201)
        #expect(try s.site.tasks(s.home).contains { $0.title == "Plain LF" && $0.due?.minute == 540 })
    }

    @Test func aLineFoldedInsideAUTF8SequenceIsReadRight() throws {
        // RFC 5545 3.1: a fold may fall inside a multi-octet character; unfolding restores the sequence.
        let s = try Setting()
        var body = Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Bytes//EN\r\nBEGIN:VTODO\r\nUID:octets\r\n".utf8)
        body += Array("SUMMARY:Caf".utf8) + [0xC3] + Array("\r\n ".utf8) + [0xA9]
        body += Array(" au lait\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)
        let put = s.site.send("PUT", s.path("octets.ics"), as: s.ann, bytes: body)
        #expect(put.status == 201, "\(put.text)")
        #expect(try s.site.tasks(s.home).contains { $0.title == "Café au lait" })
    }

    @Test func malformedAndHostileXMLIsRefusedWith400() throws {
        let s = try Setting()
        let calendar = CalDAVSite.calendar(s.ann, s.list)
        let before = try s.site.snapshot(s.home)
        let doctype = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>
            <d:propfind xmlns:d="DAV:"><d:prop><d:displayname>&lol2;</d:displayname></d:prop></d:propfind>
            """
        let external = """
            <?xml version="1.0"?>
            <!DOCTYPE d [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
            <d:propfind xmlns:d="DAV:"><d:prop><d:displayname>&xxe;</d:displayname></d:prop></d:propfind>
            """
        // Not well-formed, or not XML Lists reads (a DOCTYPE, its entities, another encoding).
        let malformed = [
            "<d:propfind xmlns:d=\"DAV:\"><d:prop><d:displayname/></d:propfind>",
            "<d:propfind xmlns:d=\"DAV:\"><d:prop><x:unbound/></d:prop></d:propfind>",
            "not xml at all",
            doctype,
            external,
            "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><d:propfind xmlns:d=\"DAV:\"><d:allprop/></d:propfind>",
        ]
        // Well-formed, but no PROPFIND.
        let notPropfinds = ["<d:propfind xmlns:d=\"DAV:\"/>", "<d:propertyupdate xmlns:d=\"DAV:\"/>"]
        for body in malformed + notPropfinds {
            for path in ["/dav/", s.ann.principal, s.ann.home, calendar, s.taskPath] {
                let answer = s.site.send("PROPFIND", path, as: s.ann, body: body, headers: [("Depth", "0")])
                #expect(answer.status == 400, "PROPFIND \(path) \(body): \(answer.text)")
                #expect(!answer.text.contains("root:"))
                #expect(!answer.reason.isEmpty)
            }
        }
        for body in malformed {
            let report = s.site.report(calendar, as: s.ann, body)
            #expect(report.status == 400, "REPORT \(body): \(report.text)")
        }
        // Reports with a bad inside: no filter, a time-range that ends before it starts, an unknown collation, a
        // sync-level Lists does not answer, a multiget with no href.
        for body in [
            "<c:calendar-query xmlns:d=\"DAV:\" xmlns:c=\"urn:ietf:params:xml:ns:caldav\"><d:prop/></c:calendar-query>",
            DAVBodies.query("<c:time-range start=\"20261231T000000Z\" end=\"20261201T000000Z\"/>"),
            DAVBodies.query("<c:time-range start=\"tomorrow\"/>"),
            DAVBodies.query(
                "<c:prop-filter name=\"SUMMARY\"><c:text-match collation=\"i;unicode\">x</c:text-match></c:prop-filter>"
            ),
            DAVBodies.sync("").replacingOccurrences(of: "<d:sync-level>1<", with: "<d:sync-level>infinite<"),
            "<c:calendar-multiget xmlns:d=\"DAV:\" xmlns:c=\"urn:ietf:params:xml:ns:caldav\"><d:prop/>"
                + "</c:calendar-multiget>",
        ] {
            let report = s.site.report(calendar, as: s.ann, body)
            #expect(report.status == 400, "REPORT \(body): \(report.text)")
            #expect(!report.reason.isEmpty)
        }
        #expect(try s.site.snapshot(s.home) == before)
    }

    @Test func malformedAndHostileXMLInAPropPatchOrMkCalendarIsRefusedWith400() throws {
        // The app promises a 4xx for anything a client sends; RFC 4918 8.2: a body that is not well-formed XML is 400.
        let s = try Setting()
        let before = try s.site.snapshot(s.home)
        let names = try s.site.listNames(s.home)
        let bodies = [
            "<d:propertyupdate xmlns:d=\"DAV:\"><d:set><d:prop><d:displayname>X</d:prop></d:set></d:propertyupdate>",
            "not xml",
            """
            <!DOCTYPE d [<!ENTITY a "aaaaaaaaaa">]>
            <d:propertyupdate xmlns:d="DAV:"><d:set><d:prop><d:displayname>&a;</d:displayname></d:prop></d:set>\
            </d:propertyupdate>
            """,
        ]
        for body in bodies {
            let patch = s.site.send("PROPPATCH", CalDAVSite.calendar(s.ann, s.list), as: s.ann, body: body)
            #expect(patch.status == 400, "PROPPATCH \(body): \(patch.status) \(patch.text)")
            let make = s.site.send(
                "MKCALENDAR", "/dav/calendars/ann/\(UUID().uuidString.lowercased())/", as: s.ann, body: body)
            #expect(make.status == 400, "MKCALENDAR \(body): \(make.status) \(make.text)")
        }
        #expect(try s.site.snapshot(s.home) == before)
        #expect(try s.site.listNames(s.home) == names)
    }

    @Test func aDepthOtherThan01OrInfinityIsRefused() throws {
        let s = try Setting()
        for path in ["/dav/", s.ann.principal, s.ann.home, CalDAVSite.calendar(s.ann, s.list)] {
            for depth in ["2", "-1", "one", ""] {
                let answer = s.site.propfind(path, as: s.ann, depth: depth, "<d:displayname/>")
                #expect(answer.status == 400, "\(path) Depth: \(depth)")
                #expect(answer.reason.contains("Depth"))
            }
            // infinity is answered as 1.
            #expect(s.site.propfind(path, as: s.ann, depth: "infinity", "<d:displayname/>").status == 207)
        }
    }

    @Test func calDAVPathsMayHaveBodiesOf1MiBAndTheRestKeepTheirLimit() throws {
        let site = try CalDAVSite()
        #expect(CalDAVController.bodyLimit == 1024 * 1024)
        for (method, path) in [
            ("PUT", "/dav/calendars/ann/8d0b7c3e-0000-4000-8000-000000000000/big.ics"),
            ("REPORT", "/dav/calendars/ann/8d0b7c3e-0000-4000-8000-000000000000/"),
            ("PROPFIND", "/dav/"), ("PROPFIND", "/"), ("PROPPATCH", "/dav/calendars/ann/x/"),
            ("MKCALENDAR", "/dav/calendars/ann/y/"),
        ] {
            #expect(site.app.handling(method: method, path: path).bodyLimit == 1024 * 1024, "\(method) \(path)")
        }
        // Not the site's other paths, nor a page's GET of the root.
        #expect(site.app.handling(method: "GET", path: "/").bodyLimit != 1024 * 1024)
        #expect(site.app.handling(method: "POST", path: "/api/v1/tasks").bodyLimit != 1024 * 1024)
        #expect(site.app.handling(method: "PUT", path: "/davx/thing").bodyLimit != 1024 * 1024)
    }

    @Test func aResourceNameWithControlCharactersOrPathTricksFindsNothing() throws {
        let s = try Setting()
        let before = try s.site.snapshot(s.home)
        let calendar = CalDAVSite.calendar(s.ann, s.list)
        let control = s.site.put(calendar + "a\u{1}b.ics", as: s.ann, ICS.todo(uid: "a\u{1}b", summary: "Ctl"))
        #expect(control.status == 400)
        let long = s.site.put(
            calendar + String(repeating: "n", count: 300) + ".ics", as: s.ann, ICS.todo(uid: "long", summary: "Long"))
        #expect(long.status == 400)
        for path in [
            calendar + "../" + s.task.id.uuidString + ".ics", calendar + "./x.ics", "/dav/calendars/ann//x.ics",
            calendar + "sub/x.ics", "/dav/calendars/../principals/ann/",
        ] {
            let answer = s.site.put(path, as: s.ann, ICS.todo(uid: "trick", summary: "Trick"))
            #expect(answer.status == 404, "\(path): \(answer.status)")
        }
        #expect(try s.site.snapshot(s.home) == before)
    }

    @Test func anUnsupportedReportIsRefusedWithTheSupportedReportPrecondition() throws {
        // RFC 3253 3.6 (DAV:supported-report), and RFC 4791 7.10's free-busy-query is for calendars of events.
        let s = try Setting()
        let freeBusy = """
            <c:free-busy-query xmlns:c="urn:ietf:params:xml:ns:caldav">
              <c:time-range start="20261201T000000Z" end="20261231T000000Z"/>
            </c:free-busy-query>
            """
        let answer = s.site.report(CalDAVSite.calendar(s.ann, s.list), as: s.ann, freeBusy)
        #expect(answer.status == 403, "\(answer.status) \(answer.text)")
        #expect(answer.condition == DAV.d("supported-report"))
    }
}
