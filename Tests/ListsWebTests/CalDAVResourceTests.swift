import Foundation
import ListsDAV
import ListsHTTP
import ListsInterchange
import ListsModel
import Testing

@testable import ListsWeb

/// Tasks as CalDAV resources: read, put new and again, under the client's own names, with the lines Lists keeps as
/// they came, guarded by ETags, deleted, moved between lists, and announced to open pages.
@Suite("CalDAV: to-dos as resources")
struct CalDAVResourceTests {
    /// Ann in Home with a list "Chores" holding "Sweep".
    struct Setting {
        let site: CalDAVSite
        let home: Household
        let ann: CalDAVSite.Member
        let list: TaskList
        let task: TodoTask

        init() throws {
            site = try CalDAVSite()
            home = try site.home
            ann = try site.member("ann", of: [home])
            list = try site.list("Chores", in: home)
            task = try site.task("Sweep", on: list, in: home, due: Due(day: Day(year: 2026, month: 12, day: 24)!))
        }

        func path(_ name: String) -> String { CalDAVSite.resource(ann, list, name) }
        var taskPath: String { CalDAVSite.resource(ann, list, task) }
    }

    @Test func aTaskMadeInListsIsReadWithItsETag() throws {
        let s = try Setting()
        let got = s.site.send("GET", s.taskPath, as: s.ann)
        #expect(got.status == 200)
        #expect(got.headers["Content-Type"]?.hasPrefix("text/calendar") == true)
        let etag = try #require(got.headers["ETag"])
        #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && !etag.hasPrefix("W/"))
        #expect(got.headers["Last-Modified"]?.hasSuffix(" GMT") == true)
        let lines = got.calendarLines
        #expect(lines.first == "BEGIN:VCALENDAR" && lines.last == "END:VCALENDAR")
        #expect(lines.filter { $0 == "BEGIN:VTODO" }.count == 1)
        #expect(ICS.value("UID", in: lines) == s.task.id.uuidString)
        #expect(ICS.value("SUMMARY", in: lines) == "Sweep")
        #expect(lines.contains("DUE;VALUE=DATE:20261224"))
        #expect(lines.contains("STATUS:NEEDS-ACTION"))
        #expect(got.text.contains("\r\n"))
        // HEAD: the same headers, no body.
        let head = s.site.send("HEAD", s.taskPath, as: s.ann)
        #expect(head.status == 200 && head.body.isEmpty)
        #expect(head.headers["ETag"] == etag)
        // The PROPFIND of the resource and the listing give the same ETag.
        let found = s.site.propfind(s.taskPath, as: s.ann, "<d:getetag/>")
        #expect(found.response(s.taskPath)?.value(DAV.d("getetag")) == etag)
    }

