import Foundation
import ListsInterchange
import ListsModel
import Testing

/// A store with what a backup must carry: done tasks, items on the list, sightings with and without location,
/// dates with milliseconds, versions above 1, non-ASCII text, quotes, Taskwarrior attributes.
private func richStore() throws -> any Store {
    let store = try emptyStore()
    let created = Date(timeIntervalSince1970: 1_790_000_000.123)
    let updated = Date(timeIntervalSince1970: 1_790_086_400.987)
    try store.write { session in
        try session.insert(
            ShoppingItem(
                meta: RecordMeta(createdAt: created, updatedAt: updated, version: 3), name: "Crème fraîche",
                price: Money(minorUnits: 199), isOnShoppingList: true))
        try session.insert(
            ShoppingItem(meta: RecordMeta(createdAt: created), name: "12\" pizza, \"large\"", price: .zero))
        try session.insert(
            ShoppingItem(meta: RecordMeta(createdAt: created), name: "Gold", price: Money.maximumPrice))
        try session.insert(
            TodoTask(
                meta: RecordMeta(createdAt: created, updatedAt: updated, version: 2), title: "Feed the hogs",
                isDone: true))
        try session.insert(
            TodoTask(
                meta: RecordMeta(createdAt: created), title: "日本語のタスク 🐖",
                taskwarrior: ["project": .string("farm"), "tags": .array([.string("a"), .string("b")])]))
        try session.insert(
            BirdSighting(
                meta: RecordMeta(createdAt: created, updatedAt: updated, version: 5), name: "Rotkehlchen",
                location: "Garten, \"hinten\"", date: Date(timeIntervalSince1970: 1_789_000_000.5)))
        try session.insert(
            BirdSighting(meta: RecordMeta(createdAt: created), name: "Pigeon", location: nil, date: created))
    }
    return store
}

