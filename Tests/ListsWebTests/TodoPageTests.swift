import Foundation
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
}
