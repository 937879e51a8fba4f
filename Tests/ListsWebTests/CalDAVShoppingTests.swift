import Foundation
import ListsDAV
import ListsHTTP
import ListsInterchange
import ListsModel
import Testing

@testable import ListsWeb

/// A household's shopping lists as calendars: each entry a to-do whose summary is its item and quantity, checked off
/// as it is bought (logged as a purchase), added, renamed and taken off by a client, followed by sync-collection,
/// its list renamed and deleted as a calendar.
@Suite("CalDAV: shopping lists as calendars")
struct CalDAVShoppingTests {
    /// Ann in Home with a shopping list "Groceries" holding Milk (2 l, "Semi-skimmed"), in the category "Fridge",
    /// put on it in Lists; Bread in the catalog, on no list.
    struct Setting {
        let site: CalDAVSite
        let home: Household
        let ann: CalDAVSite.Member
        let list: NamedList
        let fridge: ItemCategory
        let milk: ShoppingItem
        let bread: ShoppingItem
        let entry: ListEntry

        init() throws {
            site = try CalDAVSite()
            home = try site.home
            ann = try site.member("ann", of: [home])
            let lists = site.lists(home)
            list = try lists.shoppingLists.make(name: "Groceries")
            let fridge = try lists.categories.add(name: "Fridge")
            self.fridge = fridge
            let added = try lists.shopping.add(name: "Milk", price: Money(minorUnits: 129)).record
            milk = try lists.shopping.items.change([.id(added.id)]) { $0.category = fridge.id.uuidString }[0].record
            bread = try lists.shopping.add(name: "Bread", price: Money(minorUnits: 250)).record
            entry = try lists.shoppingLists.put(.id(added.id), on: list, quantity: "2 l", note: "Semi-skimmed").entry
        }

        var shopping: ShoppingLists { site.lists(home).shoppingLists }
        var calendar: String { CalDAVShoppingTests.calendar(ann, list) }
        func path(_ name: String) -> String { calendar + name }
        var entryPath: String { path("\(entry.id.uuidString).ics") }

        /// The list's entries as Lists has them.
        func rows() throws -> [ShoppingLists.Row] { try shopping.rows(of: list) }

        /// The entry with `id` and its item, as Lists has them.
        func row(_ id: UUID) throws -> ShoppingLists.Row? { try rows().first { $0.entry.record.id == id } }

        /// The catalog's items, by name.
        func catalog() throws -> [String: ShoppingItem] {
            Dictionary(try site.lists(home).shopping.catalog().map { ($0.record.name, $0.record) }) { first, _ in first
            }
        }

        /// Everything the household's shopping lists, catalog and purchases hold, to show that a refused request
        /// changed nothing.
        func snapshot() throws -> [String] {
            try site.store.scoped(to: home.id).read { session in
                try session.list(NamedList.self).map { "\($0.record)" }
                    + session.list(ShoppingItem.self).map { "\($0.record)" }
                    + session.list(Purchase.self).map { "\($0.record)" }
            } + rows().map { "\($0)" }
        }

        /// The ETag a GET of `path` answers.
        func etag(_ path: String) throws -> String {
            try #require(site.send("GET", path, as: ann).headers["ETag"])
        }
    }

    static func calendar(_ member: CalDAVSite.Member, _ list: NamedList) -> String {
        "/dav/calendars/\(member.name)/\(list.id.text.lowercased())/"
    }

    // MARK: Reading

    @Test func theHomeListsTheShoppingListsAsCalendarsOfToDos() throws {
        let s = try Setting()
        try s.site.list("Chores", in: s.home)
        let hardware = try s.shopping.make(name: "Hardware store")
        let answer = s.site.propfind(
            s.ann.home, as: s.ann, depth: "1",
            "<d:displayname/><d:resourcetype/><c:supported-calendar-component-set/><d:sync-token/>")
        #expect(answer.status == 207, "\(answer.text)")
        #expect(answer.hrefs.contains(s.calendar))
        #expect(answer.hrefs.contains(Self.calendar(s.ann, hardware)))
        #expect(answer.hrefs.count == 4, "\(answer.hrefs)")
        let groceries = try #require(answer.response(s.calendar))
        #expect(groceries.value(DAV.d("displayname")) == "Groceries")
        #expect(answer.response(Self.calendar(s.ann, hardware))?.value(DAV.d("displayname")) == "Hardware store")
        let kinds = Set(groceries.property(DAV.d("resourcetype"))?.children.map(\.name) ?? [])
        #expect(kinds == [DAV.d("collection"), DAV.c("calendar")])
        let components = groceries.property(DAV.c("supported-calendar-component-set"))?.children ?? []
        #expect(components.map { $0.attribute("name") } == ["VTODO"])
        #expect(groceries.value(DAV.d("sync-token"))?.isEmpty == false)
        // Its entries are listed in it.
        let listing = s.site.propfind(s.calendar, as: s.ann, depth: "1", "<d:getetag/><d:displayname/>")
        #expect(listing.hrefs == [s.calendar, s.entryPath])
        #expect(listing.response(s.entryPath)?.value(DAV.d("getetag")) == (try s.etag(s.entryPath)))
    }