@Suite("lists-json: the lossless backup")
struct ListsJSONTests {
    @Test func namedListsAndTheirEntriesComeBackEachOnItsList() throws {
        let original = try richStore()
        let lists = ShoppingLists(store: original)
        let groceries = try lists.make(name: "Groceries")
        let hardware = try lists.make(name: "Hardware")
        try lists.make(name: "Empty")
        try lists.put(.typed("Gold"), on: hardware, quantity: "2 packs", note: "the shiny one")
        try lists.put(.typed("Gold"), on: groceries, quantity: "500 g")
        try lists.put(.typed("2"), on: groceries)
        try lists.check([.typed("1")], on: groceries, at: Date(timeIntervalSince1970: 1_790_000_100.25))
        try lists.move(.typed("Hardware"), by: -1)
        let first = try exported(original)
        let copy = try emptyStore()
        #expect(try InterchangeFormat.listsJSON.read(first, now: fixedNow).apply(to: copy) == ImportSummary(added: 14))
        #expect(try exported(copy) == first)
        let restored = ShoppingLists(store: copy)
        #expect(try restored.all().map(\.name) == ["Hardware", "Groceries", "Empty"])
        #expect(try restored.rows(of: groceries) == (try lists.rows(of: groceries)))
        #expect(try restored.rows(of: hardware) == (try lists.rows(of: hardware)))
        // The check-off's purchase is in the log of the copy too.
        #expect(try restored.purchases().purchases == (try lists.purchases().purchases))
        #expect(try restored.purchases().total == 1)
        // A list made after the restore keeps clear of the restored lists' entries.
        let next = try restored.make(name: "Next")
        #expect(![groceries.slot, hardware.slot].contains(next.slot))
        #expect(try restored.rows(of: next).isEmpty)
        // Restored twice, nothing is added.
        #expect(
            try InterchangeFormat.listsJSON.read(first, now: fixedNow).apply(to: copy) == ImportSummary(unchanged: 14))
    }

    /// A household's own zone is in its backup and set by a restore; one keeping the server's writes none, so that
    /// its backup's bytes are as before; a zone that does not exist is refused, naming `timeZone`.
    @Test func aBackupKeepsTheHouseholdsTimeZone() throws {
        let original = try emptyStore()
        try TodoList(store: original).add(title: "Call")
        #expect(!String(decoding: try exported(original), as: UTF8.self).contains("timeZone"))
        try original.setHouseholdTimeZone("Europe/Lisbon")
        let backup = try exported(original)
        #expect(
            String(decoding: backup, as: UTF8.self).hasPrefix(
                #"{"format":"lists","version":1,"timeZone":"Europe/Lisbon","#))
        let copy = try emptyStore()
        try InterchangeFormat.listsJSON.read(backup, now: fixedNow).apply(to: copy)
        #expect(try copy.chosenTimeZone()?.identifier == "Europe/Lisbon")
        #expect(try exported(copy) == backup)
        let forged = Array(#"{"format":"lists","version":1,"timeZone":"Mars/Olympus"}"#.utf8)
        #expect(
            throws: ImportError("the file", field: "timeZone", "must name a time zone such as Europe/Berlin or UTC")
        ) {
            try InterchangeFormat.listsJSON.read(forged, now: fixedNow)
        }
    }

    @Test func aBackupKeepsTheCategoriesEachItemsAisleAndEachListsHandOrder() throws {
        let original = try emptyStore()
        let categories = Categories(store: original)
        try categories.add(name: "Garden")
        try categories.rename(.typed("Produce"), to: "Fruit and veg")
        try categories.delete(.typed("Pets"))
        let shop = ShoppingList(store: original)
        try shop.add(name: "Apples", price: .zero)
        let rake = try shop.add(name: "Rake", price: .zero).record
        let garden = try categories.category(.typed("Garden")).id.uuidString
        try shop.items.change([.id(rake.id)]) { $0.category = garden }
        let lists = ShoppingLists(store: original)
        let groceries = try lists.make(name: "Groceries")
        try lists.put(.typed("Apples"), on: groceries)
        try lists.check([.typed("Apples")], on: groceries, at: Date(timeIntervalSince1970: 1_790_000_100.25))
        try lists.moveAisle(.typed("Garden"), by: -14, on: groceries)
        let backup = try exported(original)
        let copy = try emptyStore()
        try InterchangeFormat.listsJSON.read(backup, now: fixedNow).apply(to: copy)
        #expect(try exported(copy) == backup)
        #expect(try Categories(store: copy).all() == (try categories.all()))
        #expect(try !Categories(store: copy).all().contains { $0.name == "Pets" })
        #expect(try ShoppingList(store: copy).catalog() == (try shop.catalog()))
        let restored = ShoppingLists(store: copy)
        #expect(try restored.aisles(of: groceries).order == (try lists.aisles(of: groceries)).order)
        #expect(try restored.aisles(of: groceries).order.first?.name == "Garden")
        #expect(try restored.purchases().purchases == (try lists.purchases().purchases))
    }

    @Test func aBackupsListsKeepStoreListsAndNamesOfTheirOwnBesideTheHouseholds() throws {
        let other = try emptyStore()
        let theirs = ShoppingLists(store: other)
        try ShoppingList(store: other).add(name: "Tea", price: .zero)
        let theirGroceries = try theirs.make(name: "Groceries")
        try theirs.put(.typed("Tea"), on: theirGroceries, quantity: "2 packs")
        let home = try emptyStore()
        let ours = ShoppingLists(store: home)
        try ShoppingList(store: home).add(name: "Milk", price: .zero)
        let groceries = try ours.make(name: "Groceries")
        try ours.put(.typed("Milk"), on: groceries, quantity: "1 l")
        #expect(groceries.slot == theirGroceries.slot)
        try InterchangeFormat.listsJSON.read(try exported(other), now: fixedNow).apply(to: home)
        let all = try ours.all()
        #expect(all.map(\.name) == ["Groceries", "Groceries 2"])
        #expect(Set(all.map(\.slot)).count == 2)
        #expect(try ours.rows(of: all[0]).map { $0.item?.name } == ["Milk"])
        #expect(try ours.rows(of: all[1]).map { $0.item?.name } == ["Tea"])
        // A list made next takes a store list of its own too.
        #expect(!all.map(\.slot).contains(try ours.make(name: "Hardware").slot))
    }

    @Test func anEntryOfAListTheBackupDoesNotHaveIsRefusedAndNothingIsWritten() throws {
        let original = try richStore()
        let lists = ShoppingLists(store: original)
        try lists.put(.typed("Gold"), on: try lists.make(name: "Groceries"))
        var text = String(decoding: try exported(original), as: UTF8.self)
        let start = try #require(text.range(of: "\n\"lists\":[\n"))
        let end = try #require(text.range(of: "\n]", range: start.upperBound..<text.endIndex))
        text.replaceSubrange(start.upperBound..<end.lowerBound, with: "")
        let copy = try emptyStore()
        let error = #expect(throws: ValidationError.self) {
            try InterchangeFormat.listsJSON.read(Array(text.utf8), now: fixedNow).apply(to: copy)
        }
        #expect(error?.field == "list")
        #expect(try StoreContents(copy) == StoreContents(try emptyStore()))
    }

    @Test func exportImportIntoAnEmptyStoreAndExportAgainGivesTheSameBytes() throws {
        let first = try exported(try richStore())
        let copy = try emptyStore()
        let summary = try InterchangeFormat.listsJSON.read(first, now: fixedNow).apply(to: copy)
        #expect(summary == ImportSummary(added: 7))
        let second = try exported(copy)
        #expect(second == first)
        #expect(String(decoding: first, as: UTF8.self).contains("\"updatedAt\":\"2026-09-22T14:13:20.987Z\""))
    }

    @Test func aBackupSavedWithAByteOrderMarkIsDetectedAndRestoresTheSame() throws {
        let original = try richStore()
        let bytes = [0xEF, 0xBB, 0xBF] + (try exported(original))
        #expect(InterchangeFormat.detect(fileName: "backup.json", bytes: bytes) == .listsJSON)
        let copy = try emptyStore()
        try InterchangeFormat.listsJSON.read(bytes, now: fixedNow).apply(to: copy)
        let (before, after) = (try StoreContents(original), try StoreContents(copy))
        #expect(after.items == before.items)
        #expect(after.tasks == before.tasks)
        #expect(after.sightings == before.sightings)
    }

    @Test func aRestoredBackupHasEveryRecordAsItWas() throws {
        let original = try richStore()
        let copy = try emptyStore()
        try InterchangeFormat.listsJSON.read(try exported(original), now: fixedNow).apply(to: copy)
        let (before, after) = (try StoreContents(original), try StoreContents(copy))
        #expect(after.items == before.items)
        #expect(after.tasks == before.tasks)
        #expect(after.sightings == before.sightings)
    }

    @Test func restoringTheSameBackupTwiceAddsNothing() throws {
        let bytes = try exported(try richStore())
        let copy = try emptyStore()
        try InterchangeFormat.listsJSON.read(bytes, now: fixedNow).apply(to: copy)
        let before = try StoreContents(copy)
        #expect(
            try InterchangeFormat.listsJSON.read(bytes, now: fixedNow).apply(to: copy) == ImportSummary(unchanged: 7))
        #expect(try StoreContents(copy) == before)
    }

    @Test func aBackupWithOneBadPriceRestoresNothingAndNamesTheRecordAndField() throws {
        let text = String(decoding: try exported(try richStore()), as: UTF8.self)
            .replacingOccurrences(of: "\"price\":0,", with: "\"price\":0.125,")
        let store = try storeWithRecords()
        let before = try StoreContents(store)
        let error = refusal(.listsJSON, text)
        #expect(error?.location == "items[1]")
        #expect(error?.field == "price")
        #expect(error?.message.contains("at most two decimals") == true, "\(String(describing: error))")
        #expect(try StoreContents(store) == before)
    }

    @Test func aNameWithANewlineIsRefusedAsTheModelRefusesIt() throws {
        let text = String(decoding: try exported(try richStore()), as: UTF8.self)
            .replacingOccurrences(of: "\"name\":\"Gold\"", with: "\"name\":\"Go\\nld\"")
        let error = refusal(.listsJSON, text)
        #expect(error?.location == "items[2]")
        #expect(error?.field == "name")
    }

    @Test func anUnknownFieldIsRefusedByName() throws {
        let text = String(decoding: try exported(try richStore()), as: UTF8.self)
            .replacingOccurrences(of: "\"name\":\"Pigeon\"", with: "\"name\":\"Pigeon\",\"colour\":\"grey\"")
        let error = refusal(.listsJSON, text)
        #expect(error?.location == "sightings[1]")
        #expect(error?.field == "colour")
    }

    @Test func aBackupFromANewerVersionIsRefused() {
        let text = "{\"format\":\"lists\",\"version\":2,\"items\":[],\"tasks\":[],\"sightings\":[]}"
        #expect(refusal(.listsJSON, text)?.field == "version")
    }

    @Test func theSameIdTwiceInOneBackupIsRefused() throws {
        let text = String(decoding: try exported(try richStore()), as: UTF8.self)
        let document = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let items = try #require(document?["items"] as? [[String: Any]])
        let duplicated = text.replacingOccurrences(
            of: items[1]["id"] as? String ?? "", with: items[0]["id"] as? String ?? "")
        #expect(refusal(.listsJSON, duplicated)?.field == "id")
    }
}

