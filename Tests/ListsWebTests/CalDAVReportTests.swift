import Foundation
import ListsDAV
import ListsExamples
import ListsHTTP
import ListsModel
import Testing

@testable import ListsWeb

/// The REPORTs clients sync with: calendar-multiget, calendar-query (time ranges, open to-dos) and sync-collection.
@Suite("CalDAV: reports")
struct CalDAVReportTests {
    /// Ann's "Chores": one due on Dec 10, one on Dec 20 at 18:00, one undated, one done.
    struct Setting {
        let site: CalDAVSite
        let home: Household
        let ann: CalDAVSite.Member
        let list: TaskList
        let early: TodoTask
        let late: TodoTask
        let undated: TodoTask
        let done: TodoTask

        init() throws {
            site = try CalDAVSite()
            home = try site.home
            ann = try site.member("ann", of: [home])
            list = try site.list("Chores", in: home)
            early = try site.task("Early", on: list, in: home, due: Due(day: Day(year: 2026, month: 12, day: 10)!))
            late = try site.task(
                "Late", on: list, in: home, due: Due(day: Day(year: 2026, month: 12, day: 20)!, minute: 18 * 60))
            undated = try site.task("Undated", on: list, in: home)
            done = try site.task("Done", on: list, in: home, isDone: true)
            // Another list's task, which no report of this calendar names.
            try site.task("Other list", on: try site.list("Other", in: home), in: home)
        }

        var calendar: String { CalDAVSite.calendar(ann, list) }
        func path(_ task: TodoTask) -> String { CalDAVSite.resource(ann, list, task) }

        /// The titles of the tasks `answer` names, by their hrefs.
        func titles(_ answer: DAVAnswer) -> Set<String> {
            let byPath = [early, late, undated, done].map { (path($0), $0.title) }
            return Set(answer.responses.compactMap { response in byPath.first { $0.0 == response.href }?.1 })
        }
    }

    @Test func aMultigetAnswersEachHrefAndA404ForOneItDoesNotHave() throws {
        let s = try Setting()
        let unknown = s.calendar + "\(UUID().uuidString).ics"
        let answer = s.site.report(
            s.calendar, as: s.ann,
            DAVBodies.multiget([s.path(s.early), "http://localhost:8080" + s.path(s.late), unknown]))
        #expect(answer.status == 207, "\(answer.text)")
        #expect(answer.hrefs.count == 3)
        let early = try #require(answer.response(s.path(s.early)))
        #expect(early.status == nil)
        #expect(early.value(DAV.d("getetag")) == s.site.send("GET", s.path(s.early), as: s.ann).headers["ETag"])
        let data = try #require(early.value(DAV.c("calendar-data")))
        #expect(ICS.value("SUMMARY", in: ICalendarLines.unfolded(data)) == "Early")
        let late = try #require(answer.responses.first { $0.href.hasSuffix(s.path(s.late)) })
        #expect(late.value(DAV.c("calendar-data"))?.contains("SUMMARY:Late") == true)
        #expect(answer.response(unknown)?.status == 404)
        #expect(answer.response(unknown)?.propertyStatuses.isEmpty == true)
        // An href of another list of the household is not this calendar's.
        let other = try s.site.list("Elsewhere", in: s.home)
        let elsewhere = try s.site.task("Elsewhere task", on: other, in: s.home)
        let foreign = s.site.report(
            s.calendar, as: s.ann, DAVBodies.multiget([CalDAVSite.resource(s.ann, other, elsewhere)]))
        #expect(foreign.responses.map(\.status) == [404])
    }