    @Test func anEntryPutOnTheListInListsReadsWithItsQuantityNoteAndCategory() throws {
        let s = try Setting()
        let got = s.site.send("GET", s.entryPath, as: s.ann)
        #expect(got.status == 200, "\(got.text)")
        #expect(got.headers["Content-Type"]?.hasPrefix("text/calendar") == true)
        let etag = try #require(got.headers["ETag"])
        #expect(etag.hasPrefix("\"") && !etag.hasPrefix("W/"))
        let lines = got.calendarLines
        #expect(lines.filter { $0 == "BEGIN:VTODO" }.count == 1)
        #expect(ICS.value("UID", in: lines) == s.entry.id.uuidString)
        #expect(ICS.value("SUMMARY", in: lines) == "Milk (2 l)")
        #expect(ICS.value("CATEGORIES", in: lines) == "Fridge")
        #expect(ICS.value("DESCRIPTION", in: lines) == "Semi-skimmed")
        #expect(ICS.value("STATUS", in: lines) == "NEEDS-ACTION")
        #expect(ICS.value("COMPLETED", in: lines) == nil)
        // An entry without a quantity is its item's name; one of no category has none.
        let bread = try s.shopping.put(.id(s.bread.id), on: s.list).entry
        let breadLines = s.site.send("GET", s.path("\(bread.id.uuidString).ics"), as: s.ann).calendarLines
        #expect(ICS.value("SUMMARY", in: breadLines) == "Bread")
        // A multiget gives the same body and ETag.
        let multiget = s.site.report(s.calendar, as: s.ann, DAVBodies.multiget([s.entryPath]))
        #expect(multiget.response(s.entryPath)?.value(DAV.d("getetag")) == etag)
        #expect(multiget.response(s.entryPath)?.value(DAV.c("calendar-data")) == got.text)
        // Checked off in Lists: completed, when.
        try s.shopping.check([.id(s.entry.id)], on: s.list, at: Date(timeIntervalSince1970: 1_795_946_400))
        let checked = s.site.send("GET", s.entryPath, as: s.ann)
        #expect(ICS.value("STATUS", in: checked.calendarLines) == "COMPLETED")
        #expect(ICS.value("COMPLETED", in: checked.calendarLines) == "20261129T100000Z")
        #expect(checked.headers["ETag"] != etag)
    }

    /// The spec: CATEGORIES is the item's category. A household that never changed its categories has Lists'
    /// default ones (not stored as records), and a new item gets the one suggested for its name.
    @Test func anItemInADefaultCategoryShowsItsCategory() throws {
        let site = try CalDAVSite()
        let home = try site.home
        let ann = try site.member("ann", of: [home])
        let lists = site.lists(home)
        let list = try lists.shoppingLists.make(name: "Groceries")
        let cheese = try lists.shopping.add(name: "Cheese", price: .zero).record
        let categories = try lists.categories.all()
        let category = try #require(categories.first { $0.id.uuidString == cheese.category })
        let entry = try lists.shoppingLists.put(.id(cheese.id), on: list).entry
        let got = site.send("GET", Self.calendar(ann, list) + "\(entry.id.uuidString).ics", as: ann)
        #expect(got.status == 200)
        #expect(ICS.value("CATEGORIES", in: got.calendarLines) == category.name, "\(got.text)")
        let listed = site.report(Self.calendar(ann, list), as: ann, DAVBodies.query(""))
        #expect(listed.status == 207)
    }

    // MARK: Putting

    @Test func aNewToDoIsANewEntryOfItsItemFoundOrAddedToTheCatalog() throws {
        let s = try Setting()
        let uid = "7C3F2B1A-0D9E-4C8B-A7F6-E5D4C3B2A190"
        let put = s.site.put(
            s.path("\(uid).ics"), as: s.ann,
            ICS.todo(uid: uid, summary: "Eggs (12)", ["DESCRIPTION:Free range\\, large"]),
            headers: [("If-None-Match", "*")])
        #expect(put.status == 201, "\(put.text)")
        let etag = try #require(put.headers["ETag"])
        #expect(etag == (try s.etag(s.path("\(uid).ics"))))
        let eggs = try #require(try s.row(UUID(uuidString: uid)!))
        #expect(eggs.item?.name == "Eggs")
        #expect(eggs.item?.price == .zero)
        #expect(eggs.entry.record.quantity == "12")
        #expect(eggs.entry.record.note == "Free range, large")
        #expect(eggs.entry.record.checkedAt == nil)
        #expect(eggs.entry.record.list == s.list.id.uuidString)
        #expect(try s.catalog()["Eggs"]?.id == eggs.item?.id)
        #expect(
            ICS.value("SUMMARY", in: s.site.send("GET", s.path("\(uid).ics"), as: s.ann).calendarLines) == "Eggs (12)")

