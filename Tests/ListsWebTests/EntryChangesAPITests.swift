import Foundation
import ListsModel
import Testing

@testable import ListsWeb

/// Changes to store lists made offline (`kind: "entry"` in `POST /api/v1/changes`): a put from the kept catalog,
/// a check-off at the phone's time, quantity and note edits merged field by field, an entry taken off; a list
/// deleted meanwhile is reported, never dropped in silence.
@Suite struct EntryChangesAPITests {
    let api: APIHarness
    let milk: String
    let bread: String
    let groceries: String

    init() throws {
        api = try APIHarness()
        milk = try Self.item(api, "Milk", "1.19")
        bread = try Self.item(api, "Bread", "2.50")
        groceries = try Self.make(api, "Groceries")
    }

    static func item(_ api: APIHarness, _ name: String, _ price: String) throws -> String {
        try #require(
            api.send("POST", "/api/v1/items", json: #"{"name": "\#(name)", "price": \#(price)}"#).object["id"]
                as? String)
    }

    static func make(_ api: APIHarness, _ name: String) throws -> String {
        try #require(api.send("POST", "/api/v1/lists", json: #"{"name": "\#(name)"}"#).object["id"] as? String)
    }

    /// Sends `changes` (JSON texts) and answers each result.
    func send(_ changes: String...) -> [[String: Any]] {
        let response = api.send("POST", "/api/v1/changes", json: #"{"changes":[\#(changes.joined(separator: ","))]}"#)
        #expect(response.status == 200, "\(response.text)")
        return response.object["results"] as? [[String: Any]] ?? []
    }

    /// The entries of `list` as the API lists them: (item name, quantity, note, checkedAt).
    func rows(_ list: String) -> [(name: String, quantity: String?, note: String?, checkedAt: String?)] {
        let rows = api.send("GET", "/api/v1/lists/\(list)").object["entries"] as? [[String: Any]] ?? []
        return rows.map { row in
            let entry = row["entry"] as? [String: Any] ?? [:]
            return (
                (row["item"] as? [String: Any])?["name"] as? String ?? "", entry["quantity"] as? String,
                entry["note"] as? String, entry["checkedAt"] as? String
            )
        }
    }

    func outcomes(_ results: [[String: Any]]) -> [String] { results.map { $0["outcome"] as? String ?? "" } }

    @Test func aTripMadeOfflineLandsOnceWithItsTimes() throws {
        let entry = UUID().uuidString
        let put =
            #"{"key":"1","kind":"entry","op":"add","id":"\#(entry)","list":"\#(groceries)","fields":{"item":"\#(milk)","quantity":"2","note":"the blue one"}}"#
        let edit =
            #"{"key":"2","kind":"entry","op":"update","id":"\#(entry)","list":"\#(groceries)","fields":{"quantity":"3 l"},"base":{"quantity":"2"}}"#
        let check =
            #"{"key":"3","kind":"entry","op":"update","id":"\#(entry)","list":"\#(groceries)","fields":{"checkedAt":"2026-11-29T10:00:00.250Z"},"base":{"checkedAt":null}}"#
        #expect(outcomes(send(put, edit, check)) == ["applied", "applied", "applied"])
        // The batch sent again (its answer was lost) changes nothing.
        #expect(outcomes(send(put, edit, check)) == ["already", "already", "already"])
        let row = try #require(rows(groceries).first)
        #expect(row.name == "Milk" && row.quantity == "3 l" && row.note == "the blue one")
        #expect(row.checkedAt == "2026-11-29T10:00:00.250Z")
        // The check-off is in the log at the time it was made, for the aisle order and "Recently bought".
        let purchases = api.send("GET", "/api/v1/purchases").object["purchases"] as? [[String: Any]] ?? []
        #expect(purchases.map { $0["boughtAt"] as? String } == ["2026-11-29T10:00:00.250Z"])
        // Taken off, twice.
        let take = #"{"key":"4","kind":"entry","op":"delete","id":"\#(entry)","list":"\#(groceries)"}"#
        #expect(outcomes(send(take, take)) == ["applied", "already"])
        #expect(rows(groceries).isEmpty)
    }

    @Test func aPutOfAnItemOnTheListAlreadyAddsToItsEntryAndLaterChangesFindIt() throws {
        // Another phone put 1 l of milk on the list; this one, offline, put 500 ml and then checked it off.
        api.send("POST", "/api/v1/lists/\(groceries)/entries", json: #"{"item": "\#(milk)", "quantity": "1 l"}"#)
        let entry = UUID().uuidString
        let results = send(
            #"{"key":"1","kind":"entry","op":"add","id":"\#(entry)","list":"\#(groceries)","fields":{"item":"\#(milk)","quantity":"500 ml"}}"#,
            #"{"key":"2","kind":"entry","op":"update","id":"\#(entry)","list":"\#(groceries)","fields":{"checkedAt":"2026-11-29T10:00:00Z"},"base":{"checkedAt":null}}"#
        )
        #expect(outcomes(results) == ["applied", "applied"])
        let all = rows(groceries)
        #expect(all.count == 1)
        #expect(all.first?.quantity == "1.5 l" && all.first?.checkedAt == "2026-11-29T10:00:00.000Z")
    }

    @Test func twoPhonesEditingOneEntryMergeFieldByField() throws {
        let entry = UUID().uuidString
        _ = send(
            #"{"key":"1","kind":"entry","op":"add","id":"\#(entry)","list":"\#(groceries)","fields":{"item":"\#(bread)","quantity":"1","note":"sliced"}}"#
        )
        // One phone changes the quantity and the note; the other, from the same start, the note.
        let first = send(
            #"{"key":"a","kind":"entry","op":"update","id":"\#(entry)","list":"\#(groceries)","fields":{"quantity":"2","note":"whole"},"base":{"quantity":"1","note":"sliced"}}"#
        )
        let second = send(
            #"{"key":"b","kind":"entry","op":"update","id":"\#(entry)","list":"\#(groceries)","fields":{"note":"seeded"},"base":{"note":"sliced"}}"#
        )
        #expect(outcomes(first) == ["applied"])
        #expect(outcomes(second) == ["not_applied"])
        #expect(second.first?["conflicts"] as? [String] == ["note"])
        #expect(rows(groceries).first?.note == "whole")
        #expect(rows(groceries).first?.quantity == "2")
    }

    @Test func aListDeletedMeanwhileIsReportedNotDropped() throws {
        let entry = UUID().uuidString
        _ = send(
            #"{"key":"1","kind":"entry","op":"add","id":"\#(entry)","list":"\#(groceries)","fields":{"item":"\#(milk)"}}"#
        )
        #expect(api.send("DELETE", "/api/v1/lists/\(groceries)").status == 200)
        let results = send(
            #"{"key":"2","kind":"entry","op":"add","id":"\#(UUID())","list":"\#(groceries)","fields":{"item":"\#(bread)"}}"#,
            #"{"key":"3","kind":"entry","op":"update","id":"\#(entry)","list":"\#(groceries)","fields":{"checkedAt":"2026-11-29T10:00:00Z"},"base":{"checkedAt":null}}"#,
            #"{"key":"4","kind":"entry","op":"delete","id":"\#(entry)","list":"\#(groceries)"}"#
        )
        #expect(outcomes(results) == ["not_applied", "not_applied", "already"])
        #expect(results[0]["field"] as? String == "list")
        #expect((results[0]["reason"] as? String)?.contains("list was deleted") == true)
        let log = api.send("GET", "/api/v1/purchases")
        #expect(log.text.hasSuffix(#"],"total":0}"#), "\(log.text)")
    }

    @Test func anEntryTakenOffElsewhereWinsOverACheckOff() throws {
        let entry = UUID().uuidString
        _ = send(
            #"{"key":"1","kind":"entry","op":"add","id":"\#(entry)","list":"\#(groceries)","fields":{"item":"\#(milk)"}}"#
        )
        #expect(api.send("DELETE", "/api/v1/lists/\(groceries)/entries/\(entry)").status == 204)
        let results = send(
            #"{"key":"2","kind":"entry","op":"update","id":"\#(entry)","list":"\#(groceries)","fields":{"checkedAt":"2026-11-29T10:00:00Z"},"base":{"checkedAt":null}}"#
        )
        #expect(outcomes(results) == ["deleted"])
        #expect(rows(groceries).isEmpty)
    }

    @Test func badEntryChangesAreRefusedNamingTheFieldAndChangeNothing() throws {
        let entry = UUID().uuidString
        _ = send(
            #"{"key":"0","kind":"entry","op":"add","id":"\#(entry)","list":"\#(groceries)","fields":{"item":"\#(milk)","quantity":"2"}}"#
        )
        let other = try APIHarness()
        let foreign = try Self.item(other, "Caviar", "99")
        let cases: [(change: String, field: String)] = [
            (#"{"key":"1","kind":"entry","op":"add","id":"\#(UUID())","fields":{"item":"\#(milk)"}}"#, "list"),
            (
                #"{"key":"2","kind":"entry","op":"add","id":"\#(UUID())","list":"nope","fields":{"item":"\#(milk)"}}"#,
                "list"
            ),
            (#"{"key":"3","kind":"entry","op":"add","id":"\#(UUID())","list":"\#(groceries)","fields":{}}"#, "item"),
            (
                #"{"key":"4","kind":"entry","op":"add","id":"\#(UUID())","list":"\#(groceries)","fields":{"item":"\#(milk)","quantity":"-2"}}"#,
                "quantity"
            ),
            (
                #"{"key":"5","kind":"entry","op":"update","id":"\#(entry)","list":"\#(groceries)","fields":{"quantity":"1e309"},"base":{"quantity":"2"}}"#,
                "quantity"
            ),
            (
                #"{"key":"6","kind":"entry","op":"update","id":"\#(entry)","list":"\#(groceries)","fields":{"quantity":"2 bootles"},"base":{"quantity":"2"}}"#,
                "quantity"
            ),
            (
                #"{"key":"7","kind":"entry","op":"update","id":"\#(entry)","list":"\#(groceries)","fields":{"item":"\#(bread)"},"base":{"item":"\#(milk)"}}"#,
                "item"
            ),
            (
                #"{"key":"8","kind":"entry","op":"update","id":"\#(entry)","list":"\#(groceries)","fields":{"checkedAt":"1999-01-01T00:00:00Z"},"base":{"checkedAt":null}}"#,
                "checkedAt"
            ),
            (
                #"{"key":"9","kind":"item","op":"add","id":"\#(UUID())","list":"\#(groceries)","fields":{"name":"Tea"}}"#,
                "list"
            ),
        ]
        let before = rows(groceries)
        for (change, field) in cases {
            let result = try #require(send(change).first)
            #expect(result["outcome"] as? String == "refused", "\(change)")
            #expect(result["field"] as? String == field, "\(change): \(result)")
        }
        // An item of another household is as unknown as a made-up one.
        let stranger = send(
            #"{"key":"10","kind":"entry","op":"add","id":"\#(UUID())","list":"\#(groceries)","fields":{"item":"\#(foreign)"}}"#
        )
        #expect(stranger.first?["outcome"] as? String == "not_applied")
        #expect(stranger.first?["field"] as? String == "item")
        let after = rows(groceries)
        #expect(after.map(\.quantity) == before.map(\.quantity) && after.count == 1)
        #expect(api.send("GET", "/api/v1/items").text.contains("Tea") == false)
    }
}
