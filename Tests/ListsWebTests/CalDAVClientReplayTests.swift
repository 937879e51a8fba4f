import Foundation
import ListsDAV
import ListsHTTP
import ListsInterchange
import ListsModel
import Testing

@testable import ListsWeb

/// Requests as Apple's Reminders (iOS dataaccessd) and DAVx5 (dav4jvm, for Tasks.org and jtx Board) send them, in
/// the order they send them, with the bodies their logs in public issue threads show: namespaces bound as each
/// client binds them, properties Lists does not have answered in a 404 propstat, never refused.
@Suite("CalDAV: Apple's Reminders and DAVx5, replayed")
struct CalDAVClientReplayTests {
    /// Ann in Home with "Groceries" holding "Milk".
    struct Setting {
        let site: CalDAVSite
        let home: Household
        let ann: CalDAVSite.Member
        let list: TaskList
        let milk: TodoTask

        init() throws {
            site = try CalDAVSite()
            home = try site.home
            ann = try site.member("ann", of: [home])
            list = try site.list("Groceries", in: home)
            milk = try site.task("Milk", on: list, in: home)
        }

        var calendar: String { CalDAVSite.calendar(ann, list) }

        func send(
            _ method: String, _ path: String, _ body: String, _ headers: [(String, String)]
        ) -> DAVAnswer {
            site.send(method, path, as: ann, body: body, headers: headers)
        }
    }

    // MARK: Apple

    static let appleHeaders = [
        ("User-Agent", "iOS/18.1.1 (22B91) dataaccessd/1.0"), ("Prefer", "return=minimal"), ("Brief", "t"),
        ("Accept", "*/*"), ("Content-Type", "text/xml"),
    ]

    static let applePrincipalProbe = """
        <?xml version="1.0" encoding="UTF-8"?>
        <A:propfind xmlns:A="DAV:">
          <A:prop>
            <A:current-user-principal/>
            <A:principal-URL/>
            <A:resourcetype/>
          </A:prop>
        </A:propfind>
        """

    static let applePrincipal = """
        <?xml version="1.0" encoding="UTF-8"?>
        <A:propfind xmlns:A="DAV:">
          <A:prop>
            <B:calendar-home-set xmlns:B="urn:ietf:params:xml:ns:caldav"/>
            <B:calendar-user-address-set xmlns:B="urn:ietf:params:xml:ns:caldav"/>
            <A:current-user-principal/>
            <A:displayname/>
            <C:dropbox-home-URL xmlns:C="http://calendarserver.org/ns/"/>
            <C:email-address-set xmlns:C="http://calendarserver.org/ns/"/>
            <C:notification-URL xmlns:C="http://calendarserver.org/ns/"/>
            <A:principal-collection-set/>
            <A:principal-URL/>
            <A:resource-id/>
            <B:schedule-inbox-URL xmlns:B="urn:ietf:params:xml:ns:caldav"/>
            <B:schedule-outbox-URL xmlns:B="urn:ietf:params:xml:ns:caldav"/>
            <A:supported-report-set/>
          </A:prop>
        </A:propfind>
        """

    static let appleHome = """
        <?xml version="1.0" encoding="UTF-8"?>
        <A:propfind xmlns:A="DAV:">
          <A:prop>
            <A:add-member/>
            <C:allowed-sharing-modes xmlns:C="http://calendarserver.org/ns/"/>
            <D:autoprovisioned xmlns:D="http://apple.com/ns/ical/"/>
            <E:bulk-requests xmlns:E="http://me.com/_namespace/"/>
            <B:calendar-alarm xmlns:B="urn:ietf:params:xml:ns:caldav"/>
            <D:calendar-color xmlns:D="http://apple.com/ns/ical/"/>
            <B:calendar-description xmlns:B="urn:ietf:params:xml:ns:caldav"/>
            <B:calendar-free-busy-set xmlns:B="urn:ietf:params:xml:ns:caldav"/>
            <D:calendar-order xmlns:D="http://apple.com/ns/ical/"/>
            <B:calendar-timezone xmlns:B="urn:ietf:params:xml:ns:caldav"/>
            <A:current-user-privilege-set/>
            <B:default-alarm-vevent-date xmlns:B="urn:ietf:params:xml:ns:caldav"/>
            <A:displayname/>
            <C:getctag xmlns:C="http://calendarserver.org/ns/"/>
            <C:invite xmlns:C="http://calendarserver.org/ns/"/>
            <D:language-code xmlns:D="http://apple.com/ns/ical/"/>
            <B:max-attendees-per-instance xmlns:B="urn:ietf:params:xml:ns:caldav"/>
            <A:owner/>
            <C:pushkey xmlns:C="http://calendarserver.org/ns/"/>
            <A:quota-available-bytes/>
            <D:refreshrate xmlns:D="http://apple.com/ns/ical/"/>
            <A:resource-id/>
            <A:resourcetype/>
            <B:schedule-calendar-transp xmlns:B="urn:ietf:params:xml:ns:caldav"/>
            <C:source xmlns:C="http://calendarserver.org/ns/"/>
            <C:subscribed-strip-todos xmlns:C="http://calendarserver.org/ns/"/>
            <B:supported-calendar-component-set xmlns:B="urn:ietf:params:xml:ns:caldav"/>
            <B:supported-calendar-component-sets xmlns:B="urn:ietf:params:xml:ns:caldav"/>
            <A:supported-report-set/>
            <A:sync-token/>
          </A:prop>
        </A:propfind>
        """

