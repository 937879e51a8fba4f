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

        let list = harness.get("/shopping/list")
        #expect(list.status == 200)
        let html = list.text
        #expect(html.contains("href=\"/shopping/list\" aria-current=\"page\""))
        #expect(html.mentions(">Pear<", before: ">Bread<") && html.mentions(">Bread<", before: ">Dime<"))
        #expect(html.mentions(">Dime<", before: ">Twenty<"))
        #expect(!html.contains(">Notepad<"))
        #expect(html.contains("<strong class=\"amount\">$4.04</strong>"))
    }

    @Test func checkingAnItemOffTakesItOffTheListAndOutOfTheTotal() throws {
        let harness = try PageHarness()
        for name in ["Pear", "Mango"] {
            #expect(harness.post("/shopping/items/\(try harness.item(name).id)/toggle", []).status == 303)
        }
        let pear = try harness.item("Pear")
        let response = harness.post("/shopping/list/\(pear.id)/check", [("version", "\(pear.meta.version)")])
        #expect(response.status == 303)
        #expect(response.location == "/shopping/list?undo=check:\(pear.id.uuidString)")
        let list = harness.get("/shopping/list").text
        #expect(!list.contains(">Pear<") && list.contains(">Mango<"))
        #expect(list.contains("$1.25</strong>"))
        #expect(try harness.itemNames().contains("Pear"))
        #expect(try !harness.item("Pear").isOnShoppingList)
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

        let staleToggle = harness.post("/shopping/items/\(pear.id)/toggle", [("version", "1")])
        #expect(staleToggle.status == 409)
        #expect(staleToggle.text.contains("changed elsewhere"))
        #expect(try !harness.item("Pears").isOnShoppingList)
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
            "/shopping/items/\(id)/edit", [("version", "2"), ("name", "Item 600b"), ("price", "2.00")],
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

    @Test func aLongShoppingListIsDrawnAPageAtATimeWithTheTotalOfAllOfIt() throws {
        let harness = try PageHarness(seeded: false)
        // 1,001 items at $1.01, $1.02, ...; all but the second on the list: 1,000 items, $6,014.99 in all.
        let items = (1...1_001).map {
            ShoppingItem(
                meta: RecordMeta(createdAt: PageHarness.now), name: "Item \($0)", price: Money(minorUnits: 100 + $0),
                isOnShoppingList: $0 != 2)
        }
        try harness.store.write { try $0.insert(contentsOf: items) }
        let first = harness.get("/shopping/list").text.withoutTemplates
        #expect(first.occurrences(of: "<li class=\"row") == 500)
        #expect(first.contains("1–500 of 1,000 items"))
        #expect(first.contains("href=\"/shopping/list?page=2\" rel=\"next\""))
        #expect(first.contains("<span>Total of all 1,000 items</span> <strong class=\"amount\">$6014.99</strong>"))
        #expect(first.contains(">Item 501<") && !first.contains(">Item 502<") && !first.contains(">Item 2<"))

        // Page 2 holds the rest; its check-offs come back to it, and the total follows.
        let item = try harness.item("Item 700")
        let second = harness.get("/shopping/list", query: ["page": "2"]).text.withoutTemplates
        #expect(second.occurrences(of: "<li class=\"row") == 500)
        #expect(second.contains("501–1,000 of 1,000 items") && second.contains(">Item 1001<"))
        #expect(second.contains("action=\"/shopping/list/\(item.id.uuidString)/check?page=2\""))
        let checked = harness.post("/shopping/list/\(item.id)/check", [("version", "1")], query: ["page": "2"])
        #expect(checked.status == 303)
        #expect(checked.location == "/shopping/list?undo=check:\(item.id.uuidString)&page=2")
        let after = harness.get("/shopping/list", query: ["page": "2"]).text
        #expect(after.contains("501–999 of 999 items") && !after.contains(">Item 700<"))
        #expect(after.contains("<span>Total of all 999 items</span> <strong class=\"amount\">$6006.99</strong>"))

        // A stale check-off redraws its page with the message; a page past the end is the last one.
        let stale = harness.post("/shopping/list/\(item.id)/check", [("version", "1")], query: ["page": "2"])
        #expect(stale.status == 409)
        #expect(stale.text.contains("501–999 of 999 items"))
        #expect(harness.get("/shopping/list", query: ["page": "9"]).text.contains("501–999 of 999 items"))
        #expect(harness.get("/shopping/list", query: ["page": "last"]).text.contains(">Item 1001<"))
        #expect(harness.get("/shopping/list", query: ["page": "0"]).status == 400)

        // Checking off the only item on the last page answers with the page before it.
        try harness.store.write { session in
            // Items 1 to 499, of which 498 were on the list: 501 are left on it, Item 1001 alone on page 2.
            for numbered in try session.list(ShoppingItem.self, where: nil, offset: 0, limit: 499) {
                try session.delete(ShoppingItem.self, id: numbered.record.id, at: Date())
            }
        }
        let lone = harness.get("/shopping/list", query: ["page": "2"]).text
        #expect(lone.contains("501–501 of 501 items"))
        let lastItem = try harness.item("Item 1001")
        let emptied = harness.post("/shopping/list/\(lastItem.id)/check", [("version", "1")], query: ["page": "2"])
        #expect(emptied.location == "/shopping/list?undo=check:\(lastItem.id.uuidString)")

        // Back to one page: no pager, and the total is plain "Total" again.
        try harness.store.write { session in
            // Items 500 to 599: 400 are left on the list (600 to 1000 but 700).
            for numbered in try session.list(ShoppingItem.self, where: nil, offset: 0, limit: 100) {
                try session.delete(ShoppingItem.self, id: numbered.record.id, at: Date())
            }
        }
        let short = harness.get("/shopping/list").text
        #expect(!short.contains("rel=\"next\"") && !short.contains(" of 400 items"))
        #expect(short.contains("<span>Total</span>"))
    }
}
