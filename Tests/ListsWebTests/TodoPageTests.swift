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
        let html = harness.get("/todo").text
        #expect(html.contains("<li class=\"row task done\">"))
        #expect(html.occurrences(of: "aria-pressed=\"true\"") == 1)
        #expect(try harness.task("Feed the hogs").isDone)

        #expect(harness.post("/todo/tasks/\(task.id)/toggle", [("version", "1")]).status == 409)
        #expect(harness.post("/todo/tasks/\(task.id)/toggle", [("version", "2")]).status == 303)
        #expect(try !harness.task("Feed the hogs").isDone)
    }

    @Test func deletingATaskRemovesIt() throws {
        let harness = try PageHarness()
        let task = try harness.task("Walk the dogs")
        #expect(harness.get("/todo").text.contains("aria-label=\"Delete Walk the dogs\""))
        #expect(harness.post("/todo/tasks/\(task.id)/delete", [("version", "1")]).location == "/todo")
        #expect(!harness.get("/todo").text.contains("Walk the dogs"))
        #expect(harness.post("/todo/tasks/\(task.id)/delete", [("version", "1")]).status == 404)
    }
}
