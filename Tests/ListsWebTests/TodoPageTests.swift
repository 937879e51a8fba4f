import Foundation
import ListsExamples
import ListsModel
import Testing

@testable import ListsWeb

@Suite struct TodoPageTests {
    @Test func theToDoPageShowsTheFieldAboveTheSeededTasks() throws {
        let page = try PageHarness().get("/todo")
        #expect(page.status == 200)
        let html = page.text
        #expect(html.contains("<h1 class=\"bar-title\">To-Do</h1>"))
        #expect(html.contains("placeholder=\"Type a task, tap Insert\""))
        #expect(html.contains("<label for=\"field-title\" class=\"visually-hidden\">New task</label>"))
        #expect(html.mentions(">Insert</button>", before: ">Walk the dogs<"))
        #expect(html.mentions(">Walk the dogs<", before: ">Feed the hogs<"))
        #expect(html.mentions(">Feed the hogs<", before: ">Chop the logs<"))
        #expect(!html.contains("class=\"pager\""))
    }

    /// A harness whose To-Do list holds `count` tasks, "Task 1" to "Task N".
    static func longList(_ count: Int) throws -> PageHarness {
        let harness = try PageHarness(seeded: false)
        let tasks = (1...count).map {
            TodoTask(meta: RecordMeta(createdAt: PageHarness.now), title: "Task \($0)", isDone: false)
        }
        try harness.store.write { try $0.insert(contentsOf: tasks) }
        return harness
    }

    @Test func aLongListIsDrawnAPageAtATime() throws {
        let harness = try Self.longList(1_201)
        let first = harness.get("/todo").text.withoutTemplates
        #expect(first.occurrences(of: "<li class=\"row task") == 500)
        #expect(first.contains(">Task 1<") && first.contains(">Task 500<") && !first.contains(">Task 501<"))
        #expect(first.occurrences(of: "1–500 of 1,201 tasks") == 2)
        #expect(first.contains("href=\"/todo?page=2\" rel=\"next\""))
        #expect(first.contains("href=\"/todo?page=3\" rel=\"next\"") == false)
        #expect(!first.contains("rel=\"prev\""))

        let third = harness.get("/todo", query: ["page": "3"]).text.withoutTemplates
        #expect(third.occurrences(of: "<li class=\"row task") == 201)
        #expect(third.contains(">Task 1001<") && third.contains(">Task 1201<") && !third.contains(">Task 1000<"))
        #expect(third.contains("1,001–1,201 of 1,201 tasks"))
        #expect(third.contains("href=\"/todo?page=2\" rel=\"prev\"") && !third.contains("rel=\"next\""))
        // The last page by name, and a page past the end (an old link to a list that shrank), show the same.
        // A page past the end (an old link to a list that shrank) shows the last page; so does the last page by
        // name, whose forms say page=last.
        #expect(
            harness.get("/todo", query: ["page": "9"]).text.withoutTemplates.withoutChosenIDs == third.withoutChosenIDs)
        let last = harness.get("/todo", query: ["page": "last"]).text.withoutTemplates.withoutChosenIDs
        #expect(last.replacingOccurrences(of: "?page=last\"", with: "?page=3\"") == third.withoutChosenIDs)

