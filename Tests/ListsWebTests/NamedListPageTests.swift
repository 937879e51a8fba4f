import Foundation
import ListsModel
import Testing

@testable import ListsWeb

/// The screens of named shopping lists, without a socket and without JavaScript: a form posts, the answer is a
/// redirect or the screen drawn again with what was refused.
@Suite struct NamedListPageTests {
    /// The household's lists, as the harness's signed-in user sees them.
    func lists(_ harness: PageHarness) throws -> ShoppingLists {
        ShoppingLists(store: harness.store.scoped(to: HouseholdID.first))
    }

    @Test func aListIsMadeFilledCheckedOffAndItsEntryTakenOffWithAnUndo() throws {
        let harness = try PageHarness()
        #expect(harness.get("/lists").text.contains("No shopping lists yet."))
        #expect(harness.get("/").text.contains("0 lists"))
        let made = harness.post("/lists", [("name", "Groceries"), ("id", UUID().uuidString)])
        #expect(made.status == 303)
        let groceries = try #require(try lists(harness).all().first)
        #expect(made.headers["Location"] == "/lists/\(groceries.id.uuidString)")
        let path = "/lists/\(groceries.id.uuidString)"
        // A catalog item by its name, any case; a name the catalog lacks becomes an item.
        #expect(
            harness.post(path + "/entries", [("item", "pear"), ("quantity", "500 g"), ("note", "ripe")]).status == 303)
        #expect(harness.post(path + "/entries", [("item", "Oat milk"), ("quantity", "2")]).status == 303)
        #expect(try harness.itemNames().contains("Oat milk"))
        let page = harness.get(path).text
        #expect(page.contains("<h1 class=\"bar-title\">Groceries</h1>"))
        #expect(page.mentions(">500 g</span>Pear<", before: ">2</span>Oat milk<"))
        #expect(page.contains("<option value=\"Notepad\" data-id=\""))
        #expect(page.contains("Total: $0.62"))
        // Units that do not add up keep both, and say so.
        let apart = harness.post(path + "/entries", [("item", "Pear"), ("quantity", "3")])
        #expect(apart.status == 200)
        #expect(apart.text.contains("Pear was on the list with 500 g already"))

