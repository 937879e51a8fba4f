import Foundation
import ListsModel
import Testing

@testable import ListsWeb

/// Aisles on the web, without a socket and without JavaScript: an item's aisle chosen in its sheet (suggested
/// when left to the name), a store list drawn in sections that move with ↑ and ↓, and the Aisles screen that adds,
/// renames and deletes them with an Undo.
@Suite struct CategoryPageTests {
    func store(_ harness: PageHarness) -> any Store { harness.store.scoped(to: HouseholdID.first) }

    @Test func aListIsDrawnInSectionsThatMoveByHandAndLearnAgain() throws {
        let harness = try PageHarness()
        let lists = ShoppingLists(store: store(harness))
        let groceries = try lists.make(name: "Groceries")
        let path = "/lists/\(groceries.id.uuidString)"
        for name in ["Milk", "Apples", "Bread"] {
            #expect(harness.post(path + "/entries", [("item", name)]).status == 303)
        }
        let page = harness.get(path).text
        #expect(page.mentions(">Produce</h2>", before: ">Bakery</h2>"))
        #expect(page.mentions(">Bakery</h2>", before: ">Dairy and eggs</h2>"))
        #expect(page.mentions("Apples", before: "Bread"))
        #expect(page.contains("learned from your trips"))
        #expect(page.contains("aria-label=\"Move Produce up\" disabled"))

        // Dairy up one place: past Bakery, among the sections shown.
        let categories = Categories(store: store(harness))
        let dairy = try categories.category(.typed("Dairy and eggs"))
        let shown = try lists.sections(of: groceries).compactMap { $0.category?.id.uuidString }
        let moved = harness.post(
            path + "/aisles",
            [("category", dairy.id.uuidString), ("offset", "-1"), ("shown", shown.joined(separator: " "))])
        #expect(moved.status == 303)
        let after = harness.get(path).text
        #expect(after.mentions(">Dairy and eggs</h2>", before: ">Bakery</h2>"))
        #expect(after.contains("Aisles in the order you set."))
        // A move past the first section is refused with the reason, and changes nothing.
        let refused = harness.post(
            path + "/aisles",
            [
                ("category", try categories.category(.typed("Produce")).id.uuidString), ("offset", "-1"),
                ("shown", shown.joined(separator: " ")),
            ])
        #expect(refused.status == 422)
        #expect(refused.text.contains("is the first section: it cannot move up"))
        #expect(harness.post(path + "/aisles/learn", []).status == 303)
        #expect(harness.get(path).text.mentions(">Bakery</h2>", before: ">Dairy and eggs</h2>"))
    }

    @Test func anItemsAisleIsChosenInItsSheetOrSuggestedFromItsName() throws {
        let harness = try PageHarness()
        let sheet = harness.get("/shopping/new").text
        #expect(sheet.contains("<option value=\"\" selected>Suggest from the name</option>"))
        #expect(harness.post("/shopping/new", [("name", "Bagels"), ("price", "3")]).status == 303)
        let shop = ShoppingList(store: store(harness))
        let categories = Categories(store: store(harness))
        let bagels = try shop.item(.typed("Bagels")).record
        #expect(bagels.category == (try categories.category(.typed("Bakery"))).id.uuidString)
        let frozen = try categories.category(.typed("Frozen")).id.uuidString
        let edit = "/shopping/items/\(bagels.id.uuidString)/edit"
        #expect(harness.get(edit).text.contains("<option value=\"\(frozen)\">Frozen</option>") == true)
        let saved = harness.post(
            edit, [("name", "Bagels"), ("price", "3.00"), ("category", frozen), ("version", "\(bagels.meta.version)")])
        #expect(saved.status == 303)
        #expect(try shop.item(.typed("Bagels")).record.category == frozen)
        #expect(harness.get(edit).text.contains("<option value=\"\(frozen)\" selected>Frozen</option>"))
        // A form drawn before the field was added (without it) leaves the aisle as it is.
        let current = try shop.item(.typed("Bagels")).record
        _ = harness.post(edit, [("name", "Bagels"), ("price", "4.00"), ("version", "\(current.meta.version)")])
        #expect(try shop.item(.typed("Bagels")).record.category == frozen)
        // An aisle of no category is refused under the field, and changes nothing.
        let latest = try shop.item(.typed("Bagels")).record
        let refused = harness.post(
            edit,
            [
                ("name", "Bagels"), ("price", "4.00"), ("category", UUID().uuidString),
                ("version", "\(latest.meta.version)"),
            ])
        #expect(refused.status == 422)
        #expect(refused.text.contains("No category of this household has the id"))
        #expect(try shop.item(.typed("Bagels")).record == latest)
        // Chosen as none, it has none.
        _ = harness.post(
            edit, [("name", "Bagels"), ("price", "4.00"), ("category", ""), ("version", "\(latest.meta.version)")])
        #expect(try shop.item(.typed("Bagels")).record.category == nil)
    }

    @Test func aislesAreAddedRenamedAndDeletedWithAnUndo() throws {
        let harness = try PageHarness()
        let categories = Categories(store: store(harness))
        #expect(harness.get("/lists").text.contains("href=\"/categories\""))
        let page = harness.get("/categories").text
        #expect(page.mentions("value=\"Produce\"", before: "value=\"Pets\""))
        #expect(harness.post("/categories", [("name", "Garden"), ("id", UUID().uuidString)]).status == 303)
        let taken = harness.post("/categories", [("name", "garden")])
        #expect(taken.status == 422)
        #expect(
            taken.text.contains("another aisle has that name") || taken.text.contains("Another aisle has that name"))
        let garden = try categories.category(.typed("Garden"))
        #expect(
            harness.post(
                "/categories/\(garden.id.uuidString)/rename",
                [("name", "Garden centre"), ("version", "\(garden.meta.version)")]
            ).status == 303)
        #expect(try categories.category(.id(garden.id)).name == "Garden centre")
        let empty = harness.post("/categories/\(garden.id.uuidString)/rename", [("name", " "), ("version", "2")])
        #expect(empty.status == 422)
        #expect(try categories.category(.id(garden.id)).name == "Garden centre")
        let deleted = harness.post("/categories/\(garden.id.uuidString)/delete", [("version", "2")])
        let location = try #require(deleted.headers["Location"])
        #expect(location.hasPrefix("/categories?undo="))
        #expect(try !categories.all().contains { $0.id == garden.id })
        let removal = String(location.dropFirst("/categories?undo=".count))
        #expect(harness.get("/categories", query: ["undo": removal]).text.contains("Deleted an aisle."))
        #expect(harness.post("/categories/restore", [("removal", removal)]).status == 303)
        #expect(try categories.category(.id(garden.id)).name == "Garden centre")
    }
}
