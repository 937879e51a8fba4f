import Foundation
import JSONCodec
import ListsHTTP
import ListsModel
import Testing

@testable import ListsWeb

/// Changes made offline, sent later: `POST /api/v1/changes` merges each one field by field, makes nothing twice,
/// lets a delete win, and answers every change, refusing a malformed one without losing the others.
@Suite struct ChangesAPITests {
    let site: AuthTests.Site
    let cookie: String

    init() throws {
        site = try AuthTests.Site()
        cookie = try site.setUp()
    }

    /// Sends `changes` (JSON texts) and answers each result as an object.
    func send(_ changes: [String]) throws -> [[String: JSONCodec.JSONValue]] {
        let response = site.api(
            "POST", "/api/v1/changes", json: #"{"changes":[\#(changes.joined(separator: ","))]}"#,
            headers: [("Cookie", cookie)])
        #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
        guard case .object(let body) = try JSONParser.parse(response.body), case .array(let results)? = body["results"]
        else { return [] }
        return results.compactMap { if case .object(let members) = $0 { members } else { nil } }
    }

    func item(_ id: UUID) throws -> ShoppingItem? {
        try site.store.read { try $0.record(ShoppingItem.self, id: id) }
    }

    static func outcome(_ result: [String: JSONCodec.JSONValue]) -> String {
        if case .string(let text)? = result["outcome"] { text } else { "" }
    }

    static func conflicts(_ result: [String: JSONCodec.JSONValue]) -> [String] {
        guard case .array(let values)? = result["conflicts"] else { return [] }
        return values.compactMap { if case .string(let text) = $0 { text } else { nil } }
    }

    @Test func anAddSentThreeTimesMakesOneRecord() throws {
        let id = UUID()
        let add = #"{"key":"a1","kind":"item","op":"add","id":"\#(id)","fields":{"name":"Tea","price":1.00}}"#
        let results = try send([add, add]) + (try send([add]))
        #expect(results.map(Self.outcome) == ["applied", "already", "already"])
        #expect(try site.store.read { try $0.count(ShoppingItem.self, where: nil) } == 1)
        #expect(try item(id)?.name == "Tea")
    }

    /// Tasks made and moved offline land on the to-do list they name; one whose list was deleted on another device
    /// meanwhile is reported as not applied, and put on no other list.
    @Test func aTaskLandsOnItsListAndAListDeletedMeanwhileIsReported() throws {
        let lists = TodoLists(store: site.store)
        let home = try lists.make(name: "Home")
        let work = try lists.make(name: "Work")
        let walk = UUID()
        let added = try send([
            #"{"key":"a","kind":"task","op":"add","id":"\#(walk)","fields":{"title":"Walk","list":"\#(work.id)"}}"#
        ])
        #expect(added.map(Self.outcome) == ["applied"])
        #expect(try lists.tasks(of: work).all().map(\.record.title) == ["Walk"])
        // Moved offline: the list is a field like any other.
        let moved = try send([
            #"{"key":"m","kind":"task","op":"update","id":"\#(walk)","fields":{"list":"\#(home.id)"},"base":{"list":"\#(work.id)"}}"#
        ])
        #expect(moved.map(Self.outcome) == ["applied"])
        #expect(try lists.tasks(of: home).all().map(\.record.title) == ["Walk"])
        // Work deleted on another phone, then this phone's add to it arrives.
        try lists.delete(.id(work.id))
        let late = UUID()
        let lost = try send([
            #"{"key":"l","kind":"task","op":"add","id":"\#(late)","fields":{"title":"Late","list":"\#(work.id)"}}"#
        ])
        #expect(lost.map(Self.outcome) == ["not_applied"])
        #expect(lost.first?["field"] == .string("list"))
        #expect(try site.store.read { try $0.record(TodoTask.self, id: late) } == nil)
        // A list that never was is refused, naming the field.
        let madeUp = try send([
            #"{"key":"x","kind":"task","op":"add","id":"\#(UUID())","fields":{"title":"X","list":"\#(UUID())"}}"#
        ])
        #expect(madeUp.map(Self.outcome) == ["refused"] && madeUp.first?["field"] == .string("list"))
    }

    @Test func twoCheckOffsOfOneItemLeaveItOffTheListOnce() throws {
        let id = UUID()
        _ = try send([
            #"{"key":"a","kind":"item","op":"add","id":"\#(id)","fields":{"name":"Milk","inShoppingList":true}}"#
        ])
        let checkOff =
            #"{"key":"c","kind":"item","op":"update","id":"\#(id)","fields":{"inShoppingList":false},"base":{"inShoppingList":true}}"#
        #expect(try send([checkOff]).map(Self.outcome) == ["applied"])
        let version = try #require(try item(id)).meta.version
        #expect(try send([checkOff]).map(Self.outcome) == ["already"])
        #expect(try item(id)?.isOnShoppingList == false)
        #expect(try item(id)?.meta.version == version)
    }

