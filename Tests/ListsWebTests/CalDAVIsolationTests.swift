import Foundation
import ListsDAV
import ListsHTTP
import ListsModel
import Testing

@testable import ListsWeb

/// A member of one household trying another's calendars, tasks, principal and sync tokens over CalDAV: every path
/// of another household answers as one that does not exist, and nothing of it changes.
@Suite("CalDAV: households kept apart")
struct CalDAVIsolationTests {
    /// Ann in Home with a list, Bob in his own household with a secret task.
    struct Setting {
        let site: CalDAVSite
        let home: Household
        let flat: Household
        let ann: CalDAVSite.Member
        let bob: CalDAVSite.Member
        let annsList: TaskList
        let annsTask: TodoTask
        let bobsList: TaskList
        let bobsTask: TodoTask

        init() throws {
            site = try CalDAVSite()
            home = try site.home
            flat = try site.household("Bob's flat")
            ann = try site.member("ann", of: [home])
            bob = try site.member("bob", of: [flat])
            annsList = try site.list("Chores", in: home)
            annsTask = try site.task("Sweep", on: annsList, in: home)
            bobsList = try site.list("Secret plans", in: flat)
            bobsTask = try site.task("Bob's secret", on: bobsList, in: flat)
        }
    }

    /// `answer`'s status and body, with `from` written as `to`: what tells two answers apart but the path.
    static func shape(_ answer: DAVAnswer, _ from: String = "", _ to: String = "") -> String {
        "\(answer.status) \(answer.headers["Content-Type"] ?? "") "
            + (from.isEmpty ? answer.text : answer.text.replacingOccurrences(of: from, with: to))
    }

    @Test func anotherHouseholdsCalendarAnswersAsOneThatDoesNotExist() throws {
        let s = try Setting()
        let before = try s.site.snapshot(s.flat)
        // Ann's home lists none of Bob's lists.
        let home = s.site.propfind(s.ann.home, as: s.ann, depth: "1", "<d:displayname/>")
        #expect(home.hrefs == [s.ann.home, CalDAVSite.calendar(s.ann, s.annsList)])
        let bobsID = s.bobsList.id.text.lowercased()
        let madeUp = UUID().uuidString.lowercased()
        let requests: [(String, String, [(String, String)])] = [
            ("PROPFIND", DAVBodies.propfind("<d:displayname/><cs:getctag/>"), [("Depth", "1")]),
            ("REPORT", DAVBodies.sync(""), []),
            ("REPORT", DAVBodies.multiget(["/dav/calendars/bob/\(bobsID)/\(s.bobsTask.id.uuidString).ics"]), []),
            ("PROPPATCH", DAVBodies.proppatch("<d:displayname>Mine now</d:displayname>"), []),
            ("DELETE", "", []),
            ("GET", "", []),
            ("MKCALENDAR", "", []),
        ]
        for (method, body, headers) in requests {
            // Under Ann's name, and under Bob's, as a list that does not exist.
            for user in ["ann", "bob"] {
                let theirs = s.site.send(
                    method, "/dav/calendars/\(user)/\(bobsID)/", as: s.ann, body: body, headers: headers)
                let none = s.site.send(
                    method, "/dav/calendars/\(user)/\(madeUp)/", as: s.ann, body: body, headers: headers)
                if method == "MKCALENDAR" && user == "ann" {
                    // Making a list at that id makes one of Ann's own, as at any free id.
                    #expect(theirs.status == none.status, "\(method) \(user)")
                    continue
                }
                #expect(theirs.status == 404, "\(method) \(user): \(theirs.text)")
                #expect(Self.shape(theirs, bobsID, madeUp) == Self.shape(none), "\(method) \(user)")
                #expect(!theirs.text.contains("Secret") && !theirs.text.contains("secret"))
            }
        }
        #expect(try s.site.snapshot(s.flat) == before)
        #expect(try s.site.listNames(s.flat) == ["Secret plans"])
    }

