import Foundation
import Testing

@testable import ListsWeb

/// `/api/v1/categories` and a list's `/aisles`, without a socket: every answer checked against the OpenAPI document
/// by the harness.
@Suite struct CategoriesAPITests {
    func names(_ answer: APIHarness.Answer, _ key: String) -> [String] {
        (answer.object[key] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    @Test func categoriesAreAddedRenamedDeletedAndRestored() throws {
        let api = try APIHarness()
        let all = api.send("GET", "/api/v1/categories")
        #expect(all.status == 200)
        #expect(names(all, "categories").prefix(3) == ["Produce", "Bakery", "Deli"])
        let id = UUID().uuidString
        let added = api.send("POST", "/api/v1/categories", json: #"{"name": "Garden", "id": "\#(id)"}"#)
        #expect(added.status == 201 && added.headers["Location"] == "/api/v1/categories/\(id)")
        #expect(api.send("POST", "/api/v1/categories", json: #"{"name": "Garden", "id": "\#(id)"}"#).status == 200)
        let renamed = api.send(
            "PATCH", "/api/v1/categories/\(id)", json: #"{"name": "Garden centre"}"#, headers: [("If-Match", "\"1\"")])
        #expect(renamed.status == 200 && renamed.object["name"] as? String == "Garden centre")
        // An item put in it keeps its id; deleted, the category reads as gone; restored, it is back.
        let item = api.send("POST", "/api/v1/items", json: #"{"name": "Rake", "price": 12, "category": "\#(id)"}"#)
        #expect(item.status == 201 && item.object["category"] as? String == id)
        let deleted = api.send("DELETE", "/api/v1/categories/\(id)")
        let removal = try #require(deleted.object["removal"] as? String)
        #expect(!names(api.send("GET", "/api/v1/categories"), "categories").contains("Garden centre"))
        let restored = api.send("POST", "/api/v1/categories/removals/\(removal)/restore")
        #expect(restored.status == 200 && names(restored, "categories").last == "Garden centre")
        #expect(api.send("POST", "/api/v1/categories/removals/\(removal)/restore").status == 404)
    }

    @Test func aNewItemGetsASuggestedCategoryAndAListsAislesMoveByHand() throws {
        let api = try APIHarness()
        let milk = api.send("POST", "/api/v1/items", json: #"{"name": "Oat milk", "price": 2}"#)
        let dairy = "0A15E500-0000-4000-8000-000000000005"
        #expect(milk.object["category"] as? String == dairy)
        let none = api.send("POST", "/api/v1/items", json: #"{"name": "Zorblax", "price": 2}"#)
        #expect(none.object["category"] is NSNull)
        let list = try #require(
            api.send("POST", "/api/v1/lists", json: #"{"name": "Groceries"}"#).object["id"] as? String)
        let aisles = api.send("GET", "/api/v1/lists/\(list)/aisles")
        #expect(aisles.status == 200 && aisles.object["byHand"] as? Bool == false)
        #expect(names(aisles, "aisles").first == "Produce")
        let moved = api.send(
            "POST", "/api/v1/lists/\(list)/aisles/move", json: #"{"category": "\#(dairy)", "offset": -4}"#)
        #expect(moved.status == 200 && moved.object["byHand"] as? Bool == true)
        #expect(names(moved, "aisles").first == "Dairy and eggs")
        let learned = api.send("POST", "/api/v1/lists/\(list)/aisles/learn")
        #expect(learned.object["byHand"] as? Bool == false && names(learned, "aisles").first == "Produce")
    }

    @Test func badInputNamesTheFieldAndChangesNothing() throws {
        let api = try APIHarness()
        let list = try #require(
            api.send("POST", "/api/v1/lists", json: #"{"name": "Groceries"}"#).object["id"] as? String)
        let item = try #require(
            api.send("POST", "/api/v1/items", json: #"{"name": "Milk", "price": 1}"#).object["id"] as? String)
        func state() -> [String] {
            [
                api.send("GET", "/api/v1/categories").text, api.send("GET", "/api/v1/lists/\(list)/aisles").text,
                api.send("GET", "/api/v1/items/\(item)").text,
            ]
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
        refused("POST", "/api/v1/categories", #"{"name": ""}"#, field: "name")
        refused("POST", "/api/v1/categories", #"{"name": "\#(String(repeating: "x", count: 201))"}"#, field: "name")
        refused("POST", "/api/v1/categories", #"{"name": "produce"}"#, status: 409, field: "name")
        refused("POST", "/api/v1/categories", #"{"name": "X", "rank": 3}"#, field: "rank")
        refused("PATCH", "/api/v1/categories/\(UUID().uuidString)", #"{"name": "X"}"#, status: 404, field: nil)
        refused("PATCH", "/api/v1/items/\(item)", #"{"category": "\#(UUID().uuidString)"}"#, field: "category")
        refused("PATCH", "/api/v1/items/\(item)", #"{"category": "dairy"}"#, field: "category")
        refused("POST", "/api/v1/items", #"{"name": "Eggs", "category": "\#(UUID().uuidString)"}"#, field: "category")
        refused(
            "POST", "/api/v1/lists/\(list)/aisles/move",
            #"{"category": "0A15E500-0000-4000-8000-000000000001", "offset": -1}"#, field: "move")
        refused(
            "POST", "/api/v1/lists/\(list)/aisles/move",
            #"{"category": "0A15E500-0000-4000-8000-00000000000F", "offset": 1}"#, field: "move")
        refused("POST", "/api/v1/lists/\(list)/aisles/move", #"{"category": "x", "offset": 1}"#, field: "category")
        refused("POST", "/api/v1/lists/\(list)/aisles/move", #"{"offset": 1}"#, field: "category")
        #expect(state() == before)
    }
}
