import Foundation
import ListsModel
import Testing

@testable import ListsWeb

@Suite struct ShoppingPageTests {
    @Test func theItemsTabShowsTheSeededCatalogInOrderWithPrices() throws {
        let page = try PageHarness().get("/shopping")
        #expect(page.status == 200)
        #expect(page.headers["Content-Type"] == "text/html; charset=utf-8")
        let html = page.text.withoutTemplates
        #expect(html.contains("<h1 class=\"bar-title\">Items</h1>"))
        for (first, second) in [("Pear", "Notepad"), ("Notepad", "Pencil"), ("Pencil", "Bread"), ("Bread", "Mango")] {
            #expect(html.mentions(">\(first)<", before: ">\(second)<"))
        }
        #expect(html.contains("$0.62") && html.contains("$3.12"))
        #expect(html.contains("href=\"/shopping/new\" aria-label=\"Add Item\""))
        #expect(html.contains("href=\"/shopping?edit=1\">Edit</a>"))
        #expect(html.contains("href=\"/shopping\" aria-current=\"page\""))
        #expect(!html.contains("href=\"/shopping/list\" aria-current"))
        #expect(html.occurrences(of: "aria-pressed=\"false\"") == 5)
    }

    @Test func addingAnItemRedirectsToTheItemsTabWhereItIsListedLast() throws {
        let harness = try PageHarness()
        let sheet = harness.get("/shopping/new")
        #expect(sheet.status == 200)
        #expect(sheet.text.contains("<label for=\"field-name\">Name</label>"))
        #expect(sheet.text.contains("<label for=\"field-price\">Price</label>"))
        #expect(sheet.text.contains(">Cancel</a>") && sheet.text.contains(">Save</button>"))

        let response = harness.post("/shopping/new", [("name", "  Green tea "), ("price", "2.5")])
        #expect(response.status == 303)
        #expect(response.location == "/shopping")
        #expect(try harness.itemNames().last == "Green tea")
        #expect(harness.get("/shopping").text.mentions(">Mango<", before: ">Green tea<"))
        #expect(harness.get("/shopping").text.contains("$2.50"))
    }

    @Test func anEmptyNameIsRefusedWith422ShowingTheMessageAndWhatWasTyped() throws {
        let harness = try PageHarness()
        let response = harness.post("/shopping/new", [("name", "   "), ("price", "1,5")])
        #expect(response.status == 422)
        let html = response.text
        #expect(html.contains("An item&#39;s name is required"))
        #expect(html.contains("&quot;1,5&quot; is not a price"))
        #expect(html.contains("value=\"   \" aria-required=\"true\" aria-invalid=\"true\" autofocus"))
        #expect(html.contains("aria-describedby=\"field-name-error\""))
        #expect(html.contains("value=\"1,5\""))
        #expect(try harness.itemNames().count == 5)
    }

    /// A reader whose language writes decimal commas may type one; English readers may not (`1,5` above).
    @Test func aDecimalCommaIsReadWhenTheReadersLanguageWritesOne() throws {
        let harness = try PageHarness()
        let german = [("Accept-Language", "de-DE,de;q=0.9,en;q=0.8")]
        #expect(harness.post("/shopping/new", [("name", "Milch"), ("price", "1,99")], headers: german).status == 303)
        #expect(try harness.item("Milch").price == Money(minorUnits: 199))
        #expect(harness.post("/shopping/new", [("name", "Brot"), ("price", "$2.5")], headers: german).status == 303)
        #expect(try harness.item("Brot").price == Money(minorUnits: 250))
        let refused = harness.post("/shopping/new", [("name", "Käse"), ("price", "1,999")], headers: german)
        #expect(refused.status == 422)
        #expect(refused.text.contains("&quot;1,999&quot; is not a price"))
        #expect(harness.post("/shopping/new", [("name", "Wein"), ("price", "1,2,3")], headers: german).status == 422)
        let milch = try harness.item("Milch")
        #expect(harness.get("/shopping/items/\(milch.id)/edit", headers: german).text.contains("value=\"1,99\""))
        #expect(harness.get("/shopping/new", headers: german).text.contains("In dollars, like 1,99. Empty means 0."))
        #expect(harness.get("/shopping/new").text.contains("In dollars, like 1.99. Empty means 0."))
        #expect(harness.post("/shopping/new", [("name", "Milk"), ("price", "1,99")]).status == 422)
    }

