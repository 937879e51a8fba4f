import Foundation
import ListsModel
import Testing

/// The tutorial's Shopping List tab on named lists (``ShoppingLists/tabList(preferring:)``): the checkmarks kept by a
/// database from before named lists folded into the list "Shopping", once and whole; the Items tab's checkmark put
/// on and taken off a list; and every household's fold its own.
extension StoreContract {
    static let tabListChecks: [Check] = [
        Check("storedCheckmarksFoldIntoTheListShoppingOnce", storedCheckmarksFoldIntoTheListShoppingOnce),
        Check("theItemsTabsCheckmarkPutsOnAndTakesOffTheTabsList", theItemsTabsCheckmarkPutsOnAndTakesOffTheTabsList),
        Check("aHouseholdsFoldTouchesItsOwnItemsOnly", aHouseholdsFoldTouchesItsOwnItemsOnly),
        Check(
            "itemsAreMarkedAlikeHoweverManyAreAskedAboutAndHoweverLongTheListIs",
            itemsAreMarkedAlikeHoweverManyAreAskedAboutAndHoweverLongTheListIs),
    ]

    static func storedCheckmarksFoldIntoTheListShoppingOnce(_ store: any Store) throws {
        let main = store.scoped(to: StoreScope(household: store.scope.household))
        let shop = ShoppingList(store: main)
        // As a database from before named lists holds them: marks on items, and a list of its own beside them.
        for (name, isOn) in [("Pear", true), ("Notepad", false), ("Bread", true), ("Mango", true)] {
            try shop.add(name: name, price: Money(minorUnits: 100), isOnShoppingList: isOn)
        }
        let lists = ShoppingLists(store: main)
        let hardware = try lists.make(name: "Hardware")
        try lists.put(.typed("Pear"), on: hardware, quantity: "2", note: "the ripe ones")
        let versions = try shop.catalog().map(\.record.meta.version)
        let revision = try main.read { try $0.revision() }

        let shopping = try #require(try lists.foldCheckmarks())
        #expect(shopping.name == "Shopping")
        // First, so that the tab opens on it as it did; the other list as it was.
        #expect(try lists.all().map(\.name) == ["Shopping", "Hardware"])
        #expect(try lists.tabList(preferring: nil)?.id == shopping.id)
        #expect(try lists.rows(of: shopping).map { $0.item?.name } == ["Pear", "Bread", "Mango"])
        #expect(
            try lists.rows(of: shopping).allSatisfy { $0.entry.record.quantity == nil && !$0.entry.record.isChecked })
        let pearOnHardware = try lists.rows(of: hardware).map(\.entry.record)
        #expect(pearOnHardware.map(\.quantity) == ["2"] && pearOnHardware.map(\.note) == ["the ripe ones"])
        // The marks are cleared, each marked item's version grown by one; the others as they were.
        let after = try shop.catalog().map(\.record)
        #expect(after.allSatisfy { !$0.isOnShoppingList })
        #expect(after.map(\.meta.version) == zip(versions, [true, false, true, true]).map { $1 ? $0 + 1 : $0 })
        #expect(try main.read { try $0.revision() } > revision)
        // The faces see the marks on the list.
        #expect(
            try lists.marking(after, on: shopping).map(\.isOnShoppingList) == [true, false, true, true])
        #expect(try lists.tutorialList(shopping).items.map(\.record.name) == ["Pear", "Bread", "Mango"])
        #expect(try lists.tutorialList(shopping).total == Money(minorUnits: 300))

        // Once: a second fold finds nothing and changes nothing.
        let folded = try main.read { try $0.revision() }
        #expect(try lists.foldCheckmarks() == nil)
        #expect(try main.read { try $0.revision() } == folded)

        // A mark stored later (an old client's) goes on the list "Shopping" there is, whatever its case and place.
        try lists.rename(.id(shopping.id), to: "shopping")
        try lists.move(.id(shopping.id), by: 1)
        try shop.edit(.typed("Notepad"), isOnShoppingList: true)
        #expect(try lists.foldCheckmarks()?.id == shopping.id)
        #expect(try lists.all().map(\.name) == ["Hardware", "shopping"])
        #expect(try lists.rows(of: shopping).map { $0.item?.name } == ["Pear", "Bread", "Mango", "Notepad"])
    }

    static func theItemsTabsCheckmarkPutsOnAndTakesOffTheTabsList(_ store: any Store) throws {
        let (lists, groceries, hardware) = try twoLists(store)
        // The tab's list: the one the device last opened, else the first.
        #expect(try lists.tabList(preferring: nil)?.id == groceries.id)
        #expect(try lists.tabList(preferring: hardware.id)?.id == hardware.id)
        #expect(try lists.tabList(preferring: UUID())?.id == groceries.id)

        #expect(try lists.toggle(.typed("Milk"), on: groceries) == true)
        #expect(try lists.toBuy(on: groceries).count == 1)
        #expect(try lists.toBuy(on: hardware).isEmpty)
        // A tap sent twice with its id puts once.
        let tap = UUID()
        #expect(try lists.toggle(.typed("Bread"), on: groceries, id: tap) == true)
        #expect(try lists.toggle(.typed("Bread"), on: groceries, id: tap) == true)
        #expect(try lists.rows(of: groceries).map { $0.item?.name } == ["Milk", "Bread"])
        // Tapped again, it is taken off; a checked-off entry is not "to buy", so a tap puts the item back on.
        #expect(try lists.toggle(.typed("Bread"), on: groceries) == false)
        try lists.check([.typed("Milk")], on: groceries)
        #expect(try lists.toBuy(on: groceries).isEmpty)
        #expect(try lists.toggle(.typed("Milk"), on: groceries) == true)
        #expect(try lists.rows(of: groceries).count == 2)
        // Set, not flipped: marks sent again change nothing.
        #expect(try lists.mark(.typed("Milk"), true, on: groceries) == true)
        #expect(try lists.mark(.typed("Nails"), false, on: groceries) == false)
        #expect(try lists.rows(of: groceries).count == 2)
        // Taken off: its entry to buy goes, the checked-off one stays.
        #expect(try lists.mark(.typed("Milk"), false, on: groceries) == false)
        #expect(try lists.toBuy(on: groceries).isEmpty)
        #expect(try lists.rows(of: groceries).count == 1)
        // A deleted list refuses the checkmark, naming the list, and nothing changes.
        try lists.delete(.id(hardware.id))
        #expect(throws: ValidationError.self) { try lists.toggle(.typed("Milk"), on: hardware) }
        // With no list at all, a checkmark makes "Shopping".
        try lists.delete(.id(groceries.id))
        #expect(try lists.tabList(preferring: nil) == nil)
        let made = try lists.tabListMaking(preferring: nil)
        #expect(made.name == "Shopping")
        #expect(try lists.tabListMaking(preferring: nil).id == made.id)
    }

    /// The marks of a page of the catalog are read three ways (each item looked up when there are few of them or
    /// the list is far longer than they are, else the list's items to buy read at once): each way marks exactly the
    /// items with an entry to buy, not those checked off nor those on another list.
    static func itemsAreMarkedAlikeHoweverManyAreAskedAboutAndHoweverLongTheListIs(_ store: any Store) throws {
        let (lists, groceries, hardware) = try twoLists(store)
        let shop = ShoppingList(store: store.scoped(to: StoreScope(household: store.scope.household)))
        for number in 1...57 { try shop.add(name: "Item \(number)", price: .zero) }
        let catalog = try shop.catalog().map(\.record)
        #expect(catalog.count == 60)
        // Every item but the last ten put on Groceries, every fifth of those checked off; Nails on Hardware.
        var toBuy = Set<UUID>()
        for (index, item) in catalog.dropLast(10).enumerated() {
            _ = try lists.mark(.typed(item.name), true, on: groceries)
            if index % 5 == 0 {
                try lists.check([.typed(item.name)], on: groceries)
            } else {
                toBuy.insert(item.id)
            }
        }
        _ = try lists.mark(.typed("Nails"), true, on: hardware)
        for count in [60, 12, 5, 1] {
            // 60 and 12 items against 50 entries: all read at once, then each looked up; 5 and 1: each looked up.
            let page = Array(catalog.suffix(count))
            let marked = try lists.marking(page, on: groceries)
            #expect(marked.map(\.id) == page.map(\.id))
            #expect(Set(marked.filter(\.isOnShoppingList).map(\.id)) == toBuy.intersection(page.map(\.id)), "\(count)")
        }
        #expect(try lists.marking(catalog, on: hardware).filter(\.isOnShoppingList).map(\.name) == ["Nails"])
    }

    static func aHouseholdsFoldTouchesItsOwnItemsOnly(_ store: any Store) throws {
        guard store.scope.list == nil || store.scope.list == .main else { return }
        let first = store.scoped(to: StoreScope(household: store.scope.household))
        let other = store.scoped(to: StoreScope(household: HouseholdID(store.scope.household.rawValue + 7)))
        try ShoppingList(store: first).add(name: "Pear", price: .zero, isOnShoppingList: true)
        try ShoppingList(store: other).add(name: "Secret", price: .zero, isOnShoppingList: true)
        let folded = try #require(try ShoppingLists(store: first).foldCheckmarks())
        #expect(try ShoppingLists(store: first).rows(of: folded).map { $0.item?.name } == ["Pear"])
        // The other household's mark waits for its own fold, and its lists are untouched.
        #expect(try ShoppingLists(store: other).all().isEmpty)
        #expect(try ShoppingList(store: other).onListCount() == 1)
        let theirs = try #require(try ShoppingLists(store: other).foldCheckmarks())
        #expect(try ShoppingLists(store: other).rows(of: theirs).map { $0.item?.name } == ["Secret"])
        #expect(try ShoppingLists(store: first).rows(of: folded).map { $0.item?.name } == ["Pear"])
    }
}
