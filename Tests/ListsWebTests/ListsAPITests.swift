import Foundation
import ListsModel
import Testing

@testable import ListsWeb

/// `/api/v1/lists` and its entries: a household's named shopping lists through the API, every answer checked
/// against the OpenAPI document.
@Suite struct ListsAPITests {
    /// Adds an item to the catalog and answers its id.
    func item(_ api: APIHarness, _ name: String, _ price: String) throws -> String {
        try #require(
            api.send("POST", "/api/v1/items", json: #"{"name": "\#(name)", "price": \#(price)}"#).object["id"]
                as? String)
    }

    func make(_ api: APIHarness, _ name: String) throws -> String {
        let made = api.send("POST", "/api/v1/lists", json: #"{"name": "\#(name)"}"#)
        #expect(made.status == 201)
        #expect(made.headers["Location"] == "/api/v1/lists/\(made.object["id"] as? String ?? "")")
        return try #require(made.object["id"] as? String)
    }

    @Test func twoListsAnItemOnBothATripAndAnUndo() throws {
        let api = try APIHarness()
        let milk = try item(api, "Milk", "1.19")
        let bread = try item(api, "Bread", "2.50")
        let groceries = try make(api, "Groceries")
        let corner = try make(api, "Corner shop")
        let put = api.send(
            "POST", "/api/v1/lists/\(groceries)/entries",
            json: #"{"item": "\#(milk)", "quantity": "500 ml", "note": "the blue one"}"#)
        #expect(put.status == 201)
        let added = api.send(
            "POST", "/api/v1/lists/\(groceries)/entries", json: #"{"item": "\#(milk)", "quantity": "1 l"}"#)
        #expect(added.status == 200)
        #expect((added.object["entry"] as? [String: Any])?["quantity"] as? String == "1.5 l")
        let apart = api.send(
            "POST", "/api/v1/lists/\(groceries)/entries", json: #"{"item": "\#(milk)", "quantity": "2"}"#)
        #expect(apart.status == 201 && apart.object["keptApart"] as? String == "1.5 l")
        api.send("POST", "/api/v1/lists/\(groceries)/entries", json: #"{"item": "\#(bread)", "quantity": "2"}"#)
        api.send("POST", "/api/v1/lists/\(corner)/entries", json: #"{"item": "\#(milk)", "quantity": "1"}"#)

        let list = api.send("GET", "/api/v1/lists/\(groceries)")
        #expect(list.status == 200)
        let rows = try #require(list.object["entries"] as? [[String: Any]])
        #expect(rows.map { ($0["entry"] as? [String: Any])?["quantity"] as? String } == ["1.5 l", "2", "2"])
        #expect(rows.map { ($0["item"] as? [String: Any])?["name"] as? String } == ["Milk", "Milk", "Bread"])
        // 1.19 once for 1.5 l, twice for 2, and 2 × 2.50.
        #expect(list.text.hasSuffix(#""total":8.57}"#))

        // A check-off made offline keeps its time.
        let entry = try #require((rows[2]["entry"] as? [String: Any])?["id"] as? String)
        let checked = api.send(
            "PATCH", "/api/v1/lists/\(groceries)/entries/\(entry)", json: #"{"checkedAt": "2026-11-29T10:00:00.250Z"}"#,
            headers: [("If-Match", "\"1\"")])
        #expect(checked.status == 200 && checked.object["checkedAt"] as? String == "2026-11-29T10:00:00.250Z")
        #expect(checked.headers["ETag"] == "\"2\"")
        let stale = api.send(
            "PATCH", "/api/v1/lists/\(groceries)/entries/\(entry)", json: #"{"checkedAt": null}"#,
            headers: [("If-Match", "\"1\"")])
        #expect(stale.status == 412)

        let lists = api.send("GET", "/api/v1/lists")
        let summaries = try #require(lists.object["lists"] as? [[String: Any]])
        #expect(summaries.map { ($0["entries"] as? NSNumber)?.intValue } == [3, 1])
        #expect(summaries.map { ($0["toBuy"] as? NSNumber)?.intValue } == [2, 1])

        let moved = api.send("POST", "/api/v1/lists/\(corner)/move", json: #"{"offset": -1}"#)
        #expect(
            (moved.object["lists"] as? [[String: Any]])?.map { ($0["list"] as? [String: Any])?["name"] as? String }
                == ["Corner shop", "Groceries"])
        #expect(
            api.send("PATCH", "/api/v1/lists/\(corner)", json: #"{"name": "Corner"}"#).object["name"] as? String
                == "Corner")

        // A delete takes the entries with it; its removal puts them back.
        let before = api.send("GET", "/api/v1/lists/\(groceries)").text
        let deleted = api.send("DELETE", "/api/v1/lists/\(groceries)")
        #expect(deleted.status == 200)
        let removal = try #require(deleted.object["removal"] as? String)
        #expect(api.send("GET", "/api/v1/lists/\(groceries)").status == 404)
        #expect(api.send("POST", "/api/v1/removals/\(removal)/restore").status == 200)
        let back = api.send("GET", "/api/v1/lists/\(groceries)").text
        #expect(back == before)
        #expect(api.send("POST", "/api/v1/removals/\(removal)/restore").status == 404)

        // An entry taken off comes back with its restore.
        #expect(api.send("DELETE", "/api/v1/lists/\(groceries)/entries/\(entry)").status == 204)
        #expect(api.send("POST", "/api/v1/lists/\(groceries)/entries/\(entry)/restore").status == 200)
    }

    @Test func suggestionsFollowWhatWasBoughtAndTheLogListsItNewestFirst() throws {
        let api = try APIHarness()
        _ = try item(api, "Milk", "1.19")
        let oat = try item(api, "Oat milk", "2.00")
        _ = try item(api, "Mince", "5")
        let groceries = try make(api, "Groceries")
        #expect(
            (api.send("GET", "/api/v1/suggestions", query: ["q": "mi"]).object["suggestions"] as? [[String: Any]])?
                .map { ($0["item"] as? [String: Any])?["name"] as? String } == ["Milk", "Mince", "Oat milk"])
        let put = api.send(
            "POST", "/api/v1/lists/\(groceries)/entries", json: #"{"item": "\#(oat)", "quantity": "2 l"}"#)
        let entry = try #require((put.object["entry"] as? [String: Any])?["id"] as? String)
        api.send(
            "PATCH", "/api/v1/lists/\(groceries)/entries/\(entry)", json: #"{"checkedAt": "2026-11-29T10:00:00Z"}"#)
        let found = try #require(
            api.send("GET", "/api/v1/suggestions", query: ["q": "MIL", "limit": "1"]).object["suggestions"]
                as? [[String: Any]])
        #expect(found.count == 1)
        #expect((found[0]["item"] as? [String: Any])?["name"] as? String == "Oat milk")
        #expect(found[0]["lastQuantity"] as? String == "2 l")
        #expect(found[0]["lastBoughtAt"] as? String == "2026-11-29T10:00:00.000Z")
        let log = api.send("GET", "/api/v1/purchases")
        #expect((log.object["total"] as? NSNumber)?.intValue == 1)
        #expect((log.object["purchases"] as? [[String: Any]])?.first?["item"] as? String == oat)
        #expect(api.send("GET", "/api/v1/suggestions").status == 400)
        #expect(api.send("GET", "/api/v1/suggestions", query: ["q": "m", "limit": "0"]).status == 400)
        #expect(api.send("GET", "/api/v1/purchases", query: ["limit": "5000"]).status == 400)
    }

    @Test func aRetriedMakeOrPutChangesNothingMore() throws {
        let api = try APIHarness()
        let milk = try item(api, "Milk", "1")
        let id = UUID().uuidString
        #expect(api.send("POST", "/api/v1/lists", json: #"{"name": "Groceries", "id": "\#(id)"}"#).status == 201)
        #expect(api.send("POST", "/api/v1/lists", json: #"{"name": "Groceries", "id": "\#(id)"}"#).status == 200)
        let entry = UUID().uuidString
        let body = #"{"item": "\#(milk)", "quantity": "1", "id": "\#(entry)"}"#
        #expect(api.send("POST", "/api/v1/lists/\(id)/entries", json: body).status == 201)
        #expect(api.send("POST", "/api/v1/lists/\(id)/entries", json: body).status == 200)
        let rows = api.send("GET", "/api/v1/lists/\(id)").object["entries"] as? [[String: Any]]
        #expect(rows?.count == 1)
        #expect((rows?.first?["entry"] as? [String: Any])?["quantity"] as? String == "1")
    }

    @Test func badInputNamesTheFieldAndChangesNothing() throws {
        let api = try APIHarness()
        let milk = try item(api, "Milk", "1")
        let groceries = try make(api, "Groceries")
        _ = try make(api, "Hardware")
        api.send("POST", "/api/v1/lists/\(groceries)/entries", json: #"{"item": "\#(milk)", "quantity": "2"}"#)
        func state() -> [String] {
            [api.send("GET", "/api/v1/lists").text, api.send("GET", "/api/v1/lists/\(groceries)").text]
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
        refused("POST", "/api/v1/lists", #"{"name": ""}"#, field: "name")
        refused("POST", "/api/v1/lists", #"{"name": "\#(long)"}"#, field: "name")
        refused("POST", "/api/v1/lists", #"{"name": "groceries"}"#, status: 409, field: "name")
        refused("POST", "/api/v1/lists", #"{}"#, field: "name")
        refused("POST", "/api/v1/lists", #"{"name": "X", "slot": 3}"#, field: "slot")
        refused("PATCH", "/api/v1/lists/\(groceries)", #"{"name": "HARDWARE"}"#, status: 409, field: "name")
        for quantity in [
            #""-2""#, #""1e309""#, #""0""#, "\"\(String(repeating: "9", count: 200))\"", #""2 bootles""#, "3",
        ] {
            refused(
                "POST", "/api/v1/lists/\(groceries)/entries", #"{"item": "\#(milk)", "quantity": \#(quantity)}"#,
                field: "quantity")
        }
        refused("POST", "/api/v1/lists/\(groceries)/entries", #"{"item": "not an id"}"#, field: "item")
        refused("POST", "/api/v1/lists/\(groceries)/entries", #"{"quantity": "2"}"#, field: "item")
        refused(
            "POST", "/api/v1/lists/\(groceries)/entries", #"{"item": "\#(UUID().uuidString)"}"#, status: 404, field: nil
        )
        refused("POST", "/api/v1/lists/\(groceries)/move", #"{"offset": 2}"#, field: "offset")
        refused("POST", "/api/v1/lists/\(groceries)/move", #"{"offset": "up"}"#, field: "offset")
        refused("POST", "/api/v1/lists/\(UUID().uuidString)/entries", #"{"item": "\#(milk)"}"#, status: 404, field: nil)
        refused("GET", "/api/v1/lists/nope", nil, status: 400, field: "id")
        #expect(state() == before)
    }
}
