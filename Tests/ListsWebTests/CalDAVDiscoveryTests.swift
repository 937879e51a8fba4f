import Foundation
import ListsDAV
import ListsHTTP
import ListsModel
import Testing

@testable import ListsWeb

/// How a CalDAV client finds the to-do lists: OPTIONS, the well-known address, the principal, the calendar home
/// and its calendars, one per to-do list of each of the user's households.
@Suite("CalDAV: discovery")
struct CalDAVDiscoveryTests {
    @Test func optionsSaysCalendarAccessToAnyoneAndTheWellKnownAddressLeadsToDav() throws {
        let site = try CalDAVSite()
        let ann = try site.member("ann", of: [try site.home])
        let list = try site.list("Groceries", in: try site.home)
        for path in ["/dav/", "/dav/principals/ann/", CalDAVSite.calendar(ann, list), "/dav/calendars/nobody/x/"] {
            let options = site.send("OPTIONS", path, as: nil)
            #expect(options.status == 200, "\(path)")
            let dav = (options.headers["DAV"] ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            #expect(dav.contains("1") && dav.contains("3") && dav.contains("calendar-access"), "\(path)")
            let allow = options.headers["Allow"] ?? ""
            for method in ["PROPFIND", "REPORT", "PUT", "DELETE", "MKCALENDAR", "PROPPATCH"] {
                #expect(allow.contains(method), "\(path): \(allow)")
            }
        }
        // RFC 6764: the well-known address, asked with any method and no credentials, is a redirect to /dav/.
        for method in ["GET", "PROPFIND"] {
            let redirect = site.send(method, "/.well-known/caldav", as: nil, headers: [("Depth", "0")])
            #expect(redirect.status == 301, "\(method)")
            #expect(redirect.headers["Location"] == "/dav/", "\(method)")
        }
        // The root's GET is still the web app's (the sign-in screen), not CalDAV's.
        let page = site.send("GET", "/", as: nil)
        #expect(page.status == 303)
        #expect(page.headers["Location"] == "/signin")
    }

    @Test func theRootAndDavNameThePrincipalWhichNamesTheHome() throws {
        let site = try CalDAVSite()
        let ann = try site.member("ann", of: [try site.home])
        for path in ["/", "/dav/", "/dav"] {
            let found = site.propfind(path, as: ann, "<d:current-user-principal/><d:resourcetype/>")
            #expect(found.status == 207, "\(path): \(found.text)")
            #expect(found.headers["Content-Type"]?.hasPrefix("application/xml") == true)
            #expect(found.responses.count == 1, "\(path)")
            #expect(found.responses.first?.href(in: DAV.d("current-user-principal")) == "/dav/principals/ann/")
        }
        let principal = site.propfind(
            ann.principal, as: ann,
            "<c:calendar-home-set/><d:resourcetype/><d:displayname/><d:principal-URL/>")
        #expect(principal.status == 207)
        let response = try #require(principal.response("/dav/principals/ann/"))
        #expect(response.href(in: DAV.c("calendar-home-set")) == "/dav/calendars/ann/")
        #expect(response.href(in: DAV.d("principal-URL")) == "/dav/principals/ann/")
        #expect(response.value(DAV.d("displayname")) == "ann")
        let kinds = response.property(DAV.d("resourcetype"))?.children.map(\.name) ?? []
        #expect(kinds.contains(DAV.d("principal")) && kinds.contains(DAV.d("collection")))
        // The name in a path is the user's, whatever its case.
        let upper = site.propfind("/dav/principals/ANN/", as: ann, "<c:calendar-home-set/>")
        #expect(upper.status == 207)
    }

    @Test func theHomeListsOneCalendarPerToDoListWithWhatClientsNeed() throws {
        let site = try CalDAVSite()
        let home = try site.home
        let ann = try site.member("ann", of: [home])
        let groceries = try site.list("Groceries", in: home)
        let chores = try site.list("Chores", in: home)
        try site.task("Milk", on: groceries, in: home)
        let asked = """
            <d:resourcetype/><d:displayname/><cs:getctag/><d:sync-token/><c:supported-calendar-component-set/>\
            <d:supported-report-set/><d:current-user-privilege-set/>
            """
        let found = site.propfind(ann.home, as: ann, depth: "1", asked)
        #expect(found.status == 207, "\(found.text)")
        #expect(found.hrefs == [ann.home, CalDAVSite.calendar(ann, groceries), CalDAVSite.calendar(ann, chores)])
        var tokens: Set<String> = []
        for (list, name) in [(groceries, "Groceries"), (chores, "Chores")] {
            let calendar = try #require(found.response(CalDAVSite.calendar(ann, list)))
            #expect(calendar.value(DAV.d("displayname")) == name)
            let kinds = Set(calendar.property(DAV.d("resourcetype"))?.children.map(\.name) ?? [])
            #expect(kinds == [DAV.d("collection"), DAV.c("calendar")])
            #expect(calendar.value(DAV.cs("getctag"))?.isEmpty == false)
            let token = try #require(calendar.value(DAV.d("sync-token")))
            tokens.insert(token)
            let components = calendar.property(DAV.c("supported-calendar-component-set"))?.children ?? []
            #expect(components.map(\.name) == [DAV.c("comp")])
            #expect(components.map { $0.attribute("name") } == ["VTODO"])
            let reports = Set(
                calendar.property(DAV.d("supported-report-set"))?.children(DAV.d("supported-report"))
                    .compactMap { $0.child(DAV.d("report"))?.children.first?.name } ?? [])
            #expect(reports == [DAV.c("calendar-multiget"), DAV.c("calendar-query"), DAV.d("sync-collection")])
            let privileges =
                calendar.property(DAV.d("current-user-privilege-set"))?.children
                .compactMap { $0.children.first?.name } ?? []
            #expect(privileges.contains(DAV.d("write-content")) && privileges.contains(DAV.d("read")))
        }
        // Each list's token names that list.
        #expect(tokens.count == 2)
        // The home says nothing of a calendar; Depth 0 answers the home alone.
        let homeOnly = site.propfind(ann.home, as: ann, depth: "0", asked)
        #expect(homeOnly.hrefs == [ann.home])
        #expect(homeOnly.responses.first?.status(of: DAV.cs("getctag")) == 404)
    }

    @Test func aMemberOfTwoHouseholdsSeesBothHouseholdsListsToldApart() throws {
        let site = try CalDAVSite()
        let home = try site.home
        let cabin = try site.household("Cabin")
        let ann = try site.member("ann", of: [home, cabin])
        let bob = try site.member("bob", of: [home])
        let atHome = try site.list("Groceries", in: home)
        let atCabin = try site.list("Groceries", in: cabin)
        try site.task("Milk", on: atHome, in: home)
        try site.task("Firewood", on: atCabin, in: cabin)
        let found = site.propfind(ann.home, as: ann, depth: "1", "<d:displayname/>")
        #expect(found.hrefs.first == ann.home)
        #expect(Set(found.hrefs) == [ann.home, CalDAVSite.calendar(ann, atHome), CalDAVSite.calendar(ann, atCabin)])
        #expect(found.response(CalDAVSite.calendar(ann, atHome))?.value(DAV.d("displayname")) == "Groceries (Home)")
        #expect(found.response(CalDAVSite.calendar(ann, atCabin))?.value(DAV.d("displayname")) == "Groceries (Cabin)")
        // Each calendar holds its own household's tasks.
        let cabinTasks = site.send(
            "PROPFIND", CalDAVSite.calendar(ann, atCabin), as: ann,
            body: DAVBodies.propfind("<c:calendar-data/>"), headers: [("Depth", "1")])
        #expect(cabinTasks.text.contains("SUMMARY:Firewood"))
        #expect(!cabinTasks.text.contains("Milk"))
        // One household's member sees the list by its own name, and no other household's.
        let bobs = site.propfind(bob.home, as: bob, depth: "1", "<d:displayname/>")
        #expect(bobs.hrefs == [bob.home, CalDAVSite.calendar(bob, atHome)])
        #expect(bobs.response(CalDAVSite.calendar(bob, atHome))?.value(DAV.d("displayname")) == "Groceries")
        #expect(site.propfind(CalDAVSite.calendar(bob, atCabin), as: bob, "<d:displayname/>").status == 404)
    }

    @Test func aCalendarListsItsTasksAndItsTagsMoveWithChanges() throws {
        let site = try CalDAVSite()
        let home = try site.home
        let ann = try site.member("ann", of: [home])
        let list = try site.list("Chores", in: home)
        let other = try site.list("Other", in: home)
        let task = try site.task("Sweep", on: list, in: home)
        try site.task("Elsewhere", on: other, in: home)
        let path = CalDAVSite.calendar(ann, list)
        let asked = "<d:getetag/><cs:getctag/><d:sync-token/><d:getcontenttype/>"
        let before = site.propfind(path, as: ann, depth: "1", asked)
        #expect(before.hrefs == [path, CalDAVSite.resource(ann, list, task)])
        let resource = try #require(before.response(CalDAVSite.resource(ann, list, task)))
        #expect(resource.value(DAV.d("getetag"))?.hasPrefix("\"") == true)
        #expect(resource.value(DAV.d("getcontenttype"))?.hasPrefix("text/calendar") == true)
        // A task has no ctag; a calendar has no ETag.
        #expect(resource.status(of: DAV.cs("getctag")) == 404)
        #expect(before.response(path)?.status(of: DAV.d("getetag")) == 404)
        // An allprop (no body) lists the tasks without their bodies.
        let all = site.send("PROPFIND", path, as: ann, headers: [("Depth", "1")])
        #expect(all.status == 207)
        #expect(all.response(CalDAVSite.resource(ann, list, task))?.property(DAV.d("getetag")) != nil)
        #expect(!all.text.contains("BEGIN:VCALENDAR"))
        // A change of a task moves the ctag and the sync token; so does a rename, for the ctag.
        try site.lists(home).todo.edit(.id(task.id), title: "Sweep the porch")
        let after = site.propfind(path, as: ann, depth: "0", asked)
        let ctag = { (answer: DAVAnswer) in answer.response(path)?.value(DAV.cs("getctag")) }
        let token = { (answer: DAVAnswer) in answer.response(path)?.value(DAV.d("sync-token")) }
        #expect(ctag(after) != ctag(before))
        #expect(token(after) != token(before))
        try site.lists(home).todoLists.rename(.id(list.id), to: "House chores")
        let renamed = site.propfind(path, as: ann, depth: "0", asked)
        #expect(ctag(renamed) != ctag(after))
        #expect(renamed.response(path) != nil)
    }
}