    @Test func markupInANameIsShownOnlyEscaped() throws {
        let harness = try PageHarness()
        let name = "<img src=x onerror=alert(1)>"
        #expect(harness.post("/shopping/new", [("name", name), ("price", "1")]).status == 303)
        for page in [harness.get("/shopping"), harness.get("/shopping/items/\(try harness.item(name).id)/edit")] {
            #expect(page.text.contains("&lt;img src=x onerror=alert(1)&gt;"))
            #expect(!page.text.contains("<img"))
        }
        let refused = harness.post("/shopping/new", [("name", name), ("price", "\"><script>x</script>")])
        #expect(refused.status == 422)
        #expect(!refused.text.contains("<script>x") && !refused.text.contains("<img"))
    }

    @Test func aPostFromAnotherSiteIsRefusedAndChangesNothing() throws {
        let harness = try PageHarness()
        let pear = try harness.item("Pear")
        let evil = [("Origin", "http://evil.example"), ("Sec-Fetch-Site", "cross-site")]
        let responses = [
            harness.post("/shopping/new", [("name", "Spam")], headers: evil),
            harness.post("/shopping/items/\(pear.id)/toggle", [], headers: evil),
            harness.post("/shopping/items/\(pear.id)/delete", [], headers: [("Origin", "http://evil.example")]),
        ]
        for response in responses {
            #expect(response.status == 403)
            #expect(response.text.contains("posted from another site"))
        }
        #expect(try harness.itemNames() == ["Pear", "Notepad", "Pencil", "Bread", "Mango"])
        #expect(try harness.item("Pear") == pear)
    }

    @Test func tappingRowsPutsItemsOnTheShoppingListWithTheExactTotal() throws {
        let harness = try PageHarness()
        #expect(harness.post("/shopping/new", [("name", "Dime"), ("price", "0.10")]).status == 303)
        #expect(harness.post("/shopping/new", [("name", "Twenty"), ("price", ".2")]).status == 303)
        for name in ["Twenty", "Bread", "Pear", "Dime"] {
            let item = try harness.item(name)
            let response = harness.post(
                "/shopping/items/\(item.id)/toggle", [("version", "\(item.meta.version)")])
            #expect(response.status == 303)
            #expect(response.location == "/shopping")
        }
        let items = harness.get("/shopping").text.withoutTemplates
        #expect(items.contains("<li class=\"row checked\""))
        #expect(items.occurrences(of: "aria-pressed=\"true\"") == 4)
        #expect(items.occurrences(of: "<span class=\"check\" aria-hidden=\"true\">✓</span>") == 4)

        // The first checkmark made the list "Shopping", which the tab shows, with its total.
        let shopping = try #require(try harness.app.lists.shoppingLists.tabList(preferring: nil))
        #expect(shopping.name == "Shopping")
        #expect(items.contains("Tap an item to put it on “Shopping” or take it off"))
        #expect(
            items.contains("action=\"/lists/\(shopping.id.uuidString)/items/\(try harness.item("Pear").id)/toggle\""))
        let list = harness.get("/shopping/list")
        #expect(list.status == 200)
        let html = list.text.withoutTemplates
        #expect(html.contains("href=\"/shopping/list\" aria-current=\"page\""))
        for name in ["Pear", "Bread", "Dime", "Twenty"] { #expect(html.contains(">\(name)<")) }
        #expect(!html.contains(">Notepad<"))
        #expect(html.contains("Total: $4.04"))
    }

