import Foundation
import ListsHTTP
import ListsModel
import Testing

@testable import ListsWeb

/// The pages' undo, without JavaScript: a delete or a check-off lands on a screen whose address names what to
/// undo, which shows the Undo bar while it can be undone, and its Undo puts things back. And the add forms, which
/// carry the id their record is to have, so that a form sent twice adds once.
@Suite struct UndoPageTests {
    /// `GET` of a redirect's `Location` (a path with a query of `name=value` pairs, as the pages write them).
    static func follow(_ harness: PageHarness, _ location: String?) throws -> HTTPResponse {
        let parts = try #require(location).split(separator: "?", maxSplits: 1)
        var query: [String: String] = [:]
        for pair in parts.count > 1 ? parts[1].split(separator: "&") : [] {
            let halves = pair.split(separator: "=", maxSplits: 1)
            query[String(halves[0])] = halves.count > 1 ? String(halves[1]) : ""
        }
        return harness.get(String(parts[0]), query: query)
    }

    /// The Undo bar a page shows, or `nil`.
    static func undoBar(_ page: String) -> Substring? {
        guard let start = page.range(of: "<div class=\"undo-bar\"") else { return nil }
        guard let end = page[start.lowerBound...].range(of: "</div>") else { return nil }
        return page[start.lowerBound..<end.upperBound]
    }

    /// The value of the hidden `id` field of the page's add form.
    static func chosenID(_ page: String) throws -> String {
        let marker = try #require(page.range(of: "<input type=\"hidden\" name=\"id\" value=\""))
        return String(page[marker.upperBound...].prefix(36))
    }

    @Test func aDeletedTaskIsOfferedBackAndComesBackInItsPlace() throws {
        let harness = try PageHarness()
        let feed = try harness.task("Feed the hogs")
        let before = try harness.app.lists.todo.all()
        let deleted = harness.post("/todo/tasks/\(feed.id)/delete", [("version", "1")])
        #expect(deleted.location == "/todo?undo=task:\(feed.id.uuidString)")
        let landed = try Self.follow(harness, deleted.location)
        #expect(landed.status == 200)
        let bar = try #require(Self.undoBar(landed.text))
        #expect(bar.contains("role=\"status\" aria-live=\"polite\""))
        #expect(bar.contains("<p class=\"undo-message\">Deleted “Feed the hogs”.</p>"))
        #expect(bar.contains("action=\"/todo/tasks/\(feed.id.uuidString)/restore\""))
        #expect(bar.contains("<button class=\"undo-button\" type=\"submit\">Undo</button>"))
        #expect(landed.text.contains("<div class=\"screen has-undo\">"))
        #expect(!landed.text.contains(">Feed the hogs</span>"))
        // The plain list offers nothing.
        #expect(Self.undoBar(harness.get("/todo").text) == nil)

        let undone = harness.post("/todo/tasks/\(feed.id)/restore", [])
        #expect(undone.status == 303)
        #expect(undone.location == "/todo")
        #expect(try harness.app.lists.todo.all() == before)
        // Once undone, the address offers nothing more, and a second Undo says there is nothing to undo.
        #expect(Self.undoBar(try Self.follow(harness, deleted.location).text) == nil)
        let again = harness.post("/todo/tasks/\(feed.id)/restore", [])
        #expect(again.status == 409)
        #expect(again.text.contains("There is nothing to undo: the task was deleted more than 10 minutes ago"))
        #expect(try harness.app.lists.todo.all() == before)
    }

    @Test func anItemDeletedInEditModeComesBackToEditMode() throws {
        let harness = try PageHarness()
        let pencil = try harness.item("Pencil")
        let deleted = harness.post("/shopping/items/\(pencil.id)/delete", [("version", "1"), ("from", "edit")])
        let landed = try Self.follow(harness, deleted.location).text
        let bar = try #require(Self.undoBar(landed))
        #expect(bar.contains("Deleted “Pencil”."))
        #expect(bar.contains("<input type=\"hidden\" name=\"from\" value=\"edit\">"))
        #expect(landed.contains("href=\"/shopping\">Done</a>"))  // still in Edit mode
        let undone = harness.post("/shopping/items/\(pencil.id)/restore", [("from", "edit")])
        #expect(undone.location == "/shopping?edit=1")
        #expect(try harness.itemNames() == ["Pear", "Notepad", "Pencil", "Bread", "Mango"])
        #expect(try harness.item("Pencil") == pencil)

        // From the edit sheet's Delete Item, the undo lands on the Items tab.
        let bread = try harness.item("Bread")
        let fromSheet = harness.post("/shopping/items/\(bread.id)/delete", [("version", "1")])
        let bar2 = try #require(Self.undoBar(try Self.follow(harness, fromSheet.location).text))
        #expect(!bar2.contains("name=\"from\""))
        #expect(harness.post("/shopping/items/\(bread.id)/restore", []).location == "/shopping")
        #expect(try harness.item("Bread") == bread)
    }

