import Foundation
import ListsModel
import Testing

@testable import ListsWeb

/// Several to-do lists on the web: the To-Do screen shows the list last opened on the device with a switcher, "To-Do
/// Lists" makes, renames, moves and deletes them (with an Undo), a task's sheet moves it, Today gathers every list;
/// and `/api/v1/todo-lists` does the same through the API, every answer checked against the OpenAPI document.
@Suite struct TodoListsWebTests {
    @Test func theScreenShowsTheListOpenedLastWithASwitcher() throws {
        let harness = try PageHarness()
        let lists = harness.app.lists.todoLists
        // The seeded tasks are on "To-Do", the household's only list.
        let toDo = try #require(try lists.all().first)
        #expect(try lists.all().map(\.name) == ["To-Do"])
        let made = harness.post("/todo/lists", [("name", "Work")])
        let work = try lists.list(.typed("Work"))
        #expect(made.location == "/todo/lists/\(work.id.uuidString)")
        // With two lists the first screen shows them, each with what is left on it, opening it.
        let home = harness.get("/").text
        #expect(home.contains(">To-do lists</h2>") && home.contains("href=\"/todo/lists/\(work.id.uuidString)\""))
        #expect(home.contains("3 to do, 3 in all"))
        // Opening a list shows its screen at its own address (which a phone keeps, to switch with no network) and
        // keeps it for the device; the To-Do screen then shows it.
        let opened = harness.get("/todo/lists/\(work.id.uuidString)")
        #expect(opened.status == 200 && opened.text.contains("<title>Work"))
        #expect(opened.text.contains("name=\"list\" value=\"\(work.id.uuidString)\""))
        #expect(!opened.text.withoutTemplates.contains("Walk the dogs"))
        #expect(harness.get("/todo/lists/\(UUID().uuidString)").status == 404)
        let cookie = try #require(opened.headers["Set-Cookie"])
        #expect(cookie.hasPrefix("todo-list=\(work.id.uuidString);") && cookie.contains("HttpOnly"))
        let device = [("Cookie", "todo-list=\(work.id.uuidString)")]
        let empty = harness.get("/todo", headers: device).text.withoutTemplates
        #expect(empty.contains("<title>Work"))
        #expect(empty.contains("href=\"/todo/lists/\(toDo.id.uuidString)\">To-Do</a>"))
        #expect(!empty.contains("Walk the dogs"))
        // An insert there goes on Work, and the other list keeps its own.
        #expect(
            harness.post("/todo/tasks", [("title", "File the report"), ("list", work.id.uuidString)], headers: device)
                .status == 303)
        #expect(try lists.tasks(of: work).all().map(\.record.title) == ["File the report"])
        let workScreen = harness.get("/todo", headers: device).text.withoutTemplates
        #expect(workScreen.contains("File the report") && !workScreen.contains("Walk the dogs"))
        let first = harness.get("/todo").text.withoutTemplates
        #expect(first.contains("<title>To-Do") && first.contains("Walk the dogs") && !first.contains("File the report"))
        // Today gathers every list and says which each task is on.
        let report = try lists.tasks(of: work).all()[0].record
        let now = harness.app.lists.todo.tasks.now()
        try harness.app.lists.todo.edit(
            .id(report.id), due: .some(Due(day: Day(now, in: try harness.app.lists.store.householdTimeZone()))))
        let today = harness.get("/todo/today").text
        #expect(today.contains("File the report") && today.contains("Work · "))
        // The sheet offers the lists, and choosing another moves the task there.
        let walk = try harness.task("Walk the dogs")
        let sheet = harness.get("/todo/tasks/\(walk.id)/edit").text
        #expect(sheet.contains("<select id=\"field-list\" name=\"list\">"))
        let moved = harness.post(
            "/todo/tasks/\(walk.id)/edit",
            [("version", "\(walk.meta.version)"), ("task", "Walk the dogs"), ("list", work.id.uuidString)])
        #expect(moved.status == 303)
        #expect(try lists.tasks(of: work).all().map(\.record.title) == ["Walk the dogs", "File the report"])
        // A list that is gone leaves the screen on the first one.
        try lists.delete(.id(work.id))
        #expect(harness.get("/todo", headers: device).text.contains("<title>To-Do"))
        // An insert from a screen of a list deleted meanwhile puts the task nowhere, and says so.
        let stale = harness.post("/todo/tasks", [("title", "Lost"), ("list", work.id.uuidString)])
        #expect(stale.status == 409 && stale.text.contains("Not inserted"))
        #expect(try harness.app.lists.todo.all().allSatisfy { $0.record.title != "Lost" })
    }

    @Test func listsAreMadeRenamedMovedAndDeletedWithAnUndo() throws {
        let harness = try PageHarness()
        let lists = harness.app.lists.todoLists
        for name in ["Home", "Work"] { #expect(harness.post("/todo/lists", [("name", name)]).status == 303) }
        // A refused name is shown with what was typed.
        let taken = harness.post("/todo/lists", [("name", "home")])
        #expect(taken.status == 422 && taken.text.contains("Another list has that name"))
        #expect(harness.post("/todo/lists", [("name", "")]).status == 422)
        let index = harness.get("/todo/lists").text
        #expect(index.contains("Home") && index.contains("3 to do, 3 in all"))
        let work = try lists.list(.typed("Work"))
        #expect(harness.post("/todo/lists/\(work.id)/move", [("offset", "-2")]).location == "/todo/lists")
        #expect(try lists.all().map(\.name) == ["Work", "To-Do", "Home"])
        #expect(harness.post("/todo/lists/\(work.id)/move", [("offset", "-1")]).status == 422)
        #expect(harness.get("/todo/lists/\(work.id)/rename").text.contains("value=\"Work\""))
        let renamed = harness.post(
            "/todo/lists/\(work.id)/rename",
            [("name", "Office"), ("version", "\(try lists.list(.id(work.id)).meta.version)")])
        #expect(renamed.location == "/todo/lists")
        #expect(try lists.list(.id(work.id)).name == "Office")
        let stale = harness.post("/todo/lists/\(work.id)/rename", [("name", "Desk"), ("version", "1")])
        #expect(stale.status == 409)
        // A delete asks, takes the tasks with it, and the Undo puts both back.
        let toDo = try lists.list(.typed("To-Do"))
        let asks = harness.get("/todo/lists/\(toDo.id)/delete").text
        #expect(asks.contains("Delete To-Do?") && asks.contains("Its 3 tasks go with it."))
        let deleted = harness.post("/todo/lists/\(toDo.id)/delete", [("version", "\(toDo.meta.version)")])
        let location = try #require(deleted.location)
        #expect(location.hasPrefix("/todo/lists?undo="))
        #expect(try harness.app.lists.todo.all().isEmpty)
        let removal = String(location.dropFirst("/todo/lists?undo=".count))
        #expect(harness.get("/todo/lists", query: ["undo": removal]).text.contains("Deleted a to-do list."))
        #expect(harness.post("/todo/lists/restore", [("removal", removal)]).location == "/todo/lists")
        #expect(
            try harness.app.lists.todo.all().map(\.record.title) == ["Walk the dogs", "Feed the hogs", "Chop the logs"])
        #expect(try lists.all().map(\.name) == ["Office", "To-Do", "Home"])
    }

    @Test func aHouseholdWithNoListGetsToDoAtItsFirstInsert() throws {
        let harness = try PageHarness()
        let lists = harness.app.lists.todoLists
        let toDo = try lists.list(.typed("To-Do"))
        try lists.delete(.id(toDo.id))
        let empty = harness.get("/todo").text.withoutTemplates
        #expect(empty.contains("No tasks. Type one above."))
        #expect(harness.post("/todo/tasks", [("title", "Call the vet"), ("list", "")]).status == 303)
        #expect(try lists.all().map(\.name) == ["To-Do"])
        #expect(try harness.app.lists.todo.all().map(\.record.title) == ["Call the vet"])
    }

    /// Not the web app's forms only: a task added through the API or a phone's queued changes in a household with
    /// no list goes on a "To-Do" made for it, as every server and the CLI see it at once.
    @Test func anAPIOrQueuedInsertInAHouseholdWithNoListMakesToDo() throws {
        let api = try APIHarness()
        let added = api.send("POST", "/api/v1/tasks", json: #"{"title": "Walk"}"#)
        #expect(added.status == 201)
        let lists = try TodoLists(store: api.store).all()
        #expect(lists.map(\.name) == ["To-Do"])
        #expect(added.object["list"] as? String == lists[0].id.uuidString)
        try TodoLists(store: api.store).delete(.id(lists[0].id))
        let change = #"{"key":"1","kind":"task","op":"add","id":"\#(UUID().uuidString)","fields":{"title":"Feed"}}"#
        #expect(api.send("POST", "/api/v1/changes", json: #"{"changes":[\#(change)]}"#).status == 200)
        let again = try TodoLists(store: api.store).all()
        #expect(again.map(\.name) == ["To-Do"])
        #expect(try TodoList(store: api.store).all().map(\.record.list) == [again[0].id.uuidString])
    }

    @Test func theAPIMakesRenamesMovesAndDeletesListsAndPutsTasksOnThem() throws {
        let api = try APIHarness()
        #expect(api.send("POST", "/api/v1/todo-lists", json: #"{"name": "To-Do"}"#).status == 201)
        let made = api.send("POST", "/api/v1/todo-lists", json: #"{"name": "Work"}"#)
        #expect(made.status == 201)
        let work = try #require(made.object["id"] as? String)
        #expect(made.headers["Location"] == "/api/v1/todo-lists/\(work)")
        #expect(api.send("GET", "/api/v1/todo-lists/\(work)").object["name"] as? String == "Work")
        let task = api.send("POST", "/api/v1/tasks", json: #"{"title": "File the report", "list": "\#(work)"}"#)
        #expect(task.status == 201 && task.object["list"] as? String == work)
        // A task sent with no list goes on the first one.
        let plain = api.send("POST", "/api/v1/tasks", json: #"{"title": "Walk"}"#)
        let summaries = api.send("GET", "/api/v1/todo-lists").object["todoLists"] as? [[String: Any]] ?? []
        let names = summaries.compactMap { ($0["list"] as? [String: Any])?["name"] as? String }
        #expect(names == ["To-Do", "Work"])
        let toDo = try #require((summaries.first?["list"] as? [String: Any])?["id"] as? String)
        #expect(plain.object["list"] as? String == toDo)
        #expect(summaries.map { $0["tasks"] as? Double } == [1, 1])
        let onWork = api.send("GET", "/api/v1/todo-lists/\(work)/tasks").object["tasks"] as? [[String: Any]] ?? []
        #expect(onWork.map { $0["title"] as? String } == ["File the report"])
        // A PATCH of a task's list moves it.
        let walk = try #require(plain.object["id"] as? String)
        #expect(api.send("PATCH", "/api/v1/tasks/\(walk)", json: #"{"list": "\#(work)"}"#).status == 200)
        #expect(
            (api.send("GET", "/api/v1/todo-lists/\(work)/tasks").object["tasks"] as? [[String: Any]])?.count == 2)
        #expect(
            api.send("PATCH", "/api/v1/todo-lists/\(work)", json: #"{"name": "Office"}"#).object["name"] as? String
                == "Office")
        let moved = api.send("POST", "/api/v1/todo-lists/\(work)/move", json: #"{"offset": -1}"#)
        #expect(
            (moved.object["todoLists"] as? [[String: Any]])?.compactMap {
                ($0["list"] as? [String: Any])?["name"] as? String
            }
                == ["Office", "To-Do"])
        let deleted = api.send("DELETE", "/api/v1/todo-lists/\(work)")
        let removal = try #require(deleted.object["removal"] as? String)
        #expect(api.send("GET", "/api/v1/tasks/\(walk)").status == 404)
        #expect(api.send("POST", "/api/v1/todo-lists/removals/\(removal)/restore").status == 200)
        #expect(api.send("GET", "/api/v1/tasks/\(walk)").object["list"] as? String == work)
    }

    @Test func badInputNamesTheFieldAndChangesNothing() throws {
        let api = try APIHarness()
        #expect(api.send("POST", "/api/v1/todo-lists", json: #"{"name": "To-Do"}"#).status == 201)
        let work = try #require(
            api.send("POST", "/api/v1/todo-lists", json: #"{"name": "Work"}"#).object["id"] as? String)
        func state() -> [String] {
            [api.send("GET", "/api/v1/todo-lists").text, api.send("GET", "/api/v1/tasks").text]
        }
        let before = state()
        func refused(
            _ method: String, _ path: String, _ json: String?, status: Int = 422, field: String?,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let answer = api.send(method, path, json: json, sourceLocation: sourceLocation)
            #expect(answer.status == status, "\(method) \(path) \(json ?? "")", sourceLocation: sourceLocation)
            if let field {
                #expect(answer.error["field"] as? String == field, "\(answer.text)", sourceLocation: sourceLocation)
            }
        }
        let long = String(repeating: "x", count: 201)
        refused("POST", "/api/v1/todo-lists", #"{"name": ""}"#, field: "name")
        refused("POST", "/api/v1/todo-lists", #"{"name": "\#(long)"}"#, field: "name")
        refused("POST", "/api/v1/todo-lists", #"{"name": "work"}"#, status: 409, field: "name")
        refused("POST", "/api/v1/todo-lists", #"{}"#, field: "name")
        refused("POST", "/api/v1/todo-lists", #"{"name": "X", "rank": 3}"#, field: "rank")
        refused("PATCH", "/api/v1/todo-lists/\(work)", #"{"name": "TO-DO"}"#, status: 409, field: "name")
        refused("POST", "/api/v1/todo-lists/\(work)/move", #"{"offset": 1}"#, field: "offset")
        refused("POST", "/api/v1/todo-lists/\(work)/move", #"{"offset": "up"}"#, field: "offset")
        refused("POST", "/api/v1/tasks", #"{"title": "Lost", "list": "\#(UUID().uuidString)"}"#, field: "list")
        refused("POST", "/api/v1/tasks", #"{"title": "Lost", "list": "not an id"}"#, field: "list")
        refused("GET", "/api/v1/todo-lists/\(UUID().uuidString)", nil, status: 404, field: nil)
        #expect(state() == before)
    }
}