    @Test func aHouseholdsCheckmarksFromBeforeNamedListsAreTheListShoppingAtItsFirstPage() throws {
        let harness = try PageHarness(seeded: false)
        // As a database of the release before holds them: marks on the items.
        try harness.store.write { session in
            for (name, isOn) in [("Pear", true), ("Notepad", false), ("Bread", true)] {
                try session.insert(
                    ShoppingItem(
                        meta: RecordMeta(createdAt: PageHarness.now), name: name, price: Money(minorUnits: 100),
                        isOnShoppingList: isOn))
            }
        }
        let tab = harness.get("/shopping/list").text.withoutTemplates
        #expect(tab.contains("<title>Shopping"))
        #expect(tab.contains(">Pear<") && tab.contains(">Bread<") && !tab.contains(">Notepad<"))
        #expect(tab.contains("Total: $2.00"))
        let items = harness.get("/shopping").text.withoutTemplates
        #expect(items.occurrences(of: "aria-pressed=\"true\"") == 2)
        #expect(try harness.app.lists.shopping.catalog().allSatisfy { !$0.record.isOnShoppingList })
    }

    @Test func theTabShowsTheListLastOpenedAndTheItemsCheckmarksAreForIt() throws {
        let harness = try PageHarness()
        let lists = harness.app.lists.shoppingLists
        let groceries = try lists.make(name: "Groceries")
        let hardware = try lists.make(name: "Hardware")
        try lists.put(.typed("Pear"), on: groceries, quantity: "3")
        try lists.put(.typed("Pencil"), on: hardware)
        // No list opened yet: the first one, with a switcher to the other.
        let first = harness.get("/shopping/list").text.withoutTemplates
        #expect(first.contains("<title>Groceries"))
        #expect(first.contains("href=\"/lists/\(hardware.id.uuidString)\">Hardware</a>"))
        #expect(first.contains(">Pear<") && !first.contains(">Pencil<"))
        // Opening Hardware keeps it for the device: the tab and the Items tab's checkmarks follow it.
        let opened = harness.get("/lists/\(hardware.id.uuidString)")
        let cookie = try #require(opened.headers["Set-Cookie"])
        #expect(cookie.hasPrefix("shopping-list=\(hardware.id.uuidString);") && cookie.contains("HttpOnly"))
        #expect(opened.text.contains("href=\"/shopping/list\" aria-current=\"page\""))
        let device = [("Cookie", "shopping-list=\(hardware.id.uuidString)")]
        let tab = harness.get("/shopping/list", headers: device).text.withoutTemplates
        #expect(tab.contains(">Pencil<") && !tab.contains(">Pear<"))
        let items = harness.get("/shopping", headers: device).text.withoutTemplates
        #expect(items.contains("Tap an item to put it on “Hardware” or take it off"))
        #expect(items.occurrences(of: "aria-pressed=\"true\"") == 1)
        let pencil = try harness.item("Pencil")
        #expect(items.contains("action=\"/lists/\(hardware.id.uuidString)/items/\(pencil.id.uuidString)/toggle\""))
        // Its toggle acts on the list its address names, whatever the cookie.
        #expect(harness.post("/lists/\(hardware.id)/items/\(pencil.id)/toggle", []).location == "/shopping")
        #expect(try lists.toBuy(on: hardware).isEmpty)
        #expect(try lists.toBuy(on: groceries).count == 1)
        // A list that is gone leaves the tab on the first one.
        try lists.delete(.id(hardware.id))
        #expect(harness.get("/shopping/list", headers: device).text.contains("<title>Groceries"))
        let stale = harness.post("/lists/\(hardware.id)/items/\(pencil.id)/toggle", [])
        #expect(stale.status == 409 && stale.text.contains("That list was deleted on another device"))
        #expect(try lists.toBuy(on: groceries).count == 1)
        // With no list at all, the tab is the tutorial's empty one.
        try lists.delete(.id(groceries.id))
        let empty = harness.get("/shopping/list").text
        #expect(empty.contains("Nothing to buy. Tap items in the Items tab"))
    }