    @Test func aNewToDoPutAtUIDicsIsMadeOnTheListAndReadBack() throws {
        let s = try Setting()
        let uid = "7C3F2B1A-0D9E-4C8B-A7F6-E5D4C3B2A190"
        let put = s.site.put(
            s.path("\(uid).ics"), as: s.ann,
            ICS.todo(
                uid: uid, summary: "Buy stamps", ["DUE:20261220T100000", "PRIORITY:1", "DESCRIPTION:First class"]),
            headers: [("If-None-Match", "*")])
        #expect(put.status == 201, "\(put.text)")
        let etag = try #require(put.headers["ETag"])
        let stored = try #require(try s.site.stored(UUID(uuidString: uid)!, in: s.home))
        #expect(stored.title == "Buy stamps")
        #expect(stored.list == s.list.id.uuidString)
        #expect(stored.due == Due(day: Day(year: 2026, month: 12, day: 20)!, minute: 600))
        #expect(stored.note == "First class")
        #expect(stored.priority != nil)
        let got = s.site.send("GET", s.path("\(uid).ics"), as: s.ann)
        #expect(got.status == 200)
        #expect(got.headers["ETag"] == etag)
        #expect(ICS.value("UID", in: got.calendarLines) == uid)
        #expect(ICS.value("SUMMARY", in: got.calendarLines) == "Buy stamps")
        // A UID that is no UUID (Thunderbird's, with an @) names the task by itself: put, listed, read back.
        let thunderbird = "040000008200E00074C5B7101A82E008@example.org"
        let other = s.site.put(s.path("\(thunderbird).ics"), as: s.ann, ICS.todo(uid: thunderbird, summary: "Call"))
        #expect(other.status == 201)
        let listing = s.site.propfind(CalDAVSite.calendar(s.ann, s.list), as: s.ann, depth: "1", "<d:getetag/>")
        #expect(listing.hrefs.contains(s.path("\(thunderbird).ics")))
        #expect(
            ICS.value("UID", in: s.site.send("GET", s.path("\(thunderbird).ics"), as: s.ann).calendarLines)
                == thunderbird)
        // The API shows both, as the pages do.
        let api = s.site.api("/api/v1/tasks", as: s.ann).text
        #expect(api.contains("Buy stamps") && api.contains("Call"))
    }

    @Test func aToDoPutUnderANameThatIsNotItsUIDKeepsBoth() throws {
        let s = try Setting()
        let name = "my reminder 1.ics"
        let put = s.site.put(s.path(name), as: s.ann, ICS.todo(uid: "client-uid-42", summary: "Water plants"))
        #expect(put.status == 201, "\(put.text)")
        let got = s.site.send("GET", s.path(name), as: s.ann)
        #expect(got.status == 200)
        #expect(ICS.value("UID", in: got.calendarLines) == "client-uid-42")
        #expect(!got.text.contains("X-LISTS"))
        // Listed under its name, percent-encoded, and found by it in a multiget.
        let encoded = CalDAVSite.calendar(s.ann, s.list) + "my%20reminder%201.ics"
        let listing = s.site.propfind(CalDAVSite.calendar(s.ann, s.list), as: s.ann, depth: "1", "<d:getetag/>")
        #expect(listing.hrefs.contains(encoded), "\(listing.hrefs)")
        let multiget = s.site.report(CalDAVSite.calendar(s.ann, s.list), as: s.ann, DAVBodies.multiget([encoded]))
        #expect(multiget.responses.first?.status == nil)
        #expect(multiget.responses.first?.value(DAV.c("calendar-data"))?.contains("SUMMARY:Water plants") == true)
        // Not under the name its UID would give.
        #expect(s.site.send("GET", s.path("client-uid-42.ics"), as: s.ann).status == 404)
        // Put again at its name: the same task changed, still under that name.
        let again = s.site.put(
            s.path(name), as: s.ann, ICS.todo(uid: "client-uid-42", summary: "Water the plants"),
            headers: [("If-Match", try #require(got.headers["ETag"]))])
        #expect(again.status == 204)
        #expect(try s.site.tasks(s.home).filter { $0.title.hasPrefix("Water") }.map(\.title) == ["Water the plants"])
    }

    /// A database restored from a backup keeps a to-do's name with its lines but not the server's key to it: the
    /// to-do is still found under that name, read and put again.
    @Test func aToDoUnderItsOwnNameIsFoundWithoutTheServersKeyToIt() throws {
        let s = try Setting()
        let name = "my reminder 2.ics"
        #expect(
            s.site.put(s.path(name), as: s.ann, ICS.todo(uid: "client-uid-43", summary: "Feed the cat")).status == 201)
        let key = "caldav-name:\(s.home.id.rawValue):\(s.list.id.text.lowercased()):\(name)"
        #expect(try s.site.store.read { try $0.setting(key) } != nil)
        try s.site.store.write { try $0.removeSetting(key) }
        let got = s.site.send("GET", s.path(name), as: s.ann)
        #expect(got.status == 200, "\(got.status)")
        try s.site.store.write { try $0.removeSetting(key) }
        let again = s.site.put(
            s.path(name), as: s.ann, ICS.todo(uid: "client-uid-43", summary: "Feed the cats"),
            headers: [("If-Match", try #require(got.headers["ETag"]))])
        #expect(again.status == 204, "\(again.status) \(again.text)")
        #expect(
            try s.site.tasks(s.home).filter { $0.title.hasPrefix("Feed the cat") }.map(\.title) == ["Feed the cats"])
    }

    @Test func linesListsDoesNotReadComeBackAsTheyWereSent() throws {
        let s = try Setting()
        let uid = "kept-lines-1"
        let kept = [
            "CATEGORIES:Home,Errands",
            "RELATED-TO;RELTYPE=PARENT:parent-uid-7",
            "X-APPLE-SORT-ORDER:728391045",
            "BEGIN:VALARM",
            "ACTION:DISPLAY",
            "DESCRIPTION:Reminder",
            "TRIGGER;RELATED=END:-PT15M",
            "END:VALARM",
            "X-CUSTOM-NOTE;X-PARAM=\"a;b:c\":value with \\, comma",
        ]
        let put = s.site.put(
            s.path("\(uid).ics"), as: s.ann, ICS.todo(uid: uid, summary: "Tidy", ["DUE:20261222T090000"] + kept))
        #expect(put.status == 201, "\(put.text)")
        let lines = s.site.send("GET", s.path("\(uid).ics"), as: s.ann).calendarLines
        for line in kept { #expect(lines.contains(line), "\(line) in \(lines)") }
        // The alarm comes back whole and in its order.
        let start = try #require(lines.firstIndex(of: "BEGIN:VALARM"))
        #expect(Array(lines[start..<(start + 5)]) == Array(kept[3...7]))
        // Put again with a new title (as a client does): the kept lines stay as the client sent them.
        let etag = try #require(s.site.send("GET", s.path("\(uid).ics"), as: s.ann).headers["ETag"])
        let again = s.site.put(
            s.path("\(uid).ics"), as: s.ann, ICS.todo(uid: uid, summary: "Tidy up", ["DUE:20261222T090000"] + kept),
            headers: [("If-Match", etag)])
        #expect(again.status == 204)
        let after = s.site.send("GET", s.path("\(uid).ics"), as: s.ann).calendarLines
        for line in kept { #expect(after.contains(line), "\(line)") }
        #expect(ICS.value("SUMMARY", in: after) == "Tidy up")
        // A client that drops a line drops it.
        let third = s.site.put(
            s.path("\(uid).ics"), as: s.ann, ICS.todo(uid: uid, summary: "Tidy up", Array(kept.dropFirst())))
        #expect(third.status == 204)
        #expect(!s.site.send("GET", s.path("\(uid).ics"), as: s.ann).calendarLines.contains(kept[0]))
    }

    @Test func aStaleIfMatchAndIfNoneMatchOnAnExistingToDoAreRefusedWith412() throws {
        let s = try Setting()
        let etag = try #require(s.site.send("GET", s.taskPath, as: s.ann).headers["ETag"])
        let uid = s.task.id.uuidString
        // Someone changes the task in Lists meanwhile.
        try s.site.lists(s.home).todo.edit(.id(s.task.id), title: "Sweep the hall")
        let before = try s.site.snapshot(s.home)
        let stale = s.site.put(s.taskPath, as: s.ann, ICS.todo(uid: uid, summary: "Mop"), headers: [("If-Match", etag)])
        #expect(stale.status == 412)
        #expect(!stale.reason.isEmpty)
        let exists = s.site.put(
            s.taskPath, as: s.ann, ICS.todo(uid: uid, summary: "Mop"), headers: [("If-None-Match", "*")])
        #expect(exists.status == 412)
        #expect(exists.reason.contains("If-None-Match"))
        // If-Match on a name with no task: 412, nothing made.
        let none = s.site.put(
            s.path("nothing-here.ics"), as: s.ann, ICS.todo(uid: "nothing-here", summary: "Ghost"),
            headers: [("If-Match", etag)])
        #expect(none.status == 412)
        let staleDelete = s.site.send("DELETE", s.taskPath, as: s.ann, headers: [("If-Match", etag)])
        #expect(staleDelete.status == 412)
        #expect(try s.site.snapshot(s.home) == before)
        #expect(try s.site.stored(s.task.id, in: s.home)?.title == "Sweep the hall")
        // With the ETag now, the change is made, and the answer's ETag is the new one.
        let current = try #require(s.site.send("GET", s.taskPath, as: s.ann).headers["ETag"])
        #expect(current != etag)
        let put = s.site.put(
            s.taskPath, as: s.ann, ICS.todo(uid: uid, summary: "Mop"), headers: [("If-Match", current)])
        #expect(put.status == 204)
        #expect(put.headers["ETag"] != nil)
        #expect(put.headers["ETag"] == s.site.send("GET", s.taskPath, as: s.ann).headers["ETag"])
        #expect(try s.site.stored(s.task.id, in: s.home)?.title == "Mop")
    }

    @Test func aDeleteWithTheRightIfMatchRemovesTheToDo() throws {
        let s = try Setting()
        let etag = try #require(s.site.send("GET", s.taskPath, as: s.ann).headers["ETag"])
        let deleted = s.site.send("DELETE", s.taskPath, as: s.ann, headers: [("If-Match", etag)])
        #expect(deleted.status == 204)
        #expect(try s.site.stored(s.task.id, in: s.home) == nil)
        #expect(s.site.send("GET", s.taskPath, as: s.ann).status == 404)
        #expect(s.site.send("DELETE", s.taskPath, as: s.ann).status == 404)
        #expect(
            s.site.propfind(CalDAVSite.calendar(s.ann, s.list), as: s.ann, depth: "1", "<d:getetag/>").hrefs.count == 1)
        // Without If-Match, a delete removes whatever version there is.
        let other = try s.site.task("Dust", on: s.list, in: s.home)
        #expect(s.site.send("DELETE", CalDAVSite.resource(s.ann, s.list, other), as: s.ann).status == 204)
        #expect(try s.site.tasks(s.home).isEmpty)
    }

    @Test func aToDoPutOnAnotherListOfTheHouseholdMovesThere() throws {
        let s = try Setting()
        let errands = try s.site.list("Errands", in: s.home)
        let body = s.site.send("GET", s.taskPath, as: s.ann).text
        let moved = s.site.put(
            CalDAVSite.resource(s.ann, errands, s.task), as: s.ann, body, headers: [("If-None-Match", "*")])
        #expect(moved.status == 201, "\(moved.text)")
        let tasks = try s.site.tasks(s.home)
        #expect(tasks.count == 1)
        #expect(tasks.first?.id == s.task.id)
        #expect(tasks.first?.list == errands.id.uuidString)
        #expect(s.site.send("GET", CalDAVSite.resource(s.ann, errands, s.task), as: s.ann).status == 200)
        #expect(s.site.send("GET", s.taskPath, as: s.ann).status == 404)
        // The client then deletes it from the old list, which finds it gone.
        #expect(s.site.send("DELETE", s.taskPath, as: s.ann).status == 404)
        #expect(try s.site.tasks(s.home).count == 1)
    }

    @Test func aRepeatingToDoCheckedOffMovesOnAndTheAnswerHasNoETag() throws {
        let s = try Setting()
        let uid = "weekly-bins"
        let put = s.site.put(
            s.path("\(uid).ics"), as: s.ann,
            ICS.todo(uid: uid, summary: "Bins out", ["DUE;VALUE=DATE:20261201", "RRULE:FREQ=WEEKLY;BYDAY=TU"]))
        #expect(put.status == 201)
        #expect(put.headers["ETag"] != nil)
        let id = ICalendar.id(forUID: uid)
        #expect(try s.site.stored(id, in: s.home)?.recurrence != nil)
        let done = s.site.put(
            s.path("\(uid).ics"), as: s.ann,
            ICS.todo(
                uid: uid, summary: "Bins out",
                [
                    "DUE;VALUE=DATE:20261201", "RRULE:FREQ=WEEKLY;BYDAY=TU", "STATUS:COMPLETED",
                    "COMPLETED:20261201T080000Z",
                ]
            ))
        #expect(done.status == 204)
        // Lists moved it on to its next date: the client must read it again, so no ETag (RFC 4791 5.3.4).
        #expect(done.headers["ETag"] == nil)
        let stored = try #require(try s.site.stored(id, in: s.home))
        #expect(stored.isDone == false)
        #expect(stored.due.map { $0.day > Day(year: 2026, month: 12, day: 1)! } == true)
    }

    @Test func aChangeOverCalDAVIsAnnouncedToOpenPagesAndARefusedOneIsNot() throws {
        let s = try Setting()
        let stream = s.site.events(of: s.ann)
        #expect(stream.status == 200)
        _ = try EventStreamTests.pending(stream)
        let put = s.site.put(s.path("announced.ics"), as: s.ann, ICS.todo(uid: "announced", summary: "Announced"))
        #expect(put.status == 201)
        let events = EventStreamTests.events(try EventStreamTests.pending(stream))
        #expect(events.map(\.name) == ["change"])
        #expect(events.first?.data.contains("\"tasks\"") == true)
        #expect(events.first?.data.contains("Announced") == true)
        // Refused: nothing said.
        #expect(s.site.put(s.path("bad.ics"), as: s.ann, "not a calendar").status == 403)
        #expect(try EventStreamTests.pending(stream) == "")
        // A delete, a rename and a new list are announced too.
        #expect(s.site.send("DELETE", s.path("announced.ics"), as: s.ann).status == 204)
        #expect(EventStreamTests.events(try EventStreamTests.pending(stream)).map(\.name) == ["change"])
        let renamed = s.site.send(
            "PROPPATCH", CalDAVSite.calendar(s.ann, s.list), as: s.ann,
            body: DAVBodies.proppatch("<d:displayname>House</d:displayname>"))
        #expect(renamed.status == 207)
        #expect(EventStreamTests.events(try EventStreamTests.pending(stream)).map(\.name) == ["change"])
        let made = s.site.send("MKCALENDAR", "/dav/calendars/ann/\(UUID().uuidString.lowercased())/", as: s.ann)
        #expect(made.status == 201)
        #expect(EventStreamTests.events(try EventStreamTests.pending(stream)).map(\.name) == ["change"])
        // Reading announces nothing.
        _ = s.site.send("GET", s.taskPath, as: s.ann)
        _ = s.site.propfind(s.ann.home, as: s.ann, depth: "1", "<d:displayname/>")
        #expect(try EventStreamTests.pending(stream) == "")
    }

    @Test func aSecondResourceWithTheSameUIDInOneCalendarIsRefused() throws {
        // RFC 4791 5.3.2.1: (CALDAV:no-uid-conflict) a UID is used by one resource of a calendar.
        let s = try Setting()
        #expect(
            s.site.put(s.path("first name.ics"), as: s.ann, ICS.todo(uid: "shared-uid", summary: "One")).status == 201)
        let before = try s.site.snapshot(s.home)
        let second = s.site.put(s.path("shared-uid.ics"), as: s.ann, ICS.todo(uid: "shared-uid", summary: "Two"))
        #expect(second.status == 403 || second.status == 409, "\(second.status) \(second.text)")
        #expect(second.condition == DAV.c("no-uid-conflict"))
        #expect(try s.site.snapshot(s.home) == before)
        // Nor may a put overwrite a resource with one of another UID: the resource keeps its own.
        let other = s.site.put(s.path("first name.ics"), as: s.ann, ICS.todo(uid: "another-uid", summary: "Three"))
        #expect(other.status == 403 || other.status == 409, "\(other.status) \(other.text)")
        #expect(other.condition == DAV.c("no-uid-conflict"))
        let kept = s.site.send("GET", s.path("first name.ics"), as: s.ann).calendarLines
        #expect(ICS.value("UID", in: kept) == "shared-uid")
    }

    @Test func aClientsOwnLineCannotRenameTheResource() throws {
        // Lists keeps a resource's name in a line of its own; a client sending that line, with or without a
        // parameter, must not make its to-do answer under another name.
        for (name, line) in [
            ("plain.ics", "X-LISTS-RESOURCE-NAME:elsewhere.ics"),
            ("with-parameter.ics", "X-LISTS-RESOURCE-NAME;VALUE=TEXT:elsewhere.ics"),
            ("lower-case.ics", "x-lists-resource-name:elsewhere.ics"),
        ] {
            let s = try Setting()
            let put = s.site.put(
                s.path(name), as: s.ann, ICS.todo(uid: String(name.dropLast(4)), summary: "Named \(name)", [line]))
            #expect(put.status == 201, "\(name): \(put.text)")
            let got = s.site.send("GET", s.path(name), as: s.ann)
            #expect(got.status == 200, "\(line)")
            #expect(!got.text.contains("elsewhere"), "\(line)")
            let listing = s.site.propfind(CalDAVSite.calendar(s.ann, s.list), as: s.ann, depth: "1", "<d:getetag/>")
            #expect(listing.hrefs.contains(s.path(name)), "\(line): \(listing.hrefs)")
            #expect(!listing.hrefs.contains(s.path("elsewhere.ics")), "\(line)")
        }
    }
}
