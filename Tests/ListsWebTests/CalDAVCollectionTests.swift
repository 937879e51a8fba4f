import Foundation
import ListsDAV
import ListsHTTP
import ListsModel
import Testing

@testable import ListsWeb

/// The calendars themselves: renamed with PROPPATCH, made with MKCALENDAR, deleted with DELETE.
@Suite("CalDAV: calendars as to-do lists")
struct CalDAVCollectionTests {
    typealias Setting = CalDAVResourceTests.Setting

    @Test func aPropPatchOfTheDisplayNameRenamesTheList() throws {
        let s = try Setting()
        let calendar = CalDAVSite.calendar(s.ann, s.list)
        let answer = s.site.send(
            "PROPPATCH", calendar, as: s.ann, body: DAVBodies.proppatch("<d:displayname>House chores</d:displayname>"))
        #expect(answer.status == 207, "\(answer.text)")
        #expect(answer.response(calendar)?.status(of: DAV.d("displayname")) == 200)
        #expect(try s.site.listNames(s.home) == ["House chores"])
        #expect(
            s.site.propfind(calendar, as: s.ann, "<d:displayname/>").response(calendar)?.value(DAV.d("displayname"))
                == "House chores")
        // A name another list has is refused, and nothing changes.
        try s.site.list("Errands", in: s.home)
        let taken = s.site.send(
            "PROPPATCH", calendar, as: s.ann, body: DAVBodies.proppatch("<d:displayname>errands</d:displayname>"))
        #expect(taken.status == 409 || taken.response(calendar)?.status(of: DAV.d("displayname")) == 409)
        #expect(try s.site.listNames(s.home) == ["House chores", "Errands"])
    }

    @Test func aPropPatchOfAPropertyListsDoesNotKeepIsRefusedAndRenamesNothing() throws {
        let s = try Setting()
        let calendar = CalDAVSite.calendar(s.ann, s.list)
        let before = try s.site.snapshot(s.home)
        let color = s.site.send(
            "PROPPATCH", calendar, as: s.ann,
            body: DAVBodies.proppatch("<ical:calendar-color>#FF2968FF</ical:calendar-color>"))
        #expect(color.status == 207, "\(color.text)")
        #expect(color.response(calendar)?.status(of: DAV.ical("calendar-color")) == 403)
        // With the name in the same request: the name fails with it (424), unchanged.
        let both = s.site.send(
            "PROPPATCH", calendar, as: s.ann,
            body: DAVBodies.proppatch(
                "<d:displayname>Renamed</d:displayname><ical:calendar-color>#FF2968FF</ical:calendar-color>"))
        #expect(both.status == 207)
        #expect(both.response(calendar)?.status(of: DAV.ical("calendar-color")) == 403)
        #expect(both.response(calendar)?.status(of: DAV.d("displayname")) == 424)
        // Removing the name is refused too.
        let remove = s.site.send(
            "PROPPATCH", calendar, as: s.ann,
            body:
                #"<d:propertyupdate xmlns:d="DAV:"><d:remove><d:prop><d:displayname/></d:prop></d:remove>"#
                + "</d:propertyupdate>"
        )
        #expect(remove.response(calendar)?.status(of: DAV.d("displayname")) == 403)
        #expect(try s.site.listNames(s.home) == ["Chores"])
        #expect(try s.site.snapshot(s.home) == before)
    }

    @Test func anMkCalendarMakesAToDoListAtItsAddress() throws {
        let s = try Setting()
        let id = UUID()
        let path = "/dav/calendars/ann/\(id.uuidString.lowercased())/"
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:ical="http://apple.com/ns/ical/">
              <d:set><d:prop>
                <d:displayname>Garden</d:displayname>
                <ical:calendar-color>#44A703FF</ical:calendar-color>
                <c:supported-calendar-component-set><c:comp name="VTODO"/></c:supported-calendar-component-set>
              </d:prop></d:set>
            </c:mkcalendar>
            """
        let made = s.site.send("MKCALENDAR", path, as: s.ann, body: body)
        #expect(made.status == 201, "\(made.text)")
        let list = try #require(try s.site.lists(s.home).todoLists.all().first { $0.name == "Garden" })
        #expect(list.id == id)
        let found = s.site.propfind(path, as: s.ann, "<d:displayname/><d:resourcetype/>")
        #expect(found.status == 207)
        #expect(found.response(path)?.value(DAV.d("displayname")) == "Garden")
        #expect(s.site.propfind(s.ann.home, as: s.ann, depth: "1", "<d:displayname/>").hrefs.contains(path))
        // A task can be put there at once.
        #expect(s.site.put(path + "seed.ics", as: s.ann, ICS.todo(uid: "seed", summary: "Seeds")).status == 201)
        // Again at the same address: 405 (RFC 4791 5.3.1.2, resource-must-be-null), nothing made.
        let again = s.site.send("MKCALENDAR", path, as: s.ann, body: body)
        #expect(again.status == 405)
        #expect(again.condition == DAV.d("resource-must-be-null"))
        // Without a body, it is named by its address.
        let plain = UUID().uuidString.lowercased()
        #expect(s.site.send("MKCALENDAR", "/dav/calendars/ann/\(plain)/", as: s.ann).status == 201)
        #expect(try s.site.listNames(s.home) == ["Chores", "Garden", plain])
    }

    @Test func anMkCalendarForEventsOnlyIsRefused() throws {
        let s = try Setting()
        let before = try s.site.listNames(s.home)
        let body = """
            <c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>
            <d:displayname>Meetings</d:displayname>
            <c:supported-calendar-component-set><c:comp name="VEVENT"/></c:supported-calendar-component-set>
            </d:prop></d:set></c:mkcalendar>
            """
        let refused = s.site.send(
            "MKCALENDAR", "/dav/calendars/ann/\(UUID().uuidString.lowercased())/", as: s.ann, body: body)
        #expect(refused.status == 403)
        #expect(refused.condition == DAV.c("supported-calendar-component"))
        #expect(refused.reason.contains("VEVENT"))
        #expect(try s.site.listNames(s.home) == before)
    }

    @Test func anMkCalendarAtAnAddressThatIsNoUUIDMakesAListFoundThere() throws {
        // RFC 4791 5.3.1: MKCALENDAR makes a calendar at the request's URI. Evolution and others name it freely.
        let s = try Setting()
        let path = "/dav/calendars/ann/work-tasks/"
        let made = s.site.send("MKCALENDAR", path, as: s.ann)
        #expect(made.status == 201)
        #expect(try s.site.listNames(s.home).contains("work-tasks"))
        let found = s.site.propfind(path, as: s.ann, "<d:displayname/>")
        #expect(found.status == 207, "PROPFIND \(path) after MKCALENDAR: \(found.status)")
        // Listed at that address, not at its id's: a client finds the calendar it made where it made it.
        #expect(found.hrefs.first == path)
        let home = s.site.propfind(s.ann.home, as: s.ann, depth: "1", "<d:displayname/>")
        #expect(home.hrefs.contains(path), "\(home.hrefs)")
        let put = s.site.put(path + "one.ics", as: s.ann, ICS.todo(uid: "one", summary: "One"))
        #expect(put.status == 201, "PUT into \(path): \(put.status)")
        // And a second MKCALENDAR there finds it taken.
        let again = s.site.send("MKCALENDAR", path, as: s.ann)
        #expect(again.status == 405, "second MKCALENDAR at \(path): \(again.status)")
    }

    @Test func aDeleteOfACalendarDeletesTheListAndItsTasks() throws {
        let s = try Setting()
        let other = try s.site.list("Errands", in: s.home)
        let kept = try s.site.task("Post letter", on: other, in: s.home)
        try s.site.task("Dust", on: s.list, in: s.home)
        let calendar = CalDAVSite.calendar(s.ann, s.list)
        let deleted = s.site.send("DELETE", calendar, as: s.ann)
        #expect(deleted.status == 204)
        #expect(try s.site.listNames(s.home) == ["Errands"])
        #expect(try s.site.tasks(s.home).map(\.id) == [kept.id])
        #expect(s.site.propfind(calendar, as: s.ann, "<d:displayname/>").status == 404)
        #expect(s.site.send("GET", CalDAVSite.resource(s.ann, s.list, s.task), as: s.ann).status == 404)
        #expect(s.site.propfind(s.ann.home, as: s.ann, depth: "1", "<d:displayname/>").hrefs.count == 2)
        #expect(s.site.send("DELETE", calendar, as: s.ann).status == 404)
    }

    @Test func aMemberOfTwoHouseholdsRenamingAListByTheNameShownGetsThatNameBack() throws {
        // The home shows "Groceries (Home)" to a member of two households; a client that sets the name it shows
        // (renaming it to "Food (Home)", or writing back the name unchanged) must not find the household's name
        // added again: RFC 4918 9.2, a property set is the one then found.
        let site = try CalDAVSite()
        let home = try site.home
        let ann = try site.member("ann", of: [home, try site.household("Cabin")])
        let list = try site.list("Groceries", in: home)
        let path = CalDAVSite.calendar(ann, list)
        #expect(
            site.propfind(path, as: ann, "<d:displayname/>").response(path)?.value(DAV.d("displayname"))
                == "Groceries (Home)")
        let renamed = site.send(
            "PROPPATCH", path, as: ann, body: DAVBodies.proppatch("<d:displayname>Food (Home)</d:displayname>"))
        #expect(renamed.status == 207)
        let shown = site.propfind(path, as: ann, "<d:displayname/>").response(path)?.value(DAV.d("displayname"))
        let stored = try site.listNames(home)
        #expect(shown == "Food (Home)", "shown as \(shown ?? "nothing"), stored as \(stored)")
        #expect(stored == ["Food"])
    }
}