    @Test func checkingAnItemOffTakesItOffTheListAndOutOfTheTotal() throws {
        let harness = try PageHarness()
        for name in ["Pear", "Mango"] {
            #expect(harness.post("/shopping/items/\(try harness.item(name).id)/toggle", []).status == 303)
        }
        let lists = harness.app.lists.shoppingLists
        let shopping = try #require(try lists.tabList(preferring: nil))
        let pear = try harness.item("Pear")
        let entry = try #require(try lists.toBuy(on: shopping)[pear.id])
        // Checked off on the list: it stays there, checked, and leaves what is to buy and the Items tab's checkmarks.
        let response = harness.post(
            "/lists/\(shopping.id)/entries/\(entry.id)/toggle", [("version", "\(entry.meta.version)")])
        #expect(response.status == 303)
        #expect(try lists.toBuy(on: shopping).keys.sorted() == [try harness.item("Mango").id])
        let items = harness.get("/shopping").text.withoutTemplates
        #expect(items.occurrences(of: "aria-pressed=\"true\"") == 1)
        // Tapped in Items again, Mango leaves the list; Pear stays in the catalog.
        let mango = try harness.item("Mango")
        _ = harness.post("/lists/\(shopping.id)/items/\(mango.id)/toggle", [])
        let list = harness.get("/shopping/list").text.withoutTemplates
        #expect(!list.contains(">Mango<"))
        #expect(try harness.itemNames().contains("Pear"))
        #expect(try lists.toBuy(on: shopping).isEmpty)
    }

    @Test func theEditSheetSavesAndAStaleVersionShowsTheCurrentOne() throws {
        let harness = try PageHarness()
        let pear = try harness.item("Pear")
        let sheet = harness.get("/shopping/items/\(pear.id)/edit")
        #expect(sheet.status == 200)
        #expect(sheet.text.contains("value=\"Pear\"") && sheet.text.contains("value=\"0.62\""))
        #expect(sheet.text.contains("<input type=\"hidden\" name=\"version\" value=\"1\">"))
        // Delete Item asks first: it leads to an action sheet, not straight to a delete.
        #expect(
            sheet.text.contains("<a class=\"destructive\" href=\"/shopping/items/\(pear.id)/delete\">Delete Item</a>"))
        #expect(!sheet.text.contains("action=\"/shopping/items/\(pear.id)/delete\""))

        let saved = harness.post(
            "/shopping/items/\(pear.id)/edit", [("version", "1"), ("name", "Pears"), ("price", "0.70")])
        #expect(saved.status == 303)
        #expect(try harness.item("Pears").price == Money(minorUnits: 70))

        let stale = harness.post(
            "/shopping/items/\(pear.id)/edit", [("version", "1"), ("name", "Nashi"), ("price", "9")])
        #expect(stale.status == 409)
        #expect(stale.text.contains("changed elsewhere"))
        #expect(stale.text.contains("value=\"Pears\"") && stale.text.contains("value=\"0.70\""))
        #expect(stale.text.contains("name=\"version\" value=\"2\""))
        #expect(try harness.itemNames().first == "Pears")

