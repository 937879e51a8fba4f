import Foundation
import ListsModel
import Testing

/// Named shopping lists and their entries (``ShoppingLists``): made, renamed, moved and deleted with their entries
/// and put back whole; an item on several lists with its own quantity and note; quantities added when their units
/// agree; check-offs kept with their time; bad input refused with nothing changed; and every list and entry its
/// household's own.
extension StoreContract {
    static let shoppingListChecks: [Check] = [
        Check("namedListsAreMadeRenamedMovedAndDeletedWithUndo", namedListsAreMadeRenamedMovedAndDeletedWithUndo),
        Check("anItemIsOnSeveralListsWithItsOwnQuantityAndNote", anItemIsOnSeveralListsWithItsOwnQuantityAndNote),
        Check(
            "quantitiesAddWhenTheirUnitsAgreeAndAreKeptApartOtherwise",
            quantitiesAddWhenTheirUnitsAgreeAndAreKeptApartOtherwise),
        Check("anEntryMovesToAnotherListAsItIs", anEntryMovesToAnotherListAsItIs),
        Check("checkOffsKeepTheTimeTheyWereMade", checkOffsKeepTheTimeTheyWereMade),
        Check(
            "suggestionsTakeInNewCheckOffsWithoutReadingTheWholeLog",
            suggestionsTakeInNewCheckOffsWithoutReadingTheWholeLog
        ),
        Check("badListInputIsRefusedAndChangesNothing", badListInputIsRefusedAndChangesNothing),
        Check("listsAndEntriesAreTheirHouseholdsOwn", listsAndEntriesAreTheirHouseholdsOwn),
        Check(
            "everyChangeOfAListsEntriesMovesTheHouseholdsRevision", everyChangeOfAListsEntriesMovesTheHouseholdsRevision
        ),
    ]

    /// Everything a household's lists hold, to compare before and after a refusal.
    struct ListsView: Equatable {
        var lists: [NamedList]
        var entries: [[Numbered<ListEntry>]]

        init(_ lists: ShoppingLists) throws {
            self.lists = try lists.all()
            entries = try self.lists.map { try lists.entries(of: $0).list() }
        }
    }

    /// Milk, Bread and Nails in the catalog, and lists Groceries and Hardware.
    static func twoLists(_ store: any Store) throws -> (ShoppingLists, groceries: NamedList, hardware: NamedList) {
        // The catalog is the household's one, in its main list, whatever list the store is scoped to.
        let shop = ShoppingList(store: store.scoped(to: StoreScope(household: store.scope.household)))
        for (name, cents) in [("Milk", 119), ("Bread", 250), ("Nails", 399)] {
            try shop.add(name: name, price: Money(minorUnits: Int64(cents)))
        }
        let lists = ShoppingLists(store: store)
        return (lists, try lists.make(name: "Groceries"), try lists.make(name: "Hardware"))
    }

    static func namedListsAreMadeRenamedMovedAndDeletedWithUndo(_ store: any Store) throws {
        let (lists, groceries, hardware) = try twoLists(store)
        #expect(groceries.slot != hardware.slot)
        #expect(try lists.all().map(\.name) == ["Groceries", "Hardware"])
        let pharmacy = try lists.make(name: "Pharmacy")
        // A make sent twice with its id makes one list.
        let id = UUID()
        let garden = try lists.make(name: "Garden", id: id)
        #expect(try lists.make(name: "Garden", id: id) == garden)
        #expect(try lists.all().map(\.name) == ["Groceries", "Hardware", "Pharmacy", "Garden"])

        try lists.rename(.typed("pharmacy"), to: "Chemist")
        #expect(try lists.list(.id(pharmacy.id)).name == "Chemist")
        // Renaming to its own name with another case is no clash with itself.
        try lists.rename(.typed("Chemist"), to: "CHEMIST")

        #expect(try lists.move(.typed("Garden"), by: -3).map(\.name) == ["Garden", "Groceries", "Hardware", "CHEMIST"])
        #expect(
            try lists.move(.typed("Groceries"), by: 2).map(\.name) == ["Garden", "Hardware", "CHEMIST", "Groceries"])
        #expect(try lists.all().map(\.name) == ["Garden", "Hardware", "CHEMIST", "Groceries"])