    @Test func aDeletedSightingIsOfferedBackAndComesBack() throws {
        let harness = try PageHarness()
        let pigeon = try harness.sighting("Pigeon")
        let deleted = harness.post("/birds/\(pigeon.id)/delete", [("version", "1")])
        let landed = try Self.follow(harness, deleted.location).text
        let bar = try #require(Self.undoBar(landed))
        #expect(bar.contains("Deleted the sighting of “Pigeon”."))
        #expect(landed.contains("No sightings yet"))
        let undone = harness.post("/birds/\(pigeon.id)/restore", [])
        #expect(undone.location == "/birds")
        #expect(try harness.sighting("Pigeon") == pigeon)
        #expect(harness.post("/birds/\(pigeon.id)/restore", []).text.contains("There is nothing to undo"))
    }

    /// After ``Undo/window`` the address offers nothing, and a late Undo says why.
    @Test func theOfferEndsWithTheWindow() throws {
        let harness = try PageHarness()
        let walk = try harness.task("Walk the dogs")
        let deleted = harness.post("/todo/tasks/\(walk.id)/delete", [("version", "1")])
        let later = PageHarness.now.addingTimeInterval(Undo.window + 1)
        let app = ListsWebApp(store: harness.store, clock: { later })
        func get(_ location: String?) throws -> String {
            let parts = try #require(location).split(separator: "?")
            let argument = parts[1].split(separator: "=", maxSplits: 1)
            return app.respond(
                to: HTTPRequest(
                    method: "GET", path: String(parts[0]), query: [String(argument[0]): String(argument[1])],
                    headers: PageHarness.browserHeaders())
            ).text
        }
        #expect(Self.undoBar(try get(deleted.location)) == nil)
        #expect(Self.undoBar(try Self.follow(harness, deleted.location).text) != nil)
    }

    @Test(arguments: ["item:", "sighting:", "task:nonsense", "task", "", "check:"])
    func anUndoArgumentForAnotherScreenOrMalformedIsIgnored(argument: String) throws {
        let harness = try PageHarness()
        let walk = try harness.task("Walk the dogs")
        _ = harness.post("/todo/tasks/\(walk.id)/delete", [("version", "1")])
        let suffix = argument.hasSuffix(":") ? walk.id.uuidString : ""
        let page = harness.get("/todo", query: ["undo": argument + suffix])
        #expect(page.status == 200)
        #expect(Self.undoBar(page.text) == nil)
    }

    /// The same add form sent twice (a double click on Save without JavaScript) adds one record, on each screen; a
    /// refused form keeps its id, and the next form drawn has another.
    @Test func anAddFormSentTwiceAddsOnce() throws {
        let harness = try PageHarness(seeded: false)
        let todo = harness.get("/todo").text
        #expect(todo.contains("data-announce=\"Added {title}.\" autocomplete=\"off\">"))
        let taskID = try Self.chosenID(todo)
        for _ in 0..<2 {
            let sent = harness.post("/todo/tasks", [("id", taskID), ("title", "Buy stamps")])
            #expect(sent.location == "/todo")
        }
        #expect(try harness.app.lists.todo.all().map(\.record.id.uuidString) == [taskID])
        #expect(try Self.chosenID(harness.get("/todo").text) != taskID)

        let refused = harness.post("/shopping/new", [("id", "7D1C0E52-9E0B-4E50-9C7E-0D6F3B1A2C4D"), ("name", "")])
        #expect(refused.status == 422)
        #expect(try Self.chosenID(refused.text) == "7D1C0E52-9E0B-4E50-9C7E-0D6F3B1A2C4D")
        for name in ["Milk", "Milk"] {
            let sent = harness.post(
                "/shopping/new", [("id", "7D1C0E52-9E0B-4E50-9C7E-0D6F3B1A2C4D"), ("name", name), ("price", "1")])
            #expect(sent.status == 303)
        }
        #expect(try harness.itemNames() == ["Milk"])

        let birdsID = try Self.chosenID(harness.get("/birds/new").text)
        for _ in 0..<3 { _ = harness.post("/birds/new", [("id", birdsID), ("name", "Robin")]) }
        #expect(try harness.app.lists.birds.all().map(\.record.id.uuidString) == [birdsID])

        // Without an id (an old page), an add adds; a malformed one is refused before anything is added.
        #expect(harness.post("/todo/tasks", [("title", "Post letters")]).status == 303)
        #expect(harness.post("/todo/tasks", [("id", "twelve"), ("title", "Post letters")]).status == 400)
        #expect(try harness.app.lists.todo.count() == 2)
    }
}