        // A checkmark's tap sent twice (its form's id) puts the item on once.
        let tap = UUID().uuidString
        _ = harness.post("/shopping/items/\(pear.id)/toggle", [("id", tap)])
        _ = harness.post("/shopping/items/\(pear.id)/toggle", [("id", tap)])
        let shopping = try #require(try harness.app.lists.shoppingLists.tabList(preferring: nil))
        #expect(try harness.app.lists.shoppingLists.rows(of: shopping).count == 1)
    }

    @Test func deleteModeDeletesARowAndStaysInDeleteMode() throws {
        let harness = try PageHarness()
        let editing = harness.get("/shopping", query: ["edit": "1"]).text
        let pencilID = try harness.item("Pencil").id.uuidString
        // The red minus leads to the page that asks; app.js asks in the row instead, with the screen's one
        // template of the form (which posts to the minus's address with its version).
        #expect(
            editing.contains(
                "<a class=\"minus-button delete-reveal\" href=\"/shopping/items/\(pencilID)/delete?edit=1\" "
                    + "data-version=\"1\" aria-label=\"Delete Pencil…\">"))
        #expect(editing.occurrences(of: "<template id=\"row-confirm\">") == 1)
        #expect(
            editing.contains(
                "<input type=\"hidden\" name=\"version\"><input type=\"hidden\" name=\"from\" value=\"edit\">"))
        #expect(!editing.contains("action=\"/shopping/items/\(pencilID)/delete"))
        #expect(editing.contains("href=\"/shopping\">Done</a>"))
        let pencil = try harness.item("Pencil")
        let response = harness.post(
            "/shopping/items/\(pencil.id)/delete", [("version", "1"), ("from", "edit")])
        #expect(response.status == 303)
        #expect(response.location == "/shopping?edit=1&undo=item:\(pencil.id.uuidString)")
        #expect(try harness.itemNames() == ["Pear", "Notepad", "Bread", "Mango"])

        let bread = try harness.item("Bread")
        let fromSheet = harness.post("/shopping/items/\(bread.id)/delete", [("version", "1")])
        #expect(fromSheet.location == "/shopping?undo=item:\(bread.id.uuidString)")
        #expect(try harness.itemNames() == ["Pear", "Notepad", "Mango"])
    }

    /// A delete is two deliberate taps: without JavaScript the first opens an action sheet over the screen it
    /// came from, which deletes nothing until its Delete is pressed; Cancel goes back.
    @Test func theFirstTapOnDeleteOnlyAsks() throws {
        let harness = try PageHarness()
        let pencil = try harness.item("Pencil")
        let fromDeleteMode = harness.get("/shopping/items/\(pencil.id)/delete", query: ["edit": "1"])
        #expect(fromDeleteMode.status == 200)
        let html = fromDeleteMode.text
        #expect(html.contains("role=\"alertdialog\""))
        #expect(html.contains("id=\"sheet-title\" tabindex=\"-1\" autofocus>Delete “Pencil”?</h1>"))
        #expect(html.contains("<div class=\"behind\" inert aria-hidden=\"true\">"))
        #expect(html.contains("href=\"/shopping\">Done</a>"))  // delete mode behind it
        #expect(html.contains("<form method=\"post\" action=\"/shopping/items/\(pencil.id)/delete\""))
        #expect(html.contains("<input type=\"hidden\" name=\"from\" value=\"edit\">"))
        #expect(html.contains("aria-label=\"Delete Pencil\">Delete Item</button>"))
        #expect(html.contains("href=\"/shopping?edit=1\" data-cancel>Cancel</a>"))
        #expect(try harness.itemNames().contains("Pencil"))

        let fromSheet = harness.get("/shopping/items/\(pencil.id)/delete").text
        #expect(!fromSheet.contains("name=\"from\""))
        #expect(fromSheet.contains("href=\"/shopping/items/\(pencil.id)/edit\" data-cancel>Cancel</a>"))
        #expect(harness.get("/shopping/items/\(UUID())/delete").status == 404)
    }

    @Test func anUnknownOrMalformedIdIsANotFoundPage() throws {
        let harness = try PageHarness()
        let unknown = UUID().uuidString
        let responses = [
            harness.get("/shopping/items/\(unknown)/edit"), harness.get("/shopping/items/nope/edit"),
            harness.post("/shopping/items/\(unknown)/toggle", []), harness.post("/shopping/list/\(unknown)/check", []),
            harness.post("/shopping/items/\(unknown)/edit", [("name", "X")]),
        ]
        for response in responses {
            #expect(response.status == 404)
            #expect(response.text.contains("href=\"/\">Go to all lists</a>"))
        }
    }

    @Test func aLongCatalogIsDrawnAPageAtATimeAndEveryActionReturnsToItsPage() throws {
        let harness = try PageHarness(seeded: false)
        let items = (1...1_001).map {
            ShoppingItem(
                meta: RecordMeta(createdAt: PageHarness.now), name: "Item \($0)", price: Money(minorUnits: 100),
                isOnShoppingList: false)
        }
        try harness.store.write { try $0.insert(contentsOf: items) }
        let first = harness.get("/shopping").text.withoutTemplates
        #expect(first.occurrences(of: "<li class=\"row") == 500)
        #expect(first.contains("1–500 of 1,001 items") && first.contains("href=\"/shopping?page=2\" rel=\"next\""))
        #expect(first.contains("href=\"/shopping?edit=1\""))

        let item = try harness.item("Item 600")
        let id = item.id.uuidString
        let second = harness.get("/shopping", query: ["page": "2"]).text
        #expect(second.contains("action=\"/shopping/items/\(id)/toggle?page=2\""))
        #expect(second.contains("href=\"/shopping/items/\(id)/edit?page=2\""))
        #expect(second.contains("href=\"/shopping?edit=1&amp;page=2\""))
        let toggled = harness.post("/shopping/items/\(id)/toggle", [("version", "1")], query: ["page": "2"])
        #expect(toggled.location == "/shopping?page=2")

        // The edit sheet opened from page 2 draws page 2 behind it, and Cancel, Save and Delete return there.
        let sheet = harness.get("/shopping/items/\(id)/edit", query: ["page": "2"]).text
        #expect(sheet.contains("501–1,000 of 1,001 items"))
        #expect(sheet.contains("action=\"/shopping/items/\(id)/edit?page=2\""))
        #expect(sheet.contains("href=\"/shopping/items/\(id)/delete?page=2\""))
        let asking = harness.get("/shopping/items/\(id)/delete", query: ["page": "2"]).text
        #expect(asking.contains("action=\"/shopping/items/\(id)/delete?page=2\""))
        #expect(asking.contains("href=\"/shopping/items/\(id)/edit?page=2\" data-cancel>Cancel</a>"))
        let saved = harness.post(
            "/shopping/items/\(id)/edit", [("version", "1"), ("name", "Item 600b"), ("price", "2.00")],
            query: ["page": "2"])
        #expect(saved.location == "/shopping?page=2")

        // Delete mode keeps its page; deleting the last page's one item answers with the page before.
        let editing = harness.get("/shopping", query: ["edit": "1", "page": "3"]).text
        #expect(editing.contains("href=\"/shopping?page=3\""))  // Done
        #expect(editing.contains("href=\"/shopping?edit=1&amp;page=2\" rel=\"prev\""))
        let last = try harness.item("Item 1001")
        #expect(editing.contains("href=\"/shopping/items/\(last.id.uuidString)/delete?edit=1&amp;page=3\""))
        let deleted = harness.post(
            "/shopping/items/\(last.id)/delete", [("version", "1"), ("from", "edit")], query: ["page": "3"])
        #expect(deleted.location == "/shopping?edit=1&undo=item:\(last.id.uuidString)&page=2")

        // The add sheet opened from page 2 draws page 2 behind it and cancels back to it.
        let addSheet = harness.get("/shopping/new", query: ["page": "2"]).text
        #expect(addSheet.contains("501–1,000 of 1,000 items") && addSheet.contains("href=\"/shopping?page=2\""))
        #expect(addSheet.contains("action=\"/shopping/new?page=2\""))
        #expect(
            harness.post("/shopping/new", [("name", ""), ("price", "")], query: ["page": "2"]).text
                .contains("501–1,000 of 1,000 items"))

        let added = harness.post("/shopping/new", [("name", "Tea"), ("price", "3.50")])
        #expect(added.location == "/shopping?page=last")
        #expect(harness.get("/shopping", query: ["page": "last"]).text.contains(">Tea<"))
        #expect(harness.get("/shopping", query: ["page": "nope"]).status == 400)
    }
}