        let rows = try lists(harness).rows(of: groceries)
        let pear = rows[0].entry.record
        #expect(
            harness.post(path + "/entries/\(pear.id.uuidString)/toggle", [("version", "\(pear.meta.version)")]).status
                == 303)
        #expect(try lists(harness).entry(.id(pear.id), on: groceries).record.checkedAt == PageHarness.now)
        // A toggle from a stale screen is refused.
        let stale = harness.post(path + "/entries/\(pear.id.uuidString)/toggle", [("version", "1")])
        #expect(stale.status == 409)
        let taken = harness.post(path + "/entries/\(pear.id.uuidString)/delete", [("version", "2")])
        #expect(taken.headers["Location"] == "\(path)?undo=\(pear.id.uuidString)")
        #expect(harness.get(path, query: ["undo": pear.id.uuidString]).text.contains("Took an entry off."))
        #expect(harness.post(path + "/entries/\(pear.id.uuidString)/restore", []).status == 303)
        #expect(try lists(harness).rows(of: groceries).count == 3)
        // The first screen lists the store lists with what is left to buy on each.
        let home = harness.get("/").text
        #expect(home.contains("1 list"))
        #expect(home.contains("<a class=\"row-link\" href=\"\(path)\">"))
        #expect(
            home.contains("<span class=\"row-title\">Groceries</span><span class=\"row-subtitle\">2 to buy, 3 in all"))
    }

    /// A household with many lists sees the first few on the first screen, and a row leading to all of them.
    @Test func theFirstScreenShowsTheFirstListsAndLeadsToAll() throws {
        let harness = try PageHarness()
        let shop = try lists(harness)
        for number in 1...10 { try shop.make(name: "List \(number)") }
        let home = harness.get("/").text
        #expect(home.contains(">List 8</span>") && !home.contains(">List 9</span>"))
        #expect(
            home.contains(
                "<a class=\"row-link\" href=\"/lists\"><span class=\"row-text\"><span class=\"row-title\">All 10 lists")
        )
    }

    @Test func theAddFieldOffersWhatWasBoughtFirstAndRecentlyBoughtPutsItBackInOneTap() throws {
        let harness = try PageHarness()
        let shop = try lists(harness)
        let groceries = try shop.make(name: "Groceries")
        try shop.put(.typed("Mango"), on: groceries, quantity: "3")
        try shop.check([.typed("Mango")], on: groceries, at: PageHarness.now.addingTimeInterval(-86_400))
        try shop.remove([.typed("Mango")], from: groceries)
        let path = "/lists/\(groceries.id.uuidString)"
        let page = harness.get(path).text
        #expect(page.contains("<datalist id=\"catalog-names\"><option value=\"Mango\" label=\"3\" data-id=\""))
        let recent = harness.get(path + "/recent").text
        #expect(recent.contains("<h1 class=\"bar-title\">Recently bought</h1>"))
        #expect(recent.contains(">3</span> Mango<") && recent.contains("Nov 29, 2026"))
        #expect(
            recent.contains("name=\"item-id\" value=\"\(try shop.catalog.find(.typed("Mango")).record.id.uuidString)\"")
        )
        let mango = try shop.catalog.find(.typed("Mango")).record
        try ShoppingList(store: harness.store).add(name: "mango", price: .zero)
        #expect(
            harness.post(path + "/entries", [("item-id", mango.id.uuidString), ("quantity", "3")]).status == 303)
        // A page far past the last is empty, not a failure.
        #expect(harness.get(path + "/recent", query: ["page": "100000000000000000"]).status == 200)
        #expect(
            try shop.rows(of: groceries).map { "\($0.item?.name ?? "") \($0.entry.record.quantity ?? "")" } == [
                "Mango 3"
            ])
    }

    /// A screen may show the add field's names ranked before the latest check-offs for a minute (building the
    /// index again reads the whole purchase log); an item added shows at once, and the API's suggestions are exact.
    @Test func theScreensRankingMayLagCheckOffsButNeverTheCatalog() throws {
        let harness = try PageHarness()
        let shop = try lists(harness)
        let groceries = try shop.make(name: "Groceries")
        let path = "/lists/\(groceries.id.uuidString)"
        func firstOption() -> String? {
            let page = harness.get(path).text
            guard let range = page.range(of: "<datalist id=\"catalog-names\"><option value=\"") else { return nil }
            return String(page[range.upperBound...].prefix { $0 != "\"" })
        }
        #expect(firstOption() == "Bread")
        try shop.put(.typed("Pear"), on: groceries)
        try shop.check([.typed("Pear")], on: groceries)
        #expect(firstOption() == "Bread")
        let answer = harness.get("/api/v1/suggestions", query: ["q": "pe"])
        #expect(answer.status == 200 && answer.text.contains("\"bought\":1"))
        #expect(firstOption() == "Pear")
        try ShoppingList(store: harness.store).add(name: "Apricot", price: .zero)
        #expect(harness.get(path).text.contains("<option value=\"Apricot\" data-id=\""))
    }

    @Test func theAddFieldOffersTheBestTwoHundredNamesOfALargeCatalog() throws {
        let harness = try PageHarness(seeded: false)
        let items = (1...1_000).map {
            ShoppingItem(meta: RecordMeta(createdAt: PageHarness.now), name: "Item \($0)", price: .zero)
        }
        try harness.store.write { try $0.insert(contentsOf: items) }
        let groceries = try lists(harness).make(name: "Groceries")
        let page = harness.get("/lists/\(groceries.id.uuidString)").text
        #expect(page.occurrences(of: "<option value=") == NamedListPages.offeredNames)
    }

    @Test func listsAreMovedRenamedAndDeletedWithAnUndo() throws {
        let harness = try PageHarness()
        let shop = try lists(harness)
        let groceries = try shop.make(name: "Groceries")
        let hardware = try shop.make(name: "Hardware")
        try shop.put(.typed("Pencil"), on: hardware, quantity: "3")
        let index = harness.get("/lists").text
        #expect(index.mentions(">Groceries<", before: ">Hardware<"))
        #expect(index.contains("0 to buy, 0 in all") && index.contains("1 to buy, 1 in all"))
        #expect(harness.post("/lists/\(hardware.id.uuidString)/move", [("offset", "-1")]).status == 303)
        #expect(try shop.all().map(\.name) == ["Hardware", "Groceries"])
        let past = harness.post("/lists/\(hardware.id.uuidString)/move", [("offset", "-1")])
        #expect(past.status == 422 && past.text.contains("it can move 0 up and 1 down"))
        // A switcher leads from one list to the other.
        #expect(
            harness.get("/lists/\(groceries.id.uuidString)").text.contains("href=\"/lists/\(hardware.id.uuidString)\""))

        let taken = harness.post("/lists/\(groceries.id.uuidString)/rename", [("name", "hardware"), ("version", "1")])
        #expect(taken.status == 422 && taken.text.contains("Another list has that name"))
        #expect(
            harness.post("/lists/\(groceries.id.uuidString)/rename", [("name", "Food"), ("version", "2")]).status == 303
        )
        #expect(try shop.all().map(\.name) == ["Hardware", "Food"])

        let ask = harness.get("/lists/\(hardware.id.uuidString)/delete").text
        #expect(ask.contains("Delete Hardware?") && ask.contains("Its 1 entry goes with it."))
        let deleted = harness.post(
            "/lists/\(hardware.id.uuidString)/delete", [("version", "\(try shop.list(.id(hardware.id)).meta.version)")])
        let location = try #require(deleted.headers["Location"])
        #expect(location.hasPrefix("/lists?undo="))
        #expect(try shop.all().map(\.name) == ["Food"])
        let removal = String(location.dropFirst("/lists?undo=".count))
        #expect(harness.get("/lists", query: ["undo": removal]).text.contains("Deleted a list."))
        #expect(harness.post("/lists/restore", [("removal", removal)]).status == 303)
        #expect(try shop.all().map(\.name) == ["Hardware", "Food"])
        #expect(try shop.rows(of: hardware).map { $0.entry.record.quantity } == ["3"])
    }

    @Test func badInputIsShownWithTheFormAsTypedAndChangesNothing() throws {
        let harness = try PageHarness()
        let shop = try lists(harness)
        let groceries = try shop.make(name: "Groceries")
        let path = "/lists/\(groceries.id.uuidString)"
        for (fields, message) in [
            ([("item", "Pear"), ("quantity", "-2")], "is not a quantity: it must be above 0"),
            ([("item", "Pear"), ("quantity", "2 bootles")], "is not a unit Lists knows"),
            ([("item", ""), ("quantity", "2")], "is required"),
            ([("item", String(repeating: "x", count: 201))], "at most 200 are allowed"),
        ] {
            let answer = harness.post(path + "/entries", fields)
            #expect(answer.status == 422, "\(fields)")
            #expect(answer.text.contains(message), "\(fields): \(answer.text)")
        }
        // A refused quantity adds no item to the catalog either.
        #expect(harness.post(path + "/entries", [("item", "Saffron"), ("quantity", "-2")]).status == 422)
        #expect(try !harness.itemNames().contains("Saffron"))
        let empty = harness.post("/lists", [("name", " ")])
        #expect(empty.status == 422)
        #expect(try shop.rows(of: groceries).isEmpty)
        #expect(try shop.all().count == 1)
        #expect(harness.get("/lists/\(UUID().uuidString)").status == 404)
    }

    /// An entry's sheet (quantity and note), with its form's rules for app.js, saves the fields changed; a refused
    /// quantity is shown with what was typed, a stale one says so, and nothing changes.
    @Test func anEntrysSheetChangesItsQuantityAndNote() throws {
        let harness = try PageHarness()
        let shop = try lists(harness)
        let groceries = try shop.make(name: "Groceries")
        let pear = try shop.put(named: "Pear", on: groceries, quantity: "2", note: "ripe").entry
        let path = "/lists/\(groceries.id.uuidString)/entries/\(pear.id.uuidString)/edit"
        let sheet = harness.get(path).text
        #expect(sheet.contains("<h1 class=\"bar-title\" id=\"sheet-title\">Pear</h1>"))
        #expect(sheet.contains("value=\"2\"") && sheet.contains("value=\"ripe\""))
        #expect(sheet.contains("&quot;input&quot;: &quot;quantity&quot;"))
        for (quantity, message) in [("-2", "it must be above 0"), ("2 bootles", "is not a unit Lists knows")] {
            let refused = harness.post(path, [("version", "1"), ("entry-quantity", quantity), ("entry-note", "ripe")])
            #expect(refused.status == 422 && refused.text.contains(message) && refused.text.contains(quantity))
        }
        #expect(
            harness.post(path, [("version", "1"), ("entry-quantity", "3 packs"), ("entry-note", "")]).status == 303)
        let entry = try shop.entry(.id(pear.id), on: groceries).record
        #expect(entry.quantity == "3 packs" && entry.note == nil && entry.meta.version == 2)
        let stale = harness.post(path, [("version", "1"), ("entry-quantity", "9"), ("entry-note", "")])
        #expect(stale.status == 409)
        #expect(try shop.entry(.id(pear.id), on: groceries).record.quantity == "3 packs")
    }

    /// What app.js draws a store list from with no network: each row's entry with its item's name, price and
    /// category; the rows' templates (to buy and bought) named by the list; the sheet's template; the add field's
    /// items with their ids.
    @Test func aListScreenCarriesWhatItIsDrawnFromOffline() throws {
        let harness = try PageHarness()
        let shop = try lists(harness)
        let groceries = try shop.make(name: "Groceries")
        let put = try shop.put(named: "Pear", on: groceries, quantity: "2").entry
        let page = harness.get("/lists/\(groceries.id.uuidString)").text
        #expect(page.contains("data-id=\"\(put.id.uuidString)\" data-record='{"))
        #expect(page.contains(#""name":"Pear","price":0.62}'"#))
        let list = groceries.id.uuidString
        #expect(page.contains("<template data-row=\"entry\" data-list=\"\(list)\" data-when=\"checkedAt:null\">"))
        #expect(page.contains("<template data-row=\"entry\" data-list=\"\(list)\" data-when=\"checkedAt:any\">"))
        #expect(page.contains("<template data-page=\"/lists/\(list)/entries/{id}/edit\">"))
        #expect(page.contains("{{quantity}}") && page.contains("{{price}}"))
        #expect(page.contains("<option value=\"Pear\" data-id=\"\(put.item)\" data-price=\"0.62\""))
        #expect(page.contains("<p class=\"group-footer\" data-total>Total: $1.24</p>"))
    }
}