    @Test func anotherHouseholdsTaskAnswersAsOneThatDoesNotExist() throws {
        let s = try Setting()
        let before = try s.site.snapshot(s.flat)
        let bobsName = "\(s.bobsTask.id.uuidString).ics"
        let madeUpID = UUID().uuidString
        let madeUpName = "\(madeUpID).ics"
        let paths = [
            // Bob's task's name in Ann's own list, and in Bob's list under either name.
            { (name: String) in CalDAVSite.resource(s.ann, s.annsList, name) },
            { (name: String) in "/dav/calendars/ann/\(s.bobsList.id.text.lowercased())/\(name)" },
            { (name: String) in "/dav/calendars/bob/\(s.bobsList.id.text.lowercased())/\(name)" },
        ]
        for path in paths {
            for (method, headers) in [
                ("GET", [(String, String)]()), ("HEAD", []), ("DELETE", []), ("PROPFIND", [("Depth", "0")]),
                ("DELETE", [("If-Match", "*")]),
            ] {
                let theirs = s.site.send(method, path(bobsName), as: s.ann, headers: headers)
                let none = s.site.send(method, path(madeUpName), as: s.ann, headers: headers)
                #expect(theirs.status == 404, "\(method) \(path(bobsName))")
                #expect(
                    Self.shape(theirs, s.bobsTask.id.uuidString, "X") == Self.shape(none, madeUpID, "X"),
                    "\(method) \(path(bobsName))")
            }
        }
        // Put at Bob's task's name in Ann's list: a new task of Ann's, as at any free name; Bob's is untouched.
        let put = s.site.put(
            CalDAVSite.resource(s.ann, s.annsList, bobsName), as: s.ann,
            ICS.todo(uid: s.bobsTask.id.uuidString, summary: "Ann's own"), headers: [("If-None-Match", "*")])
        let free = s.site.put(
            CalDAVSite.resource(s.ann, s.annsList, madeUpName), as: s.ann,
            ICS.todo(uid: madeUpID, summary: "Ann's other"), headers: [("If-None-Match", "*")])
        #expect(put.status == 201, "\(put.text)")
        #expect(free.status == 201, "\(free.text)")
        // Put with If-Match at Bob's task's name in his list, through Ann's name or his: 404, nothing made.
        for user in ["ann", "bob"] {
            let changed = s.site.put(
                "/dav/calendars/\(user)/\(s.bobsList.id.text.lowercased())/\(bobsName)", as: s.ann,
                ICS.todo(uid: s.bobsTask.id.uuidString, summary: "Pwned"), headers: [("If-Match", "*")])
            #expect(changed.status == 404, "\(user)")
        }
        #expect(try s.site.snapshot(s.flat) == before)
        #expect(try s.site.stored(s.bobsTask.id, in: s.flat)?.title == "Bob's secret")
        #expect(try s.site.stored(s.bobsTask.id, in: s.home)?.title == "Ann's own")
        // A multiget in Ann's list naming Bob's task finds nothing, under either path.
        let multiget = s.site.report(
            CalDAVSite.calendar(s.ann, s.annsList), as: s.ann,
            DAVBodies.multiget([
                "/dav/calendars/bob/\(s.bobsList.id.text.lowercased())/\(bobsName)",
                "/dav/calendars/ann/\(s.bobsList.id.text.lowercased())/\(bobsName)",
            ]))
        #expect(multiget.status == 207)
        #expect(multiget.responses.map(\.status) == [404, 404])
        #expect(!multiget.text.contains("secret"))
    }

    @Test func anotherUsersPrincipalAndHomeAnswerAsOnesThatDoNotExist() throws {
        let s = try Setting()
        for (theirs, none) in [
            ("/dav/principals/bob/", "/dav/principals/nobody/"), ("/dav/calendars/bob/", "/dav/calendars/nobody/"),
        ] {
            for depth in ["0", "1"] {
                let bobs = s.site.propfind(theirs, as: s.ann, depth: depth, "<d:displayname/><c:calendar-home-set/>")
                let nobodys = s.site.propfind(none, as: s.ann, depth: depth, "<d:displayname/><c:calendar-home-set/>")
                #expect(bobs.status == 404, "\(theirs)")
                #expect(Self.shape(bobs) == Self.shape(nobodys), "\(theirs)")
            }
        }
        // Even for a member of the same household: each user has their own principal and home.
        let carol = try s.site.member("carol", of: [s.home])
        #expect(s.site.propfind("/dav/calendars/carol/", as: s.ann, depth: "1", "<d:displayname/>").status == 404)
        #expect(s.site.propfind(carol.home, as: carol, depth: "1", "<d:displayname/>").hrefs.count == 2)
    }

    @Test func aSyncTokenOfAnotherListIsNotValidHere() throws {
        let s = try Setting()
        let annsOther = try s.site.list("Errands", in: s.home)
        let bobsToken = try #require(
            s.site.report(CalDAVSite.calendar(s.bob, s.bobsList), as: s.bob, DAVBodies.sync("")).syncToken)
        let othersToken = try #require(
            s.site.report(CalDAVSite.calendar(s.ann, annsOther), as: s.ann, DAVBodies.sync("")).syncToken)
        for token in [
            bobsToken, othersToken, "urn:x-lists:sync:not-a-list:1", "made-up",
            "urn:x-lists:sync:\(s.annsList.id.text.lowercased()):-1",
        ] {
            let refused = s.site.report(CalDAVSite.calendar(s.ann, s.annsList), as: s.ann, DAVBodies.sync(token))
            #expect(refused.status == 403, "\(token)")
            #expect(refused.condition == DAV.d("valid-sync-token"), "\(token)")
            #expect(refused.reason.contains("sync"), "\(token)")
            #expect(!refused.text.contains("Sweep"))
        }
    }

    @Test func aMemberWhoLeftAHouseholdNoLongerReachesItsCalendars() throws {
        let s = try Setting()
        let path = CalDAVSite.calendar(s.ann, s.annsList)
        #expect(s.site.propfind(path, as: s.ann, "<d:displayname/>").status == 207)
        let now = s.site.clock.now()
        try s.site.store.write { session in
            let flat = try #require(try session.accounts.household(id: s.flat.id))
            try session.accounts.setMembership(userID: s.ann.user.id, in: flat.id, role: .member, at: now)
            try session.accounts.removeMembership(userID: s.ann.user.id, from: s.home.id)
        }
        s.site.app.access.forgetCachedSessions()
        #expect(s.site.propfind(path, as: s.ann, "<d:displayname/>").status == 404)
        #expect(
            s.site.send("GET", CalDAVSite.resource(s.ann, s.annsList, s.annsTask), as: s.ann).status == 404)
        let home = s.site.propfind(s.ann.home, as: s.ann, depth: "1", "<d:displayname/>")
        #expect(home.hrefs == [s.ann.home, CalDAVSite.calendar(s.ann, s.bobsList)])
    }

    @Test func aChangeSentFromAnotherSiteIsRefusedAndChangesNothing() throws {
        let s = try Setting()
        let before = try s.site.snapshot(s.home)
        let path = CalDAVSite.resource(s.ann, s.annsList, s.annsTask)
        for headers in [
            [("Sec-Fetch-Site", "cross-site")], [("Origin", "https://evil.example")],
        ] {
            #expect(s.site.send("DELETE", path, as: s.ann, headers: headers).status == 403)
            let put = s.site.put(
                path, as: s.ann, ICS.todo(uid: s.annsTask.id.uuidString, summary: "X"), headers: headers)
            #expect(put.status == 403)
            let patch = s.site.send(
                "PROPPATCH", CalDAVSite.calendar(s.ann, s.annsList), as: s.ann,
                body: DAVBodies.proppatch("<d:displayname>X</d:displayname>"), headers: headers)
            #expect(patch.status == 403)
        }
        #expect(try s.site.snapshot(s.home) == before)
    }
}
