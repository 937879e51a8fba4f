import Foundation
import ListsModel
import Testing

@testable import ListsWeb

/// The API's undo of a delete (`POST /api/v1/{items|tasks|sightings}/{id}/restore`) and its adds that choose their
/// id, so that an add sent twice adds once. Every answer is also checked against the OpenAPI document.
@Suite struct APIUndoTests {
    static let collections = ["items", "tasks", "sightings"]
    static let bodies = [
        "items": #"{"name": "Milk", "price": 1.99, "inShoppingList": true}"#,
        "tasks": #"{"title": "Walk the dogs"}"#,
        "sightings": #"{"name": "Robin", "location": "Garden", "count": 3, "comments": "singing"}"#,
    ]

    /// A record deleted, then restored, is answered and listed again byte for byte as it was: id, fields, dates,
    /// version (and `ETag`), in its place between the others.
    @Test(arguments: collections)
    func aDeleteIsUndoneExactlyInPlace(collection: String) throws {
        let api = try APIHarness()
        var ids: [String] = []
        for _ in 0..<3 {
            let added = api.send("POST", "/api/v1/\(collection)", json: Self.bodies[collection])
            ids.append(try #require(added.object["id"] as? String))
        }
        api.send(
            "PATCH", "/api/v1/\(collection)/\(ids[1])",
            json:
                #"{"\#(collection == "tasks" ? "done" : "name")": \#(collection == "tasks" ? "true" : "\"Changed\"")}"#)
        let before = api.send("GET", "/api/v1/\(collection)/\(ids[1])")
        let list = api.send("GET", "/api/v1/\(collection)").text
        #expect(api.send("DELETE", "/api/v1/\(collection)/\(ids[1])").status == 204)
        #expect(api.send("GET", "/api/v1/\(collection)/\(ids[1])").status == 404)

        let restored = api.send("POST", "/api/v1/\(collection)/\(ids[1])/restore")
        #expect(restored.status == 200)
        #expect(restored.text == before.text)
        #expect(restored.headers["ETag"] == "\"2\"")
        #expect(api.send("GET", "/api/v1/\(collection)").text == list)

        let again = api.send("POST", "/api/v1/\(collection)/\(ids[1])/restore")
        #expect(again.status == 404)
        #expect(again.error["code"] as? String == "nothing_to_restore")
        #expect((again.error["message"] as? String)?.hasPrefix("there is nothing to undo") == true)
    }

    @Test func aRestoreOfAnIdNeverDeletedOrMalformedIsRefused() throws {
        let api = try APIHarness()
        let id = try #require(api.send("POST", "/api/v1/tasks", json: #"{"title": "Walk"}"#).object["id"] as? String)
        let before = try api.snapshot()
        for path in ["/api/v1/tasks/\(id)/restore", "/api/v1/tasks/\(UUID().uuidString)/restore"] {
            let answer = api.send("POST", path)
            #expect(answer.status == 404)
            #expect(answer.error["code"] as? String == "nothing_to_restore")
        }
        // A task's id is not an item's.
        api.send("DELETE", "/api/v1/tasks/\(id)")
        #expect(api.send("POST", "/api/v1/items/\(id)/restore").status == 404)
        #expect(api.send("POST", "/api/v1/tasks/not-an-id/restore").status == 400)
        #expect(api.send("GET", "/api/v1/tasks/\(id)/restore").status == 405)
        #expect(api.send("POST", "/api/v1/tasks/\(id)/restore").status == 200)
        #expect(try api.snapshot() == before)
    }

    /// A record deleted and then added again with its id (the client's choice) is not replaced by the undo: 409,
    /// and nothing changes.
    @Test func aRestoreOverARecordWithTheSameIdIsAConflict() throws {
        let api = try APIHarness()
        let id = try #require(api.send("POST", "/api/v1/tasks", json: #"{"title": "Walk"}"#).object["id"] as? String)
        api.send("DELETE", "/api/v1/tasks/\(id)")
        #expect(api.send("POST", "/api/v1/tasks", json: #"{"title": "Run", "id": "\#(id)"}"#).status == 201)
        let before = try api.snapshot()
        let answer = api.send("POST", "/api/v1/tasks/\(id)/restore")
        #expect(answer.status == 409)
        #expect(answer.error["code"] as? String == "id_taken")
        #expect(try api.snapshot() == before)
    }

    @Test func aRestoreFromAnotherSiteIsRefused() throws {
        let api = try APIHarness()
        let id = try #require(api.send("POST", "/api/v1/tasks", json: #"{"title": "Walk"}"#).object["id"] as? String)
        api.send("DELETE", "/api/v1/tasks/\(id)")
        let answer = api.send(
            "POST", "/api/v1/tasks/\(id)/restore", headers: [("Origin", "https://elsewhere.example")])
        #expect(answer.status == 403)
        #expect(api.send("GET", "/api/v1/tasks/\(id)").status == 404)
    }

    /// An add that chose its id, sent twice (the second time with other values, as a confused client might),
    /// adds once: 201, then 200 with the record as the first add stored it. Lower-case ids are the same ids.
    @Test(arguments: collections)
    func anAddThatChoseItsIdAddsOnce(collection: String) throws {
        let api = try APIHarness()
        let id = UUID()
        let body = try #require(Self.bodies[collection])
        let withID = "{\"id\": \"\(id.uuidString.lowercased())\", " + body.dropFirst()
        let first = api.send("POST", "/api/v1/\(collection)", json: withID)
        #expect(first.status == 201)
        #expect(first.object["id"] as? String == id.uuidString)
        #expect(first.headers["Location"] == "/api/v1/\(collection)/\(id.uuidString)")
        let before = try api.snapshot()
        let other =
            "{\"id\": \"\(id.uuidString)\", " + (collection == "tasks" ? #""title": "Other"}"# : #""name": "Other"}"#)
        for body in [withID, other] {
            let again = api.send("POST", "/api/v1/\(collection)", json: body)
            #expect(again.status == 200)
            #expect(again.text == first.text)
            #expect(again.headers["Location"] == first.headers["Location"])
        }
        #expect(try api.snapshot() == before)
    }

    @Test(arguments: [#""2B0C4D0E""#, "42", "null", #""2B0C4D0E-8F1A-4C3B-9D2E-5F6A7B8C9D0E-1""#])
    func anIdThatIsNotAUUIDIsRefusedNamingIt(id: String) throws {
        let api = try APIHarness()
        let answer = api.send("POST", "/api/v1/tasks", json: #"{"title": "Walk", "id": \#(id)}"#)
        #expect(answer.status == 422)
        #expect(answer.error["field"] as? String == "id")
        #expect(try api.snapshot().isEmpty)
    }

    @Test func anIdIsNotAFieldAChangeTakes() throws {
        let api = try APIHarness()
        let id = try #require(api.send("POST", "/api/v1/tasks", json: #"{"title": "Walk"}"#).object["id"] as? String)
        let answer = api.send("PATCH", "/api/v1/tasks/\(id)", json: #"{"id": "\#(UUID().uuidString)"}"#)
        #expect(answer.status == 422)
        #expect(answer.error["field"] as? String == "id")
    }

    /// The document describes the restore of each kind, and the `id` an add may choose, as served.
    @Test func theDocumentDescribesRestoresAndChosenIds() throws {
        let api = try APIHarness()
        let document = api.send("GET", "/api/v1/openapi.json").object
        let paths = try #require(document["paths"] as? [String: Any])
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        for (collection, name) in [("items", "Item"), ("tasks", "Task"), ("sightings", "Sighting")] {
            let restore = try #require((paths["/api/v1/\(collection)/{id}/restore"] as? [String: Any])?["post"])
            let responses = try #require((restore as? [String: Any])?["responses"] as? [String: Any])
            #expect(Set(responses.keys) == ["200", "400", "401", "403", "404", "409", "421", "503"])
            let add = try #require((paths["/api/v1/\(collection)"] as? [String: Any])?["post"] as? [String: Any])
            #expect((add["responses"] as? [String: Any])?.keys.contains("200") == true)
            let input = try #require((schemas["\(name)Input"] as? [String: Any])?["properties"] as? [String: Any])
            #expect(input["id"] != nil)
            let patch = try #require((schemas["\(name)Patch"] as? [String: Any])?["properties"] as? [String: Any])
            #expect(patch["id"] == nil)
        }
    }
}