        // An item of the catalog, its name in another case: that item, in an entry of its own beside Milk's.
        let second = s.site.put(
            s.path("second-milk.ics"), as: s.ann, ICS.todo(uid: "second-milk", summary: "milk (1 l)"))
        #expect(second.status == 201, "\(second.text)")
        let secondMilk = try #require(try s.row(ICalendar.id(forUID: "second-milk")))
        #expect(secondMilk.item?.id == s.milk.id)
        #expect(secondMilk.entry.record.quantity == "1 l")
        #expect(try s.row(s.entry.id)?.entry.record.quantity == "2 l")
        // Its own name, exactly: the item again, a third entry, no quantity.
        #expect(s.site.put(s.path("third.ics"), as: s.ann, ICS.todo(uid: "third", summary: "Milk")).status == 201)
        let milks = try s.rows().filter { $0.item?.id == s.milk.id }
        #expect(milks.count == 3)
        #expect(milks.map(\.entry.record.quantity) == ["2 l", "1 l", nil])
        #expect(try s.catalog().keys.sorted() == ["Bread", "Eggs", "Milk"])
        // The API shows them on the list.
        let api = s.site.api("/api/v1/lists/\(s.list.id.uuidString)", as: s.ann)
        #expect(api.status == 200)
        #expect(api.text.contains("Free range, large") && api.text.contains("\"1 l\""))
    }

    /// A to-do Lists cannot keep as sent is refused (valid-calendar-data), and then nothing of it is kept: not its
    /// item in the catalog, not its entry without what was refused.
    @Test func aToDoListsRefusesChangesNothing() throws {
        let s = try Setting()
        let before = try s.snapshot()
        for (uid, summary, lines) in [
            // A note is one line of at most 200 characters; the item is new to the catalog.
            ("long-note", "Tea", ["DESCRIPTION:" + String(repeating: "n", count: 201)]),
            // A check-off is dated from 2000; the item is in the catalog.
            ("too-early", "Milk", ["STATUS:COMPLETED", "COMPLETED:19990101T000000Z"]),
        ] {
            let put = s.site.put(s.path("\(uid).ics"), as: s.ann, ICS.todo(uid: uid, summary: summary, lines))
            #expect(put.status == 403, "\(uid): \(put.status) \(put.text)")
            #expect(put.condition == DAV.c("valid-calendar-data"), "\(uid)")
            let catalog = try s.catalog().keys.sorted()
            let rows = try s.rows().count
            #expect(try s.snapshot() == before, "\(uid): catalog \(catalog), \(rows) rows")
            #expect(s.site.send("GET", s.path("\(uid).ics"), as: s.ann).status == 404, "\(uid)")
        }
        // On an entry there: refused, the entry as it was.
        let changed = s.site.put(
            s.entryPath, as: s.ann,
            ICS.todo(
                uid: s.entry.id.uuidString, summary: "Cocoa", ["DESCRIPTION:" + String(repeating: "n", count: 201)]))
        #expect(changed.status == 403, "\(changed.status)")
        let catalog = try s.catalog().keys.sorted()
        #expect(try s.snapshot() == before, "catalog \(catalog)")
    }

    @Test func aToDoCompletedIsTheEntryCheckedOffAndLoggedAsBought() throws {
        let s = try Setting()
        let etag = try s.etag(s.entryPath)
        let done = s.site.put(
            s.entryPath, as: s.ann,
            ICS.todo(
                uid: s.entry.id.uuidString, summary: "Milk (2 l)",
                ["DESCRIPTION:Semi-skimmed", "STATUS:COMPLETED", "COMPLETED:20261129T100000Z"]),
            headers: [("If-Match", etag)])
        #expect(done.status == 204, "\(done.text)")
        let bought = Date(timeIntervalSince1970: 1_795_946_400)
        let row = try #require(try s.row(s.entry.id))
        #expect(row.entry.record.checkedAt == bought)
        #expect(row.item?.id == s.milk.id && row.entry.record.quantity == "2 l")
        #expect(row.entry.record.note == "Semi-skimmed")
        let purchases = try s.shopping.purchases()
        #expect(purchases.total == 1)
        let purchase = try #require(purchases.purchases.first)
        #expect(purchase.entry == s.entry.id.uuidString)
        #expect(purchase.item == s.milk.id.uuidString)
        #expect(purchase.list == s.list.id.uuidString)
        #expect(purchase.quantity == "2 l")
        #expect(purchase.boughtAt == bought)
        #expect(purchase.category == s.fridge.id.uuidString)
        #expect(done.headers["ETag"] == (try s.etag(s.entryPath)))
        let lines = s.site.send("GET", s.entryPath, as: s.ann).calendarLines
        #expect(ICS.value("STATUS", in: lines) == "COMPLETED")
        #expect(ICS.value("COMPLETED", in: lines) == "20261129T100000Z")

        // Put back to buy: unchecked, its purchase gone from the log.
        let open = s.site.put(
            s.entryPath, as: s.ann,
            ICS.todo(
                uid: s.entry.id.uuidString, summary: "Milk (2 l)", ["DESCRIPTION:Semi-skimmed", "STATUS:NEEDS-ACTION"]),
            headers: [("If-Match", try s.etag(s.entryPath))])
        #expect(open.status == 204, "\(open.text)")
        #expect(try s.row(s.entry.id)?.entry.record.checkedAt == nil)
        #expect(try s.shopping.purchases().total == 0)
        #expect(ICS.value("STATUS", in: s.site.send("GET", s.entryPath, as: s.ann).calendarLines) == "NEEDS-ACTION")

        // A new to-do sent completed (without a time): a new entry bought now.
        let new = s.site.put(
            s.path("bought.ics"), as: s.ann, ICS.todo(uid: "bought", summary: "Bread", ["STATUS:COMPLETED"]))
        #expect(new.status == 201, "\(new.text)")
        let breadRow = try #require(try s.row(ICalendar.id(forUID: "bought")))
        #expect(breadRow.entry.record.checkedAt == s.site.clock.now())
        #expect(try s.shopping.purchases().purchases.map(\.item) == [s.bread.id.uuidString])
    }

    @Test func aSummaryNamingAnotherItemPointsTheEntryAtIt() throws {
        let s = try Setting()
        let renamed = s.site.put(
            s.entryPath, as: s.ann, ICS.todo(uid: s.entry.id.uuidString, summary: "Bread (2)"),
            headers: [("If-Match", try s.etag(s.entryPath))])
        #expect(renamed.status == 204, "\(renamed.text)")
        let row = try #require(try s.row(s.entry.id))
        #expect(row.item?.id == s.bread.id)
        #expect(row.entry.record.quantity == "2")
        // The description dropped is the note dropped.
        #expect(row.entry.record.note == nil)
        #expect(try s.rows().count == 1)
        // A name the catalog lacks: added to it, at no price; the old items stay in it.
        let oat = s.site.put(s.entryPath, as: s.ann, ICS.todo(uid: s.entry.id.uuidString, summary: "Oat milk (1 l)"))
        #expect(oat.status == 204, "\(oat.text)")
        let catalog = try s.catalog()
        #expect(catalog.keys.sorted() == ["Bread", "Milk", "Oat milk"])
        #expect(catalog["Oat milk"]?.price == .zero)
        #expect(try s.row(s.entry.id)?.item?.name == "Oat milk")
        #expect(try s.row(s.entry.id)?.entry.record.quantity == "1 l")
        #expect(ICS.value("SUMMARY", in: s.site.send("GET", s.entryPath, as: s.ann).calendarLines) == "Oat milk (1 l)")
    }

    /// The spec: a summary whose parentheses hold no quantity (`Pasta (fusilli)`) is the item's name whole. A
    /// client checking off the entry of an item so named sends its summary back as it read it: the entry stays
    /// that item's.
    @Test func anItemNamedWithWordsInParenthesesStaysItsEntrysItem() throws {
        let s = try Setting()
        let pasta = try s.site.lists(s.home).shopping.add(name: "Pasta (fusilli)", price: Money(minorUnits: 199)).record
        let entry = try s.shopping.put(.id(pasta.id), on: s.list).entry
        let path = s.path("\(entry.id.uuidString).ics")
        let got = s.site.send("GET", path, as: s.ann)
        #expect(ICS.value("SUMMARY", in: got.calendarLines) == "Pasta (fusilli)")
        let body = got.text.replacingOccurrences(of: "STATUS:NEEDS-ACTION", with: "STATUS:COMPLETED")
        let done = s.site.put(path, as: s.ann, body, headers: [("If-Match", try #require(got.headers["ETag"]))])
        #expect(done.status == 204, "\(done.text)")
        let row = try #require(try s.row(entry.id))
        #expect(row.entry.record.isChecked)
        #expect(row.item?.id == pasta.id, "now \(row.item?.name ?? "none")")
        #expect(row.entry.record.quantity == nil)
        #expect(try s.catalog()["Pasta"] == nil)
    }

    @Test func linesListsHasNoFieldForComeBackAsTheyWereSent() throws {
        let s = try Setting()
        let kept = [
            "DUE;VALUE=DATE:20261205",
            "PRIORITY:1",
            "X-APPLE-SORT-ORDER:728391045",
            "BEGIN:VALARM",
            "ACTION:DISPLAY",
            "DESCRIPTION:Reminder",
            "TRIGGER;RELATED=END:-PT15M",
            "END:VALARM",
            "X-CUSTOM-NOTE;X-PARAM=\"a;b:c\":value with \\, comma",
        ]
        let uid = "kept-lines-1"
        let put = s.site.put(
            s.path("\(uid).ics"), as: s.ann, ICS.todo(uid: uid, summary: "Butter", ["DESCRIPTION:Salted"] + kept))
        #expect(put.status == 201, "\(put.text)")
        let row = try #require(try s.row(ICalendar.id(forUID: uid)))
        // The alarm's DESCRIPTION is not the entry's note.
        #expect(row.entry.record.note == "Salted")
        let lines = s.site.send("GET", s.path("\(uid).ics"), as: s.ann).calendarLines
        for line in kept { #expect(lines.contains(line), "\(line) in \(lines)") }
        let start = try #require(lines.firstIndex(of: "BEGIN:VALARM"))
        #expect(Array(lines[start..<(start + 5)]) == Array(kept[3...7]))
        #expect(ICS.value("UID", in: lines) == uid)
        #expect(lines.filter { $0.hasPrefix("UID") }.count == 1)
        #expect(ICS.value("DESCRIPTION", in: lines) == "Salted")
        // Checked off in Lists: the kept lines stay.
        try s.shopping.check([.id(row.entry.record.id)], on: s.list)
        let checked = s.site.send("GET", s.path("\(uid).ics"), as: s.ann).calendarLines
        for line in kept { #expect(checked.contains(line), "\(line)") }
        #expect(ICS.value("STATUS", in: checked) == "COMPLETED")
        // A client that drops a line drops it.
        let again = s.site.put(
            s.path("\(uid).ics"), as: s.ann, ICS.todo(uid: uid, summary: "Butter", Array(kept.dropFirst(2))))
        #expect(again.status == 204, "\(again.text)")
        let after = s.site.send("GET", s.path("\(uid).ics"), as: s.ann).calendarLines
        #expect(!after.contains(kept[0]) && !after.contains(kept[1]))
        #expect(after.contains(kept[2]))
        #expect(try s.row(row.entry.record.id)?.entry.record.checkedAt == nil)
    }

    @Test func anEntryPutUnderANameThatIsNotItsUIDIsFoundByIt() throws {
        let s = try Setting()
        let name = "my milk 1.ics"
        let put = s.site.put(s.path(name), as: s.ann, ICS.todo(uid: "client-uid-42", summary: "Milk (1 l)"))
        #expect(put.status == 201, "\(put.text)")
        let got = s.site.send("GET", s.path(name), as: s.ann)
        #expect(got.status == 200)
        #expect(ICS.value("UID", in: got.calendarLines) == "client-uid-42")
        #expect(!got.text.contains("X-LISTS"))
        #expect(s.site.send("GET", s.path("client-uid-42.ics"), as: s.ann).status == 404)
        let listing = s.site.propfind(s.calendar, as: s.ann, depth: "1", "<d:getetag/>")
        #expect(listing.hrefs.contains(s.path("my%20milk%201.ics")), "\(listing.hrefs)")
        // Put again at its name: the same entry changed.
        let again = s.site.put(
            s.path(name), as: s.ann, ICS.todo(uid: "client-uid-42", summary: "Milk (3 l)"),
            headers: [("If-Match", try #require(got.headers["ETag"]))])
        #expect(again.status == 204, "\(again.text)")
        #expect(try s.row(ICalendar.id(forUID: "client-uid-42"))?.entry.record.quantity == "3 l")
        #expect(try s.rows().count == 2)
    }

    /// An entry whose item was deleted from the catalog stays on its list (Lists shows it, and checks it off): a
    /// client reads it with a summary, and checking it off sends that summary back.
    @Test func anEntryOfAnItemDeletedFromTheCatalogCanStillBeCheckedOff() throws {
        let s = try Setting()
        try s.site.lists(s.home).shopping.remove([.id(s.milk.id)])
        let got = s.site.send("GET", s.entryPath, as: s.ann)
        #expect(got.status == 200)
        let summary = ICS.value("SUMMARY", in: got.calendarLines) ?? ""
        // Named as the web's lists name it.
        #expect(summary == "(deleted item) (2 l)", "SUMMARY:\(summary)")
        let body = got.text.replacingOccurrences(of: "STATUS:NEEDS-ACTION", with: "STATUS:COMPLETED")
        let done = s.site.put(s.entryPath, as: s.ann, body, headers: [("If-Match", try s.etag(s.entryPath))])
        #expect(done.status == 204, "\(done.status) \(done.reason)")
        #expect(try s.row(s.entry.id)?.entry.record.isChecked == true)
    }

    // MARK: Deleting

    @Test func aDeleteTakesTheEntryOffTheListAndAnUndoPutsItBack() throws {
        let s = try Setting()
        let body = s.site.send("GET", s.entryPath, as: s.ann).text
        let deleted = s.site.send("DELETE", s.entryPath, as: s.ann, headers: [("If-Match", try s.etag(s.entryPath))])
        #expect(deleted.status == 204, "\(deleted.text)")
        #expect(try s.rows().isEmpty)
        #expect(try s.catalog()["Milk"] != nil)
        #expect(s.site.send("GET", s.entryPath, as: s.ann).status == 404)
        #expect(s.site.send("DELETE", s.entryPath, as: s.ann).status == 404)
        #expect(s.site.propfind(s.calendar, as: s.ann, depth: "1", "<d:getetag/>").hrefs == [s.calendar])
        // Undone in Lists: back, as it was.
        try s.shopping.restoreEntry(s.entry.id, on: s.list)
        let back = s.site.send("GET", s.entryPath, as: s.ann)
        #expect(back.status == 200)
        #expect(back.text == body)
        // One a client named: deleted by its name, which is then free.
        #expect(s.site.put(s.path("named.ics"), as: s.ann, ICS.todo(uid: "named-uid", summary: "Bread")).status == 201)
        #expect(s.site.send("DELETE", s.path("named.ics"), as: s.ann).status == 204)
        #expect(try s.row(ICalendar.id(forUID: "named-uid")) == nil)
        #expect(s.site.send("GET", s.path("named.ics"), as: s.ann).status == 404)
    }

    @Test func aStaleIfMatchIsRefusedWith412AndChangesNothing() throws {
        let s = try Setting()
        let etag = try s.etag(s.entryPath)
        // Changed in Lists meanwhile.
        try s.shopping.edit(.id(s.entry.id), on: s.list, quantity: "3 l")
        let before = try s.snapshot()
        let body = ICS.todo(uid: s.entry.id.uuidString, summary: "Milk (1 l)", ["STATUS:COMPLETED"])
        let stale = s.site.put(s.entryPath, as: s.ann, body, headers: [("If-Match", etag)])
        #expect(stale.status == 412, "\(stale.text)")
        let staleDelete = s.site.send("DELETE", s.entryPath, as: s.ann, headers: [("If-Match", etag)])
        #expect(staleDelete.status == 412)
        let exists = s.site.put(s.entryPath, as: s.ann, body, headers: [("If-None-Match", "*")])
        #expect(exists.status == 412)
        #expect(try s.snapshot() == before)
        #expect(try s.shopping.purchases().total == 0)
        // The item renamed in the catalog changes what the entry reads as: an ETag read before is stale too.
        let current = try s.etag(s.entryPath)
        try s.site.lists(s.home).shopping.edit(.id(s.milk.id), name: "Whole milk")
        #expect(try s.etag(s.entryPath) != current)
        #expect(s.site.put(s.entryPath, as: s.ann, body, headers: [("If-Match", current)]).status == 412)
        #expect(try s.row(s.entry.id)?.entry.record.isChecked == false)
        // With the ETag now, the change is made.
        let put = s.site.put(s.entryPath, as: s.ann, body, headers: [("If-Match", try s.etag(s.entryPath))])
        #expect(put.status == 204, "\(put.text)")
        #expect(try s.row(s.entry.id)?.entry.record.isChecked == true)
    }

    // MARK: Sync

    @Test func syncCollectionReportsAnEntryWhoseItemWasRenamedAndOneTakenOff() throws {
        let s = try Setting()
        let bread = try s.shopping.put(.id(s.bread.id), on: s.list).entry
        let breadPath = s.path("\(bread.id.uuidString).ics")
        #expect(
            s.site.put(s.path("weekly-eggs.ics"), as: s.ann, ICS.todo(uid: "client-eggs", summary: "Eggs (6)")).status
                == 201)
        let first = s.site.report(s.calendar, as: s.ann, DAVBodies.sync(""))
        #expect(first.status == 207, "\(first.text)")
        #expect(Set(first.hrefs) == [s.entryPath, breadPath, s.path("weekly-eggs.ics")])
        let token = try #require(first.syncToken)
        // Nothing changed: nothing reported, the same token.
        let same = s.site.report(s.calendar, as: s.ann, DAVBodies.sync(token))
        #expect(same.hrefs.isEmpty && same.syncToken == token)

        // The catalog's Milk renamed in Lists: Milk's entry reads otherwise, and is reported alone.
        let etag = try s.etag(s.entryPath)
        try s.site.lists(s.home).shopping.edit(.id(s.milk.id), name: "Whole milk")
        let renamed = s.site.report(s.calendar, as: s.ann, DAVBodies.sync(token))
        #expect(renamed.status == 207, "\(renamed.text)")
        #expect(renamed.hrefs == [s.entryPath])
        let newETag = try s.etag(s.entryPath)
        #expect(newETag != etag)
        #expect(renamed.response(s.entryPath)?.value(DAV.d("getetag")) == newETag)
        #expect(
            ICS.value("SUMMARY", in: s.site.send("GET", s.entryPath, as: s.ann).calendarLines) == "Whole milk (2 l)")
        let second = try #require(renamed.syncToken)
        #expect(second != token)
        // The category renamed: the entry reads otherwise again.
        try s.site.lists(s.home).categories.rename(.id(s.fridge.id), to: "Cold")
        let recategorized = s.site.report(s.calendar, as: s.ann, DAVBodies.sync(second))
        #expect(recategorized.hrefs == [s.entryPath])
        let third = try #require(recategorized.syncToken)

        // Taken off in Lists: reported removed, under the name the client gave it.
        try s.shopping.remove([.id(ICalendar.id(forUID: "client-eggs"))], from: s.list)
        let removed = s.site.report(s.calendar, as: s.ann, DAVBodies.sync(third))
        #expect(removed.hrefs == [s.path("weekly-eggs.ics")])
        #expect(removed.responses.first?.status == 404)
        // And one made in Lists, under its id's name.
        try s.shopping.remove([.id(bread.id)], from: s.list)
        let gone = s.site.report(s.calendar, as: s.ann, DAVBodies.sync(try #require(removed.syncToken)))
        #expect(gone.hrefs == [breadPath])
        #expect(gone.responses.first?.status == 404)
        // From the first token: the renamed entry changed, the two others removed.
        let all = s.site.report(s.calendar, as: s.ann, DAVBodies.sync(token))
        #expect(Set(all.hrefs) == [s.entryPath, breadPath, s.path("weekly-eggs.ics")])
        #expect(all.response(breadPath)?.status == 404 && all.response(s.entryPath)?.status == nil)
    }

    // MARK: The calendar itself

    @Test func aPropPatchOfTheDisplayNameRenamesTheShoppingList() throws {
        let s = try Setting()
        let answer = s.site.send(
            "PROPPATCH", s.calendar, as: s.ann, body: DAVBodies.proppatch("<d:displayname>Weekly shop</d:displayname>"))
        #expect(answer.status == 207, "\(answer.text)")
        #expect(answer.response(s.calendar)?.status(of: DAV.d("displayname")) == 200)
        #expect(try s.shopping.all().map(\.name) == ["Weekly shop"])
        #expect(
            s.site.propfind(s.calendar, as: s.ann, "<d:displayname/>").response(s.calendar)?.value(DAV.d("displayname"))
                == "Weekly shop")
        // A name another shopping list has is refused.
        try s.shopping.make(name: "Hardware")
        let taken = s.site.send(
            "PROPPATCH", s.calendar, as: s.ann, body: DAVBodies.proppatch("<d:displayname>hardware</d:displayname>"))
        #expect(taken.status == 409 || taken.response(s.calendar)?.status(of: DAV.d("displayname")) == 409)
        #expect(try s.shopping.all().map(\.name) == ["Weekly shop", "Hardware"])
    }

    @Test func aDeleteOfTheCalendarDeletesTheShoppingList() throws {
        let s = try Setting()
        let deleted = s.site.send("DELETE", s.calendar, as: s.ann)
        #expect(deleted.status == 204, "\(deleted.text)")
        #expect(try s.shopping.all().isEmpty)
        #expect(try s.catalog().keys.sorted() == ["Bread", "Milk"])
        #expect(s.site.send("GET", s.entryPath, as: s.ann).status == 404)
        #expect(s.site.propfind(s.calendar, as: s.ann, "<d:displayname/>").status == 404)
        let home = s.site.propfind(s.ann.home, as: s.ann, depth: "1", "<d:displayname/>")
        #expect(!home.hrefs.contains(s.calendar))
    }

    // MARK: Refusals

    @Test func anotherHouseholdsShoppingListIsNotFound() throws {
        let s = try Setting()
        let cabin = try s.site.household("Cabin")
        let bob = try s.site.member("bob", of: [cabin])
        let theirs = try s.site.lists(cabin).shoppingLists.make(name: "Cabin groceries")
        let wood = try s.site.lists(cabin).shoppingLists.put(named: "Firewood", on: theirs).entry
        let before = try s.site.store.scoped(to: cabin.id).read { session in
            try session.list(ShoppingItem.self).map { "\($0.record)" }
                + session.list(NamedList.self).map { "\($0.record)" }
        }
        // Ann, under her own name, at the path of Bob's list.
        let mine = Self.calendar(s.ann, theirs)
        let entry = mine + "\(wood.id.uuidString).ics"
        #expect(s.site.propfind(mine, as: s.ann, depth: "1", "<d:displayname/>").status == 404)
        #expect(s.site.send("GET", entry, as: s.ann).status == 404)
        #expect(s.site.put(entry, as: s.ann, ICS.todo(uid: wood.id.uuidString, summary: "Matches")).status == 404)
        #expect(s.site.put(mine + "new.ics", as: s.ann, ICS.todo(uid: "new", summary: "Matches")).status == 404)
        #expect(s.site.send("DELETE", entry, as: s.ann).status == 404)
        #expect(s.site.send("DELETE", mine, as: s.ann).status == 404)
        #expect(
            s.site.send("PROPPATCH", mine, as: s.ann, body: DAVBodies.proppatch("<d:displayname>Mine</d:displayname>"))
                .status == 404)
        #expect(s.site.report(mine, as: s.ann, DAVBodies.sync("")).status == 404)
        // At Bob's path: not hers either.
        let bobs = Self.calendar(bob, theirs)
        #expect(s.site.send("GET", bobs + "\(wood.id.uuidString).ics", as: s.ann).status == 404)
        #expect(!s.site.propfind(s.ann.home, as: s.ann, depth: "1", "<d:displayname/>").hrefs.contains(mine))
        let after = try s.site.store.scoped(to: cabin.id).read { session in
            try session.list(ShoppingItem.self).map { "\($0.record)" }
                + session.list(NamedList.self).map { "\($0.record)" }
        }
        #expect(after == before)
        #expect(try s.site.lists(cabin).shoppingLists.rows(of: theirs).map(\.entry.record.id) == [wood.id])
        // Bob reads it.
        #expect(s.site.send("GET", bobs + "\(wood.id.uuidString).ics", as: bob).status == 200)
    }

    @Test func anEventIsRefusedAsAComponentAShoppingListDoesNotHold() throws {
        let s = try Setting()
        let before = try s.snapshot()
        let event = ICS.calendar([
            "BEGIN:VEVENT", "UID:party", "DTSTAMP:20261201T090000Z", "SUMMARY:Party", "END:VEVENT",
        ])
        let put = s.site.put(s.path("party.ics"), as: s.ann, event)
        #expect(put.status == 403, "\(put.text)")
        #expect(put.condition == DAV.c("supported-calendar-component"))
        // Nor text that is no iCalendar, nor a to-do without a UID or a summary.
        for (name, body) in [
            ("text.ics", "hello"),
            ("no-uid.ics", ICS.todo(uid: nil, summary: "Milk")),
            ("no-summary.ics", ICS.calendar(["BEGIN:VTODO", "UID:no-summary", "END:VTODO"])),
        ] {
            let refused = s.site.put(s.path(name), as: s.ann, body)
            #expect(refused.status == 403, "\(name): \(refused.status)")
            #expect(refused.condition != nil, "\(name)")
        }
        #expect(try s.snapshot() == before)
    }

    @Test func oneUIDIsOneEntryOfTheList() throws {
        let s = try Setting()
        #expect(
            s.site.put(s.path("first name.ics"), as: s.ann, ICS.todo(uid: "shared-uid", summary: "Bread")).status == 201
        )
        let before = try s.snapshot()
        for name in ["second name.ics", "shared-uid.ics"] {
            let second = s.site.put(s.path(name), as: s.ann, ICS.todo(uid: "shared-uid", summary: "Butter"))
            #expect(second.status == 403, "\(name): \(second.status) \(second.text)")
            #expect(second.condition == DAV.c("no-uid-conflict"), "\(name)")
        }
        // Nor may a put give a resource another UID.
        let other = s.site.put(s.entryPath, as: s.ann, ICS.todo(uid: "another-uid", summary: "Milk"))
        #expect(other.status == 403, "\(other.status) \(other.text)")
        #expect(other.condition == DAV.c("no-uid-conflict"))
        #expect(try s.snapshot() == before)
        #expect(
            ICS.value("UID", in: s.site.send("GET", s.path("first name.ics"), as: s.ann).calendarLines) == "shared-uid")
    }

    /// A client moving a to-do between two lists puts it in the new one, under the name it had, then deletes it
    /// from the old (Apple Reminders and Tasks.org do so). An entry's id is one of the household's, so the UID of
    /// an entry of another shopping list put under its name is that entry moved here, as a task is between to-do
    /// lists: its item, quantity and note go with it, and the delete that follows finds it gone. Under another
    /// name it is a UID taken (no-uid-conflict), and nothing changes.
    @Test func anEntryPutOnAnotherShoppingListUnderItsNameMovesThere() throws {
        let s = try Setting()
        let other = try s.shopping.make(name: "Hardware")
        let name = "\(s.entry.id.uuidString).ics"
        let otherPath = Self.calendar(s.ann, other) + name
        let body = s.site.send("GET", s.entryPath, as: s.ann).text
        let before = try s.snapshot()
        let renamed = s.site.put(Self.calendar(s.ann, other) + "another name.ics", as: s.ann, body)
        #expect(renamed.status == 403, "\(renamed.status) \(renamed.text)")
        #expect(renamed.condition == DAV.c("no-uid-conflict"))
        #expect(try s.snapshot() == before)

        let put = s.site.put(otherPath, as: s.ann, body, headers: [("If-None-Match", "*")])
        #expect(put.status == 201, "\(put.status) \(put.text)")
        #expect(try s.rows().isEmpty)
        let moved = try #require(try s.shopping.rows(of: other).first)
        #expect(moved.entry.record.id == s.entry.id)
        #expect(moved.entry.record.list == other.id.uuidString)
        #expect(moved.item?.id == s.milk.id)
        #expect(moved.entry.record.quantity == "2 l")
        #expect(moved.entry.record.note == "Semi-skimmed")
        #expect(s.site.send("GET", s.entryPath, as: s.ann).status == 404)
        let got = s.site.send("GET", otherPath, as: s.ann)
        #expect(got.status == 200)
        #expect(ICS.value("SUMMARY", in: got.calendarLines) == "Milk (2 l)")
        // The old list's delete that follows the put.
        #expect(s.site.send("DELETE", s.entryPath, as: s.ann).status == 404)
        #expect(try s.shopping.rows(of: other).map(\.entry.record.id) == [s.entry.id])
        // A client that deletes first, then puts, moves it too: the entry is made again from the body, on the list
        // it is put on.
        #expect(s.site.send("DELETE", otherPath, as: s.ann).status == 204)
        #expect(s.site.put(s.entryPath, as: s.ann, body).status == 201)
        #expect(try s.shopping.rows(of: other).isEmpty)
        let back = try #require(try s.row(s.entry.id))
        #expect(back.item?.id == s.milk.id)
        #expect(back.entry.record.quantity == "2 l" && back.entry.record.note == "Semi-skimmed")
        // Moved again, put first, checked off on the way.
        let checked = body.replacingOccurrences(of: "STATUS:NEEDS-ACTION", with: "STATUS:COMPLETED")
        #expect(s.site.put(otherPath, as: s.ann, checked).status == 201)
        #expect(try s.rows().isEmpty)
        #expect(try s.shopping.rows(of: other).first?.entry.record.isChecked == true)
    }
}