        // A delete takes the list's entries with it, and its undo puts both back, as they were.
        try lists.put(.typed("Milk"), on: groceries, quantity: "2 l")
        try lists.put(.typed("Bread"), on: groceries, note: "sliced")
        let before = try lists.entries(of: groceries).list()
        let (_, removal) = try lists.delete(.typed("Groceries"))
        #expect(try lists.all().map(\.name) == ["Garden", "Hardware", "CHEMIST"])
        #expect(try lists.entries(of: groceries).list().isEmpty)
        // The name is free again meanwhile, and the next list made does not take the deleted one's entries' place.
        let next = try lists.make(name: "Market")
        #expect(next.slot != groceries.slot)
        try lists.delete(.id(next.id))
        try lists.restore(removal)
        #expect(try lists.all().map(\.name) == ["Garden", "Hardware", "CHEMIST", "Groceries"])
        #expect(try lists.entries(of: groceries).list() == before)
        #expect(throws: StoreError.self) { try lists.restore(removal) }

        // An undo that would bring back a second list of one name is refused, and puts nothing back.
        let (_, again) = try lists.delete(.typed("Groceries"))
        try lists.make(name: "groceries")
        let beforeUndo = try ListsView(lists)
        #expect(throws: StoreError.nameTaken("name")) { try lists.restore(again) }
        #expect(try ListsView(lists) == beforeUndo)
    }

    static func anItemIsOnSeveralListsWithItsOwnQuantityAndNote(_ store: any Store) throws {
        let (lists, groceries, hardware) = try twoLists(store)
        let onGroceries = try lists.put(.typed("milk"), on: groceries, quantity: "2", note: "the blue one")
        let onHardware = try lists.put(.typed("Milk"), on: hardware, quantity: "1 l")
        #expect(onGroceries.isNew && onHardware.isNew)
        let groceryRows = try lists.rows(of: groceries)
        #expect(groceryRows.map { $0.item?.name } == ["Milk"])
        #expect(groceryRows[0].entry.record.quantity == "2")
        #expect(groceryRows[0].entry.record.note == "the blue one")
        #expect(groceryRows[0].entry.record.list == groceries.id.uuidString)
        #expect(try lists.rows(of: hardware).map { $0.entry.record.quantity } == ["1 l"])
        // Entries are numbered on their own list.
        try lists.put(.typed("Bread"), on: hardware)
        #expect(try lists.rows(of: hardware).map(\.entry.number) == [1, 2])
        #expect(
            try lists.entry(.typed("2"), on: hardware).record.item
                == (try lists.catalog.find(.typed("Bread"))).record.id.uuidString)
        // The total multiplies the price by a count, and counts an amount by volume once.
        #expect(try lists.total(of: groceries) == Money(minorUnits: 238))
        #expect(try lists.total(of: hardware) == Money(minorUnits: 119 + 250))
        // Edits change one list's entry only.
        try lists.edit(.typed("Milk"), on: groceries, quantity: .some("3"), note: .some(nil))
        #expect(try lists.entry(.typed("Milk"), on: groceries).record.quantity == "3")
        #expect(try lists.entry(.typed("Milk"), on: groceries).record.note == nil)
        #expect(try lists.entry(.typed("Milk"), on: hardware).record.quantity == "1 l")
        let summaries = try lists.summaries()
        #expect(summaries.map(\.entries) == [1, 2])
        // Entries taken off come back with an undo.
        let removal = RemovalID()
        try lists.remove([.typed("Bread"), .typed("Milk")], from: hardware, removal: removal)
        #expect(try lists.rows(of: hardware).isEmpty)
        try lists.entries(of: hardware).restore(removal)
        #expect(try lists.rows(of: hardware).map { $0.item?.name } == ["Milk", "Bread"])
    }

    static func anEntryMovesToAnotherListAsItIs(_ store: any Store) throws {
        let (lists, groceries, hardware) = try twoLists(store)
        try lists.put(.typed("Nails"), on: hardware)
        let milk = try lists.put(.typed("Milk"), on: groceries, quantity: "2 l", note: "the blue one").entry
        try lists.put(.typed("Bread"), on: groceries)
        try lists.check([.typed("Milk")], on: groceries)
        let checked = try lists.entry(.typed("Milk"), on: groceries).record
        let revision = try store.read { try $0.revision() }
        // A stale version is refused, and nothing moves.
        #expect(throws: StoreError.self) { try lists.move(entry: milk.id, to: hardware, expectedVersion: 1) }
        #expect(try lists.rows(of: groceries).map { $0.item?.name } == ["Milk", "Bread"])

        let moved = try lists.move(entry: milk.id, to: hardware, expectedVersion: checked.meta.version)
        #expect(try lists.rows(of: groceries).map { $0.item?.name } == ["Bread"])
        // At the end of its new list, with its id, quantity, note and check-off.
        let rows = try lists.rows(of: hardware)
        #expect(rows.map { $0.item?.name } == ["Nails", "Milk"])
        let there = rows[1].entry.record
        #expect(there == moved)
        #expect(there.id == milk.id && there.list == hardware.id.uuidString)
        #expect(there.quantity == "2 l" && there.note == "the blue one" && there.checkedAt == checked.checkedAt)
        #expect(there.meta.version == checked.meta.version + 1)
        #expect(try store.read { try $0.revision() } > revision)
        // Moving it to the list it is on changes nothing; an id no list has is not found.
        #expect(try lists.move(entry: milk.id, to: hardware) == moved)
        #expect(throws: StoreError.self) { try lists.move(entry: UUID(), to: groceries) }
        // The old list's undo of what it lost brings no second copy back.
        #expect(throws: StoreError.self) { try lists.restoreEntry(milk.id, on: groceries) }
        #expect(try lists.summaries().map(\.entries) == [1, 2])
    }

    static func quantitiesAddWhenTheirUnitsAgreeAndAreKeptApartOtherwise(_ store: any Store) throws {
        let (lists, groceries, _) = try twoLists(store)
        try lists.put(.typed("Milk"), on: groceries, quantity: "500 ml")
        let added = try lists.put(.typed("Milk"), on: groceries, quantity: "1 l")
        #expect(!added.isNew && added.entry.quantity == "1.5 l" && added.keptApart == nil)
        let apart = try lists.put(.typed("Milk"), on: groceries, quantity: "2")
        #expect(apart.isNew && apart.keptApart == "1.5 l")
        #expect(try lists.rows(of: groceries).map { $0.entry.record.quantity } == ["1.5 l", "2"])
        // A third put adds to the entry whose units agree.
        try lists.put(.typed("Milk"), on: groceries, quantity: "1")
        #expect(try lists.rows(of: groceries).map { $0.entry.record.quantity } == ["1.5 l", "3"])
        // Without a quantity, a put of an item on the list changes nothing; one without gets the new one.
        try lists.put(.typed("Bread"), on: groceries)
        let unchanged = try lists.put(.typed("Bread"), on: groceries)
        #expect(!unchanged.isNew && unchanged.entry.meta.version == 1)
        #expect(try lists.put(.typed("Bread"), on: groceries, quantity: "2 packs").entry.quantity == "2 packs")
        // A put sent twice with its id (a retry, a double click) adds once, also when it adds to an entry.
        let retried = UUID()
        #expect(
            try lists.put(.typed("Bread"), on: groceries, quantity: "1 pack", id: retried).entry.quantity == "3 packs")
        #expect(
            try lists.put(.typed("Bread"), on: groceries, quantity: "1 pack", id: retried).entry.quantity == "3 packs")
        #expect(try lists.put(.typed("Bread"), on: groceries, quantity: "1 pack").entry.quantity == "4 packs")
        // Sent again after other puts added to the entry (another phone's, then its own retry), it still adds once;
        // an entry remembers its last five puts.
        let others = (0..<ListEntry.keptPuts - 1).map { _ in UUID() }
        for other in others { try lists.put(.typed("Bread"), on: groceries, quantity: "1 pack", id: other) }
        #expect(
            try lists.put(.typed("Bread"), on: groceries, quantity: "1 pack", id: retried).entry.quantity == "8 packs")
        #expect(try lists.put(.typed("Bread"), on: groceries, quantity: "1 pack", id: others[0]).isRepeat)
        // Free text is kept as typed.
        try lists.put(.typed("Nails"), on: groceries, quantity: "a few")
        #expect(try lists.entry(.typed("Nails"), on: groceries).record.quantity == "a few")
    }

    static func checkOffsKeepTheTimeTheyWereMade(_ store: any Store) throws {
        let (lists, groceries, _) = try twoLists(store)
        try lists.put(.typed("Milk"), on: groceries)
        try lists.put(.typed("Bread"), on: groceries)
        // A check-off made offline an hour ago keeps that hour.
        let then = Date().addingTimeInterval(-3600).roundedToMilliseconds
        try lists.check([.typed("Bread")], on: groceries, at: then)
        #expect(try lists.entry(.typed("Bread"), on: groceries).record.checkedAt == then)
        #expect(try lists.summaries().first?.toBuy == 1)
        // A check-off of an entry checked off already puts the item on the list again as a new entry.
        #expect(try lists.put(.typed("Bread"), on: groceries).isNew)
        try lists.uncheck([.typed("2")], on: groceries)
        #expect(try lists.entries(of: groceries).list().allSatisfy { !$0.record.isChecked })

        // Each check-off is in the household's log of what was bought, newest first; one taken back is not, and
        // taking an entry off the list (or deleting the list) leaves the log as it is.
        #expect(try lists.purchases().total == 0)
        let milk = try lists.catalog.find(.typed("Milk")).record
        try lists.edit(.typed("Milk"), on: groceries, quantity: .some("2 l"))
        try lists.check([.typed("Milk")], on: groceries, at: then)
        try lists.check([.typed("3")], on: groceries, at: then.addingTimeInterval(60))
        try lists.check([.typed("Milk")], on: groceries, at: then.addingTimeInterval(120))
        let log = try lists.purchases()
        #expect(log.total == 2)
        #expect(
            log.purchases.map(\.item) == [
                milk.id.uuidString, (try lists.catalog.find(.typed("Bread"))).record.id.uuidString,
            ])
        #expect(log.purchases[0].quantity == "2 l" && log.purchases[0].boughtAt == then.addingTimeInterval(120))
        try lists.uncheck([.typed("3")], on: groceries)
        #expect(try lists.purchases().total == 1)
        try lists.remove([.typed("Milk")], from: groceries)
        try lists.delete(.id(groceries.id))
        #expect(try lists.purchases().purchases.map(\.quantity) == ["2 l"])
        let index = try lists.suggestionIndex()
        let first = try #require(index.suggestions(for: "mi").first)
        #expect(first.item.name == "Milk" && first.bought == 1 && first.lastQuantity == "2 l")
    }

    /// The suggestion index kept by a server takes in the check-offs made since it was built by reading only the
    /// purchases after those it counts, and ranks as a new one would; a check-off taken back (a purchase removed)
    /// asks for a new one.
    static func suggestionsTakeInNewCheckOffsWithoutReadingTheWholeLog(_ store: any Store) throws {
        let (lists, groceries, _) = try twoLists(store)
        for name in ["Milk", "Bread", "Nails"] { try lists.put(.typed(name), on: groceries, quantity: "1") }
        try lists.check([.typed("Milk")], on: groceries)
        let kept = try lists.suggestionIndex()
        #expect(kept.purchaseCount == 1)
        try lists.check([.typed("Bread")], on: groceries)
        // Bread again, checked off again: a second entry (the first is bought), number 4.
        try lists.put(.typed("Bread"), on: groceries, quantity: "2")
        try lists.check([.typed("4")], on: groceries)
        let added = try #require(try lists.suggestionIndex(after: kept))
        let fresh = try lists.suggestionIndex()
        #expect(added.purchaseCount == 3 && added.lastPurchase == fresh.lastPurchase)
        #expect(added.ranked() == fresh.ranked())
        #expect(added.ranked().first?.item.name == "Bread" && added.ranked().first?.bought == 2)
        // Nothing new: the same index.
        #expect(try lists.suggestionIndex(after: fresh)?.ranked() == fresh.ranked())
        // A check-off taken back removes a purchase the index counts: it is built again.
        try lists.uncheck([.typed("Milk")], on: groceries)
        #expect(try lists.suggestionIndex(after: fresh) == nil)
        #expect(try lists.suggestionIndex().purchaseCount == 2)
    }

    static func badListInputIsRefusedAndChangesNothing(_ store: any Store) throws {
        let (lists, groceries, _) = try twoLists(store)
        try lists.put(.typed("Milk"), on: groceries, quantity: "2")
        let before = try ListsView(lists)
        refusal("name") { try lists.make(name: "  ") }
        refusal("name") { try lists.make(name: String(repeating: "a", count: 201)) }
        #expect(throws: StoreError.nameTaken("name")) { try lists.make(name: "groceries") }
        #expect(throws: StoreError.nameTaken("name")) { try lists.rename(.typed("Hardware"), to: "GROCERIES") }
        for quantity in ["-2", "1e309", "0", String(repeating: "9", count: 200), "2 bootles"] {
            refusal("quantity") { try lists.put(.typed("Bread"), on: groceries, quantity: quantity) }
            refusal("quantity") { try lists.edit(.typed("Milk"), on: groceries, quantity: .some(quantity)) }
        }
        refusal("offset") { try lists.move(.typed("Hardware"), by: 1) }
        refusal("offset") { try lists.move(.typed("Groceries"), by: Int.min) }
        refusal("list") { _ = try lists.list(.typed("Pharmacy")) }
        refusal("list") { _ = try lists.list(named: nil) }
        refusal("entry") { _ = try lists.entry(.typed("Nails"), on: groceries) }
        #expect(throws: StoreError.self) { try lists.put(.id(UUID()), on: groceries) }
        #expect(try ListsView(lists) == before)
    }

    static func listsAndEntriesAreTheirHouseholdsOwn(_ store: any Store) throws {
        let (lists, groceries, _) = try twoLists(store)
        try lists.put(.typed("Milk"), on: groceries, quantity: "2")
        let milk = try lists.catalog.find(.typed("Milk")).record
        let before = try ListsView(lists)
        let neighbour = store.scoped(to: StoreScope(household: HouseholdID(store.scope.household.rawValue + 1)))
        let theirs = ShoppingLists(store: neighbour)
        #expect(try theirs.all().isEmpty)
        #expect(throws: StoreError.self) { try theirs.list(.id(groceries.id)) }
        // A list of theirs in the same slot holds none of these entries, and no item of this household goes on it.
        let market = try theirs.make(name: "Groceries")
        #expect(market.slot == groceries.slot || market.slot >= 1)
        #expect(try theirs.rows(of: market).isEmpty)
        #expect(throws: StoreError.self) { try theirs.put(.id(milk.id), on: market) }
        refusal("item") { try theirs.put(.typed("Milk"), on: market) }
        #expect(throws: StoreError.self) { try theirs.delete(.id(groceries.id)) }
        #expect(try ListsView(lists) == before)
        try theirs.delete(.id(market.id))
        #expect(try ListsView(lists) == before)
    }

    /// A list's entries are kept apart from the household's main list, whose revision open screens follow: each
    /// change of them (a put, an edit, a check-off, a take-off and its undo) marks the list changed too, and a
    /// change to a list deleted meanwhile (a phone that still showed it) is refused by name.
    static func everyChangeOfAListsEntriesMovesTheHouseholdsRevision(_ store: any Store) throws {
        let (lists, groceries, _) = try twoLists(store)
        let main = store.scoped(to: StoreScope(household: store.scope.household))
        var last = try main.read { try $0.revision() }
        var version = groceries.meta.version
        func moved(_ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let now = try main.read { try $0.revision() }
            let list = try lists.list(.id(groceries.id))
            #expect(now > last && list.meta.version > version, "\(what)", sourceLocation: sourceLocation)
            (last, version) = (now, list.meta.version)
        }
        try lists.put(.typed("Milk"), on: groceries, quantity: "1 l")
        try moved("a put")
        try lists.put(.typed("Milk"), on: groceries, quantity: "500 ml")
        try moved("a put that adds to an entry")
        try lists.edit(.typed("Milk"), on: groceries, note: .some("blue"))
        try moved("an edit")
        try lists.check([.typed("Milk")], on: groceries)
        try moved("a check-off")
        let taken = try lists.remove([.typed("Milk")], from: groceries)
        try moved("a take-off")
        try lists.restoreEntry(taken[0].record.id, on: groceries)
        try moved("its undo")
        #expect(try lists.rows(of: groceries).map { $0.entry.record.quantity } == ["1.5 l"])

        try lists.delete(.id(groceries.id))
        let before = try main.read { try $0.revision() }
        refusal("list") { try lists.put(.typed("Bread"), on: groceries) }
        refusal("list") { try lists.put(named: "Tea", on: groceries) }
        #expect(try main.read { try $0.revision() } == before)
    }
}