        for bad in ["0", "-1", "two", "+2", "1.5", ""] {
            let refused = harness.get("/todo", query: ["page": bad])
            #expect(refused.status == 400, "page=\(bad)")
            #expect(refused.text.contains("age must be a whole number from 1, or last"), "page=\(bad)")
        }
    }

    @Test func formsOnAPageReturnToItAndAnInsertShowsTheLastPage() throws {
        let harness = try Self.longList(1_001)
        let task = try harness.task("Task 600")
        let second = harness.get("/todo", query: ["page": "2"]).text
        #expect(second.contains("action=\"/todo/tasks/\(task.id.uuidString)/toggle?page=2\""))
        #expect(second.contains("href=\"/todo/tasks/\(task.id.uuidString)/delete?page=2\""))
        let toggled = harness.post("/todo/tasks/\(task.id)/toggle", [("version", "1")], query: ["page": "2"])
        #expect(toggled.location == "/todo?page=2")
        #expect(try harness.task("Task 600").isDone)
        // A stale toggle redraws the page it came from.
        let stale = harness.post("/todo/tasks/\(task.id)/toggle", [("version", "1")], query: ["page": "2"])
        #expect(stale.status == 409)
        #expect(stale.text.contains("501–1,000 of 1,001 tasks"))

        // Deleting the one task of the last page answers with the page before, now the last.
        let last = try harness.task("Task 1001")
        let deleted = harness.post("/todo/tasks/\(last.id)/delete", [("version", "1")], query: ["page": "3"])
        #expect(deleted.location == "/todo?undo=task:\(last.id.uuidString)&page=2")

        // Empty text typed on page 2 redraws page 2 with the message.
        #expect(second.contains("action=\"/todo/tasks?page=2\""))
        let refused = harness.post("/todo/tasks", [("title", " ")], query: ["page": "2"])
        #expect(refused.status == 422)
        #expect(refused.text.contains("501–1,000 of 1,000 tasks") && refused.text.contains("field-error"))

        let inserted = harness.post("/todo/tasks", [("title", "Mend the clogs")])
        #expect(inserted.location == "/todo?page=last")
        let shown = harness.get("/todo", query: ["page": "last"]).text
        #expect(shown.contains(">Mend the clogs<") && !shown.contains(">Task 1000<"))
        #expect(shown.contains("1,001–1,001 of 1,001 tasks"))
        // The last page asked for by name keeps its name in its forms, so that their answer is the address the
        // browser shows (app.js then redraws in place): a toggle there answers ?page=last.
        let mended = try harness.task("Mend the clogs")
        #expect(shown.contains("action=\"/todo/tasks/\(mended.id.uuidString)/toggle?page=last\""))
        #expect(shown.contains("action=\"/todo/tasks?page=last\""))
        let toggledLast = harness.post("/todo/tasks/\(mended.id)/toggle", [("version", "1")], query: ["page": "last"])
        #expect(toggledLast.location == "/todo?page=last")
    }

    @Test func insertingAddsTheTaskAtTheEndAndClearsTheField() throws {
        let harness = try PageHarness()
        let response = harness.post("/todo/tasks", [("title", "Mend the clogs")])
        #expect(response.status == 303)
        #expect(response.location == "/todo")
        let html = harness.get("/todo").text
        #expect(html.mentions(">Chop the logs<", before: ">Mend the clogs<"))
        #expect(html.contains("name=\"title\" type=\"text\" value=\"\""))
    }

    @Test func insertingEmptyTextAddsNothingAndSaysWhyNextToTheField() throws {
        let harness = try PageHarness()
        let response = harness.post("/todo/tasks", [("title", "  \t ")])
        #expect(response.status == 422)
        let html = response.text
        #expect(html.contains("<p class=\"field-error\" id=\"field-title-error\">A task&#39;s text is required"))
        #expect(html.contains("aria-invalid=\"true\""))
        #expect(try harness.app.lists.todo.all().count == 3)
    }

    @Test func tappingATaskMarksItDoneAndAgainNotDone() throws {
        let harness = try PageHarness()
        let task = try harness.task("Feed the hogs")
        #expect(harness.post("/todo/tasks/\(task.id)/toggle", [("version", "1")]).location == "/todo")
        let html = harness.get("/todo").text.withoutTemplates
        #expect(html.contains("<li class=\"row task done\""))
        #expect(html.occurrences(of: "aria-pressed=\"true\"") == 1)
        #expect(try harness.task("Feed the hogs").isDone)

        #expect(harness.post("/todo/tasks/\(task.id)/toggle", [("version", "1")]).status == 409)
        #expect(harness.post("/todo/tasks/\(task.id)/toggle", [("version", "2")]).status == 303)
        #expect(try !harness.task("Feed the hogs").isDone)
    }

    @Test func deletingATaskRemovesIt() throws {
        let harness = try PageHarness()
        let task = try harness.task("Walk the dogs")
        let page = harness.get("/todo").text
        #expect(
            page.contains(
                "href=\"/todo/tasks/\(task.id)/delete\" data-version=\"1\" aria-label=\"Delete Walk the dogs…\""))
        #expect(page.occurrences(of: "<template id=\"row-confirm\">") == 1)
        #expect(page.contains("data-cancel-row>Cancel</button></form></template>"))
        let asking = harness.get("/todo/tasks/\(task.id)/delete")
        #expect(asking.status == 200)
        #expect(asking.text.contains("Delete “Walk the dogs”?"))
        #expect(asking.text.contains("href=\"/todo\" data-cancel>Cancel</a>"))
        #expect(try harness.task("Walk the dogs").id == task.id)
        #expect(
            harness.post("/todo/tasks/\(task.id)/delete", [("version", "1")]).location
                == "/todo?undo=task:\(task.id.uuidString)")
        #expect(!harness.get("/todo").text.contains("Walk the dogs"))
        #expect(harness.post("/todo/tasks/\(task.id)/delete", [("version", "1")]).status == 404)
    }

    @Test func theEditSheetMendsATasksTextAndRefusesEmptyOrStaleSaves() throws {
        let harness = try PageHarness()
        let task = try harness.task("Feed the hogs")
        #expect(
            harness.get("/todo").text.contains("href=\"/todo/tasks/\(task.id)/edit\" aria-label=\"Edit Feed the hogs\"")
        )
        let sheet = harness.get("/todo/tasks/\(task.id)/edit")
        #expect(sheet.status == 200)
        #expect(sheet.text.contains("<h1 class=\"bar-title\" id=\"sheet-title\">Edit Task</h1>"))
        #expect(sheet.text.contains("value=\"Feed the hogs\""))
        #expect(sheet.text.contains("href=\"/todo\" data-cancel>Cancel</a>"))

        let empty = harness.post("/todo/tasks/\(task.id)/edit", [("version", "1"), ("task", "  ")])
        #expect(empty.status == 422)
        #expect(empty.text.contains("class=\"field-error\""))
        let saved = harness.post("/todo/tasks/\(task.id)/edit", [("version", "1"), ("task", "Feed the dogs")])
        #expect(saved.status == 303 && saved.location == "/todo")
        #expect(try harness.task("Feed the dogs").id == task.id)
        let stale = harness.post("/todo/tasks/\(task.id)/edit", [("version", "1"), ("task", "Feed the cats")])
        #expect(stale.status == 409)
        #expect(stale.text.contains("value=\"Feed the dogs\""))
        #expect(harness.get("/todo/tasks/\(UUID().uuidString)/edit").status == 404)
    }

    /// The sheet takes a due date as people type it (read in the household's zone, Berlin, not the phone's), a
    /// priority and a note of several lines; the row says when the task is due and how much it matters; a due date
    /// Lists cannot read is refused under its field, what was typed kept, nothing changed.
    @Test func theEditSheetSetsADueDateAsTypedAPriorityAndANote() throws {
        let harness = try PageHarness()
        let task = try harness.task("Feed the hogs")
        try harness.store.setHouseholdTimeZone("Europe/Berlin")
        let berlin = [("Cookie", "tz=America%2FNew_York")]
        let sheet = harness.get("/todo/tasks/\(task.id)/edit", headers: berlin).text
        #expect(sheet.contains("<input id=\"field-due\" name=\"due\" type=\"text\" value=\"\""))
        #expect(sheet.contains("<option value=\"\" selected>None</option><option value=\"low\">Low</option>"))
        #expect(sheet.contains("<textarea id=\"field-note\" name=\"note\" rows=\"4\"></textarea>"))

        let refused = harness.post(
            "/todo/tasks/\(task.id)/edit",
            [("version", "1"), ("task", "Feed the hogs"), ("due", "someday"), ("priority", "high"), ("note", "")],
            headers: berlin)
        #expect(refused.status == 422)
        #expect(
            refused.text.contains("value=\"someday\" placeholder=\"tomorrow 9am, fri, dec 24\" aria-invalid=\"true\""))
        #expect(refused.text.contains("&quot;someday&quot; is not a date Lists reads: write a day (today, tomorrow"))
        #expect(try harness.task("Feed the hogs").meta.version == 1)

        let zone = try #require(Zone(identifier: "Europe/Berlin"))
        let expected = try DuePhrase(now: PageHarness.now, in: zone).read("tomorrow 9am")
        let saved = harness.post(
            "/todo/tasks/\(task.id)/edit",
            [
                ("version", "1"), ("task", "Feed the hogs"), ("due", "Tomorrow 9am"), ("priority", "high"),
                ("note", "Two scoops\r\nnot three"),
            ], headers: berlin)
        #expect(saved.status == 303)
        let stored = try harness.task("Feed the hogs")
        #expect(stored.due == expected && stored.priority == .high && stored.note == "Two scoops\nnot three")
        let page = harness.get("/todo", headers: berlin).text
        #expect(page.contains("<span class=\"row-subtitle\">Tomorrow 9:00 AM · High priority</span>"))
        let again = harness.get("/todo/tasks/\(task.id)/edit", headers: berlin).text
        #expect(again.contains("value=\"\(expected.description.replacingOccurrences(of: "T", with: " "))\""))
        #expect(again.contains(">Two scoops\nnot three</textarea>"))
        #expect(again.contains("<option value=\"high\" selected>High</option>"))

        // A past due date shows as overdue until the task is done.
        let overdue = harness.post(
            "/todo/tasks/\(task.id)/edit", [("version", "2"), ("task", "Feed the hogs"), ("due", "yesterday")],
            headers: berlin)
        #expect(overdue.status == 303)
        #expect(harness.get("/todo", headers: berlin).text.contains(">Overdue · Yesterday · High priority</span>"))
        #expect(harness.post("/todo/tasks/\(task.id)/toggle", [("version", "3")], headers: berlin).status == 303)
        #expect(harness.get("/todo", headers: berlin).text.contains(">Yesterday · High priority</span>"))
    }

    /// The sheet's Remind Me reads a time as Due does, in the household's zone; the row says when the reminder comes;
    /// a reminder Lists cannot read is refused under its field, nothing changed.
    @Test func theEditSheetSetsAReminder() throws {
        let harness = try PageHarness()
        try harness.store.setHouseholdTimeZone("Europe/Berlin")
        let task = try harness.task("Feed the hogs")
        let sheet = harness.get("/todo/tasks/\(task.id)/edit").text
        #expect(sheet.contains("<label for=\"field-remindAt\">Remind Me</label>"))
        let refused = harness.post(
            "/todo/tasks/\(task.id)/edit", [("version", "1"), ("task", "Feed the hogs"), ("remindAt", "someday")])
        #expect(refused.status == 422 && refused.text.contains("&quot;someday&quot; is not a date Lists reads"))
        #expect(try harness.task("Feed the hogs").meta.version == 1)
        let zone = try #require(Zone(identifier: "Europe/Berlin"))
        let expected = try DuePhrase(now: PageHarness.now, in: zone).read("tomorrow 6pm")
        let saved = harness.post(
            "/todo/tasks/\(task.id)/edit", [("version", "1"), ("task", "Feed the hogs"), ("remindAt", "tomorrow 6pm")])
        #expect(saved.status == 303)
        #expect(try harness.task("Feed the hogs").remindAt == expected)
        #expect(harness.get("/todo").text.contains("<span class=\"row-subtitle\">Reminder Tomorrow 6:00 PM</span>"))
    }

    /// Every phrase of the grammar's table is read by the sheet as the model reads it at the app's moment, in the
    /// household's zone, and every refused one is refused under the field with nothing changed: the CLI runs the same
    /// table (`TaskFieldsTests`).
    @Test func theDueFieldReadsTheGrammarsTable() throws {
        let harness = try PageHarness()
        let task = try harness.task("Feed the hogs")
        let zone = try #require(Zone(identifier: "America/Los_Angeles"))
        try harness.store.setHouseholdTimeZone(zone.identifier)
        let headers = [("Cookie", "tz=Asia%2FTokyo")]
        var version = 1
        for row in DuePhraseExamples.read {
            let expected = try DuePhrase(now: PageHarness.now, in: zone).read(row.typed)
            let saved = harness.post(
                "/todo/tasks/\(task.id)/edit",
                [("version", "\(version)"), ("task", "Feed the hogs"), ("due", row.typed), ("note", "")],
                headers: headers)
            #expect(saved.status == 303, "\(row.typed)")
            #expect(try harness.task("Feed the hogs").due == expected, "\(row.typed)")
            version = try harness.task("Feed the hogs").meta.version
        }
        for row in DuePhraseExamples.refused where !row.typed.trimmingCharacters(in: .whitespaces).isEmpty {
            let refused = harness.post(
                "/todo/tasks/\(task.id)/edit",
                [("version", "\(version)"), ("task", "Feed the hogs"), ("due", row.typed), ("note", "")],
                headers: headers)
            #expect(refused.status == 422, "\(row.typed)")
            #expect(refused.text.contains(HTML.escape(row.mentions)), "\(row.typed)")
            #expect(try harness.task("Feed the hogs").meta.version == version, "\(row.typed)")
        }
    }

    /// A repeat typed as people say it; each tap checks it off and moves it to its next date, offering to take the
    /// check-off back; the sheet lists its history; a repeat Lists cannot read is refused under its field.
    @Test func aRepeatingTaskIsCheckedOffMovedOnAndTakenBack() throws {
        let harness = try PageHarness()
        let task = try harness.task("Feed the hogs")
        let refused = harness.post(
            "/todo/tasks/\(task.id)/edit",
            [("version", "1"), ("task", "Feed the hogs"), ("due", "2026-12-01"), ("repeat", "every 0 days")])
        #expect(refused.status == 422)
        #expect(refused.text.contains("&quot;every 0 days&quot;: a task repeats every 1 to 1000 days"))
        #expect(try harness.task("Feed the hogs").recurrence == nil)

        let saved = harness.post(
            "/todo/tasks/\(task.id)/edit",
            [("version", "1"), ("task", "Feed the hogs"), ("due", "2026-12-01"), ("repeat", "Every month on the 1st")])
        #expect(saved.status == 303)
        #expect(try harness.task("Feed the hogs").recurrence?.text == "FREQ=MONTHLY;BYMONTHDAY=1")
        #expect(harness.get("/todo/tasks/\(task.id)/edit").text.contains("value=\"every month on the 1st\""))
        #expect(harness.get("/todo").text.contains("<span class=\"row-subtitle\">Tomorrow · Repeats</span>"))

        for (version, next) in [(2, "2027-01-01"), (3, "2027-02-01"), (4, "2027-03-01")] {
            let tap = harness.post("/todo/tasks/\(task.id)/toggle", [("version", "\(version)")])
            #expect(tap.status == 303 && tap.location == "/todo?undo=checkoff:\(task.id.uuidString)")
            let moved = try harness.task("Feed the hogs")
            #expect(moved.due?.description == next && !moved.isDone && moved.id == task.id)
        }
        let offered = harness.get("/todo", query: ["undo": "checkoff:\(task.id.uuidString)"]).text
        #expect(offered.contains("Checked off “Feed the hogs”: next due Mar 1, 2027."))
        #expect(offered.contains("action=\"/todo/tasks/\(task.id.uuidString)/undo-check-off\""))
        let sheet = harness.get("/todo/tasks/\(task.id)/edit").text
        #expect(sheet.contains("Checked off 3 times</h2>"))
        #expect(sheet.occurrences(of: "<li>Due ") == 3)

        let undo = harness.post("/todo/tasks/\(task.id)/undo-check-off", [])
        #expect(undo.status == 303 && undo.location == "/todo")
        let back = try harness.task("Feed the hogs")
        #expect(back.due?.description == "2027-02-01" && back.completions.count == 2)
        // A plain task's tap is no check-off to take back.
        let walk = try harness.task("Walk the dogs")
        #expect(harness.post("/todo/tasks/\(walk.id)/toggle", [("version", "1")]).location == "/todo")
        #expect(harness.post("/todo/tasks/\(walk.id)/undo-check-off", []).status == 409)
    }

    /// Today lists what is overdue or due today, soonest first; Upcoming the next 7 days by day; a tap there
    /// returns there; the home screen counts what is due today. The days are the household's (New York, where it
    /// is 30 November), not the phone's (Pago Pago, still the 29th).
    @Test func todayAndUpcomingShowWhatIsDue() throws {
        let harness = try PageHarness()
        let todo = TodoList(store: harness.store, clock: { PageHarness.now })
        let zone = try #require(Zone(identifier: "America/New_York"))
        try harness.store.setHouseholdTimeZone(zone.identifier)
        let headers = [("Cookie", "tz=Pacific%2FPago_Pago")]
        let today = Day(PageHarness.now, in: zone)
        try todo.add(title: "Late", due: Due(day: today.adding(days: -1)))
        try todo.add(title: "Tonight", due: Due(day: today, minute: 20 * 60))
        try todo.add(title: "Sometime today", due: Due(day: today))
        let soon = try todo.add(title: "Soon", due: Due(day: today.adding(days: 2))).record
        try todo.add(title: "Far", due: Due(day: today.adding(days: 8)))

        let page = harness.get("/todo/today", headers: headers).text
        let order = ["Late", "Sometime today", "Tonight"].compactMap { page.range(of: ">\($0)<")?.lowerBound }
        #expect(order.count == 3 && order == order.sorted())
        #expect(!page.contains(">Soon<") && !page.contains(">Walk the dogs<"))
        #expect(page.contains("<a class=\"segment\" href=\"/todo/today\" aria-current=\"true\">Today</a>"))

        let upcoming = harness.get("/todo/upcoming", headers: headers).text
        let name = Due(day: today.adding(days: 2)).shown(today: today, locale: Locale(identifier: "en_US"))
        #expect(upcoming.contains("<h2 class=\"group-header\" id=\"day-\(today.adding(days: 2))\">\(name)</h2>"))
        #expect(upcoming.contains(">Soon<") && !upcoming.contains(">Far<") && !upcoming.contains(">Late<"))
        #expect(upcoming.contains("action=\"/todo/tasks/\(soon.id.uuidString)/toggle?view=upcoming\""))
        let tap = harness.post(
            "/todo/tasks/\(soon.id)/toggle", [("version", "1")], query: ["view": "upcoming"], headers: headers)
        #expect(tap.status == 303 && tap.location == "/todo/upcoming")
        #expect(!harness.get("/todo/upcoming", headers: headers).text.contains(">Soon<"))

        #expect(harness.get("/", headers: headers).text.contains("8 tasks, 7 to do, 3 due today"))

        // By Date: every task, soonest first, the undated ones after in the list's order, Soon (done) included.
        let byDate = harness.get("/todo/by-date", headers: headers).text
        let titles = [
            "Late", "Sometime today", "Tonight", "Soon", "Far", "Walk the dogs", "Feed the hogs", "Chop the logs",
        ]
        let places = titles.compactMap { byDate.range(of: ">\($0)<")?.lowerBound }
        #expect(places.count == titles.count && places == places.sorted())
        #expect(byDate.contains("<a class=\"segment\" href=\"/todo/by-date\" aria-current=\"true\">By Date</a>"))
    }
}