@Suite("todo.txt and shopping CSV")
struct TextFormatTests {
    @Test func todoTxtGivesOneTaskPerLineWithDoneMarksPriorityAndDates() throws {
        let batch = try InterchangeFormat.todoTxt.read(try Fixture.bytes("todo.txt"), now: fixedNow)
        #expect(
            batch.tasks.map(\.title) == [
                "Call Mom +family @phone", "Buy milk +groceries @store",
                "Plan the trip to Zürich +travel @computer", "Pay the rent", "Write the report @work pri:high",
                "Fix the bike t:2026-12-01",
            ])
        #expect(batch.tasks.map(\.priority) == [.high, nil, nil, nil, .medium, nil])
        #expect(batch.tasks.map(\.isDone) == [false, true, false, true, false, false])
        #expect(batch.tasks[0].due?.description == "2026-11-22")
        #expect(batch.tasks[0].meta.createdAt == ListsFormat.parseTimestamp("2026-11-20T12:00:00Z"))
        #expect(batch.tasks[1].meta.createdAt == ListsFormat.parseTimestamp("2026-11-19T12:00:00Z"))
        #expect(batch.tasks[1].meta.updatedAt == ListsFormat.parseTimestamp("2026-11-21T12:00:00Z"))
    }

    @Test func todoTxtWrittenAndReadBackKeepsTitlesDoneMarksAndDays() throws {
        let store = try emptyStore()
        try InterchangeFormat.todoTxt.read(try Fixture.bytes("todo.txt"), now: fixedNow).apply(to: store)
        let written = try exported(store, as: .todoTxt)
        // Read at the same moment: a line without a creation date is given the time of the import both times.
        let again = try InterchangeFormat.todoTxt.read(written, now: fixedNow)
        let stored = try StoreContents(store).tasks
        #expect(again.tasks.map(\.title) == stored.map(\.title))
        #expect(again.tasks.map(\.isDone) == stored.map(\.isDone))
        #expect(again.tasks.map(\.priority) == stored.map(\.priority))
        let day = { (date: Date) in ListsFormat.isoTimestamp(date).prefix(10) }
        #expect(again.tasks.map { day($0.meta.createdAt) } == stored.map { day($0.meta.createdAt) })
        #expect(String(decoding: written, as: UTF8.self).hasPrefix("(A) 2026-11-20 Call Mom +family"))
    }

    @Test func todoTxtWithATooLongLineImportsNothingAndNamesTheLine() throws {
        let text = "Call Mom\n\n" + String(repeating: "x", count: 201) + "\n"
        let error = refusal(.todoTxt, text)
        #expect(error?.location == "line 3")
        #expect(error?.field == "text")
        #expect(error?.message.contains("at most 200") == true)
    }

    @Test func shoppingCSVReadsQuotedCommasQuotesAndLineBreaksAfterAByteOrderMark() throws {
        let batch = try InterchangeFormat.shoppingCSV.read(try Fixture.bytes("shopping.csv"), now: fixedNow)
        #expect(
            batch.items.map(\.name) == [
                "Pear", "Bread, whole wheat", "12\" pizza", "Basil", "Crème fraîche", "Free sample",
            ])
        #expect(batch.items.map(\.price.text) == ["0.62", "3.12", "7.50", "1.99", "2.00", "0.00"])
        #expect(batch.items.map(\.isOnShoppingList) == [true, false, true, false, true, false])
    }

    @Test func shoppingCSVFromWindowsWithCRLFAndAByteOrderMarkReadsTheSame() throws {
        let text = String(decoding: try Fixture.bytes("shopping.csv"), as: UTF8.self)
        let windows = Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)
        #expect(windows.starts(with: [0xEF, 0xBB, 0xBF]))
        #expect(InterchangeFormat.detect(fileName: "list", bytes: windows) == .shoppingCSV)
        let items = try InterchangeFormat.shoppingCSV.read(windows, now: fixedNow).items
        let unix = try InterchangeFormat.shoppingCSV.read(try Fixture.bytes("shopping.csv"), now: fixedNow).items
        #expect(items.map(\.name) == unix.map(\.name))
        #expect(items.map(\.price) == unix.map(\.price))
        #expect(items.map(\.isOnShoppingList) == unix.map(\.isOnShoppingList))
    }

    @Test func shoppingCSVWrittenAndReadBackGivesTheSameItems() throws {
        let store = try emptyStore()
        try InterchangeFormat.shoppingCSV.read(try Fixture.bytes("shopping.csv"), now: fixedNow).apply(to: store)
        let written = try exported(store, as: .shoppingCSV)
        let again = try InterchangeFormat.shoppingCSV.read(written, now: fixedNow)
        let stored = try StoreContents(store).items
        #expect(again.items.map(\.name) == stored.map(\.name))
        #expect(again.items.map(\.price) == stored.map(\.price))
        #expect(again.items.map(\.isOnShoppingList) == stored.map(\.isOnShoppingList))
        #expect(try exported(try emptyStoreWith(again), as: .shoppingCSV) == written)
    }

    @Test func aShoppingCSVRowAfterAMultiLineFieldIsNamedByItsOwnLine() throws {
        var text = String(decoding: try Fixture.bytes("shopping.csv"), as: UTF8.self)
        text = text.replacingOccurrences(of: "Crème fraîche,2,yes", with: "Crème fraîche,2,maybe")
        let store = try storeWithRecords()
        let before = try StoreContents(store)
        let error = refusal(.shoppingCSV, text)
        // Line 6 holds the end of "Basil\r\n"; Crème fraîche is on line 7.
        #expect(error == ImportError("line 7", field: "on list", "must be yes or no, not \"maybe\""))
        #expect(try StoreContents(store) == before)
    }

    @Test func aShoppingCSVNameWithALineBreakOrATabInsideReadsItAsASpace() throws {
        let text = "name,price,on list\nPear,0.62,yes\n\"Bas\nil\",1.99,no\n\"Sweet\tbasil\",2.49,no\n"
        let batch = try InterchangeFormat.shoppingCSV.read(Array(text.utf8), now: fixedNow)
        #expect(batch.items.map(\.name) == ["Pear", "Bas il", "Sweet basil"])
    }

    @Test func aFileFromBeforeNamedListsPutsItsMarkedItemsOnTheListShopping() throws {
        let store = try emptyStore()
        let lists = ShoppingLists(store: store)
        try lists.make(name: "Hardware")
        let csv = "name,price,on list\r\nPear,0.62,yes\r\nBread,3.12,no\r\nMango,1.25,yes\r\n"
        _ = try InterchangeFormat.shoppingCSV.importing(Array(csv.utf8), into: store, now: fixedNow)
        let shopping = try lists.list(.typed("Shopping"))
        #expect(try lists.rows(of: shopping).map { $0.item?.name } == ["Pear", "Mango"])
        #expect(try ShoppingList(store: store).catalog().map(\.record.isOnShoppingList) == [false, false, false])
        #expect(try lists.rows(of: try lists.list(.typed("Hardware"))).isEmpty)
        // A file that marks nothing puts nothing on a list.
        _ = try InterchangeFormat.shoppingCSV.importing(Array("name,price,on list\nTea,2.50,no\n".utf8), into: store)
        #expect(try lists.all().map(\.name) == ["Hardware", "Shopping"])
        #expect(try lists.rows(of: shopping).count == 2)
    }

    @Test func aShoppingCSVCarriesTheNamedListsEntriesAndMakesWhatItNames() throws {
        let original = try emptyStore()
        let shop = ShoppingList(store: original)
        try shop.add(name: "Milk", price: Money(minorUnits: 119))
        try shop.add(name: "Nails, small", price: Money(minorUnits: 399))
        let lists = ShoppingLists(store: original)
        let groceries = try lists.make(name: "Groceries")
        let hardware = try lists.make(name: "Hardware")
        try lists.put(.typed("Milk"), on: groceries, quantity: "2 l", note: "the \"blue\" one")
        try lists.put(.typed("Nails, small"), on: hardware, quantity: "1 box")
        try lists.put(.typed("Milk"), on: hardware)
        let csv = try exported(original, as: .shoppingCSV)
        #expect(
            String(decoding: csv, as: UTF8.self) == """
                name,price,on list,list,quantity,note,category
                Milk,1.19,no,,,,Dairy and eggs
                "Nails, small",3.99,no,,,,
                Milk,1.19,,Groceries,2 l,"the ""blue"" one",
                "Nails, small",3.99,,Hardware,1 box,,
                Milk,1.19,,Hardware,,,

                """)
        let copy = try emptyStore()
        #expect(try InterchangeFormat.shoppingCSV.read(csv, now: fixedNow).apply(to: copy) == ImportSummary(added: 5))
        #expect(try exported(copy, as: .shoppingCSV) == csv)
        let copied = ShoppingLists(store: copy)
        #expect(try copied.all().map(\.name) == ["Groceries", "Hardware"])
        // Imported again, the catalog's rows are new items and the entries add up where their units agree.
        try InterchangeFormat.shoppingCSV.read(csv, now: fixedNow).apply(to: copy)
        let groceriesAgain = try copied.list(.typed("groceries"))
        #expect(try copied.rows(of: groceriesAgain).map { $0.entry.record.quantity } == ["4 l"])
        // A row naming a list and an item nobody has makes both.
        let rows = "name,price,on list,list,quantity,note\nTea,2.50,,Corner shop,2 packs,\n"
        try InterchangeFormat.shoppingCSV.read(Array(rows.utf8), now: fixedNow).apply(to: copy)
        let corner = try copied.list(.typed("Corner shop"))
        #expect(try copied.rows(of: corner).map { "\($0.item?.name ?? "") \($0.item?.price ?? .zero)" } == ["Tea 2.50"])
    }

    @Test func aShoppingCSVCarriesEachItemsAisleByNameAndAddsTheAislesItNames() throws {
        let original = try emptyStore()
        let categories = Categories(store: original)
        let garden = try categories.add(name: "Garden")
        let shop = ShoppingList(store: original)
        try shop.items.add(ShoppingItem(meta: .draft, name: "Rake", price: .zero, category: garden.id.uuidString))
        try shop.add(name: "Bread", price: Money(minorUnits: 250))
        let csv = try exported(original, as: .shoppingCSV)
        #expect(
            String(decoding: csv, as: UTF8.self) == """
                name,price,on list,list,quantity,note,category
                Rake,0.00,no,,,,Garden
                Bread,2.50,no,,,,Bakery

                """)
        // Into a household that has no Garden: it is added, and the items are in the same aisles by name.
        let copy = try emptyStore()
        try InterchangeFormat.shoppingCSV.read(csv, now: fixedNow).apply(to: copy)
        let copied = try Categories(store: copy).all()
        let names = Dictionary(uniqueKeysWithValues: copied.map { ($0.id.uuidString, $0.name) })
        #expect(
            try ShoppingList(store: copy).catalog().map { $0.record.category.flatMap { names[$0] } } == [
                "Garden", "Bakery",
            ])
        #expect(try exported(copy, as: .shoppingCSV) == csv)
        // A file of the second version (no category column) is read, each item given its suggested aisle.
        let older = "name,price,on list,list,quantity,note\r\nTomatoes,1,no,,,\r\n"
        let store = try emptyStore()
        try InterchangeFormat.shoppingCSV.read(Array(older.utf8), now: fixedNow).apply(to: store)
        #expect(try ShoppingList(store: store).catalog()[0].record.category == Categories.defaultID(0).uuidString)
        // A category name of 201 characters is refused by its line and column, and nothing is written.
        let before = try StoreContents(store)
        let long = "name,price,on list,list,quantity,note,category\nTea,1,no,,,,\(String(repeating: "a", count: 201))\n"
        let error = refusal(.shoppingCSV, long)
        #expect(error?.location == "line 2" && error?.field == "category")
        #expect(try StoreContents(store) == before)
    }

    @Test func aShoppingCSVEntryWithABadQuantityIsRefusedByLineAndNothingIsWritten() throws {
        let store = try emptyStore()
        let before = try StoreContents(store)
        let error = refusal(
            .shoppingCSV, "name,price,on list,list,quantity,note\nTea,1,no,,,\nTea,1,,Groceries,0,\n")
        #expect(error?.location == "line 3")
        #expect(error?.field == "quantity")
        #expect(try StoreContents(store) == before)
        #expect(try ShoppingLists(store: store).all().isEmpty)
    }

    @Test func aShoppingCSVPriceWithThreeDecimalsIsRefusedByLineAndField() {
        let error = refusal(.shoppingCSV, "name,price,on list\nPear,0.625,yes\n")
        #expect(error?.location == "line 2")
        #expect(error?.field == "price")
    }
}

/// A fresh store holding `batch`.
private func emptyStoreWith(_ batch: ImportBatch) throws -> any Store {
    let store = try emptyStore()
    try batch.apply(to: store)
    return store
}