    @Test func anItemsMarkGoesOnTheListItNamesOnceAndAGoneListIsReported() throws {
        let lists = ShoppingLists(store: site.store)
        let shopping = try lists.make(name: "Shopping")
        let hardware = try lists.make(name: "Hardware")
        let id = UUID()
        _ = try send([#"{"key":"a","kind":"item","op":"add","id":"\#(id)","fields":{"name":"Nails"}}"#])
        let tick =
            #"{"key":"t","kind":"item","op":"update","id":"\#(id)","list":"\#(hardware.id)","fields":{"inShoppingList":true},"base":{"inShoppingList":false}}"#
        let first = try send([tick])
        #expect(first.map(Self.outcome) == ["applied"])
        if case .object(let record)? = first[0]["record"] { #expect(record["inShoppingList"] == .bool(true)) }
        // Sent again (a retry), it marks once; the item itself is as it was.
        #expect(try send([tick]).map(Self.outcome) == ["already"])
        #expect(try lists.rows(of: hardware).count == 1 && lists.rows(of: shopping).isEmpty)
        #expect(try item(id)?.meta.version == 1)
        // A list that is not an id is refused, naming it; one deleted meanwhile is not applied, with the reason.
        let bad =
            #"{"key":"b","kind":"item","op":"update","id":"\#(id)","list":"Hardware","fields":{"inShoppingList":false}}"#
        #expect(try send([bad]).map { $0["field"] } == [.string("list")])
        try lists.delete(.id(hardware.id))
        let untick =
            #"{"key":"u","kind":"item","op":"update","id":"\#(id)","list":"\#(hardware.id)","fields":{"inShoppingList":false}}"#
        let gone = try send([untick])
        #expect(gone.map(Self.outcome) == ["not_applied"] && gone.map { $0["field"] } == [.string("list")])
    }

    @Test func aStaleEditOfThePriceNeverPutsACheckedOffItemBack() throws {
        let id = UUID()
        _ = try send([
            #"{"key":"a","kind":"item","op":"add","id":"\#(id)","fields":{"name":"Milk","price":1.00,"inShoppingList":true}}"#
        ])
        // One phone checks it off; another, which saw it on the list at 1.00, changes its price.
        _ = try send([
            #"{"key":"off","kind":"item","op":"update","id":"\#(id)","fields":{"inShoppingList":false},"base":{"inShoppingList":true}}"#
        ])
        let price = try send([
            #"{"key":"p","kind":"item","op":"update","id":"\#(id)","fields":{"price":2.50},"base":{"price":1.00}}"#
        ])
        #expect(price.map(Self.outcome) == ["applied"])
        let stored = try #require(try item(id))
        #expect(stored.isOnShoppingList == false)
        #expect(stored.price == Money(minorUnits: 250))
    }

    @Test func aFieldChangedElsewhereKeepsTheirValueAndTheLoserIsTold() throws {
        let id = UUID()
        _ = try send([#"{"key":"a","kind":"item","op":"add","id":"\#(id)","fields":{"name":"Tee","price":1.00}}"#])
        _ = try send([
            #"{"key":"x","kind":"item","op":"update","id":"\#(id)","fields":{"name":"Tea"},"base":{"name":"Tee"}}"#
        ])
        // The other device saw "Tee" too: its name loses; its price, which nobody else changed, is applied.
        let results = try send([
            #"{"key":"y","kind":"item","op":"update","id":"\#(id)","fields":{"name":"Coffee"},"base":{"name":"Tee"}}"#,
            #"{"key":"z","kind":"item","op":"update","id":"\#(id)","fields":{"name":"Cocoa","price":3.00},"base":{"name":"Tee","price":1.00}}"#,
        ])
        #expect(results.map(Self.outcome) == ["not_applied", "partial"])
        #expect(results.map(Self.conflicts) == [["name"], ["name"]])
        #expect(try item(id)?.name == "Tea")
        #expect(try item(id)?.price == Money(minorUnits: 300))
        // The answer carries the record as it is, to show the person what won.
        guard case .object(let record)? = results[0]["record"] else { Issue.record("no record"); return }
        #expect(record["name"] == .string("Tea"))
    }

    @Test func aDeleteWinsOverAnEditThatDidNotSeeIt() throws {
        let id = UUID()
        _ = try send([#"{"key":"a","kind":"task","op":"add","id":"\#(id)","fields":{"title":"Walk"}}"#])
        let results = try send([
            #"{"key":"d","kind":"task","op":"delete","id":"\#(id)"}"#,
            #"{"key":"e","kind":"task","op":"update","id":"\#(id)","fields":{"title":"Run"},"base":{"title":"Walk"}}"#,
            #"{"key":"d","kind":"task","op":"delete","id":"\#(id)"}"#,
        ])
        #expect(results.map(Self.outcome) == ["applied", "deleted", "already"])
        #expect(try site.store.read { try $0.record(TodoTask.self, id: id) } == nil)
    }

    @Test func aMalformedChangeIsRefusedWithItsReasonAndTheOthersLand() throws {
        let first = UUID(), last = UUID()
        let results = try send([
            #"{"key":"1","kind":"task","op":"add","id":"\#(first)","fields":{"title":"First"}}"#,
            #"{"key":"2","kind":"toaster","op":"add","id":"\#(UUID())"}"#,
            #"{"key":"3","kind":"task","op":"add","id":"not-a-uuid"}"#,
            #"{"key":"4","kind":"task","op":"add","id":"\#(UUID())","fields":{"colour":"red"}}"#,
            #"{"key":"5","kind":"item","op":"add","id":"\#(UUID())","fields":{"name":"Tea","price":"a lot"}}"#,
            #"{"key":"6","kind":"task","op":"explode","id":"\#(UUID())"}"#,
            #"{"kind":"task","op":"add","id":"\#(UUID())"}"#,
            #""just text""#,
            #"{"key":"9","kind":"task","op":"add","id":"\#(last)","fields":{"title":"Last"}}"#,
        ])
        #expect(results.map(Self.outcome) == ["applied"] + Array(repeating: "refused", count: 7) + ["applied"])
        let fields = results.map { if case .string(let field)? = $0["field"] { field } else { "" } }
        #expect(fields == ["", "kind", "id", "colour", "price", "op", "key", "", ""])
        #expect(try site.store.read { try $0.list(TodoTask.self) }.map(\.record.title) == ["First", "Last"])
    }

    /// Named lists are made and changed online, by their own operations (a list's store list, its unique name), never
    /// as a change of fields; an entry's change names its list (EntryChangesAPITests).
    @Test func aChangeOfANamedListOrAnEntryWithoutItsListIsRefused() throws {
        let results = try send([
            #"{"key":"1","kind":"list","op":"add","id":"\#(UUID())","fields":{"name":"Groceries"}}"#,
            #"{"key":"2","kind":"entry","op":"add","id":"\#(UUID())","fields":{"item":"\#(UUID())"}}"#,
        ])
        #expect(results.map(Self.outcome) == ["refused", "refused"])
        #expect(results.map { if case .string(let field)? = $0["field"] { field } else { "" } } == ["kind", "list"])
        #expect(try site.store.read { try $0.count(NamedList.self, where: nil) } == 0)
        #expect(try site.store.read { try $0.session(in: nil).count(ListEntry.self, where: nil) } == 0)
    }

    @Test func aBatchOverTheLimitIsRefusedWhole() throws {
        let change = #"{"key":"k","kind":"task","op":"delete","id":"\#(UUID())"}"#
        let body = #"{"changes":[\#(Array(repeating: change, count: 501).joined(separator: ","))]}"#
        let response = site.api("POST", "/api/v1/changes", json: body, headers: [("Cookie", cookie)])
        #expect(response.status == 422)
        #expect(String(decoding: response.body, as: UTF8.self).contains("at most 500"))
    }

    @Test func anotherHouseholdsRecordIsAsUnknownAsAMadeUpOne() throws {
        // Bob's own household, with a task of his.
        let bob = try site.join("bob", invitedBy: cookie)
        #expect(site.post("/households/new", [("new-name", "Bob's flat")], cookie: bob).status == 303)
        let bobsID = UUID()
        let made = site.api(
            "POST", "/api/v1/changes",
            json: #"{"changes":[{"key":"b","kind":"task","op":"add","id":"\#(bobsID)","fields":{"title":"Bob's"}}]}"#,
            headers: [("Cookie", bob)])
        #expect(made.status == 200)
        // Ann's changes to that id: an update finds nothing, a delete finds nothing, Bob's task is untouched.
        let results = try send([
            #"{"key":"u","kind":"task","op":"update","id":"\#(bobsID)","fields":{"title":"Ann's now"}}"#,
            #"{"key":"d","kind":"task","op":"delete","id":"\#(bobsID)"}"#,
        ])
        #expect(results.map(Self.outcome) == ["deleted", "already"])
        let bobs = site.api("GET", "/api/v1/tasks/\(bobsID)", headers: [("Cookie", bob)])
        #expect(bobs.status == 200)
        #expect(String(decoding: bobs.body, as: UTF8.self).contains("Bob's"))
    }
}
