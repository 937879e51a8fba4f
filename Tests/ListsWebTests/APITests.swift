import Foundation
import ListsModel
import Testing

@testable import ListsWeb

/// The JSON API of docs/architecture.md §4, through the app's routes without a socket. Every answer is also checked
/// against the OpenAPI document (see ``APIHarness``).
@Suite struct APITests {
    @Test func theSeededCatalogIsListedInOrderWithExactPrices() throws {
        let api = try APIHarness(seeded: true)
        let answer = api.send("GET", "/api/v1/items")
        #expect(answer.status == 200)
        let items = try #require(answer.object["items"] as? [[String: Any]])
        #expect(items.map { $0["name"] as? String } == ["Pear", "Notepad", "Pencil", "Bread", "Mango"])
        #expect(answer.text.contains("\"price\":0.62"))
        #expect(answer.object["nextCursor"] is NSNull)
    }

    @Test func anItemAddedIsReturnedWithItsLocationAndVersion() throws {
        let api = try APIHarness()
        let added = api.send("POST", "/api/v1/items", json: #"{"name": "Milk", "price": 1.99}"#)
        #expect(added.status == 201)
        let id = try #require(added.object["id"] as? String)
        #expect(added.headers["Location"] == "/api/v1/items/\(id)")
        #expect(added.headers["ETag"] == "\"1\"")
        #expect(added.object["inShoppingList"] as? Bool == false)
        #expect(added.text.contains("\"price\":1.99"))
        let fetched = api.send("GET", "/api/v1/items/\(id)")
        #expect(fetched.status == 200)
        #expect(fetched.text == added.text)
    }

    @Test func anItemIsPutOnTheShoppingListAndTotalled() throws {
        let api = try APIHarness(seeded: true)
        let items = try #require(api.send("GET", "/api/v1/items").object["items"] as? [[String: Any]])
        for item in items where ["Pear", "Bread"].contains(item["name"] as? String) {
            let id = try #require(item["id"] as? String)
            let answer = api.send("PATCH", "/api/v1/items/\(id)", json: #"{"inShoppingList": true}"#)
            #expect(answer.status == 200)
            #expect(answer.object["inShoppingList"] as? Bool == true)
            // The mark is an entry of the household's first list: the item itself is as it was.
            #expect(answer.object["version"] as? Double == 1)
        }
        let list = api.send("GET", "/api/v1/shopping-list")
        #expect((list.object["items"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Pear", "Bread"])
        #expect(list.text.hasSuffix("\"total\":3.74}"))
        // On the list "Shopping", made for it: an entry each, to buy.
        let lists = try #require(api.send("GET", "/api/v1/lists").object["lists"] as? [[String: Any]])
        #expect(lists.map { ($0["list"] as? [String: Any])?["name"] as? String } == ["Shopping"])
        #expect(lists.first?["toBuy"] as? Double == 2)
        // Taken off by the same field; an add may set it too.
        let pear = try #require(items.first { $0["name"] as? String == "Pear" }?["id"] as? String)
        #expect(
            api.send("PATCH", "/api/v1/items/\(pear)", json: #"{"inShoppingList": false}"#)
                .object["inShoppingList"] as? Bool == false)
        let tea = api.send("POST", "/api/v1/items", json: #"{"name": "Tea", "price": 2.5, "inShoppingList": true}"#)
        #expect(tea.status == 201 && tea.object["inShoppingList"] as? Bool == true)
        let after = api.send("GET", "/api/v1/shopping-list")
        #expect((after.object["items"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Bread", "Tea"])
        let catalog = try #require(api.send("GET", "/api/v1/items").object["items"] as? [[String: Any]])
        #expect(
            catalog.filter { $0["inShoppingList"] as? Bool == true }.map { $0["name"] as? String } == ["Bread", "Tea"])
    }

    @Test func aStaleIfMatchIsRefusedWith412AndChangesNothing() throws {
        let api = try APIHarness()
        let id = try #require(api.send("POST", "/api/v1/tasks", json: #"{"title": "Walk"}"#).object["id"] as? String)
        #expect(
            api.send("PATCH", "/api/v1/tasks/\(id)", json: #"{"done": true}"#, headers: [("If-Match", "\"1\"")]).status
                == 200)
        let before = try api.snapshot()
        let stale = api.send(
            "PATCH", "/api/v1/tasks/\(id)", json: #"{"title": "Run"}"#, headers: [("If-Match", "\"1\"")])
        #expect(stale.status == 412)
        #expect(stale.error["code"] as? String == "version_mismatch")
        #expect(api.send("DELETE", "/api/v1/tasks/\(id)", headers: [("If-Match", "\"1\"")]).status == 412)
        #expect(try api.snapshot() == before)
        #expect(api.send("DELETE", "/api/v1/tasks/\(id)", headers: [("If-Match", "\"2\"")]).status == 204)
        #expect(api.send("GET", "/api/v1/tasks/\(id)").status == 404)
    }

    @Test func aMalformedIfMatchIsABadRequest() throws {
        let api = try APIHarness()
        let id = try #require(api.send("POST", "/api/v1/tasks", json: #"{"title": "Walk"}"#).object["id"] as? String)
        let answer = api.send("PATCH", "/api/v1/tasks/\(id)", json: #"{"done": true}"#, headers: [("If-Match", "soon")])
        #expect(answer.status == 400)
        #expect(answer.error["field"] as? String == "If-Match")
    }

    @Test func sightingsTakeAnOptionalLocationAndDate() throws {
        let api = try APIHarness()
        let added = api.send(
            "POST", "/api/v1/sightings", json: #"{"name": "Robin", "location": "Park", "date": "2026-11-29T07:30:00Z"}"#
        )
        #expect(added.status == 201)
        #expect(added.object["date"] as? String == "2026-11-29T07:30:00.000Z")
        let id = try #require(added.object["id"] as? String)
        let cleared = api.send("PATCH", "/api/v1/sightings/\(id)", json: #"{"location": null}"#)
        #expect(cleared.object["location"] is NSNull)
        let dated = api.send("POST", "/api/v1/sightings", json: #"{"name": "Wren"}"#)
        #expect(dated.object["date"] as? String == "2026-11-30T05:45:27.123Z")
    }

    @Test func pagesFollowTheCursorWithoutRepeatsOrGaps() throws {
        let api = try APIHarness()
        for number in 1...7 { api.send("POST", "/api/v1/tasks", json: #"{"title": "Task \#(number)"}"#) }
        var titles: [String] = []
        var cursor: String?
        repeat {
            var query = ["limit": "3"]
            if let cursor { query["cursor"] = cursor }
            let page = api.send("GET", "/api/v1/tasks", query: query)
            #expect(page.status == 200)
            titles += (page.object["tasks"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
            cursor = page.object["nextCursor"] as? String
            // A task deleted before the cursor must not make the next page skip one.
            if titles.count == 3, let first = try api.store.read({ try $0.list(TodoTask.self) }).first {
                api.send("DELETE", "/api/v1/tasks/\(first.record.id.uuidString)")
            }
        } while cursor != nil
        #expect(titles == (1...7).map { "Task \($0)" })
    }

    @Test(arguments: [
        ("limit", "0"), ("limit", "1001"), ("limit", "ten"), ("cursor", "nonsense"), ("cursor", "3.not-an-id"),
    ])
    func badPagingParametersAreNamed(name: String, value: String) throws {
        let answer = try APIHarness().send("GET", "/api/v1/items", query: [name: value])
        #expect(answer.status == 400)
        #expect(answer.error["field"] as? String == name)
    }

    @Test func theRevisionGrowsWithEveryChange() throws {
        let api = try APIHarness()
        func revision() -> Double? { api.send("GET", "/api/v1/revision").object["revision"] as? Double }
        let start = try #require(revision())
        let id = try #require(api.send("POST", "/api/v1/items", json: #"{"name": "Tea"}"#).object["id"] as? String)
        let added = try #require(revision())
        #expect(added > start)
        api.send("PATCH", "/api/v1/items/\(id)", json: #"{"price": 2}"#)
        #expect(try #require(revision()) > added)
    }

    @Test func cachedCollectionsFollowChangesMadeElsewhere() throws {
        let api = try APIHarness()
        #expect((api.send("GET", "/api/v1/tasks").object["tasks"] as? [Any])?.count == 0)
        // Written straight to the model, as the CLI or another server would.
        try TodoList(store: api.store).add(title: "Feed the hogs")
        #expect((api.send("GET", "/api/v1/tasks").object["tasks"] as? [Any])?.count == 1)
    }

    @Test func theHealthCheckAndTheDocumentAnswer() throws {
        let api = try APIHarness()
        #expect(api.send("GET", "/healthz").object["status"] as? String == "ok")
        let document = api.send("GET", "/api/v1/openapi.json")
        #expect(document.object["openapi"] as? String == "3.1.0")
        #expect(api.send("HEAD", "/api/v1/items").body.isEmpty)
    }
}