    /// A reminder as iOS Reminders writes one: its own PRODID, a VTIMEZONE for its due time's zone, an alarm at a
    /// moment, its sort order.
    static func appleReminder(uid: String, summary: String, status: String = "NEEDS-ACTION", extra: [String] = [])
        -> String
    {
        let lines =
            [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Apple Inc.//iOS 18.1.1//EN", "CALSCALE:GREGORIAN",
                "BEGIN:VTIMEZONE", "TZID:Europe/Berlin",
                "BEGIN:DAYLIGHT", "TZOFFSETFROM:+0100", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
                "DTSTART:19810329T020000", "TZNAME:CEST", "TZOFFSETTO:+0200", "END:DAYLIGHT",
                "BEGIN:STANDARD", "TZOFFSETFROM:+0200", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
                "DTSTART:19961027T030000", "TZNAME:CET", "TZOFFSETTO:+0100", "END:STANDARD",
                "END:VTIMEZONE",
                "BEGIN:VTODO", "CREATED:20261201T081500Z", "DTSTAMP:20261201T081512Z",
                "DUE;TZID=Europe/Berlin:20261224T100000", "LAST-MODIFIED:20261201T081512Z", "SEQUENCE:0",
                "STATUS:\(status)", "SUMMARY:\(summary)", "UID:\(uid)", "X-APPLE-SORT-ORDER:754819200",
            ] + extra + [
                "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER;VALUE=DATE-TIME:20261224T084500Z",
                "UID:\(uid)-ALARM", "X-WR-ALARMUID:\(uid)-ALARM", "END:VALARM",
                "END:VTODO", "END:VCALENDAR",
            ]
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    @Test func appleRemindersDiscoversTheListsAndSyncsAReminder() throws {
        let s = try Setting()
        let headers = Self.appleHeaders
        // It starts at the well-known address, with a PROPFIND, and follows the redirect.
        let wellKnown = s.send("PROPFIND", "/.well-known/caldav", Self.applePrincipalProbe, headers + [("Depth", "0")])
        #expect(wellKnown.status == 301)
        let root = try #require(wellKnown.headers["Location"])
        let probe = s.send("PROPFIND", root, Self.applePrincipalProbe, headers + [("Depth", "0")])
        #expect(probe.status == 207, "\(probe.text)")
        #expect(probe.responses.first?.href(in: DAV.d("current-user-principal")) == s.ann.principal)
        #expect(probe.responses.first?.href(in: DAV.d("principal-URL")) == s.ann.principal)
        // The principal: the home, and a 404 propstat for what Lists has not.
        let principal = s.send("PROPFIND", s.ann.principal, Self.applePrincipal, headers + [("Depth", "0")])
        #expect(principal.status == 207, "\(principal.text)")
        let me = try #require(principal.response(s.ann.principal))
        #expect(me.href(in: DAV.c("calendar-home-set")) == s.ann.home)
        #expect(me.status(of: DAV.c("schedule-inbox-URL")) == 404)
        #expect(me.status(of: DAV.cs("notification-URL")) == 404)
        #expect(me.status(of: DAV.d("displayname")) == 200)
        // OPTIONS on the home, then its calendars.
        #expect(
            s.site.send("OPTIONS", s.ann.home, as: nil, headers: headers).headers["DAV"]?.contains("calendar-access")
                == true)
        let home = s.send("PROPFIND", s.ann.home, Self.appleHome, headers + [("Depth", "1")])
        #expect(home.status == 207, "\(home.text)")
        let calendar = try #require(home.response(s.calendar))
        #expect(calendar.value(DAV.d("displayname")) == "Groceries")
        #expect(calendar.value(DAV.cs("getctag"))?.isEmpty == false)
        #expect(calendar.value(DAV.d("sync-token"))?.isEmpty == false)
        #expect(
            calendar.property(DAV.c("supported-calendar-component-set"))?.children.first?.attribute("name") == "VTODO")
        for missing in [DAV.ical("calendar-color"), DAV.ical("calendar-order"), DAV.cs("pushkey"), DAV.d("add-member")]
        {
            #expect(calendar.status(of: missing) == 404, "\(missing)")
        }
        #expect(calendar.names(404).contains(XMLName("http://me.com/_namespace/", "bulk-requests")))
        // A new reminder: PUT with If-None-Match, then read back by a sync. (The test's clock is 2026-11-30 05:45Z.)
        let uid = "9E3B56C1-2A4F-4D0B-B7E8-1C5A3F2D4E60"
        let put = s.send(
            "PUT", s.calendar + "\(uid).ics", Self.appleReminder(uid: uid, summary: "Eggs"),
            [
                ("User-Agent", "iOS/18.1.1 (22B91) dataaccessd/1.0"), ("Content-Type", "text/calendar"),
                ("If-None-Match", "*"),
            ])
        #expect(put.status == 201, "\(put.text)")
        let etag = try #require(put.headers["ETag"])
        let stored = try #require(try s.site.stored(UUID(uuidString: uid)!, in: s.home))
        #expect(stored.title == "Eggs")
        // 10:00 in Berlin is 09:00 UTC, the household's zone; the alarm at its moment is the reminder.
        #expect(stored.due == Due(day: Day(year: 2026, month: 12, day: 24)!, minute: 9 * 60))
        #expect(stored.remindAt == Due(day: Day(year: 2026, month: 12, day: 24)!, minute: 8 * 60 + 45))
        let sync = s.send(
            "REPORT", s.calendar,
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <A:sync-collection xmlns:A="DAV:">
              <A:sync-token/>
              <A:sync-level>1</A:sync-level>
              <A:prop>
                <A:getcontenttype/>
                <A:getetag/>
              </A:prop>
            </A:sync-collection>
            """, headers + [("Depth", "0")])
        #expect(sync.status == 207)
        #expect(sync.response(s.calendar + "\(uid).ics")?.value(DAV.d("getetag")) == etag)
        #expect(sync.syncToken != nil)
        // Checked off in Reminders: the same body, completed, with If-Match.
        let done = s.send(
            "PUT", s.calendar + "\(uid).ics",
            Self.appleReminder(uid: uid, summary: "Eggs", status: "COMPLETED", extra: ["COMPLETED:20261130T050000Z"]),
            [("Content-Type", "text/calendar"), ("If-Match", etag)])
        #expect(done.status == 204, "\(done.text)")
        #expect(try s.site.stored(UUID(uuidString: uid)!, in: s.home)?.isDone == true)
        let lines = s.site.send("GET", s.calendar + "\(uid).ics", as: s.ann).calendarLines
        #expect(lines.contains("X-APPLE-SORT-ORDER:754819200"))
        #expect(lines.contains("STATUS:COMPLETED"))
        #expect(lines.contains("COMPLETED:20261130T050000Z"))
        // Deleted in Reminders.
        let current = try #require(s.site.send("GET", s.calendar + "\(uid).ics", as: s.ann).headers["ETag"])
        #expect(s.send("DELETE", s.calendar + "\(uid).ics", "", [("If-Match", current)]).status == 204)
        #expect(try s.site.stored(UUID(uuidString: uid)!, in: s.home) == nil)
    }

    // MARK: DAVx5

    static let davx5Headers = [
        ("User-Agent", "DAVx5/4.4.3-ose (2024/09/19; dav4jvm; okhttp/4.12.0) Android/14"),
        ("Accept", "text/xml"), ("Content-Type", "application/xml; charset=utf-8"),
    ]

    static func davx5Propfind(_ properties: String) -> String {
        """
        <?xml version='1.0' encoding='UTF-8' ?><propfind xmlns="DAV:" xmlns:CAL="urn:ietf:params:xml:ns:caldav" \
        xmlns:CARD="urn:ietf:params:xml:ns:carddav"><prop>\(properties)</prop></propfind>
        """
    }

    @Test func davx5DiscoversSyncsAndUploadsATasksOrgTask() throws {
        let s = try Setting()
        let headers = Self.davx5Headers
        // The address the user typed: the principal from the server's root.
        let start = s.send(
            "PROPFIND", "/",
            Self.davx5Propfind(
                "<resourcetype /><displayname /><current-user-principal /><CARD:addressbook-home-set />"
                    + "<CAL:calendar-home-set />"),
            headers + [("Depth", "0")])
        #expect(start.status == 207, "\(start.text)")
        #expect(start.responses.first?.href(in: DAV.d("current-user-principal")) == s.ann.principal)
        #expect(
            start.responses.first?.status(of: XMLName("urn:ietf:params:xml:ns:carddav", "addressbook-home-set")) == 404)
        let principal = s.send(
            "PROPFIND", s.ann.principal,
            Self.davx5Propfind("<CAL:calendar-home-set /><CARD:addressbook-home-set /><group-membership />"),
            headers + [("Depth", "0")])
        #expect(principal.response(s.ann.principal)?.href(in: DAV.c("calendar-home-set")) == s.ann.home)
        let home = s.send(
            "PROPFIND", s.ann.home,
            Self.davx5Propfind(
                """
                <resourcetype /><displayname /><owner /><current-user-privilege-set />\
                <n0:calendar-color xmlns:n0="http://apple.com/ns/ical/" /><CAL:calendar-description />\
                <CAL:calendar-timezone /><CAL:supported-calendar-component-set />\
                <n1:source xmlns:n1="http://calendarserver.org/ns/" />
                """), headers + [("Depth", "1")])
        #expect(home.status == 207, "\(home.text)")
        let calendar = try #require(home.response(s.calendar))
        #expect(calendar.property(DAV.d("resourcetype"))?.child(DAV.c("calendar")) != nil)
        #expect(
            calendar.property(DAV.c("supported-calendar-component-set"))?.children.map { $0.attribute("name") } == [
                "VTODO"
            ])
        #expect(calendar.status(of: DAV.ical("calendar-color")) == 404)
        #expect(calendar.href(in: DAV.d("owner")) == s.ann.principal)
        // The calendar, before each sync (as DAVx5's log shows it).
        let state = s.send(
            "PROPFIND", s.calendar,
            Self.davx5Propfind(
                "<CAL:max-resource-size /><supported-report-set />"
                    + "<n0:getctag xmlns:n0=\"http://calendarserver.org/ns/\" /><sync-token />"),
            headers + [("Depth", "0")])
        #expect(state.status == 207, "\(state.text)")
        let info = try #require(state.response(s.calendar))
        #expect(Int(info.value(DAV.c("max-resource-size")) ?? "") ?? 0 > 0)
        let token = try #require(info.value(DAV.d("sync-token")))
        // A first sync, then the bodies by multiget.
        let sync = s.send(
            "REPORT", s.calendar,
            """
            <?xml version='1.0' encoding='UTF-8' ?><sync-collection xmlns="DAV:" \
            xmlns:CAL="urn:ietf:params:xml:ns:caldav"><sync-token /><sync-level>1</sync-level><prop>\
            <getetag /></prop></sync-collection>
            """, headers + [("Depth", "0")])
        #expect(sync.status == 207, "\(sync.text)")
        #expect(sync.syncToken == token)
        let milk = CalDAVSite.resource(s.ann, s.list, s.milk)
        #expect(sync.hrefs == [milk])
        let multiget = s.send(
            "REPORT", s.calendar,
            """
            <?xml version='1.0' encoding='UTF-8' ?><CAL:calendar-multiget xmlns="DAV:" \
            xmlns:CAL="urn:ietf:params:xml:ns:caldav"><prop><getcontenttype /><getetag /><CAL:calendar-data />\
            </prop><href>\(milk)</href></CAL:calendar-multiget>
            """, headers + [("Depth", "0")])
        #expect(multiget.status == 207)
        #expect(multiget.response(milk)?.value(DAV.c("calendar-data"))?.contains("SUMMARY:Milk") == true)
        #expect(multiget.response(milk)?.value(DAV.d("getcontenttype"))?.hasPrefix("text/calendar") == true)
        // Nothing changed since: an empty sync with the same token.
        let again = s.send(
            "REPORT", s.calendar,
            """
            <?xml version='1.0' encoding='UTF-8' ?><sync-collection xmlns="DAV:"><sync-token>\(token)</sync-token>\
            <sync-level>1</sync-level><prop><getetag /></prop></sync-collection>
            """, headers + [("Depth", "0")])
        #expect(again.status == 207)
        #expect(again.responses.isEmpty)
        // Tasks.org's subtask with a tag, uploaded by DAVx5.
        let uid = "4115842637785148722"
        let body =
            [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:+//IDN tasks.org//android-140300//EN",
                "BEGIN:VTODO", "DTSTAMP:20261201T093000Z", "UID:\(uid)", "CREATED:20261201T092959Z",
                "LAST-MODIFIED:20261201T093000Z", "SUMMARY:Oat milk, the barista one", "PRIORITY:9",
                "CATEGORIES:Shops", "RELATED-TO:\(s.milk.id.uuidString)", "X-APPLE-SORT-ORDER:-1",
                "DUE;VALUE=DATE:20261205", "STATUS:NEEDS-ACTION", "PERCENT-COMPLETE:0", "END:VTODO", "END:VCALENDAR",
            ].joined(separator: "\r\n") + "\r\n"
        let put = s.send(
            "PUT", s.calendar + "\(uid).ics", body,
            [("Content-Type", "text/calendar; charset=utf-8"), ("If-None-Match", "*")])
        #expect(put.status == 201, "\(put.text)")
        let stored = try #require(try s.site.stored(ICalendar.id(forUID: uid), in: s.home))
        #expect(stored.title == "Oat milk, the barista one")
        #expect(stored.due == Due(day: Day(year: 2026, month: 12, day: 5)!))
        let lines = s.site.send("GET", s.calendar + "\(uid).ics", as: s.ann).calendarLines
        for kept in [
            "CATEGORIES:Shops", "RELATED-TO:\(s.milk.id.uuidString)", "X-APPLE-SORT-ORDER:-1", "PERCENT-COMPLETE:0",
            "CREATED:20261201T092959Z",
        ] {
            #expect(lines.contains(kept), "\(kept)")
        }
        #expect(ICS.value("SUMMARY", in: lines) == "Oat milk\\, the barista one")
        // The next sync sees a new token and, from the start, both tasks.
        let later = s.send(
            "PROPFIND", s.calendar,
            Self.davx5Propfind("<n0:getctag xmlns:n0=\"http://calendarserver.org/ns/\" /><sync-token />"),
            headers + [("Depth", "0")])
        #expect(later.response(s.calendar)?.value(DAV.d("sync-token")) != token)
        let resync = s.send(
            "REPORT", s.calendar,
            """
            <sync-collection xmlns="DAV:"><sync-token /><sync-level>1</sync-level><prop><getetag /></prop>\
            </sync-collection>
            """, headers + [("Depth", "0")])
        #expect(Set(resync.hrefs) == [milk, s.calendar + "\(uid).ics"])
    }

    @Test func aFirstSyncIsPagedByTheClientsLimit() throws {
        // RFC 6578 3.6: a truncated answer says so with 507 on the collection, and its token goes on from there.
        let s = try Setting()
        for title in ["Bread", "Butter", "Jam", "Tea"] { try s.site.task(title, on: s.list, in: s.home) }
        func page(_ token: String) -> DAVAnswer {
            s.site.report(
                s.calendar, as: s.ann,
                DAVBodies.sync(token).replacingOccurrences(
                    of: "<d:prop>", with: "<d:limit><d:nresults>2</d:nresults></d:limit><d:prop>"))
        }
        var seen: [String] = []
        var token = ""
        var pages = 0
        while pages < 10 {
            let answer = page(token)
            #expect(answer.status == 207, "\(answer.text)")
            pages += 1
            let truncated = answer.response(s.calendar)?.status == 507
            seen += answer.hrefs.filter { $0 != s.calendar }
            token = try #require(answer.syncToken)
            if !truncated { break }
            #expect(answer.hrefs.count == 3)
        }
        #expect(pages == 3)
        #expect(seen.count == 5)
        #expect(Set(seen).count == 5)
        // The last token is the calendar's, and nothing more comes with it.
        #expect(
            s.site.propfind(s.calendar, as: s.ann, "<d:sync-token/>").response(s.calendar)?.value(DAV.d("sync-token"))
                == token)
        #expect(page(token).responses.isEmpty)
    }
}