    @Test func aCalendarQueryOfATimeRangeFindsTheToDosDueInIt() throws {
        let s = try Setting()
        // RFC 4791 9.9: a VTODO with a DUE and no DTSTART overlaps when start < DUE <= end; one with none of
        // DTSTART, DUE, COMPLETED and CREATED overlaps any range.
        let range = #"<c:time-range start="20261215T000000Z" end="20261225T000000Z"/>"#
        let byComponent = s.site.report(s.calendar, as: s.ann, DAVBodies.query(range))
        #expect(byComponent.status == 207, "\(byComponent.text)")
        #expect(s.titles(byComponent).contains("Late"))
        #expect(!s.titles(byComponent).contains("Early"))
        #expect(byComponent.responses.allSatisfy { $0.property(DAV.d("getetag")) != nil })
        // On the DUE property: only what is due in the range.
        let byDue = s.site.report(
            s.calendar, as: s.ann, DAVBodies.query(#"<c:prop-filter name="DUE">\#(range)</c:prop-filter>"#))
        #expect(s.titles(byDue) == ["Late"])
        // The range's end is excluded for DUE, and 18:00 UTC on Dec 20 is Late's moment (the household keeps UTC).
        let before = s.site.report(
            s.calendar, as: s.ann,
            DAVBodies.query(
                #"<c:prop-filter name="DUE"><c:time-range start="20261201T000000Z" end="20261220T180000Z"/>"#
                    + "</c:prop-filter>"
            ))
        #expect(s.titles(before) == ["Early"])
        let open = s.site.report(
            s.calendar, as: s.ann,
            DAVBodies.query(#"<c:prop-filter name="DUE"><c:time-range start="20261220T180000Z"/></c:prop-filter>"#))
        #expect(s.titles(open) == ["Late"])
        // Every to-do of the calendar, none of another list's.
        let all = s.site.report(s.calendar, as: s.ann, DAVBodies.query(""))
        #expect(s.titles(all) == ["Early", "Late", "Undated", "Done"])
        #expect(all.hrefs.count == 4)
    }

    @Test func aCalendarQueryForOpenToDosLeavesOutTheDoneOnes() throws {
        let s = try Setting()
        let notCompleted = s.site.report(
            s.calendar, as: s.ann,
            DAVBodies.query(#"<c:prop-filter name="COMPLETED"><c:is-not-defined/></c:prop-filter>"#))
        #expect(notCompleted.status == 207)
        #expect(s.titles(notCompleted) == ["Early", "Late", "Undated"])
        // As Thunderbird and DAVx5 ask: STATUS other than COMPLETED (and CANCELLED).
        let byStatus = s.site.report(
            s.calendar, as: s.ann,
            DAVBodies.query(
                """
                <c:prop-filter name="STATUS">\
                <c:text-match negate-condition="yes" collation="i;octet">COMPLETED</c:text-match></c:prop-filter>
                """))
        #expect(s.titles(byStatus) == ["Early", "Late", "Undated"])
        // A text match on the title, case ignored.
        let byTitle = s.site.report(
            s.calendar, as: s.ann,
            DAVBodies.query(#"<c:prop-filter name="SUMMARY"><c:text-match>LAT</c:text-match></c:prop-filter>"#))
        #expect(s.titles(byTitle) == ["Late"])
        // A query for events finds nothing in a to-do list.
        let events = s.site.report(
            s.calendar, as: s.ann,
            DAVBodies.query("").replacingOccurrences(of: "name=\"VTODO\"", with: "name=\"VEVENT\""))
        #expect(events.status == 207)
        #expect(events.responses.isEmpty)
    }

    @Test func aSyncCollectionFromNothingGivesAllAndATokenThatThenGivesNothing() throws {
        let s = try Setting()
        let first = s.site.report(s.calendar, as: s.ann, DAVBodies.sync(""))
        #expect(first.status == 207, "\(first.text)")
        #expect(s.titles(first) == ["Early", "Late", "Undated", "Done"])
        #expect(first.responses.allSatisfy { $0.value(DAV.d("getetag"))?.hasPrefix("\"") == true })
        let token = try #require(first.syncToken)
        // The same token as the calendar's property says.
        let property = s.site.propfind(s.calendar, as: s.ann, "<d:sync-token/>")
        #expect(property.response(s.calendar)?.value(DAV.d("sync-token")) == token)
        // Nothing changed: nothing reported, the same token.
        let again = s.site.report(s.calendar, as: s.ann, DAVBodies.sync(token))
        #expect(again.status == 207, "\(again.text)")
        #expect(again.responses.isEmpty)
        #expect(again.syncToken == token)
        // An empty sync-token element (as DAVx5 sends it) is a first sync too.
        let empty = s.site.report(
            s.calendar, as: s.ann,
            DAVBodies.sync("").replacingOccurrences(of: "<d:sync-token></d:sync-token>", with: "<d:sync-token/>"))
        #expect(empty.hrefs.count == 4)
        #expect(empty.syncToken == token)
    }
}
